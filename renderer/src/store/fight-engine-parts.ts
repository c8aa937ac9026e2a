// What fight-engine.ts loads on demand: the engine functions the store and the players' screen publisher call on an open fight.
export {
  canRedo,
  canUndo,
  checkStoredGridMap,
  checkZoneMap,
  dispatch,
  projectPlayerView,
  redo,
  REDO_LINE,
  replayUnder,
  stepLines,
  undo,
  UNDO_LINE,
  whoMayTakeTurn,
  withSnapshot,
} from '../../../engine/index';
