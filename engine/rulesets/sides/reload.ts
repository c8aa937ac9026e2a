import { checkCombatant, isFailure } from '../../core/checks';
import type { SidesCommandOf } from './commands';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import { failure, type Result } from '../../result';
import { actingRefusal } from './acting';
import type { Weapon } from './gear';
import { personOf } from './person';
import { sidesSettings } from './settings';
import { spendAction } from './spend';

// Reloading: "Reload a crossbow from a readied quiver" is a Main action; "Bows and crossbows may be
// reloaded as a Free Action if the shooter has at least Shoot-1; otherwise it's a Move Action to
// nock a new arrow in a bow." The two sentences disagree on crossbows: a setting picks.

/** What reloading this weapon takes this character: a Main, a Move, or a Free action; null when it needs none. */
export function reloadCost(state: EncounterState, c: Combatant, weapon: Weapon): 'main' | 'move' | 'free' | null {
  if (weapon.reload === 'none') return null;
  if (weapon.reload === 'crossbow' && sidesSettings(state.settings).crossbowReload === 'main') return 'main';
  return (c.stats.shoot ?? 0) >= 1 ? 'free' : 'move';
}

/** Decides `sides/reload`. */
export function decideReload(state: EncounterState, cmd: SidesCommandOf<'sides/reload'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const now = actingRefusal(state, c, 'Reloading happens');
  if (now) return now;
  const weapon = personOf(c).gear.find((w) => w.id === cmd.weaponId);
  if (!weapon) return failure('sides/weapon', `${c.name} carries no such weapon; pick one of theirs.`);
  const cost = reloadCost(state, c, weapon);
  if (cost === null) return failure('sides/no-reload', `${weapon.name} needs no reloading.`);
  return spendAction(state, c, 'reload', cost, `reloads ${weapon.name}`);
}
