import type { Combatant } from '../../../../engine/index';
import { zonesPerson } from '../../../../engine/rulesets/zones/index';
import type { RowTag } from '../panels';

const MARK_TAGS: Record<string, string> = { dead: 'dead', surrendered: 'surrendered', retreated: 'retreated', 'morale-immune': 'steady', 'fear-immune': 'fearless' };

/** Tags after a name in the turn order: the rule marks, and "held" while someone holds them. */
export function zonesRowTags(combatant: Combatant): RowTag[] {
  const tags: RowTag[] = combatant.marks.flatMap((m) => (MARK_TAGS[m] ? [{ text: MARK_TAGS[m] }] : []));
  if (zonesPerson(combatant).grabbedBy) tags.push({ text: 'held' });
  return tags;
}
