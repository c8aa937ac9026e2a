import { describe, expect, it } from 'vitest';
import { undo, type Command, type Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import type { GearInput } from './gear';
import { addZ, ENEMIES, eventsOfType, gearNamed, healthOf, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';
import { zonesFight } from './index';

// Issue 39. "The attacker can propose an alternative effect to the target instead of inflicting
// damage (cutting a limb, forcing a surrender, etc.). This must be done before the target decides
// whether to react but after the WIT save to hit". So the attacker may offer it once the save is
// known, while the attack waits for its targets' answers.

const SWORD: GearInput = { name: 'Sword', kind: 'weapon', damage: 'd8' };
const BOW: GearInput = { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 2, damage: 'd6' };
const BOMB: GearInput = { name: 'Bomb', kind: 'weapon', reach: 'ranged', range: 2, damage: 'd6', blast: true };

/** Ann (WIT 10) and two bandits in the yard, an archer two zones off in the cellar. It is Ann's turn. */
function yard(): Encounter {
  const enc = run(
    newZonesEncounter(7),
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: ['cellar'] }, { id: 'cellar', name: 'Cellar', neighbours: [] }] },
    addZ('Ann', { zoneId: 'yard', wit: 10, gear: [SWORD, BOW, BOMB] }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2, gear: [SWORD] }),
    addZ('Archer', { factionId: ENEMIES, zoneId: 'cellar' }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

function attack(enc: Encounter, weapon: string, at: string[], intent?: string): Command {
  return { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', weapon).id, targetIds: at.map((n) => idOf(enc, n)), ...(intent ? { intent } : {}) } as Command;
}

const offer = (stunt: string): Command => ({ type: 'zones/propose-stunt', stunt }) as Command;
const answer = (enc: Encounter, who: string, kind: 'accept-stunt' | 'dodge' | 'none'): Command =>
  ({ type: 'zones/react-to-attack', reactorId: idOf(enc, who), targetId: idOf(enc, who), reaction: { kind } }) as Command;

describe('Zones & Factions: a stunt offered after the WIT save to hit', () => {
  it('turns the waiting attack into the stunt once the save has hit; the target takes it, and no damage is rolled', () => {
    // Beyond half range: the WIT save to hit comes first (a 5 against WIT 10 hits).
    const shot = stepWithDice(yard(), [5], attack(yard(), 'Bow', ['Archer']));
    expect(eventsOfType(shot.events, 'zones/attack-declared')[0]).toMatchObject({ hitSave: { passed: true }, attack: { intent: 'damage' } });
    const offered = step(shot.encounter, offer('  shoots the bow out of their hands  '));
    expect(offered.events).toEqual([{ type: 'zones/stunt-proposed', stunt: 'shoots the bow out of their hands', awaiting: [idOf(shot.encounter, 'Archer')] }]);
    expect(zonesFight(offered.encounter.state).pendingAttack).toMatchObject({ intent: 'stunt', stunt: 'shoots the bow out of their hands' });
    const told = "Ann offers instead of damage: shoots the bow out of their hands.";
    expect(logEntries(offered.encounter).map((e) => e.text)).toContain(told);
    expect(playerLog(offered.encounter).map((e) => e.text)).toContain(told);
    const taken = stepWithDice(offered.encounter, [], answer(offered.encounter, 'Archer', 'accept-stunt'));
    expect(eventsOfType(taken.events, 'zones/attack-resolved')[0]?.blows).toMatchObject([{ effect: 'accepted: shoots the bow out of their hands', damage: 0 }]);
    expect(healthOf(taken.encounter, 'Archer')).toBe(10);
    // Undo takes the offer back, and the attack waits for damage again.
    expect(zonesFight(undo(offered.encounter).state).pendingAttack).toMatchObject({ intent: 'damage', stunt: null });
  });

  it('with an attack nobody can answer, is declared with it and offered only once the save hits, as if offered after it', () => {
    // "This must be done before the target decides whether to react but after the WIT save to hit":
    // with nobody able to react, a stunt declared with the attack counts only on a hit, so it is
    // the offer made after the save, with no step to wait for.
    const hidden = (enc: Encounter) => run(enc, { type: 'set-concealed', combatantId: idOf(enc, 'Ann'), concealed: true });
    const stuntShot = (enc: Encounter): Command => ({ ...attack(enc, 'Bow', ['Archer'], 'stunt'), stunt: 'pins their cloak to the wall' }) as Command;
    const plain = stepWithDice(hidden(yard()), [5, 3], attack(yard(), 'Bow', ['Archer']));
    expect(eventsOfType(plain.events, 'zones/attack-resolved')).toHaveLength(1);
    const missed = stepWithDice(hidden(yard()), [15], stuntShot(yard()));
    expect(eventsOfType(missed.events, 'zones/attack-declared')[0]).toMatchObject({ hitSave: { passed: false }, missed: true });
    expect(zonesFight(missed.encounter.state).pendingAttack).toBeNull();
    const hit = stepWithDice(hidden(yard()), [5], stuntShot(yard()));
    expect(zonesFight(hit.encounter.state).pendingAttack).toMatchObject({ intent: 'stunt', awaiting: [idOf(hit.encounter, 'Archer')] });
    const taken = stepWithDice(hit.encounter, [], answer(hit.encounter, 'Archer', 'accept-stunt'));
    expect(eventsOfType(taken.events, 'zones/attack-resolved')[0]?.blows).toMatchObject([{ effect: 'accepted: pins their cloak to the wall', damage: 0 }]);
  });

  it('lets a target refuse it and dodge, as the attack as usual', () => {
    let enc = run(yard(), attack(yard(), 'Sword', ['Bandit 1']));
    enc = run(enc, offer('forces them to kneel'));
    const dodged = stepWithDice(enc, [4], answer(enc, 'Bandit 1', 'dodge'));
    expect(eventsOfType(dodged.events, 'zones/attack-resolved')[0]?.blows).toMatchObject([{ effect: 'dodged' }]);
  });

  it('keeps a held-back attack held back when the stunt offered in its place is refused', () => {
    // "The target can either accept the proposed effect or resolve the attack as normal": the
    // attack as declared was held back, so refusing the stunt takes the held-back blow.
    let enc = run(yard(), attack(yard(), 'Sword', ['Bandit 1'], 'hold-back'));
    const direct = stepWithDice(enc, [8, 3], answer(enc, 'Bandit 1', 'none'));
    expect(eventsOfType(direct.events, 'zones/attack-resolved')[0]?.blows).toMatchObject([{ raw: 3, effect: 'impaired' }]);
    enc = run(enc, offer('forces them to kneel'));
    expect(zonesFight(enc.state).pendingAttack).toMatchObject({ intent: 'stunt', heldBack: true });
    const refused = stepWithDice(enc, [8, 3], answer(enc, 'Bandit 1', 'none'));
    expect(eventsOfType(refused.events, 'zones/attack-resolved')[0]?.blows).toMatchObject([{ raw: 3, damage: 3, effect: 'impaired' }]);
    expect(healthOf(refused.encounter, 'Bandit 1')).toBe(7);
    // An attack declared for damage and turned into a stunt still deals full damage when refused.
    let full = run(yard(), attack(yard(), 'Sword', ['Bandit 1']));
    full = run(full, offer('forces them to kneel'));
    const plain = stepWithDice(full, [8], answer(full, 'Bandit 1', 'none'));
    expect(eventsOfType(plain.events, 'zones/attack-resolved')[0]?.blows).toMatchObject([{ raw: 8, damage: 8, effect: null }]);
  });

  it('is refused once a target has answered, with nothing waiting, for an attack that deals no damage or blasts, and without words', () => {
    const enc = yard();
    expect(refuse(enc, offer('kneel'))).toMatchObject({ code: 'attack/none' });
    const both = run(enc, attack(enc, 'Sword', ['Bandit 1', 'Bandit 2']));
    expect(refuse(both, offer('  '))).toMatchObject({ code: 'attack/stunt', message: 'Describe the effect the attacker proposes instead of damage.' });
    const answered = stepWithDice(both, [15], answer(both, 'Bandit 1', 'dodge'));
    expect(refuse(answered.encounter, offer('kneel'))).toMatchObject({ code: 'stunt/late', message: 'A target has answered the attack already; a stunt is offered before they choose.' });
    const disarm = run(enc, attack(enc, 'Sword', ['Bandit 1'], 'disarm'));
    expect(refuse(disarm, offer('kneel'))).toMatchObject({ code: 'stunt/intent', message: 'A stunt takes the place of damage, and this attack deals none.' });
    const already = run(enc, { ...attack(enc, 'Sword', ['Bandit 1'], 'stunt'), stunt: 'kneel' } as Command);
    expect(refuse(already, offer('sit'))).toMatchObject({ code: 'stunt/intent', message: 'A stunt is on offer already.' });
    // A blast on the yard, where the bandits wait to answer it.
    const blast = run(enc, { type: 'zones/declare-attack', attackerId: idOf(enc, 'Ann'), weaponId: gearNamed(enc, 'Ann', 'Bomb').id, zoneId: 'yard' } as Command);
    expect(zonesFight(blast.state).pendingAttack?.awaiting).toEqual([idOf(enc, 'Bandit 1'), idOf(enc, 'Bandit 2')]);
    expect(refuse(blast, offer('kneel'))).toMatchObject({ code: 'attack/blast-intent', message: 'A blast hits a whole zone; it can only deal damage.' });
  });
});
