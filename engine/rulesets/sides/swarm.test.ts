import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { TOTAL_DEFENCE } from './conditions';
import { addS, firstEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "Target an enemy … until up to four allies have Made a Swarm Attack on that target this round.
// At that point or any point beforehand, one of these assailants can Make a Melee Attack … with a
// +2 bonus to hit and +1 bonus to damage for every other assailant, up to a maximum bonus of +6 to
// hit and +3 damage. This bonus damage does not add to the attack's Shock and cannot make it do
// more than its usual maximum damage. Any Shock inflicted by this attack is always applicable,
// even if the target's AC is too high, they're using a shield, or have some power that makes them
// immune to Shock." And total defence: "immune to Shock … including the otherwise-unavoidable
// damage from a Swarm Attack."

const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;
const join = (e: Encounter, who: string): Encounter => run(takeTurn(e, who), { type: 'sides/join-swarm', combatantId: idOf(e, who), targetId: idOf(e, 'Ogre') } satisfies SidesCommand, { type: 'end-turn' });
const strike = (e: Encounter, who: string, d20: number): Command => ({ type: 'sides/attack', attackerId: idOf(e, who), targetId: idOf(e, 'Ogre'), weaponId: weaponId(e, who, 'Sword'), way: 'swarm', dice: { attack: d20 } }) satisfies SidesCommand;

/** Five of the party with swords against an Ogre of AC 18 with a shield who is immune to Shock. */
function mob(): Encounter {
  let e = newSides();
  for (const name of ['Ann', 'Bo', 'Cy', 'Di', 'Ed']) e = run(e, addS(name, { gear: [SWORD] }));
  e = run(e, addS('Ogre', { factionId: ENEMIES, ac: 18, hp: 40, traits: ['shield', 'shockImmune'] }));
  return startWith(e, [8, 1]);
}

describe('swarm attacks', () => {
  it('takes at most four assailants, the fourth striking, at +2 to hit for each other one: +6', () => {
    let e = join(join(join(mob(), 'Ann'), 'Bo'), 'Cy');
    e = takeTurn(e, 'Di');
    // Three have joined: the fourth's swarm attack is the strike, at +6.
    expect(refuse(e, { type: 'sides/join-swarm', combatantId: idOf(e, 'Di'), targetId: idOf(e, 'Ogre') }).message).toBe("Three already swarm Ogre: the fourth makes the swarm's strike (attack as a swarm).");
    e = run(e, strike(e, 'Di', 12));
    expect(firstEvent(e, 'sides/attacked').total).toBe(18);
  });

  it('caps the bonus and lets its Shock through AC, shield and immunity, but not total defence', () => {
    let e = join(join(join(mob(), 'Ann'), 'Bo'), 'Cy');
    e = takeTurn(e, 'Di');
    // 1 + 6 = 7 against AC 18: a miss, but the swarm's Shock (2, not raised by the swarm) lands.
    e = run(e, strike(e, 'Di', 1));
    const attacked = firstEvent(e, 'sides/attacked');
    expect(attacked.modifiers).toEqual([{ label: 'Swarm (3 others)', amount: 6 }]);
    expect(attacked.total).toBe(7);
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: { respond: 'land' } });
    expect(hp(e, 'Ogre')).toBe(38);
    // The swarm is spent by its strike.
    expect((e.state.rules as { swarms: unknown[] }).swarms).toEqual([]);
  });

  it('adds +1 damage for each other assailant on a hit, never past the weapon\'s maximum', () => {
    let e = join(join(mob(), 'Ann'), 'Bo');
    e = takeTurn(e, 'Cy');
    // 15 + 4 = 19 hits AC 18; the d8 shows 7: 7 + 2 = 9 is capped at 8.
    e = run(e, strike(e, 'Cy', 15));
    e = stepWithDice(e, [7], { type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: { respond: 'land' } }).encounter;
    expect(hp(e, 'Ogre')).toBe(32);
  });

  it('is stopped by total defence, Shock and all', () => {
    let e = join(join(join(mob(), 'Ann'), 'Bo'), 'Cy');
    e = takeTurn(e, 'Di');
    e = run(e, strike(e, 'Di', 1));
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: { respond: 'total-defence' } });
    expect(combatantNamed(e, 'Ogre').conditions.map((k) => k.name)).toEqual([TOTAL_DEFENCE.name]);
    expect(hp(e, 'Ogre')).toBe(40);
  });
});
