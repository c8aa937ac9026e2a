import type { SettingValue } from './state';
import type { ActionEconomy } from './economy';
import type { TurnRules } from './ruleset';

/**
 * A ruleset's action economy (from its `turn` group) in a fight with these settings: its own `economyFor` where a setting
 * changes when slots come back, else its one economy; none for rulesets that count no actions.
 */
export function economyOf(turn: Pick<TurnRules, 'economy' | 'economyFor'> | null | undefined, settings: Readonly<Record<string, SettingValue>>): ActionEconomy | undefined {
  return turn?.economyFor?.(settings) ?? turn?.economy;
}
