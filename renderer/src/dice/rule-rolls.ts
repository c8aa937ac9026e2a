import type { EncounterEvent, Roll } from '../../../engine/index';

/** A roll the rules made inside an event, with a label saying what it was for. */
export interface RuleRoll {
  label: string;
  roll: Roll;
}

/** The dice a ruleset's rules rolled inside an event (its panels' `ruleRolls`). */
export type RulesetRolls = (event: EncounterEvent, nameOf: (id: string) => string) => RuleRoll[];

/**
 * Every die the rules rolled in one event, in the order they were rolled, so the dice log shows
 * all of them and not only the dice roller's: who holds the initiative where factions alternate,
 * a condition's rolled number of rounds, and whatever the encounter's ruleset rolls in its own
 * events (`own`).
 */
export function ruleRolls(event: EncounterEvent, nameOf: (id: string) => string, own?: RulesetRolls): RuleRoll[] {
  if (event.type === 'initiative-held') return event.roll ? [{ label: 'Who holds the initiative', roll: event.roll }] : [];
  if (event.type === 'condition-added') return event.roll ? [{ label: `${nameOf(event.combatantId)}: rounds of ${event.condition.name}`, roll: event.roll }] : [];
  if (event.type === 'condition-timer-set') return event.roll ? [{ label: `${nameOf(event.combatantId)}: rounds`, roll: event.roll }] : [];
  return own?.(event, nameOf) ?? [];
}
