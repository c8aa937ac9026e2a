import type { SettingValue } from './state';
import type { ActionEconomy } from './economy';
import type { Ruleset } from './ruleset';

/**
 * A ruleset's action economy in a fight with these settings: its own `economyFor` where a setting
 * changes when slots come back, else its one economy; none for rulesets that count no actions.
 */
export function economyOf(ruleset: Pick<Ruleset, 'economy' | 'economyFor'> | null | undefined, settings: Readonly<Record<string, SettingValue>>): ActionEconomy | undefined {
  return ruleset?.economyFor?.(settings) ?? ruleset?.economy;
}
