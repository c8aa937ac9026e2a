import { describe, expect, it } from 'vitest';
import { logEntries, playerLog, projectPlayerView, type Encounter, type EncounterEvent, type EventOf } from '../index';
import { add, ENEMIES, idOf, nameOf, newEncounter, refuse, run, step } from '../test-support';
import { PASS_OVER_SETTING } from './pass-over';

// Next turn in a fight played in a fixed order passes over whoever is down or out: they keep their
// place in the order, every timer counts their turn as passed, and a round ending on the way ends.

/** A running Freeform fight of three, 10 HP each, and its names in turn order. */
function fightOfThree(): { enc: Encounter; first: string; second: string; third: string } {
  const enc = run(newEncounter(3), add('Ann'), add('Bo'), add('Cy'), { type: 'start-combat' });
  const [first, second, third] = enc.state.order.map((id) => nameOf(enc, id));
  if (!first || !second || !third) throw new Error('three in the order');
  return { enc, first, second, third };
}

const down = (enc: Encounter, name: string): Encounter => run(enc, { type: 'damage', combatantId: idOf(enc, name), amount: 10 });
const turnsOf = (events: EncounterEvent[]) => events.filter((e): e is EventOf<'turn-advanced'> => e.type === 'turn-advanced');

describe('Next turn passes over the fallen', () => {
  it('goes past someone at 0 to the next, who keeps their place in the order', () => {
    const { enc, second, third } = fightOfThree();
    const fallen = down(enc, second);
    const { encounter, events } = step(fallen, { type: 'next-turn' });
    expect(nameOf(encounter, encounter.state.activeId)).toBe(third);
    expect(turnsOf(events).map((e) => [nameOf(encounter, e.activeId), e.passedOver ?? false])).toEqual([
      [second, true],
      [third, false],
    ]);
    expect(encounter.state.order).toEqual(fallen.state.order);
    // Healed, they act in their place again.
    const healed = run(encounter, { type: 'heal', combatantId: idOf(encounter, second), amount: 5 }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(nameOf(healed, healed.state.activeId)).toBe(second);
  });

  it('passes over the dead, the fled and the surrendered whatever their health', () => {
    const { enc, second, third } = fightOfThree();
    const marked = run(enc, { type: 'set-mark', combatantId: idOf(enc, second), mark: 'surrendered', on: true }, { type: 'next-turn' });
    expect(nameOf(marked, marked.state.activeId)).toBe(third);
  });

  it('ends the round on the way when the last of the order is down', () => {
    const { enc, first, second, third } = fightOfThree();
    let fight = run(down(enc, third), { type: 'add-condition', combatantId: idOf(enc, first), name: 'Inspired', duration: { rounds: 1, endsOn: 'round-end' } });
    fight = run(fight, { type: 'next-turn' });
    expect(nameOf(fight, fight.state.activeId)).toBe(second);
    const { encounter, events } = step(fight, { type: 'next-turn' });
    expect(nameOf(encounter, encounter.state.activeId)).toBe(first);
    expect(encounter.state.round).toBe(2);
    // The round-long condition ran out once, as the round ended.
    const expired = turnsOf(events).flatMap((e) => e.expired.map((x) => x.name));
    expect(expired).toEqual(['Inspired']);
    expect(encounter.state.combatants.find((c) => c.name === first)?.conditions).toEqual([]);
  });

  it('counts the passed-over turn for timers anchored on it', () => {
    const { enc, second, third } = fightOfThree();
    const stunned = run(down(enc, second), {
      type: 'add-condition',
      combatantId: idOf(enc, third),
      name: 'Dazzled',
      duration: { rounds: 1, endsOn: 'turn-start', anchorId: idOf(enc, second) },
    });
    const after = run(stunned, { type: 'next-turn' });
    expect(after.state.combatants.find((c) => c.name === third)?.conditions).toEqual([]);
  });

  it('lands on the fallen when the GM turns the setting off', () => {
    const { enc, second } = fightOfThree();
    const off = run(down(enc, second), { type: 'set-setting', key: PASS_OVER_SETTING, value: false }, { type: 'next-turn' });
    expect(nameOf(off, off.state.activeId)).toBe(second);
  });

  it('applies to fights saved before the setting existed (no value: on)', () => {
    const { enc, second, third } = fightOfThree();
    const old: Encounter = { ...enc, state: { ...enc.state, settings: {} } };
    const after = run(down(old, second), { type: 'next-turn' });
    expect(nameOf(after, after.state.activeId)).toBe(third);
  });

  it('goes to the next in the order as before when everyone is down', () => {
    const { enc, first, second, third } = fightOfThree();
    const all = run(down(down(down(enc, first), second), third), { type: 'next-turn' });
    expect(nameOf(all, all.state.activeId)).toBe(second);
  });

  it('steps back past the fallen with Previous turn, and no further than the first turn', () => {
    const { enc, first, second } = fightOfThree();
    const at3 = run(enc, { type: 'next-turn' }, { type: 'next-turn' });
    const back = run(down(at3, second), { type: 'previous-turn' });
    expect(nameOf(back, back.state.activeId)).toBe(first);
    expect(refuse(back, { type: 'previous-turn' }).code).toBe('turn/at-start');
  });

  it('passes the turn of a removed acting character past the fallen too', () => {
    const { enc, first, second, third } = fightOfThree();
    const removed = run(down(enc, second), { type: 'remove-combatant', combatantId: idOf(enc, first) });
    expect(nameOf(removed, removed.state.activeId)).toBe(third);
    expect(removed.state.order.map((id) => nameOf(removed, id))).toEqual([second, third]);
  });

  it('tells the GM and the players whose turn was passed over, and how they are out', () => {
    const { enc, second } = fightOfThree();
    const fled = run(enc, { type: 'set-mark', combatantId: idOf(enc, second), mark: 'retreated', on: true }, { type: 'next-turn' });
    expect(logEntries(fled).map((e) => e.text)).toContain(`The turn passes over ${second} (fled the fight).`);
    expect(playerLog(fled).map((e) => e.text)).toContain(`The turn passes over ${second} (fled the fight).`);
    const fallen = run(down(enc, second), { type: 'next-turn' });
    expect(logEntries(fallen).map((e) => e.text)).toContain(`The turn passes over ${second} (down).`);
  });

  it('keeps someone hidden until their turn hidden when their turn is passed over, and says nothing of the health the players may not know', () => {
    const enc = run(newEncounter(3), add('Ann'), add('Bo', { factionId: ENEMIES }), add('Cy', { factionId: ENEMIES }), { type: 'start-combat' });
    const names = enc.state.order.map((id) => nameOf(enc, id));
    const hiddenOne = names.find((n) => n !== 'Ann' && n !== names[0]) ?? '';
    const fight = run(
      enc,
      { type: 'set-enemy-health', mode: 'none' },
      { type: 'hide-until-turn', combatantId: idOf(enc, hiddenOne), hidden: true },
      { type: 'damage', combatantId: idOf(enc, hiddenOne), amount: 10 },
      { type: 'next-turn' },
      { type: 'next-turn' },
      { type: 'next-turn' },
    );
    const view = projectPlayerView(fight.state, fight.ruleset);
    expect(view.status).toBe('running');
    if (view.status === 'running') expect(view.combatants).toHaveLength(2);
    expect(playerLog(fight).map((e) => e.text).join('\n')).not.toContain('(down)');
  });

  it('tells the players "down" of someone whose health they may know', () => {
    const { enc, second } = fightOfThree();
    const fallen = run(down(enc, second), { type: 'next-turn' });
    expect(playerLog(fallen).map((e) => e.text)).toContain(`The turn passes over ${second} (down).`);
  });
});

