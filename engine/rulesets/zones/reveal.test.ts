import { describe, expect, it } from 'vitest';
import { openPrompts, type Command, type Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import type { GearInput } from './gear';
import { addZ, ENEMIES, gearNamed, HEROES, idOf, newZonesEncounter, refuse, run, step } from '../../test-support';
import { zonesFight } from './slice';

// Issue 15, item 9. The rule text: concealed characters "might be revealed when they make noise or
// become visible, for example by attacking". After a concealed character's attack the GM is
// asked, revealing them being the first answer; nothing else happens until the GM answers.

const ZONES = [{ id: 'yard', name: 'Yard', neighbours: [] }];
const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };

/** Ann, concealed or not, and two bandits beside her in the yard. It is Ann's turn. */
function yard(concealed: boolean): Encounter {
  const enc = run(
    newZonesEncounter(6),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', gear: [SWORD] }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2 }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  // Hidden once the fight runs, so that round 1 begins as usual (no ambush before it).
  const hidden = concealed ? run(enc, { type: 'set-concealed', combatantId: idOf(enc, 'Ann'), concealed: true }) : enc;
  return run(hidden, { type: 'take-turn', combatantId: idOf(hidden, 'Ann') });
}

const swing = (enc: Encounter): Command => ({ type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Sword').id, targetIds: [idOf(enc, 'Bandit 1')] }) as Command;
const answer = (enc: Encounter, how: 'reveal' | 'hidden'): Command => ({ type: 'answer-prompt', promptId: openPrompts(enc.state, enc.ruleset)[0]?.id ?? '', answer: how });
/** Bandit 1 takes the blow, if the attack waits for it. */
const takeIt = (enc: Encounter): Encounter =>
  zonesFight(enc.state).pendingAttack ? run(enc, { type: 'zones/react-to-attack', reactorId: idOf(enc, 'Bandit 1'), targetId: idOf(enc, 'Bandit 1'), reaction: { kind: 'none' } }) : enc;
const ann = (enc: Encounter) => enc.state.combatants.find((c) => c.name === 'Ann');

describe('Zones & Factions: a concealed attacker may be given away', () => {
  it('asks the GM once the attack is over, revealing first, and holds the fight until answered', () => {
    const enc = yard(true);
    // The other bandit could guard against a blow from hiding: the attack waits, and is over once answered.
    const declared = run(enc, swing(enc));
    expect(zonesFight(declared.state).pendingAttack).not.toBeNull();
    expect(openPrompts(declared.state, declared.ruleset).map((p) => p.kind)).toEqual(['zones/attack']);
    const attacked = takeIt(declared);
    const asked = openPrompts(attacked.state, attacked.ruleset);
    expect(asked).toEqual([
      expect.objectContaining({
        kind: 'zones/reveal',
        message: 'Ann attacked from hiding: does the attack give them away?',
        choices: [
          { label: 'Reveal Ann', answer: 'reveal' },
          { label: 'They stay hidden', answer: 'hidden' },
        ],
      }),
    ]);
    expect(refuse(attacked, { type: 'end-turn' }).code).toBe('reveal/pending');

    const revealed = step(attacked, answer(attacked, 'reveal')).encounter;
    expect(ann(revealed)?.concealed).toBe(false);
    expect(openPrompts(revealed.state, revealed.ruleset)).toEqual([]);
    expect(logEntries(revealed).at(-1)?.text).toBe('The attack gives Ann away.');
    expect(playerLog(revealed).at(-1)?.text).toBe('The attack gives Ann away.');
    expect(run(revealed, { type: 'end-turn' }).state.activeId).toBeNull();
  });

  it('keeps them hidden when the GM says so, telling only the GM', () => {
    const enc = yard(true);
    const attacked = takeIt(run(enc, swing(enc)));
    const hidden = step(attacked, answer(attacked, 'hidden')).encounter;
    expect(ann(hidden)?.concealed).toBe(true);
    expect(logEntries(hidden).at(-1)?.text).toBe('Ann stays hidden.');
    expect(playerLog(hidden).some((e) => e.text.includes('stays hidden'))).toBe(false);
  });

  it('asks the same when a concealed character says a few words, and nothing of one seen already', () => {
    // "Actions which might reveal a character include: attacking, invoking a power, talking…"
    const enc = yard(true);
    const speak: Command = { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'speak' };
    const spoke = run(enc, speak);
    expect(openPrompts(spoke.state, spoke.ruleset)).toEqual([
      expect.objectContaining({ kind: 'zones/reveal', message: 'Ann spoke from hiding: do the words give them away?' }),
    ]);
    expect(refuse(spoke, { type: 'end-turn' }).code).toBe('reveal/pending');
    const revealed = step(spoke, answer(spoke, 'reveal')).encounter;
    expect(ann(revealed)?.concealed).toBe(false);
    expect(playerLog(revealed).at(-1)?.text).toBe('Their words give Ann away.');
    const hidden = step(spoke, answer(spoke, 'hidden')).encounter;
    expect(ann(hidden)?.concealed).toBe(true);
    // Other bonus actions ask nothing; nor does talking when Ann is seen already.
    expect(openPrompts(run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'pick-up' }).state, run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'pick-up' }).ruleset)).toEqual([]);
    const seen = yard(false);
    expect(openPrompts(run(seen, { type: 'use-action', combatantId: idOf(seen, 'Ann'), actionId: 'speak' }).state, run(seen, { type: 'use-action', combatantId: idOf(seen, 'Ann'), actionId: 'speak' }).ruleset)).toEqual([]);
  });

  it('asks nothing when the attacker was seen already', () => {
    const enc = yard(false);
    const attacked = takeIt(run(enc, swing(enc)));
    expect(zonesFight(attacked.state).pendingAttack).toBeNull();
    expect(openPrompts(attacked.state, attacked.ruleset)).toEqual([]);
  });
});

describe('Zones & Factions: a concealed character moving without sneaking may be given away', () => {
  // "Actions which might reveal a character include: … moving without sneaking, walking right in front of the enemy"
  function twoZones(): Encounter {
    const enc = run(
      newZonesEncounter(6),
      { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: ['yard'] }] },
      addZ('Ann', { zoneId: 'yard', gear: [SWORD] }),
      addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2 }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    const hidden = run(enc, { type: 'set-concealed', combatantId: idOf(enc, 'Ann'), concealed: true });
    return run(hidden, { type: 'take-turn', combatantId: idOf(hidden, 'Ann') });
  }
  const moveToHall = (enc: Encounter, sneaking?: boolean): Command => ({ type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'hall', ...(sneaking === undefined ? {} : { sneaking }) });

  it('makes the move, then asks the GM, revealing first, and holds the fight until answered', () => {
    const enc = twoZones();
    const moved = step(enc, moveToHall(enc));
    expect(moved.events.map((e) => e.type)).toEqual(['moved', 'zones/reveal-asked']);
    expect(ann(moved.encounter)?.zoneId).toBe('hall');
    expect(openPrompts(moved.encounter.state, moved.encounter.ruleset)).toEqual([
      expect.objectContaining({ kind: 'zones/reveal', message: 'Ann moved without sneaking: does the move give them away?', choices: [{ label: 'Reveal Ann', answer: 'reveal' }, { label: 'They stay hidden', answer: 'hidden' }] }),
    ]);
    expect(refuse(moved.encounter, { type: 'end-turn' }).code).toBe('reveal/pending');
    const revealed = run(moved.encounter, answer(moved.encounter, 'reveal'));
    expect(ann(revealed)?.concealed).toBe(false);
    expect(logEntries(revealed).at(-1)?.text).toBe('The move gives Ann away.');
    const hidden = run(moved.encounter, answer(moved.encounter, 'hidden'));
    expect(ann(hidden)?.concealed).toBe(true);
  });

  it('asks nothing of a move marked as sneaking, nor of one seen already', () => {
    const enc = twoZones();
    const sneaked = step(enc, moveToHall(enc, true));
    expect(sneaked.events.map((e) => e.type)).toEqual(['moved']);
    expect(openPrompts(sneaked.encounter.state, sneaked.encounter.ruleset)).toEqual([]);
    expect(ann(sneaked.encounter)?.concealed).toBe(true);
  });
});
