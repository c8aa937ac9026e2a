import type { Combatant, EncounterState } from '../core/state';
import type { SettingDefinition } from '../core/ruleset';

/**
 * The setting every ruleset played in a fixed order offers: Next turn passes over those who are
 * down or out of the fight. They keep their place in the order (healed, they act there again).
 */
export const PASS_OVER_SETTING = 'passOverDown';

export const PASS_OVER_DEFINITION: SettingDefinition = {
  key: PASS_OVER_SETTING,
  label: 'Next turn passes over the fallen',
  hint: 'Characters who are down or out of the fight keep their place in the order, but Next turn goes past them.',
  kind: 'boolean',
  default: true,
};

/**
 * Whether Next turn passes over this combatant. On unless the GM turned it off: fights saved
 * before the setting existed have no value for it and get the default.
 */
export function passedOver(state: EncounterState, c: Combatant | undefined, out: (c: Combatant) => boolean): boolean {
  return state.settings[PASS_OVER_SETTING] !== false && c !== undefined && out(c);
}
