import type { Combatant, EncounterState } from '../../../../engine/index';
import { ARMOUR, armourRefusal, personOf, reductionOf, stabilises } from '../../../../engine/rulesets/two-dice/index';
import type { RowTag } from '../panels';

/**
 * Tags after a name in the turn order: damage reduction (armour and natural), armour worn without
 * the traits it needs (only by the GM's ruling: the engine refuses it otherwise), and how a fallen
 * character stands: dying (while their tests are due), stable, dead.
 */
export function twoDiceRowTags(combatant: Combatant, fight: EncounterState): RowTag[] {
  const person = personOf(combatant);
  const reduction = reductionOf(combatant);
  const armour = ARMOUR[person.armour].label.toLowerCase();
  const tags: RowTag[] = [];
  if (reduction > 0) tags.push({ text: `DR ${reduction}`, title: `Damage reduction ${reduction}: ${armour}${combatant.stats.dr ? `, ${combatant.stats.dr} natural` : ''}` });
  const barred = armourRefusal(combatant.name, person.armour, combatant);
  if (barred) tags.push({ text: `${armour}: GM's ruling`, title: `${barred} The GM ruled it worn anyway; it still counts.` });
  const fallen = person.fallen;
  if (combatant.marks.includes('dead')) tags.push({ text: 'dead', tone: 'danger' });
  else if (person.stable) tags.push({ text: 'stable', title: 'Back at 1 HP, unconscious for the rest of the encounter' });
  else if (fallen && stabilises(fight, combatant)) {
    const failed = fallen.tests.filter((t) => t.result === 'failed').length;
    tags.push({ text: `dying${failed > 0 ? ` (${failed} failed)` : ''}`, tone: 'danger', title: `Fell in round ${fallen.round}: stabilisation tests in rounds ${fallen.round + 1} and ${fallen.round + 2}` });
  }
  return tags;
}
