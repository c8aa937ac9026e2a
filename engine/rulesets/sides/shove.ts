import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import { isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import { conditionFromCatalogue } from '../../core/conditions';
import { eventId, rngState, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { told } from '../../core/told';
import { gridOf, takenSquares } from '../../space/grid/battle-grid';
import type { Cell } from '../../core/maps/grid-map';
import { pushSquares } from '../../space/grid/walk';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { actingRefusal } from './acting';
import { isUnder, PRONE } from './conditions';
import { UNARMED } from './gear';
import { maneuverAttackSchema, maneuverDice, rollManeuver, sizeOf, typedDice, unknownIn, type ManeuverAttack } from './maneuver';
import { opposedSchema, opposedWords, type Opposed } from './opposed';
import { planShove } from './maneuver-plan';
import { spendAction } from './spend';

// Shoving: an attack roll that hits, then, instead of damage, an opposed STR/Brawl or STR/Exert
// check (each side its better); won, the target is forced into an adjacent square (on the map one
// further from the shover, the GM's pick or the one straight away) or knocked prone. Larger targets
// make it harder: −2, or −4 for the barely manageable.

export const SHOVED = 'sides/shoved';

export type ShovedEvent = {
  type: typeof SHOVED;
  attackerId: Id;
  targetId: Id;
  outcome: 'push' | 'prone';
  attack: ManeuverAttack;
  contest: Opposed | null;
  /** Pushed on the map: the square they end on (top-left); null off it, or when they didn't move. */
  to: Cell | null;
  rng: RandomState;
};

/** Decides `sides/shove`. */
export function decideShove(state: EncounterState, cmd: SidesCommandOf<'sides/shove'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const weaponId = typeof cmd.weaponId === 'string' ? cmd.weaponId : UNARMED;
  const planned = planShove(state, { attackerId: cmd.attackerId, targetId: cmd.targetId, weaponId, size: sizeOf(cmd.size) });
  if (isFailure(planned)) return planned;
  const plan = planned.attack;
  const { attacker, target } = plan;
  const now = actingRefusal(state, attacker, 'Shoves happen');
  if (now) return now;
  if (plan.objection && cmd.gmRuling !== true) return plan.objection;
  const outcome = cmd.outcome === 'prone' ? 'prone' : 'push';
  // Where a push sends them on the map: the square asked for, if it is one they can be pushed to.
  const grid = gridOf(state);
  let to: Cell | null = null;
  if (outcome === 'push' && grid && attacker.square && target.square) {
    const options = pushSquares(grid, attacker.square, target.square, new Set(takenSquares(state, grid, target.id).keys()));
    const wanted = isRecord(cmd.to) ? cmd.to : null;
    const asked = wanted ? options.find((c) => c.x === wanted.x && c.y === wanted.y) : options[0];
    if (wanted && !asked) return failure('sides/shove-square', `${target.name} can't be pushed there: pick a free square next to them, away from ${attacker.name}.`);
    to = asked ?? null;
  }
  const paid = spendAction(state, attacker, 'melee', 'main', `shoves ${target.name}`);
  if (!paid.ok) return paid;
  const source = random();
  const rolled = rollManeuver(state, plan, source, typedDice(cmd.dice), planned.attackerBonus.total, planned.defenderBonus.total);
  if (!rolled.ok) return rolled;
  const { attack, contest } = rolled.value;
  const won = contest?.attackerWins === true;
  const event: ShovedEvent = { type: SHOVED, attackerId: attacker.id, targetId: target.id, outcome, attack, contest, to: won ? to : null, rng: source.state() };
  const prone: EncounterEvent[] = won && outcome === 'prone' && !isUnder(target, PRONE) ? [{ type: 'condition-added', combatantId: target.id, condition: conditionFromCatalogue(state, PRONE, target.id) }] : [];
  return { ok: true, value: [...paid.value, event, ...prone] };
}

export const SHOVE_EVENT = ruleEvent<ShovedEvent>({
  kind: 'attack',
  fightLog: true,
  schema: v.object({
    attackerId: eventId,
    targetId: eventId,
    outcome: v.picklist(['push', 'prone']),
    attack: maneuverAttackSchema,
    contest: v.nullable(opposedSchema),
    to: v.nullable(v.object({ x: whole(0, 10_000), y: whole(0, 10_000) })),
    rng: rngState,
  }),
  refers: (state, event) => unknownIn(state, event.attackerId, event.targetId),
  apply: (state, e) => {
    const to = e.to;
    return { ...state, rng: e.rng, combatants: to ? state.combatants.map((c) => (c.id === e.targetId && c.square ? { ...c, square: { ...c.square, x: to.x, y: to.y } } : c)) : state.combatants };
  },
  tell: (e, voice) => {
    const a = voice.who(e.attackerId);
    const t = voice.who(e.targetId);
    if (a === null || t === null) return null;
    const dice = maneuverDice(a, t, 'shove', e.attack, e.contest);
    const sum = `${e.attack.total} against AC ${e.attack.ac}`;
    if (!e.contest) return told(`${a} tries to shove ${t} and misses (${sum}).`, [e.attackerId, e.targetId], dice);
    if (!e.contest.attackerWins) return told(`${a} reaches ${t} (${sum}) but can't shift them (${opposedWords(e.contest)}).`, [e.attackerId, e.targetId], dice);
    const what = e.outcome === 'prone' ? 'knocks them prone' : e.to ? 'forces them into the next square' : 'forces them into an adjacent square (move the token)';
    return told(`${a} shoves ${t} (${sum}) and ${what} (${opposedWords(e.contest)}).`, [e.attackerId, e.targetId], dice, [`${a} shoves ${t}`]);
  },
});
