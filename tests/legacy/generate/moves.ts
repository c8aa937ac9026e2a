/**
 * Commands as the GM screen sends them, by name: taking a turn, attacks as the attack form sends
 * them, reactions, laying out a campaign map, adding from the campaign.
 */
import { checkZoneMap, rangeOf, UNARMED, type AttackSituation, type Command } from '../../../engine/index';
import type { CampaignItem } from '../../../electron/campaigns/index';
import type { Table } from './gm';

export const END: Command = { type: 'end-turn' };
export const PASS: Command = { type: 'pass' };

/** The campaign entry called `name`. */
export function named(items: readonly CampaignItem[], name: string): CampaignItem {
  const found = items.find((i) => i.name === name);
  if (!found) throw new Error(`no entry ${name}`);
  return found;
}

/** `set-map` for a campaign map, as the battle map's "Lay out" sends it. */
export function layOut(item: CampaignItem): Command {
  const map = checkZoneMap(item.data, item.name);
  if (!map.ok) throw new Error(map.message);
  return { type: 'set-map', mapId: item.id, name: item.name, map: map.value };
}

export function take(t: Table, who: string): Command {
  return { type: 'take-turn', combatantId: t.id(who) };
}

type Attack = Extract<Command, { type: 'declare-attack' }>;

/**
 * An attack by `attacker` with their `weapon` (null: bare hands) at `targets` (or, for a blast,
 * at `extra.zoneId`), sent as the attack form sends it: every situation flag, with the range
 * measured on the map and the attack out of turn when the attacker is not the one acting.
 */
export function attack(t: Table, attacker: string, weapon: string | null, targets: string[], extra: Partial<Attack> = {}): Attack {
  const s = t.state;
  const who = s.combatants.find((c) => c.id === t.id(attacker));
  const gear = weapon === null ? UNARMED : who?.gear.find((g) => g.name === weapon);
  if (!who || !gear) throw new Error(`${attacker} has no ${String(weapon)}`);
  const first = s.combatants.find((c) => c.id === (targets[0] === undefined ? '' : t.id(targets[0])));
  const to = gear.blast ? (extra.zoneId ?? null) : (first?.zoneId ?? null);
  const measured = rangeOf(s.zones, who.zoneId, to, gear);
  const situation: AttackSituation = {
    targetVisible: true,
    beyondHalfRange: measured?.beyondHalfRange ?? false,
    attackerMoving: false,
    concealment: false,
    cover: false,
    penetrates: false,
    targetsAware: true,
    opportunity: s.activeId !== who.id,
    barrier: false,
    attackerPeeking: false,
    outOfRange: measured?.outOfRange ?? false,
    ...extra.situation,
  };
  const { situation: _given, ...rest } = extra;
  return {
    type: 'declare-attack',
    attackerId: who.id,
    weaponId: weapon === null ? null : gear.id,
    ...(gear.blast ? {} : { targetIds: targets.map((n) => t.id(n)) }),
    intent: 'damage',
    ...rest,
    situation,
  };
}

type Reaction = Extract<Command, { type: 'react-to-attack' }>['reaction'];

/** `reactor` answers the pending attack on `target` (themselves unless given). */
export function react(t: Table, reactor: string, reaction: Reaction, target = reactor): Command {
  return { type: 'react-to-attack', reactorId: t.id(reactor), targetId: t.id(target), reaction };
}

/** Everyone the pending attack still waits for takes the blow. */
export function settle(t: Table): void {
  for (let who = t.state.pendingAttack?.awaiting[0]; who !== undefined; who = t.state.pendingAttack?.awaiting[0]) {
    t.run({ type: 'react-to-attack', reactorId: who, targetId: who, reaction: { kind: 'none' } });
  }
}

/** The id of `who`'s limited-use ability called `name`. */
export function resource(t: Table, who: string, name: string): string {
  const found = t.state.combatants.find((c) => c.name === who)?.resources.find((r) => r.name === name);
  if (!found) throw new Error(`${who} has no ${name}`);
  return found.id;
}
