import type { Combatant } from '../../../../engine/index';
import { heldGear, personOf, readiedName, readiedOf } from '../../../../engine/rulesets/three-actions/index';
import type { RowTag } from '../panels';

/**
 * Tags after a name in the turn order: what they hold in their hands (only that blocks or
 * parries; Brandish changes it), what they dropped on the ground, and the action readied with
 * what sets it off, until it is taken or lapses.
 */
export function threeActionsRowTags(combatant: Combatant): RowTag[] {
  const person = personOf(combatant);
  const tags: RowTag[] = [];
  if (person.gear.length > 0) {
    const held = heldGear(combatant).map((g) => g.name);
    tags.push({ text: held.length > 0 ? `in hand: ${held.join(', ')}` : 'empty-handed', testId: 'in-hand', title: 'In hand: only a held item blocks or parries; Brandish (1 action) changes it' });
  }
  const dropped = person.gear.filter((g) => person.dropped.includes(g.id)).map((g) => g.name);
  if (dropped.length > 0) tags.push({ text: `on the ground: ${dropped.join(', ')}`, tone: 'danger', title: 'Dropped: picking it up is an Interact (then tick it in hand under Edit)' });
  const readied = readiedOf(combatant);
  if (readied) {
    tags.push({
      text: `Readied: ${readiedName(readied)}${readied.trigger ? `, when ${readied.trigger}` : ''}`,
      tone: 'accent',
      asWritten: true,
      title: "Taken with the reaction on someone else's turn when it happens; lapses at their next turn",
    });
  }
  return tags;
}
