import type { ZonesCommand } from '../../../../engine/rulesets/zones/index';
import { encounterStore } from '../../store/encounter';

/**
 * Sends one of Zones & Factions' own commands. The engine takes any `<ruleset>/<name>` command
 * (each ruleset checks its fields), so this is where the screen's commands get their fields
 * checked by the compiler.
 */
export function dispatchZones(command: ZonesCommand): boolean {
  return encounterStore.dispatch(command);
}
