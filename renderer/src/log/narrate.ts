// The narration moved to the engine (engine/log/narrate.ts); this keeps the old import path working.
export { fightLog, narrate, placesOf, type FightLogLine as Line, type Places } from '../../../engine/index';
