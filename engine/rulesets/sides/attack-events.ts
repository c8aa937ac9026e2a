import * as v from 'valibot';
import { count, eventId, listOf, recordOf, rngState, roll, text, track, whole } from '../../core/stored-event-parts';
import { findPrompt, withPrompt, withoutPrompt } from '../../core/prompt-stack';
import type { EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { healthLeft, told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { ATTACKED, type AttackedEvent } from './attack';
import { BLOW_LANDED, type BlowLandedEvent } from './blow';
import { withFight, type SidesFight } from './fight';
import { withPerson } from './person';

// How an attack and its blow are kept in the log, change the state, and are told.

/** The one blow waiting at a time (a snap attack answering it lands at once). */
export const BLOW = 'sides/blow';
export const BLOW_PROMPT_ID = 'sides-blow';

export const weaponSchema = v.object({
  id: eventId,
  name: text(64),
  kind: v.literal('weapon'),
  damage: text(200),
  attribute: v.picklist(['str', 'dex', 'either']),
  skill: v.picklist(['brawl', 'stab', 'shoot', 'exert']),
  use: v.picklist(['melee', 'thrown', 'ranged-one', 'ranged-two']),
  shock: whole(0, 100),
  shockAc: whole(0, 100),
  shockAnyAc: v.boolean(),
  magic: whole(0, 100),
  reach: whole(0, 1000),
  range: whole(0, 100_000),
  longRange: whole(0, 100_000),
  reload: v.picklist(['none', 'bow', 'crossbow']),
  nonLethal: v.boolean(),
  // Logs from before items had a place name none: readied.
  carried: v.optional(v.picklist(['readied', 'stowed', 'dropped'])),
});
const way = v.picklist(['attack', 'swarm', 'charge', 'snap', 'opportunity']);
const blowSchema = v.object({ attackerId: eventId, targetId: eventId, weapon: weaponSchema, attribute: v.picklist(['str', 'dex']), way, total: count, swarmBonus: whole(0, 3), damageDice: v.optional(listOf(whole(0, 1000), 100)), dualBonus: v.optional(whole(0, 2)) });

const WAY_WORDS: Record<AttackedEvent['way'], string> = { attack: '', swarm: ' leading a swarm', charge: ' at the end of a charge', snap: ' with a snap attack', opportunity: ' with an attack of opportunity' };

function tellAttacked(e: AttackedEvent, voice: Voice): Told | null {
  const attacker = voice.who(e.attackerId);
  const target = voice.who(e.targetId);
  if (attacker === null || target === null) return null;
  const mods = e.modifiers.map((m) => `${m.label} ${m.amount > 0 ? '+' : ''}${m.amount}`).join(', ');
  const sum = `${e.roll.total} + ${e.bonus}${mods ? `, ${mods}` : ''} = ${e.total} against AC ${e.ac}`;
  const verdict = e.hit ? 'hits' : 'misses';
  const waits = e.waiting ? '; before it lands, answers may come' : '';
  const ruling = e.ruling && voice.audience === 'gm' ? ' (the GM\'s ruling)' : '';
  return told(`${attacker} attacks ${target} with ${e.weapon}${WAY_WORDS[e.way]} and ${verdict} (${sum})${waits}${ruling}.`, [e.attackerId, e.targetId], [logDice(attacker, 'attack', e.roll)]);
}

function tellLanded(e: BlowLandedEvent, voice: Voice): Told | null {
  const attacker = voice.who(e.attackerId);
  const target = voice.who(e.targetId);
  if (attacker === null || target === null) return null;
  if (e.cancelled) return told(`${attacker} is down before the blow lands: ${target} takes nothing.`, [e.attackerId, e.targetId]);
  const dice = e.damageRoll ? [logDice(attacker, 'damage', e.damageRoll)] : [];
  const left = e.damage > 0 ? healthLeft(voice, e.targetId, e.tracks ?? undefined) : '';
  if (e.hit) return told(`${target} takes ${e.damage} damage from ${attacker}'s ${e.weapon}${left}.`, [e.attackerId, e.targetId], dice, [`${attacker} hits ${target} (${e.damage})`]);
  if (e.damage > 0) return told(`${target} takes ${e.damage} Shock from ${attacker}'s ${e.weapon} all the same${left}.`, [e.attackerId, e.targetId], dice, [`${target} takes ${e.damage} Shock`]);
  return e.shockWhy && e.shockWhy !== 'no Shock' ? told(`No Shock reaches ${target}: ${e.shockWhy}.`, [e.targetId]) : null;
}

export const ATTACK_EVENTS: Record<(AttackedEvent | BlowLandedEvent)['type'], RuleEventDefinition> = {
  [ATTACKED]: ruleEvent<AttackedEvent>({
    kind: 'attack',
    fightLog: true,
    schema: v.object({
      attackerId: eventId,
      targetId: eventId,
      weapon: text(64),
      way,
      roll,
      bonus: count,
      modifiers: listOf(v.object({ label: text(120), amount: count }), 20),
      total: count,
      ac: count,
      hit: v.boolean(),
      waiting: v.nullable(blowSchema),
      rng: v.nullable(rngState),
      ruling: v.optional(v.literal(true)),
    }),
    refers: (state, e) => {
      return [e.attackerId, e.targetId].every((id) => state.combatants.some((c) => c.id === id)) ? null : 'it names someone who is not in the fight';
    },
    apply: (state, e) => {
      const rolled: EncounterState = { ...state, rng: e.rng ?? state.rng };
      // A swarm's strike is made: the striker's side's swarm on the target is spent (another side's stays).
      const side = state.combatants.find((c) => c.id === e.attackerId)?.factionId;
      const ofOtherSide = (id: Id) => state.combatants.find((c) => c.id === id)?.factionId !== side;
      const spent = (f: SidesFight) => f.swarms.flatMap((s) => (s.targetId !== e.targetId ? [s] : s.assailants.some(ofOtherSide) ? [{ ...s, assailants: s.assailants.filter(ofOtherSide) }] : []));
      const swarmed = e.way === 'swarm' ? withFight(rolled, (f) => ({ ...f, swarms: spent(f) })) : rolled;
      return e.waiting ? withPrompt(swarmed, { id: BLOW_PROMPT_ID, kind: BLOW, involves: [e.attackerId, e.targetId], data: e.waiting }) : swarmed;
    },
    tell: (event, voice) => tellAttacked(event, voice),
  }),
  [BLOW_LANDED]: ruleEvent<BlowLandedEvent>({
    kind: 'attack',
    fightLog: true,
    schema: v.object({
      attackerId: eventId,
      targetId: eventId,
      weapon: text(64),
      hit: v.boolean(),
      ac: count,
      damageRoll: v.nullable(roll),
      damage: whole(0, 1_000_000),
      shockWhy: v.nullable(text(200)),
      shieldUsed: v.boolean(),
      cancelled: v.boolean(),
      tracks: v.nullable(recordOf(track)),
      rng: v.nullable(rngState),
    }),
    refers: (state, e) => {
      return state.combatants.some((c) => c.id === e.targetId) ? null : 'it names a target who is not in the fight';
    },
    apply: (state, e) => {
      // It closes the question only if the question was about this blow (a snap attack answering
      // another blow lands without closing it).
      const waiting = findPrompt(state, BLOW_PROMPT_ID)?.data as { attackerId?: Id; targetId?: Id } | undefined;
      const mine = waiting?.attackerId === e.attackerId && waiting.targetId === e.targetId;
      const closed = mine ? withoutPrompt({ ...state, rng: e.rng ?? state.rng }, BLOW_PROMPT_ID) : { ...state, rng: e.rng ?? state.rng };
      const hurt = e.tracks ? { ...closed, combatants: closed.combatants.map((c) => (c.id === e.targetId && e.tracks ? { ...c, tracks: e.tracks } : c)) } : closed;
      return e.shieldUsed ? withPerson(hurt, e.targetId, (p) => ({ ...p, shieldRound: state.round })) : hurt;
    },
    tell: (event, voice) => tellLanded(event, voice),
  }),
};
