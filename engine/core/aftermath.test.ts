import { describe, expect, it } from 'vitest';
import { afterRest, afterSceneEnds, aftermathOf, dispatch, findRuleset, type Command, type Encounter } from '../index';
import { refuse, run } from '../test-support';
import { testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';

// What a fight leaves behind for the party: health where it ended, per-rest uses spent,
// conditions that last until the scene ends, and stats the ruleset marks as lasting (a death
// difficulty that grows each time death is cheated); and how the next fight takes them in.

const lasting = testRuleset('lasting', {
  character: {
    stats: [
      { key: 'speed', label: 'Speed', min: 0, max: 20, default: 5, hint: '' },
      { key: 'death', label: 'Death difficulty', min: 10, max: 50, default: 10, hint: 'Grows by 5 each time death is cheated.', lasting: true },
    ],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 10 }],
    conditionTracks: [{ id: 'fatigue', label: 'Fatigue', max: 5 }],
  },
  turn: {
    order: { kind: 'alternating', id: 'teams', allowPass: false, canAct: (c) => (c.tracks.hp?.value ?? 0) > 0, opening: null, gate: null, roundEnd: null },
  },
});
const RULESETS = withRulesets(lasting);
;

function fight(...commands: Command[]): Encounter {
  return run(testEncounter('lasting', 'Aftermath', 1, RULESETS), ...commands);
}
const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';
const ruleset = () => findRuleset('lasting') ?? lasting;

describe('what a character keeps from a fight', () => {
  it('is their health, rest uses spent, scene-long conditions and lasting stats, nothing else', () => {
    let enc = fight({
      type: 'add-combatant',
      name: 'Ann',
      factionId: 'f1',
      tracks: { hp: 10 },
      resources: [
        { name: 'Second wind', max: 1, reset: 'rest' },
        { name: 'Parry', max: 2, reset: 'encounter' },
      ],
      templateId: 'ann',
    });
    const ann = id(enc, 'Ann');
    enc = run(
      enc,
      { type: 'start-combat' },
      { type: 'damage', combatantId: ann, amount: 7 },
      { type: 'use-resource', combatantId: ann, resourceId: enc.state.combatants[0]!.resources[0]!.id },
      { type: 'use-resource', combatantId: ann, resourceId: enc.state.combatants[0]!.resources[1]!.id },
      { type: 'add-condition', combatantId: ann, name: 'Exhausted', duration: { endsOn: 'scene-end' }, effects: [{ kind: 'check-dice', dice: -1 }], rank: { track: 'fatigue', value: 4 } },
      { type: 'add-condition', combatantId: ann, name: 'Tired', duration: { endsOn: 'fight-end' } },
      { type: 'add-condition', combatantId: ann, name: 'Cursed' },
      { type: 'add-condition', combatantId: ann, name: 'Spent', rank: { track: 'fatigue', value: 5 } },
      { type: 'set-stat', combatantId: ann, stat: 'death', value: 15 },
      { type: 'set-stat', combatantId: ann, stat: 'speed', value: 9 },
      { type: 'end-combat' },
    );
    expect(aftermathOf(enc.state, ruleset(), ann)).toEqual({
      tracks: { hp: 3 },
      restUses: { 'Second wind': 1 },
      // How long each lasts goes with it: to the scene's end, or (ranked, untimed) until someone recovers it.
      conditions: [
        { name: 'Exhausted', effects: [{ kind: 'check-dice', dice: -1 }], rank: { track: 'fatigue', value: 4 }, lasts: 'scene' },
        { name: 'Spent', rank: { track: 'fatigue', value: 5 }, lasts: 'until-recovered' },
      ],
      stats: { death: 15 },
    });
    expect(aftermathOf(enc.state, ruleset(), 'nobody')).toBeNull();
  });
});

describe('the next fight taking it in', () => {
  const brought: Command = {
    type: 'add-combatant',
    name: 'Ann',
    factionId: 'f1',
    tracks: { hp: 10 },
    current: { hp: 3 },
    conditions: [{ name: 'Exhausted', effects: [{ kind: 'check-dice', dice: -1 }], rank: { track: 'fatigue', value: 4 } }],
    quantity: 2,
  };

  it('starts them where they were, each copy with its own conditions lasting until the scene ends', () => {
    let enc = fight(brought);
    const [one, two] = enc.state.combatants;
    expect(one?.tracks.hp).toEqual({ value: 3, max: 10 });
    expect(one?.conditions).toEqual([{ id: expect.any(String), name: 'Exhausted', effects: [{ kind: 'check-dice', dice: -1 }], rank: { track: 'fatigue', value: 4 }, timer: { remaining: 1, endsOn: 'scene-end' } }]);
    expect(two?.conditions[0]?.id).not.toBe(one?.conditions[0]?.id);
    // The id counter moved past them: a condition added later gets an id of its own.
    enc = run(enc, { type: 'add-condition', combatantId: id(enc, 'Ann 1'), name: 'Prone' });
    const ids = enc.state.combatants.flatMap((c) => c.conditions.map((k) => k.id));
    expect(new Set(ids).size).toBe(ids.length);
    // And it lasts past the fight's end.
    enc = run(enc, { type: 'start-combat' }, { type: 'end-combat' });
    expect(enc.state.combatants[0]?.conditions.map((k) => k.name)).toEqual(['Exhausted', 'Prone']);
  });

  it('brings a condition lasting until recovered back untimed, and reads an older entry\'s as lasting until the scene ends', () => {
    const enc = fight({ ...brought, quantity: 1, conditions: [{ name: 'Spent', rank: { track: 'fatigue', value: 5 }, lasts: 'until-recovered' }, { name: 'Old' }] });
    expect(enc.state.combatants[0]?.conditions.map((k) => [k.name, k.timer])).toEqual([
      ['Spent', null],
      ['Old', { remaining: 1, endsOn: 'scene-end' }],
    ]);
  });

  it('refuses health out of range, unknown tracks and conditions the ruleset would refuse', () => {
    const enc = fight();
    expect(refuse(enc, { ...brought, current: { hp: 11 } }).code).toBe('input/range');
    expect(refuse(enc, { ...brought, current: { mana: 1 } }).message).toBe('There is no track "mana" to set.');
    expect(refuse(enc, { ...brought, current: 3 } as unknown as Command).code).toBe('input/current');
    expect(refuse(enc, { ...brought, conditions: [{ name: 'Odd', rank: { track: 'damage', value: 1 } }] }).code).toBe('input/rank');
    expect(refuse(enc, { ...brought, conditions: [{ name: '' }] }).code).toBe('input/name');
    expect(refuse(enc, { ...brought, conditions: [{ name: 'Tired', lasts: 'forever' }] as never }).message).toBe('Tired lasts until the scene ends ("scene") or until someone recovers it ("until-recovered").');
    expect(refuse(enc, { ...brought, conditions: Array.from({ length: 21 }, () => ({ name: 'Tired' })) }).code).toBe('input/conditions');
  });
});

describe('the end of the scene', () => {
  it('ends what lasted until then, in a fight that is over, and leaves what lasts until recovered', () => {
    let enc = fight({ type: 'add-combatant', name: 'Ann', factionId: 'f1', tracks: { hp: 10 } });
    const ann = id(enc, 'Ann');
    enc = run(
      enc,
      { type: 'start-combat' },
      { type: 'add-condition', combatantId: ann, name: 'Exhausted', duration: { endsOn: 'scene-end' }, rank: { track: 'fatigue', value: 4 } },
      { type: 'add-condition', combatantId: ann, name: 'Spent', rank: { track: 'fatigue', value: 5 } },
    );
    // Not while the fight goes on: the scene holds it.
    const running = refuse(enc, { type: 'end-scene' });
    expect([running.code, running.message]).toEqual(['scene/fight-running', 'The scene goes on while the fight does: end the fight first.']);
    enc = run(enc, { type: 'end-combat' });
    const exhausted = enc.state.combatants[0]!.conditions[0]!.id;
    const ended = dispatch(enc, { type: 'end-scene' });
    if (!ended.ok) throw new Error(ended.message);
    expect(ended.events).toEqual([{ type: 'scene-ended', expired: [{ combatantId: ann, conditionId: exhausted, name: 'Exhausted' }] }]);
    expect(ended.encounter.state.combatants[0]?.conditions.map((k) => k.name)).toEqual(['Spent']);
    expect(aftermathOf(ended.encounter.state, ruleset(), ann)?.conditions).toEqual([{ name: 'Spent', rank: { track: 'fatigue', value: 5 }, lasts: 'until-recovered' }]);
  });
});

describe('between fights, on a party entry', () => {
  const kept = [
    { name: 'Exhausted', rank: { track: 'fatigue', value: 4 }, lasts: 'scene' as const },
    { name: 'Spent', rank: { track: 'fatigue', value: 5 }, lasts: 'until-recovered' as const },
  ];
  it('the end of the scene leaves only what lasts until recovered', () => {
    expect(afterSceneEnds(kept).map((k) => k.name)).toEqual(['Spent']);
  });
  it('a rest ends the scene, gives every use back and heals what the ruleset\'s rest gives', () => {
    const rules = { label: 'Sleep', says: () => '1 HP', heal: () => ({ hp: 1 }) };
    const entry = { tracks: { hp: 10 }, current: { hp: 3 }, resources: [{ name: 'Luck', max: 2, used: 2, reset: 'rest' as const }], conditions: kept };
    expect(afterRest(entry, rules, {})).toEqual({ current: { hp: 4 }, resources: [{ name: 'Luck', max: 2, used: 0, reset: 'rest' }], conditions: [kept[1]] });
    expect(afterRest(entry, undefined, {}).current).toEqual({ hp: 3 });
  });
});
