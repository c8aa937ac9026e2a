import { checkCombatant, isFailure } from '../../core/checks';
import { isRecord } from '../../json';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { halfSteps, type Position } from '../../space/zones/movement';
import { costAllowed } from '../../core/economy';
import { ZONES_ECONOMY } from './actions';
import type { ZonesCommandOf } from './commands';
import { releaseHolds } from './holds';
import { isFighting } from './morale';
import { heldBy } from './slice';

/**
 * Shoving the character one holds. The rule text, on grappling: "They can also shove the grabbed
 * character, freeing them but forcing them to move by half a zone and/or pushing them into a
 * hazard in their zone." The text gives no cost: it takes the main action unless the GM says a
 * bonus action. What a hazard does is the GM's to rule; the log names it.
 */

/** Where a shove can send `target`: half a zone from where they stand (onto a border of their zone, or off the border they stand on). */
export function shoveSteps(state: Pick<EncounterState, 'borders'>, target: Pick<Combatant, 'zoneId' | 'borderId'>): Position[] {
  return target.zoneId === null ? [] : halfSteps(state.borders, { zoneId: target.zoneId, borderId: target.borderId ?? null });
}

/** The hazard of the zone a shoved character ends up in, or null when it has none. */
export function hazardAt(state: Pick<EncounterState, 'zones'>, zoneId: Id | null): string | null {
  const hazard = state.zones.find((z) => z.id === zoneId)?.hazard;
  return typeof hazard === 'string' && hazard.trim() !== '' ? hazard : null;
}

function checkShover(state: EncounterState, grabber: Combatant, spends: 'main' | 'bonus'): Failure | null {
  if (state.status !== 'running' || !state.turn) return failure('combat/not-running', 'Combat has not started; press Start combat first.');
  if (state.activeId !== grabber.id) return failure('shove/not-acting', `It isn't ${grabber.name}'s turn; a shove is made on one's own turn.`);
  if (!isFighting(grabber)) return failure('shove/out', `${grabber.name} is out of the fight and can't shove anyone.`);
  return costAllowed(ZONES_ECONOMY, state.turn.budget, spends) ? null : failure('action/spent', `${grabber.name} has no ${spends} action left this turn.`);
}

/** A shove: the held character freed and sent half a zone, into a hazard in their zone, or both. */
export function shove(state: EncounterState, cmd: ZonesCommandOf<'zones/shove'>): Result<EncounterEvent[]> {
  const prompt = openPrompt(state);
  if (prompt) return failure(prompt.code, prompt.message);
  const grabber = checkCombatant(state, cmd.grabberId);
  if (isFailure(grabber)) return grabber;
  if (cmd.spends !== undefined && cmd.spends !== 'main' && cmd.spends !== 'bonus') return failure('shove/spends', 'A shove takes the main action or a bonus action: send "main" or "bonus".');
  const spends = cmd.spends ?? 'main';
  const refused = checkShover(state, grabber, spends);
  if (refused) return refused;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === grabber.id) return failure('shove/self', `${grabber.name} can't shove themselves.`);
  const held = heldBy(state, target.id) === grabber.id;
  if (!held && cmd.gmRuling !== true) {
    return ruleRefusal('shove/not-held', `${grabber.name} doesn't hold ${target.name}: only a grabbed character can be shoved (grapple them first). As GM you may rule otherwise.`);
  }
  let to: Position | null = null;
  if (cmd.to !== undefined && cmd.to !== null) {
    // Read as sent (a script or IPC may send anything): a border's id, or else a zone's.
    const wanted: Record<string, unknown> = isRecord(cmd.to) ? cmd.to : {};
    const border = typeof wanted.borderId === 'string' ? wanted.borderId : null;
    to = shoveSteps(state, target).find((p) => (border !== null ? p.borderId === border : p.zoneId === wanted.zoneId && p.borderId === null)) ?? null;
    if (!to) return failure('shove/too-far', `A shove moves ${target.name} half a zone: onto a border of the zone they stand in, or off the border they stand on. To put them anywhere else, place them with Edit.`);
  }
  const zoneId = to?.zoneId ?? target.zoneId;
  const hazard = cmd.hazard === true ? hazardAt(state, zoneId) : null;
  if (cmd.hazard === true && hazard === null) {
    return failure('shove/no-hazard', `${state.zones.find((z) => z.id === zoneId)?.name ?? 'Where they stand'} has no hazard to push ${target.name} into; mark one on the zone first.`);
  }
  if (!to && hazard === null) return failure('shove/nowhere', `Say where the shove sends ${target.name}: half a zone away, into a hazard in their zone, or both.`);
  const ruled = held ? {} : { ruling: true as const };
  return {
    ok: true,
    value: [...releaseHolds(state, grabber.id, [target.id]), { type: 'zones/shoved', grabberId: grabber.id, targetId: target.id, to, hazard, spends, ...ruled }],
  };
}
