import { describe, expect, it } from 'vitest';
import { failure } from '../../result';
import { dispatch, replay, undo, type Encounter } from '../../encounter/encounter';
import type { Command } from '../../core/commands';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import { findRuleset } from '../../rulesets/builtin';
import { onlyRuleset } from '../../core/catalogue';
import { storedEventProblem } from '../../encounter/event-checks/index';
import type { EncounterEvent } from '../../core/events';
import { testEncounter, testRuleset, orderedBy, withRulesets } from '../../testing/test-ruleset';
import { projectPlayerView } from '../../views/player-view';
import { drawnMap, wall } from '../../testing/grids';
import { BUILTIN_RULESETS } from '../../rulesets/builtin';

// The square grid in a fight: the GM lays a grid map out, puts characters on squares, and the one
// whose turn it is walks by the rules; doors open and shut, fog hides squares from the players.
// All of it is events: logged, undone, replayed, and projected for the players.

//   x: 0 1 2 3 4 5
//   0  . . . . | .
//   1  . . # . | .      # a pillar; a wall down the left edges of column E, with a door
//   2  . . . . D .        on the left edge of E3 (x 4, y 2), shut
//   3  . . . . | .
const TAVERN = drawnMap(['......', '..#...', '......', '......'], {
  edges: [wall(4, 0, 'left'), wall(4, 1, 'left'), wall(4, 2, 'left', 'door', false), wall(4, 3, 'left')],
});

function run(encounter: Encounter, ...commands: Command[]): Encounter {
  let e = encounter;
  for (const command of commands) {
    const next = dispatch(e, command);
    if (!next.ok) throw new Error(`${command.type}: ${next.message}`);
    e = next.encounter;
  }
  return e;
}

const refusal = (encounter: Encounter, command: Command) => {
  const result = dispatch(encounter, command);
  return result.ok ? null : { code: result.code, message: result.message };
};

const lastLine = (e: Encounter) => logEntries(e).at(-1)?.text;

/** A Freeform fight on the tavern map: Ann (party) on A1, Orc (foes) on D1, Ann acting first. */
function tavernFight(): { e: Encounter; ann: string; orc: string } {
  let e = testEncounter('freeform', 'Tavern brawl', 3);
  const [party, foes] = e.state.factions;
  e = run(
    e,
    { type: 'add-combatant', name: 'Ann', factionId: party?.id ?? '', stats: { initMod: 20 } },
    { type: 'add-combatant', name: 'Orc', factionId: foes?.id ?? '', stats: { initMod: -5 } },
    { type: 'set-grid', mapId: 'tavern', name: 'Tavern', map: TAVERN },
  );
  const ann = e.state.combatants.find((c) => c.name === 'Ann')?.id ?? '';
  const orc = e.state.combatants.find((c) => c.name === 'Orc')?.id ?? '';
  e = run(e, { type: 'place-on-grid', combatantId: ann, x: 0, y: 0 }, { type: 'place-on-grid', combatantId: orc, x: 3, y: 0 }, { type: 'start-combat' });
  return { e, ann, orc };
}

describe('laying out a grid map and placing characters', () => {
  it('lays the map out and puts characters on squares, told in the log', () => {
    const { e, ann } = tavernFight();
    expect(e.state.grid?.name).toBe('Tavern');
    expect(e.state.combatants.find((c) => c.id === ann)?.square).toEqual({ x: 0, y: 0, size: 1 });
    const texts = logEntries(e).map((l) => l.text);
    expect(texts).toContain('The grid map "Tavern" is laid out: 6 × 4 squares of 5 ft.');
    expect(texts).toContain('Ann is placed on A1.');
  });

  it('refuses a solid square, a taken one and one too near the edge, naming the square', () => {
    const { e, ann, orc } = tavernFight();
    expect(refusal(e, { type: 'place-on-grid', combatantId: ann, x: 2, y: 1 })).toEqual({ code: 'grid/solid', message: "Ann can't stand on C2: it is solid." });
    expect(refusal(e, { type: 'place-on-grid', combatantId: ann, x: 3, y: 0 })).toEqual({ code: 'grid/taken', message: 'Orc already stands on D1; move them first or pick another square.' });
    expect(refusal(e, { type: 'place-on-grid', combatantId: orc, x: 5, y: 3, size: 2 })?.code).toBe('grid/off-map');
  });

  it('refuses a map that fails its checks, with the checker\'s sentence', () => {
    const { e } = tavernFight();
    expect(refusal(e, { type: 'set-grid', mapId: 'bad', name: 'Bad', map: { ...TAVERN, rows: ['......'] } })?.message).toBe('The map "Bad": it has 1 rows but is 4 cells high; give one row per line of cells.');
  });

  it('takes off the grid whoever a new map has no room for', () => {
    const { e, orc } = tavernFight();
    const small = run(e, { type: 'set-grid', mapId: 'cell', name: 'Cell', map: drawnMap(['...', '...']) });
    expect(small.state.combatants.find((c) => c.id === orc)?.square).toBeNull();
    expect(lastLine(small)).toBe('The grid map "Cell" is laid out: 3 × 2 squares of 5 ft. Orc no longer has room on it and is taken off.');
  });

  it('is refused in fights whose ruleset has no grid', () => {
    const zones = testEncounter('zones', 'Ford');
    expect(refusal(zones, { type: 'set-grid', mapId: 'tavern', name: 'Tavern', map: TAVERN })).toEqual({
      code: 'space/none',
      message: 'Zones & Factions fights have no square grid; say where characters stand in the notes instead.',
    });
  });
});

describe('walking by the rules', () => {
  it('walks the acting character round the pillar and logs the distance and the foe whose reach it leaves', () => {
    const { e, ann } = tavernFight();
    expect(e.state.activeId).toBe(ann);
    // From A1 the orc on D1 is three squares off; walking to C1 puts Ann beside it, then to C3 out of its reach.
    const walked = run(e, { type: 'walk', combatantId: ann, x: 2, y: 0 }, { type: 'walk', combatantId: ann, x: 2, y: 2 });
    expect(walked.state.combatants.find((c) => c.id === ann)?.square).toEqual({ x: 2, y: 2, size: 1 });
    const lines = logEntries(walked).slice(-2).map((l) => l.text);
    expect(lines).toEqual(['Ann walks from A1 to C1 (10 ft).', 'Ann walks from C1 to C3 (10 ft), leaving the reach of Orc.']);
    expect(walked.state.walked).toEqual({ round: 1, combatantId: ann, distance: 20 });
  });

  it('refuses a walk by someone whose turn it is not, and says to place them instead', () => {
    const { e, orc } = tavernFight();
    expect(refusal(e, { type: 'walk', combatantId: orc, x: 4, y: 0 })).toEqual({
      code: 'grid/not-acting',
      message: "Orc isn't acting: only the one whose turn it is walks by the rules. Place Orc instead to put them on a square with no movement spent.",
    });
  });

  it('goes no further than the movement its ruleset gives, counting what was walked this turn', () => {
    const walkers = testRuleset('grid-walkers', {
      turn: {
        order: orderedBy('speed'),
      },
      space: {
        kinds: ['grid'],
        grid: { diagonals: 'alternating', movement: () => 15 },
      },
    });
    let e = testEncounter('grid-walkers', 'Yard', 1, withRulesets(walkers));
    const faction = e.state.factions[0]?.id ?? '';
    e = run(e, { type: 'add-combatant', name: 'Petra', factionId: faction }, { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['......', '......', '......']) });
    const petra = e.state.combatants[0]?.id ?? '';
    e = run(e, { type: 'place-on-grid', combatantId: petra, x: 0, y: 0 }, { type: 'start-combat' });
    // Two diagonals under the alternating rule cost 5 + 10 = 15 ft: all of it.
    e = run(e, { type: 'walk', combatantId: petra, x: 2, y: 2 });
    expect(refusal(e, { type: 'walk', combatantId: petra, x: 3, y: 2 })).toEqual({ code: 'grid/too-far', message: 'D3 is 5 ft away by the shortest way; Petra has 0 ft of movement left.' });
  });

  /** Petra on A1 of an open 6 × 6 yard, acting, in a ruleset of alternating diagonals and the grid rules given. */
  function yardWalk(id: string, grid: NonNullable<NonNullable<Parameters<typeof testRuleset>[1]['space']>['grid']>): { e: Encounter; petra: string } {
    let e = testEncounter(id, 'Yard', 1, withRulesets(testRuleset(id, {
      turn: {
        order: orderedBy('speed'),
      },
      space: {
        kinds: ['grid'],
        grid,
      },
    })));
    const faction = e.state.factions[0]?.id ?? '';
    e = run(e, { type: 'add-combatant', name: 'Petra', factionId: faction }, { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['......', '......', '......', '......', '......', '......']) });
    const petra = e.state.combatants[0]?.id ?? '';
    return { e: run(e, { type: 'place-on-grid', combatantId: petra, x: 0, y: 0 }, { type: 'start-combat' }), petra };
  }
  const diagonalWalks = (e: Encounter, petra: string, n: number) => run(e, ...Array.from({ length: n }, (_, i): Command => ({ type: 'walk', combatantId: petra, x: i + 1, y: i + 1 })));
  const costs = (e: Encounter) => e.events.flatMap((x) => (x.type === 'walked' ? [x.distance] : []));

  it('counts the diagonals of one move on across its walks, where the ruleset says which move a walk belongs to', () => {
    const { e, petra } = yardWalk('grid-movers', { diagonals: 'alternating', movement: () => 30, currentMove: () => 1 });
    // Square by square: 5, 10, 5, 10 ft, as one walk of four diagonals costs.
    const walked = diagonalWalks(e, petra, 4);
    expect(costs(walked)).toEqual([5, 10, 5, 10]);
    expect(walked.state.walked).toMatchObject({ distance: 30, move: 1, diagonals: 4 });
    expect(run(e, { type: 'walk', combatantId: petra, x: 4, y: 4 }).state.walked?.distance).toBe(30);
    // What is left agrees: the next diagonal would be a first one (5 ft), and nothing is left.
    expect(refusal(walked, { type: 'walk', combatantId: petra, x: 5, y: 5 })).toEqual({ code: 'grid/too-far', message: 'F6 is 5 ft away by the shortest way; Petra has 0 ft of movement left.' });
    expect(replay(walked.events, onlyRuleset(walked.ruleset))).toEqual(walked.state);
    const first = walked.events.find((x) => x.type === 'walked');
    expect(first).toMatchObject({ move: 1 });
    expect(storedEventProblem(e.state, e.ruleset, first as EncounterEvent)).toBeNull();
    expect(storedEventProblem(e.state, e.ruleset, { ...first, move: -1 } as EncounterEvent)).toMatch(/move/);
  });

  it('counts each walk\'s diagonals afresh where the ruleset counts no moves, and reads walks stored without one so', () => {
    const { e, petra } = yardWalk('grid-strollers', { diagonals: 'alternating', movement: () => 30 });
    const walked = diagonalWalks(e, petra, 4);
    expect(costs(walked)).toEqual([5, 5, 5, 5]);
    expect(walked.events.some((x) => x.type === 'walked' && 'move' in x)).toBe(false);
    // A log written before walks said their move replays as it was, each walk's cost its own.
    const { e: moving, petra: mover } = yardWalk('grid-movers-too', { diagonals: 'alternating', movement: () => 30, currentMove: () => 1 });
    const older = diagonalWalks(moving, mover, 2).events.map((x) => (x.type === 'walked' ? (({ move: _move, ...rest }) => rest)(x) : x));
    const replayed = replay(older, onlyRuleset(moving.ruleset));
    expect(replayed.combatants[0]?.square).toMatchObject({ x: 2, y: 2 });
    expect(replayed.walked).toEqual({ round: 1, combatantId: mover, distance: 15 });
  });

  it('refuses a walk the ruleset says must wait, while the GM may still place the token', () => {
    const { e, petra } = yardWalk('grid-waiters', { diagonals: 'one', movement: () => 30, walkRefusal: (_state, c) => failure('test/first', `${c.name} must do something else first.`) });
    expect(refusal(e, { type: 'walk', combatantId: petra, x: 1, y: 1 })).toEqual({ code: 'test/first', message: 'Petra must do something else first.' });
    expect(run(e, { type: 'place-on-grid', combatantId: petra, x: 1, y: 1 }).state.combatants.find((c) => c.id === petra)?.square).toMatchObject({ x: 1, y: 1 });
  });

  it('does not walk through a shut door, and does once it is opened', () => {
    const { e, ann } = tavernFight();
    expect(refusal(e, { type: 'walk', combatantId: ann, x: 5, y: 0 })?.code).toBe('grid/no-path');
    const opened = run(e, { type: 'set-door', x: 4, y: 2, side: 'left', open: true });
    expect(lastLine(opened)).toBe('The door on the left edge of E3 opens.');
    // A1 → B2 → C3 → D3 → E2 → F1: five squares, the step D3 → E2 going through the doorway
    // round the wall's end (a diagonal needs one of its two ways round open: through E3 it is).
    const through = run(opened, { type: 'walk', combatantId: ann, x: 5, y: 0 });
    expect(through.state.walked?.distance).toBe(25);
    expect(refusal(opened, { type: 'set-door', x: 4, y: 2, side: 'left', open: true })?.code).toBe('grid/door-already');
    expect(refusal(e, { type: 'set-door', x: 1, y: 1, side: 'top', open: true })).toEqual({ code: 'grid/not-a-door', message: 'There is no door on the top edge of B2; only doors open and shut.' });
  });
});

describe('undo, replay and the players', () => {
  it('undoes a walk back to where the character stood, and replays to the same state', () => {
    const { e, ann } = tavernFight();
    const walked = run(e, { type: 'walk', combatantId: ann, x: 1, y: 2 });
    const undone = undo(walked);
    expect(undone.state.combatants.find((c) => c.id === ann)?.square).toEqual({ x: 0, y: 0, size: 1 });
    expect(replay(walked.events, BUILTIN_RULESETS)).toEqual(walked.state);
  });

  it('shows the players the grid with fogged squares as "?", and nobody who stands in the fog', () => {
    const { e, orc } = tavernFight();
    const fogged = run(e, { type: 'set-fog', cells: [{ x: 3, y: 0 }, { x: 4, y: 0 }], hidden: true });
    const view = projectPlayerView(fogged.state, fogged.ruleset);
    if (view.status === 'waiting') throw new Error('the fight is on');
    expect(view.grid?.rows[0]).toBe('...??.');
    // The wall between the two fogged squares isn't shown; the others are, the door shut.
    expect(view.grid?.edges).toEqual([
      { x: 4, y: 1, side: 'left', kind: 'wall', open: false },
      { x: 4, y: 2, side: 'left', kind: 'door', open: false },
      { x: 4, y: 3, side: 'left', kind: 'wall', open: false },
    ]);
    expect(view.combatants.some((c) => c.name === 'Orc')).toBe(false);
    expect(view.combatants.find((c) => c.name === 'Ann')?.square).toEqual({ x: 0, y: 0, size: 1 });
    // The players' log doesn't say where the orc was put, nor that squares were hidden.
    const placed = run(fogged, { type: 'place-on-grid', combatantId: orc, x: 4, y: 0 });
    const told = playerLog(placed).map((l) => l.text);
    expect(told.some((t) => t.includes('Orc'))).toBe(false);
    expect(told.some((t) => t.includes('hidden'))).toBe(false);
    expect(logEntries(placed).at(-2)?.text).toBe('2 squares are hidden from the players.');
  });
});

describe('what the review found', () => {
  it('keeps the fog and the doors when the same map is laid out again', () => {
    const { e } = tavernFight();
    const changed = run(
      e,
      { type: 'set-fog', cells: [{ x: 5, y: 3 }], hidden: true },
      { type: 'set-door', x: 4, y: 2, side: 'left', open: true },
      { type: 'set-grid', mapId: 'tavern', name: 'Tavern', map: { ...TAVERN, rows: ['......', '......', '......', '......'] } },
    );
    expect(changed.state.grid?.fog).toEqual([3 * 6 + 5]);
    expect(changed.state.grid?.doors).toEqual({ 'left:4:2': true });
    const other = run(changed, { type: 'set-grid', mapId: 'cellar', name: 'Cellar', map: TAVERN });
    expect(other.state.grid?.fog).toEqual([]);
  });

  it("doesn't tell the players of a door they can't see, nor name who stood on a map taken away", () => {
    const { e } = tavernFight();
    const fogged = run(e, { type: 'set-fog', cells: [{ x: 3, y: 2 }, { x: 4, y: 2 }], hidden: true }, { type: 'set-door', x: 4, y: 2, side: 'left', open: true });
    expect(playerLog(fogged).some((l) => l.text.includes('door'))).toBe(false);
    expect(logEntries(fogged).at(-1)?.text).toBe('The door on the left edge of E3 opens.');
    const cleared = run(fogged, { type: 'clear-grid' });
    expect(playerLog(cleared).at(-1)?.text).toBe('The grid map is taken away.');
  });
});

describe('a stored grid event read back', () => {
  const { e } = tavernFight();
  const freeform = findRuleset('freeform');
  const setGrid = e.events.find((x) => x.type === 'grid-set');
  if (!setGrid || setGrid.type !== 'grid-set') throw new Error('the fight laid out a map');
  const problem = (event: unknown) => storedEventProblem(e.state, freeform, event as EncounterEvent);

  it('is taken as the app wrote it', () => {
    expect(problem(setGrid)).toBeNull();
  });

  it('is refused with a map missing a field the checker would fill in, or fog naming a square twice or off the map', () => {
    const { heights: _heights, ...noHeights } = setGrid.grid.map;
    expect(problem({ ...setGrid, grid: { ...setGrid.grid, map: noHeights } })).toMatch(/^grid\.map /);
    expect(problem({ ...setGrid, grid: { ...setGrid.grid, fog: [3, 3] } })).toMatch(/names a square twice/);
    expect(problem({ ...setGrid, grid: { ...setGrid.grid, fog: [24] } })).toMatch(/off the 6 × 4 map/);
  });

  it("is refused when it leaves someone where the new map has no room", () => {
    const small = { ...setGrid.grid, map: { ...setGrid.grid.map, width: 2, rows: setGrid.grid.map.rows.map((r) => r.slice(0, 2)), edges: [] } };
    expect(problem({ ...setGrid, grid: small, unplaced: [] })).toMatch(/no room for/);
  });
});
