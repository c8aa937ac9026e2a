/**
 * What the GM screen loads of a ruleset when a campaign of it opens: its engine, its plain rules
 * and its panels, each its own chunk of the build. Once this has resolved, the synchronous
 * lookups the screens use (`findRuleset`, `rulesFor`, `panelsFor`) answer for that ruleset; the
 * campaign list, which needs none of them, loads none.
 */
import type { Ruleset } from '../../../engine/index';
import { loadRuleset } from '../../../engine/listing';
import { loadPanels } from './registry';
import { loadRules } from './rules';

/** Loads the ruleset with this id and the screen's parts of it (each once); rejects with a sentence for the GM for an id this version lacks. */
export async function openRuleset(id: string): Promise<Ruleset> {
  const [ruleset] = await Promise.all([loadRuleset(id), loadRules(id), loadPanels(id)]);
  return ruleset;
}
