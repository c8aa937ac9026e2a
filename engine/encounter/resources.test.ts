import { describe, expect, it } from 'vitest';
import {
  MAX_RESOURCES,
  replay,
  resourceLeft,
  resourcesAfterRest,
  RESOURCE_NAME_MAX,
  restoreEncounter,
  undo,
  type Command,
  type Encounter,
  type EncounterEvent,
  type Resource,
  type ResourceInput,
  BUILTIN_RULESETS,
} from '../index';
import { add, addZ, combatantNamed, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, refuse, run, step } from '../test-support';
import { gearOf } from '../rulesets/zones/index';

// Limited-use abilities: checked and numbered on add-combatant, spent with Use, set by the GM,
// given back at the start of every round when they are "round" ones, in both kinds of procedure.

const RAGE: ResourceInput = { name: 'Rage', max: 2, reset: 'rest' };
const REACTION: ResourceInput = { name: 'Reaction', max: 1, reset: 'round' };
const SLOTS: ResourceInput = { name: 'Spell slot', max: 3, used: 1, reset: 'encounter' };

function withResources(command: Command, resources: unknown, extra: Record<string, unknown> = {}): Command {
  return { ...command, resources, ...extra } as Command;
}

function resource(enc: Encounter, who: string, name: string): Resource {
  const found = combatantNamed(enc, who).resources.find((r) => r.name === name);
  if (!found) throw new Error(`${who} has no ${name}`);
  return found;
}

const use = (enc: Encounter, who: string, name: string, amount?: number): Command => ({
  type: 'use-resource',
  combatantId: idOf(enc, who),
  resourceId: resource(enc, who, name).id,
  ...(amount === undefined ? {} : { amount }),
});

/** The command must be refused with this code and the encounter left exactly as it was. */
function expectRefused(enc: Encounter, command: unknown, code: string, message?: RegExp): void {
  // The ruleset is code, not data: the rest of the encounter is compared.
  const before = structuredClone({ ...enc, ruleset: null });
  const failure = refuse(enc, command);
  expect(failure.code).toBe(code);
  if (message) expect(failure.message).toMatch(message);
  expect(failure.encounter).toBe(enc);
  expect({ ...enc, ruleset: null }).toEqual(before);
}

describe('add-combatant with resources', () => {
  it('stores each resource with an id, its uses and its reset period, and the template id', () => {
    const enc = run(newEncounter(), withResources(add('Ann'), [RAGE, SLOTS], { templateId: 'pc-ann_1' }));
    const ann = combatantNamed(enc, 'Ann');
    expect(ann.templateId).toBe('pc-ann_1');
    expect(ann.resources).toEqual([
      { id: expect.stringMatching(/^r\d+$/), name: 'Rage', max: 2, used: 0, reset: 'rest' },
      { id: expect.stringMatching(/^r\d+$/), name: 'Spell slot', max: 3, used: 1, reset: 'encounter' },
    ]);
    expect(ann.resources[0]?.id).not.toBe(ann.resources[1]?.id);
  });

  it('gives a combatant without resources an empty list and no template', () => {
    const ann = combatantNamed(run(newEncounter(), add('Ann')), 'Ann');
    expect(ann.resources).toEqual([]);
    expect(ann.templateId).toBeNull();
  });

  it('trims resource names', () => {
    const enc = run(newEncounter(), withResources(add('Ann'), [{ ...RAGE, name: '  Rage  ' }]));
    expect(combatantNamed(enc, 'Ann').resources[0]?.name).toBe('Rage');
  });

  it('gives every numbered copy its own resources, with ids no other copy or item shares', () => {
    // Items are gear, which Zones & Factions characters carry (in its part of each character).
    const spear = { name: 'Spear', kind: 'weapon' as const, damage: 'd6' };
    const command = withResources(addZ('Goblin', { quantity: 3, factionId: ENEMIES, gear: [spear] }), [REACTION, RAGE], { templateId: 'goblin' });
    let enc = run(newZonesEncounter(), command);
    const goblins = enc.state.combatants;
    expect(goblins.map((g) => g.name)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3']);
    expect(goblins.every((g) => g.templateId === 'goblin')).toBe(true);
    const ids = goblins.flatMap((g) => [g.id, ...gearOf(g).map((x) => x.id), ...g.resources.map((r) => r.id)]);
    expect(new Set(ids).size).toBe(3 * 4);
    // Spending a use of one goblin's Reaction leaves the others' alone.
    enc = run(enc, use(enc, 'Goblin 2', 'Reaction'));
    expect(enc.state.combatants.map((g) => g.resources[0]?.used)).toEqual([0, 1, 0]);
    // Ids keep counting after the replayed log, so the next add doesn't reuse any of them.
    const more = run(replayed(enc), withResources(addZ('Ogre'), [RAGE]));
    const ogre = combatantNamed(more, 'Ogre');
    expect(ids).not.toContain(ogre.id);
    expect(ids).not.toContain(ogre.resources[0]?.id);
  });

  it('refuses bad resources with a sentence for the GM and adds nobody', () => {
    const enc = run(newEncounter(), add('Goblin'));
    const base = add('Ann');
    expectRefused(enc, withResources(base, 'Rage'), 'resource/shape', /must be a list/);
    expectRefused(enc, withResources(base, [null]), 'resource/shape');
    expectRefused(enc, withResources(base, [{ ...RAGE, name: '  ' }]), 'input/name', /Give each limited-use ability a name/);
    expectRefused(enc, withResources(base, [{ ...RAGE, name: 7 }]), 'input/name');
    expectRefused(enc, withResources(base, [{ ...RAGE, name: 'x'.repeat(RESOURCE_NAME_MAX + 1) }]), 'input/name', /64 characters/);
    expectRefused(enc, withResources(base, [{ ...RAGE, max: 0 }]), 'input/range', /Rage's number of uses must be between 1 and 99; got 0/);
    expectRefused(enc, withResources(base, [{ ...RAGE, max: 100 }]), 'input/range');
    expectRefused(enc, withResources(base, [{ ...RAGE, max: 1.5 }]), 'input/number', /whole number/);
    expectRefused(enc, withResources(base, [{ ...RAGE, max: '2' }]), 'input/number');
    expectRefused(enc, withResources(base, [{ ...RAGE, used: 3 }]), 'input/range', /Uses of Rage already spent must be between 0 and 2; got 3/);
    expectRefused(enc, withResources(base, [{ ...RAGE, used: -1 }]), 'input/range');
    expectRefused(enc, withResources(base, [{ ...RAGE, reset: 'day' }]), 'input/choice', /each round, each encounter or after a rest; got "day"/);
    expectRefused(enc, withResources(base, [RAGE, { ...RAGE, name: 'rage', max: 1 }]), 'resource/duplicate', /listed twice/);
    const many = Array.from({ length: MAX_RESOURCES + 1 }, (_, i) => ({ ...RAGE, name: `Power ${i}` }));
    expectRefused(enc, withResources(base, many), 'resource/too-many', /at most 20/);
    expect(run(enc, withResources(base, many.slice(0, MAX_RESOURCES))).state.combatants[1]?.resources).toHaveLength(MAX_RESOURCES);
  });

  it('refuses a template id that is not 1–64 letters, digits, - or _', () => {
    const enc = newEncounter();
    for (const templateId of ['', 'has space', 'ä', 'x'.repeat(65), 42, {}]) {
      expectRefused(enc, { ...add('Ann'), templateId }, 'input/template', /template id/);
    }
    expect(combatantNamed(run(enc, withResources(add('Ann'), [], { templateId: 'x'.repeat(64) })), 'Ann').templateId).toHaveLength(64);
  });
});

describe('use-resource and set-resource-used', () => {
  const ann = () => run(newEncounter(), withResources(add('Ann'), [{ ...RAGE, max: 1 }, SLOTS, REACTION]));

  it('spends uses until none is left, then refuses and says when it comes back', () => {
    let enc = ann();
    const used = step(enc, use(enc, 'Ann', 'Rage'));
    expect(used.events).toEqual([
      { type: 'resource-used', combatantId: idOf(enc, 'Ann'), resourceId: resource(enc, 'Ann', 'Rage').id, name: 'Rage', max: 1, amount: 1, used: 1 },
    ]);
    enc = used.encounter;
    expect(resourceLeft(resource(enc, 'Ann', 'Rage'))).toBe(0);
    expectRefused(enc, use(enc, 'Ann', 'Rage'), 'resource/empty', /^Ann has no Rage left \(0 of 1\); it comes back at the next rest\.$/);
  });

  it('spends several uses at once, but not more than are left', () => {
    let enc = ann();
    expectRefused(enc, use(enc, 'Ann', 'Spell slot', 3), 'resource/not-enough', /Ann has only 2 Spell slot left \(2 of 3\), not 3; it comes back in the next fight/);
    enc = run(enc, use(enc, 'Ann', 'Spell slot', 2));
    expect(resource(enc, 'Ann', 'Spell slot')).toMatchObject({ used: 3, max: 3 });
    expectRefused(enc, use(enc, 'Ann', 'Spell slot'), 'resource/empty', /in the next fight/);
    expectRefused(ann(), use(ann(), 'Ann', 'Spell slot', 0), 'input/range');
    expectRefused(ann(), use(ann(), 'Ann', 'Spell slot', 1.5), 'input/number');
  });

  it('refuses unknown combatants and resources', () => {
    const enc = ann();
    const rage = resource(enc, 'Ann', 'Rage').id;
    expectRefused(enc, { type: 'use-resource', combatantId: 'c99', resourceId: rage }, 'combatant/unknown');
    expectRefused(enc, { type: 'use-resource', combatantId: idOf(enc, 'Ann'), resourceId: 'r999' }, 'resource/unknown', /Ann has no limited-use ability/);
    expectRefused(enc, { type: 'set-resource-used', combatantId: idOf(enc, 'Ann'), resourceId: 'r999', used: 0 }, 'resource/unknown');
  });

  it('lets the GM set the uses spent, 0 to the maximum, 0 giving them all back', () => {
    let enc = run(ann(), use(ann(), 'Ann', 'Rage'));
    const set = (used: unknown): Command =>
      ({ type: 'set-resource-used', combatantId: idOf(enc, 'Ann'), resourceId: resource(enc, 'Ann', 'Rage').id, used }) as Command;
    expectRefused(enc, set(2), 'input/range', /between 0 and 1/);
    expectRefused(enc, set(-1), 'input/range');
    expectRefused(enc, set('0'), 'input/number');
    const restored = step(enc, set(0));
    expect(restored.events).toEqual([expect.objectContaining({ type: 'resource-set', name: 'Rage', max: 1, used: 0 })]);
    enc = restored.encounter;
    expect(resource(enc, 'Ann', 'Rage').used).toBe(0);
    enc = run(enc, use(enc, 'Ann', 'Rage'));
    expect(resource(enc, 'Ann', 'Rage').used).toBe(1);
  });

  it('undoes a use like any other step', () => {
    const before = ann();
    const used = run(before, use(before, 'Ann', 'Spell slot'));
    expect(resource(used, 'Ann', 'Spell slot').used).toBe(2);
    const undone = undo(used);
    expect(resource(undone, 'Ann', 'Spell slot').used).toBe(1);
    expect(undone.state).toEqual(before.state);
  });
});

function replayed(enc: Encounter): Encounter {
  const restored = restoreEncounter({ events: enc.events, steps: enc.steps }, BUILTIN_RULESETS);
  if (!restored.ok) throw new Error(restored.message);
  return restored.value;
}

describe('round resources in a Freeform fight (initiative order)', () => {
  it('come back at the start of every round; the others do not', () => {
    let enc = run(
      newEncounter(),
      withResources(add('Ann', { initMod: 10 }), [REACTION, { ...RAGE, max: 3 }]),
      add('Goblin', { factionId: ENEMIES, initMod: -10 }),
      { type: 'start-combat' },
    );
    expect(enc.state.round).toBe(1);
    enc = run(enc, use(enc, 'Ann', 'Reaction'), use(enc, 'Ann', 'Rage'));
    expectRefused(enc, use(enc, 'Ann', 'Reaction'), 'resource/empty', /at the start of the next round/);
    // Still round 1 on the goblin's turn: nothing comes back.
    enc = run(enc, { type: 'next-turn' });
    expect(enc.state.round).toBe(1);
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(1);
    // Round 2: the reaction is back, the rage is not.
    const next = step(enc, { type: 'next-turn' });
    enc = next.encounter;
    expect(enc.state.round).toBe(2);
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(0);
    expect(resource(enc, 'Ann', 'Rage').used).toBe(1);
    // The reset is the reducer's: no event of its own, so replaying the log gives the same counts.
    expect(next.events.map((e) => e.type)).toEqual(['turn-advanced']);
    expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
    // Going back into round 1 doesn't take the use away again or give anything else back.
    enc = run(enc, use(enc, 'Ann', 'Reaction'), { type: 'previous-turn' });
    expect(enc.state.round).toBe(1);
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(1);
    // Undoing the step that started round 2 takes the refresh back with it.
    const beforeRound2 = undo(run(enc, { type: 'next-turn' }));
    expect(beforeRound2.state).toEqual(enc.state);
  });

  it('are full when the fight starts, even if spent during setup', () => {
    let enc = run(newEncounter(), withResources(add('Ann'), [REACTION, RAGE]));
    enc = run(enc, use(enc, 'Ann', 'Reaction'), use(enc, 'Ann', 'Rage'), { type: 'start-combat' });
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(0);
    expect(resource(enc, 'Ann', 'Rage').used).toBe(1);
  });

  it('come back when removing the acting combatant starts the next round', () => {
    let enc = run(
      newEncounter(),
      withResources(add('Ann', { initMod: 10 }), [REACTION]),
      add('Goblin', { factionId: ENEMIES, initMod: -10 }),
      { type: 'start-combat' },
    );
    enc = run(enc, use(enc, 'Ann', 'Reaction'), { type: 'next-turn' }, { type: 'remove-combatant', combatantId: idOf(enc, 'Goblin') });
    expect(enc.state.round).toBe(2);
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(0);
  });
});

describe('round resources in a Zones & Factions fight (factions alternate)', () => {
  const PASS: Command = { type: 'pass' };

  it('come back when every faction has passed and the next round opens', () => {
    let enc = run(
      newZonesEncounter(3),
      withResources(addZ('Ann'), [REACTION, RAGE]),
      withResources(addZ('Bandit', { factionId: ENEMIES, quantity: 2 }), [REACTION]),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    expect(enc.state.round).toBe(1);
    enc = run(enc, use(enc, 'Ann', 'Reaction'), use(enc, 'Ann', 'Rage'), use(enc, 'Bandit 2', 'Reaction'));
    // The heroes pass: one pass is not the end of the round.
    enc = run(enc, PASS);
    expect(enc.state.round).toBe(1);
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(1);
    // The bandits pass too: the next round opens.
    const passed = step(enc, PASS);
    enc = passed.encounter;
    expect(passed.events.map((e) => e.type)).toEqual(['faction-passed', 'go-moved', 'phase-started']);
    expect(enc.state.round).toBe(2);
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(0);
    expect(resource(enc, 'Bandit 2', 'Reaction').used).toBe(0);
    expect(resource(enc, 'Ann', 'Rage').used).toBe(1);
    expect(replay(enc.events, BUILTIN_RULESETS)).toEqual(enc.state);
  });

  it('come back after the ambush, when round 1 opens', () => {
    let enc = run(
      newZonesEncounter(3),
      withResources(addZ('Ann', { concealed: true }), [REACTION]),
      addZ('Bandit', { factionId: ENEMIES }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    expect(enc.state.turn?.phase).toBe('ambush');
    expect(enc.state.round).toBe(0);
    enc = run(enc, use(enc, 'Ann', 'Reaction'), { type: 'take-turn', combatantId: idOf(enc, 'Ann') }, { type: 'end-turn' });
    // The ambushers' bonus turn is over once everyone who can act in it has passed.
    for (let i = 0; i < 4 && enc.state.round === 0; i++) enc = run(enc, PASS);
    expect(enc.state.round).toBe(1);
    expect(resource(enc, 'Ann', 'Reaction').used).toBe(0);
  });
});

describe('logs from before resources existed', () => {
  it('replay with an empty resource list and no template', () => {
    const current = run(newEncounter(), add('Ann'));
    const added = current.events[1];
    if (added?.type !== 'combatant-added') throw new Error('expected combatant-added');
    // A combatant as older versions wrote it: no resources, no template id.
    const { resources: _r, templateId: _t, ...oldCombatant } = added.combatant;
    const oldLog = [current.events[0], { ...added, combatant: oldCombatant }] as EncounterEvent[];
    const restored = restoreEncounter({ events: oldLog, steps: [1, 2] }, BUILTIN_RULESETS);
    if (!restored.ok) throw new Error(restored.message);
    const ann = combatantNamed(restored.value, 'Ann');
    expect(ann.resources).toEqual([]);
    expect(ann.templateId).toBeNull();
    expect(restored.value.state).toEqual(current.state);
    // And the fight goes on: rounds advance without resources to refresh.
    const fought = run(restored.value, add('Goblin', { factionId: ENEMIES }), { type: 'start-combat' }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(fought.state.round).toBe(2);
  });
});

describe('resourcesAfterRest and resourceLeft', () => {
  it('give every use back without touching the input, and count what is left', () => {
    const spent: Resource[] = [
      { id: 'r1', name: 'Rage', max: 2, used: 2, reset: 'rest' },
      { id: 'r2', name: 'Reaction', max: 1, used: 1, reset: 'round' },
      { id: 'r3', name: 'Slot', max: 3, used: 1, reset: 'encounter' },
    ];
    const rested = resourcesAfterRest(spent);
    expect(rested.map((r) => r.used)).toEqual([0, 0, 0]);
    expect(rested.map(({ id, name, max, reset }) => ({ id, name, max, reset }))).toEqual(spent.map(({ id, name, max, reset }) => ({ id, name, max, reset })));
    expect(spent.map((r) => r.used)).toEqual([2, 1, 1]);
    expect(spent.map(resourceLeft)).toEqual([0, 0, 2]);
    expect(resourceLeft({ max: 2, used: 5 })).toBe(0);
  });
});
