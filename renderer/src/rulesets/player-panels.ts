/**
 * A ruleset's part of the players' screen: the names of its phases, what goes in the header
 * after them, and its own word for someone out of the fight. The players' page finds it in `player-registry.ts`, which loads these parts and
 * nothing of the GM screen; a ruleset's GM panels (`panels.ts`) take the same part in.
 */
import type { RulesetPanels } from './panels';

export type PlayerPanels = Pick<RulesetPanels, 'id' | 'phases' | 'playerHeader' | 'outWord'>;
