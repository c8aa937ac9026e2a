import { isRulesetEvent, type EncounterEvent, type Roll } from '../../../engine/index';
import { zonesRuleRolls } from '../zones/rule-rolls';

/** A roll the rules made inside an event, with a label saying what it was for. */
export interface RuleRoll {
  label: string;
  roll: Roll;
}

/**
 * Every die the rules rolled in one event (thresholds, saves, damage, deviation, wear), in the
 * order they were rolled, so the dice log shows all of them and not only the dice roller's.
 */
export function ruleRolls(event: EncounterEvent, nameOf: (id: string) => string): RuleRoll[] {
  if (isRulesetEvent(event)) return zonesRuleRolls(event, nameOf);
  switch (event.type) {
    case 'initiative-held':
      return event.roll ? [{ label: 'Who holds the initiative', roll: event.roll }] : [];
    case 'phase-started':
      return event.threshold ? [{ label: `Round ${event.round}: fast action threshold`, roll: event.threshold }] : [];
    default:
      return [];
  }
}
