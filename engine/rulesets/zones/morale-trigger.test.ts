import { describe, expect, it } from 'vitest';
import { undo, type Command, type Encounter } from '../../index';
import { addZ, ENEMIES, HEROES, idOf, newZonesEncounter, refuse, run, step, stepWithDice } from '../../test-support';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import { zonesFight } from './index';

// Issue 15, item 7. The rule text: "Groups must make a morale check after being reduced to half or
// less their original number during a fight. Characters fighting alone must do so after taking
// damage reducing their health to half or less the maximum. Morale checks are made at the end of
// the round, during the morale phase." What shakes a side is the reduction during the fight, and
// the check stays due until the morale phase.

const PASS: Command = { type: 'pass' };
const START: Command = { type: 'start-combat', initiativeFactionId: HEROES };

/** Ann against the enemies given; nobody has started the fight yet. */
function before(...enemies: Command[]): Encounter {
  return run(newZonesEncounter(4), addZ('Ann'), ...enemies);
}

const hurt = (enc: Encounter, who: string, amount: number): Command => ({ type: 'damage', combatantId: idOf(enc, who), amount });

/** Both sides pass, ending the round: the morale phase's due sides, or [] when the next round began at once. */
function roundEnd(enc: Encounter): { due: string[]; encounter: Encounter } {
  const ended = run(enc, PASS, PASS);
  const phase = ended.state.turn?.phase === 'morale';
  return { due: phase ? zonesFight(ended.state).moraleDue : [], encounter: ended };
}

describe('Zones & Factions: what shakes morale', () => {
  it('leaves a loner who starts the fight at half health alone until damage takes them there again', () => {
    let enc = before(addZ('Ogre', { factionId: ENEMIES, health: 10 }));
    enc = run(enc, hurt(enc, 'Ogre', 5), START);
    // Round 1 ends with no damage taken during the fight: no check.
    const quiet = roundEnd(enc);
    expect(quiet.due).toEqual([]);
    expect(quiet.encounter.state.round).toBe(2);
    // A blow during the fight, at half health or less: the check at the round's end.
    const struck = run(quiet.encounter, hurt(quiet.encounter, 'Ogre', 1));
    expect(roundEnd(struck).due).toEqual([ENEMIES]);
  });

  it('leaves a group that starts the fight at half its number alone until it loses someone in it', () => {
    let enc = before(addZ('Bandit', { factionId: ENEMIES, quantity: 4 }));
    enc = run(enc, hurt(enc, 'Bandit 1', 99), hurt(enc, 'Bandit 2', 99), START);
    expect(roundEnd(enc).due).toEqual([]);
    // Another falls during the fight: reduced, and at half or less of four.
    const fallen = run(roundEnd(enc).encounter, hurt(enc, 'Bandit 3', 99));
    expect(roundEnd(fallen).due).toEqual([ENEMIES]);
    // A scratch is no reduction of a group's number.
    const scratched = run(roundEnd(enc).encounter, hurt(enc, 'Bandit 3', 1));
    expect(roundEnd(scratched).due).toEqual([]);
  });

  it('keeps the check due until the morale phase, even if the side is healed in the meantime', () => {
    let enc = before(addZ('Bandit', { factionId: ENEMIES, quantity: 2 }));
    enc = run(enc, START);
    enc = run(enc, hurt(enc, 'Bandit 1', 99), { type: 'heal', combatantId: idOf(enc, 'Bandit 1'), amount: 10 });
    expect(zonesFight(enc.state).shaken).toEqual([ENEMIES]);
    expect(roundEnd(enc).due).toEqual([ENEMIES]);
  });

  it('asks once per reduction: a side checked in the morale phase is not asked again without another', () => {
    let enc = before(addZ('Bandit', { factionId: ENEMIES, quantity: 4 }));
    enc = run(enc, START);
    enc = run(enc, hurt(enc, 'Bandit 1', 99), hurt(enc, 'Bandit 2', 99));
    const phase = roundEnd(enc).encounter;
    // Bandit 3 holds (3), Bandit 4 breaks (20).
    let checked = stepWithDice(phase, [3, 20], { type: 'zones/morale-check', factionId: ENEMIES }).encounter;
    expect(checked.state.round).toBe(2);
    // A fresh bandit joins them: still at half or less of their number, but nothing has reduced them since.
    checked = run(checked, addZ('Bandit 5', { factionId: ENEMIES }));
    const next = roundEnd(checked);
    expect(next.due).toEqual([]);
    // Bandit 3 falls: a reduction, and the newcomer can still break.
    expect(roundEnd(run(next.encounter, hurt(enc, 'Bandit 3', 99))).due).toEqual([ENEMIES]);
  });

  it('leaves a fight with nobody shaken as it was before sides could be (no field kept), and undoes in one step', () => {
    let enc = before(addZ('Bandit', { factionId: ENEMIES, quantity: 2 }));
    enc = run(enc, START);
    expect(enc.state.rules).not.toHaveProperty('shaken');
    const shook = step(enc, hurt(enc, 'Bandit 1', 99)).encounter;
    expect(shook.state.rules).toHaveProperty('shaken', [ENEMIES]);
    expect(undo(shook).state).toEqual(enc.state);
  });

  it('asks nothing the text doesn\'t, unless the GM calls for a check, which the GM\'s log records', () => {
    let enc = before(addZ('Ogre', { factionId: ENEMIES, health: 10 }));
    enc = run(enc, hurt(enc, 'Ogre', 5), START);
    const call: Command = { type: 'zones/call-morale', factionId: ENEMIES };
    expect(refuse(enc, call)).toMatchObject({
      code: 'morale/not-shaken',
      overridable: true,
      message: 'Nothing has reduced Enemies to half or less during this fight, so the rules ask no morale check. As GM you may rule otherwise.',
    });
    const called = step(enc, { ...call, gmRuling: true } as Command);
    expect(called.events).toEqual([{ type: 'zones/morale-called', factionId: ENEMIES, ruling: true }]);
    expect(logEntries(called.encounter).map((e) => e.text)).toContain("By the GM's ruling, Enemies must check morale at the end of the round.");
    expect(playerLog(called.encounter).some((e) => e.text.includes('morale'))).toBe(false);
    expect(roundEnd(called.encounter).due).toEqual([ENEMIES]);
    // Called already, or in the morale phase itself: nothing to call.
    expect(refuse(called.encounter, { ...call, gmRuling: true } as Command).code).toBe('morale/already-due');
    expect(refuse(roundEnd(called.encounter).encounter, { ...call, gmRuling: true } as Command).code).toBe('morale/not-now');
  });
});
