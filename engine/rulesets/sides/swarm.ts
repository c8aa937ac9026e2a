import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { eventId, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterState, Id } from '../../core/state';
import { told } from '../../core/told';
import { failure, ruleRefusal, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { actingRefusal } from './acting';
import { fightOf, withFight } from './fight';
import { planAttack, swarmOn } from './plan';
import { UNARMED } from './gear';
import { personOf } from './person';
import { spendAction } from './spend';

// A swarm attack builds up: up to four allies each spend a Main action on one target this round;
// at that point or before, one of them strikes (`sides/attack` made as a swarm) at +2 to hit and
// +1 damage for each other assailant. Joining without striking is this command: three may join,
// and the fourth's swarm attack is the strike.

export const SWARM_JOINED = 'sides/swarm-joined';
export const SWARM_MOST = 4;

export type SwarmJoinedEvent = {
  type: typeof SWARM_JOINED;
  combatantId: Id;
  targetId: Id;
  round: number;
};

/** Decides `sides/join-swarm`: the acting character spends their Main action joining the swarm on a target. */
export function decideJoinSwarm(state: EncounterState, cmd: SidesCommandOf<'sides/join-swarm'>): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('sides/not-running', 'Swarms form during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.factionId === c.factionId) return failure('sides/swarm-ally', `${c.name} swarms foes, not ${target.name}, an ally.`);
  const now = actingRefusal(state, c, 'Swarms form');
  if (now) return now;
  // "Up to four allies": another side swarming the same target is a swarm of its own.
  const swarm = swarmOn(state, target.id, fightOf(state).swarms, c.factionId);
  if (swarm.includes(c.id)) return failure('sides/swarm-joined', `${c.name} is already in the swarm on ${target.name}.`);
  // The fourth assailant's swarm attack is the strike itself.
  if (swarm.length >= SWARM_MOST - 1) return failure('sides/swarm-full', `Three already swarm ${target.name}: the fourth makes the swarm's strike (attack as a swarm).`);
  // "Target an enemy within range of your weapon": some weapon of theirs (or bare hands) reaches, on the map.
  // A weapon not readied doesn't count (its objection); an unseen target's unknown place is the strike's to refuse.
  const weapons = [UNARMED, ...personOf(c).gear.map((w) => w.id)];
  const reaches = weapons.some((weaponId) => {
    const plan = planAttack(state, { attackerId: c.id, targetId: target.id, weaponId }, fightOf(state).swarms);
    return !isFailure(plan) && (plan.objection === null || plan.objection.code === 'sides/bow-in-melee' || plan.objection.code === 'sides/unseen-unplaced');
  });
  if (!reaches && cmd.gmRuling !== true) return ruleRefusal('sides/swarm-reach', `${target.name} is out of reach and range of ${c.name}'s weapons: a swarm is joined within range.`);
  const paid = spendAction(state, c, 'swarm', 'main', `joins the swarm on ${target.name}`);
  if (!paid.ok) return paid;
  return { ok: true, value: [...paid.value, { type: SWARM_JOINED, combatantId: c.id, targetId: target.id, round: state.round } satisfies SwarmJoinedEvent] };
}

export const SWARM_EVENT = ruleEvent<SwarmJoinedEvent>({
  kind: 'attack',
  fightLog: true,
  schema: v.object({ combatantId: eventId, targetId: eventId, round: whole(0, 1_000_000) }),
  refers: (state, e) => {
    return [e.combatantId, e.targetId].every((id) => state.combatants.some((c) => c.id === id)) ? null : 'it names someone who is not in the fight';
  },
  apply: (state, e) => {
    return withFight(state, (f) => {
      const kept = f.swarms.filter((s) => s.round === e.round);
      const on = kept.find((s) => s.targetId === e.targetId);
      const swarms = on ? kept.map((s) => (s === on ? { ...s, assailants: [...s.assailants, e.combatantId] } : s)) : [...kept, { targetId: e.targetId, round: e.round, assailants: [e.combatantId] }];
      return { ...f, swarms };
    });
  },
  tell: (e, voice) => {
    const who = voice.who(e.combatantId);
    const target = voice.who(e.targetId);
    if (who === null || target === null) return null;
    const side = voice.after.combatants.find((c) => c.id === e.combatantId)?.factionId;
    const count = swarmOn(voice.after, e.targetId, fightOf(voice.after).swarms, side).length;
    return told(`${who} joins the swarm on ${target} (${count} of ${SWARM_MOST}).`, [e.combatantId, e.targetId]);
  },
});
