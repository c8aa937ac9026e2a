import { describe, expect, it } from 'vitest';
import { dispatch } from '../encounter/encounter';
import { orderedBy, testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';

// A ruleset chooses its space: one whose fights have none refuses every command that places or
// moves a character, with a sentence that says what to do instead; one with zones takes them.

const ownRuleset = testRuleset('no-space', {
  turn: {
    order: orderedBy('speed'),
  },
});;
const ownRuleset2 = testRuleset('no-space-factions', {
  turn: {
    order: { kind: 'alternating', id: 'teams', allowPass: false, canAct: () => true, opening: null, gate: null, roundEnd: null },
  },
});;
const ownRuleset3 = testRuleset('zoned', {
  space: { kinds: ['zones'] },
  turn: {
    order: orderedBy('speed'),
  },
});;
const RULESETS = withRulesets(ownRuleset, ownRuleset2, ownRuleset3);

const ZONES = [
  { id: 'gate', name: 'Gate', neighbours: ['yard'] },
  { id: 'yard', name: 'Yard', neighbours: ['gate'] },
];
const square = (x: number): [number, number][] => [[x, 0], [x + 100, 0], [x + 100, 100], [x, 100]];
const MAP = {
  width: 200,
  height: 100,
  background: null,
  zones: [
    { id: 'gate', name: 'Gate', colour: '#557799', points: square(0), hazard: null, difficult: false, concealment: false, cover: false, hidden: false },
    { id: 'yard', name: 'Yard', colour: '#557799', points: square(100), hazard: null, difficult: false, concealment: false, cover: false, hidden: false },
  ],
  links: [],
  barriers: [],
  grid: 0,
};

describe('a ruleset without a space', () => {
  const enc = dispatch(testEncounter('no-space', 'Bar room', 1, RULESETS), { type: 'add-combatant', name: 'Ann', factionId: 'f1' }).encounter;
  const ann = enc.state.combatants[0]?.id ?? '';

  it.each([
    ['a zone list', { type: 'set-zones', zones: ZONES }],
    ['a drawn map', { type: 'set-map', mapId: 'm', name: 'Keep', map: MAP }],
    ['taking a map away', { type: 'clear-map' }],
    ['placing someone in a zone', { type: 'set-zone', combatantId: ann, zoneId: 'gate' }],
    ['adding someone in a zone', { type: 'add-combatant', name: 'Bo', factionId: 'f1', zoneId: 'gate' }],
  ] as const)('refuses %s, and says where positions go instead', (_what, command) => {
    const refused = dispatch(enc, command);
    expect(refused.ok).toBe(false);
    expect(refused).toMatchObject({ code: 'space/none', message: 'no-space fights have no zones; say where characters stand in the notes instead.' });
    expect(refused.encounter).toBe(enc);
  });

  it('refuses a move on a turn where factions alternate', () => {
    let fight = testEncounter('no-space-factions', 'Bar room', 1, RULESETS);
    fight = dispatch(fight, { type: 'add-combatant', name: 'Ann', factionId: 'f1' }).encounter;
    fight = dispatch(fight, { type: 'add-combatant', name: 'Rat', factionId: 'f2' }).encounter;
    fight = dispatch(fight, { type: 'start-combat', initiativeFactionId: 'f1' }).encounter;
    const first = fight.state.combatants[0]?.id ?? '';
    fight = dispatch(fight, { type: 'take-turn', combatantId: first }).encounter;
    expect(dispatch(fight, { type: 'move', combatantId: first, zoneId: 'gate' })).toMatchObject({ ok: false, code: 'space/none' });
  });

  it('still adds someone standing nowhere', () => {
    expect(dispatch(enc, { type: 'add-combatant', name: 'Bo', factionId: 'f1', zoneId: null }).ok).toBe(true);
  });
});

describe('a ruleset with zones', () => {
  it('lays out zones and places characters in them', () => {
    let enc = testEncounter('zoned', 'Keep', 1, RULESETS);
    enc = dispatch(enc, { type: 'set-map', mapId: 'm', name: 'Keep', map: MAP }).encounter;
    enc = dispatch(enc, { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'gate' }).encounter;
    const ann = enc.state.combatants[0]?.id ?? '';
    enc = dispatch(enc, { type: 'set-zone', combatantId: ann, zoneId: 'yard' }).encounter;
    expect(enc.state.zones.map((z) => z.name)).toEqual(['Gate', 'Yard']);
    expect(enc.state.combatants[0]).toMatchObject({ zoneId: 'yard', borderId: null });
  });
});
