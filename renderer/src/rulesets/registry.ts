/**
 * The rulesets' panels, one line per ruleset: the tracker, the top bar, the forms, the battle
 * map, the dice log and the players' screen ask here instead of naming a ruleset. A ruleset that
 * adds nothing (Freeform) gets the generic screen; so does one this list doesn't know.
 */
import type { RulesetPanels } from './panels';
import { zonesPanels } from './zones/index';

const RULESETS: readonly RulesetPanels[] = [
  { id: 'freeform' },
  zonesPanels,
];

const NOTHING: RulesetPanels = { id: '' };

/** The panels registered for a ruleset id; none (the generic screen) for an unknown or missing one. */
export function panelsFor(rulesetId: string | null | undefined): RulesetPanels {
  return RULESETS.find((r) => r.id === rulesetId) ?? NOTHING;
}

/** Every registered ruleset's panels, in the list's order. */
export function registeredPanels(): readonly RulesetPanels[] {
  return RULESETS;
}
