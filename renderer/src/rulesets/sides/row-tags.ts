import type { Combatant, EncounterState } from '../../../../engine/index';
import { fightOf, grapplesOf, isUnder, swarmOn, SWARM_MOST, TOTAL_DEFENCE, TOTAL_DEFENCE_AC } from '../../../../engine/rulesets/sides/index';
import type { RowTag } from '../panels';

/**
 * Tags after a name in the turn order: the swarm building up on them this round (how many of the
 * four have joined, and who, in the tooltip), whom they screen or are screened by, whom they
 * grapple or are grappled by, total defence, and Mortally Injured, the text's one word for 0 HP.
 */
export function sidesRowTags(combatant: Combatant, fight: EncounterState): RowTag[] {
  const nameOf = (id: string) => fight.combatants.find((c) => c.id === id)?.name ?? '?';
  const { screens, swarms } = fightOf(fight);
  const grapples = grapplesOf(fight);
  const swarm = swarmOn(fight, combatant.id, swarms);
  const screening = screens.filter((s) => s.screenerId === combatant.id).map((s) => nameOf(s.wardId));
  const screenedBy = screens.filter((s) => s.wardId === combatant.id).map((s) => nameOf(s.screenerId));
  const grappling = grapples.filter((g) => g.by === combatant.id).map((g) => nameOf(g.target));
  const grappledBy = grapples.filter((g) => g.target === combatant.id).map((g) => nameOf(g.by));
  const tags: RowTag[] = [];
  if (swarm.length > 0) tags.push({ text: `Swarmed ${swarm.length}/${SWARM_MOST}`, tone: 'accent', title: `Swarming them: ${swarm.map(nameOf).join(', ')}` });
  if (isUnder(combatant, TOTAL_DEFENCE)) tags.push({ text: 'Total defence', tone: 'good', title: `+${TOTAL_DEFENCE_AC} AC and no Shock (not even a swarm's) until their next turn` });
  if (screening.length > 0) tags.push({ text: `Screening ${screening.join(', ')}`, tone: 'good', title: 'Attackers of the ward must beat them in an opposed check first, until their next turn' });
  if (screenedBy.length > 0) tags.push({ text: `Screened by ${screenedBy.join(', ')}`, tone: 'good', title: 'Attacking them takes an opposed check against the screener first' });
  if (grappling.length > 0) tags.push({ text: `Grappling ${grappling.join(', ')}`, tone: 'focus', title: 'Neither moves nor fights but bare-handed; the grappled takes an unarmed hit as each round ends' });
  if (grappledBy.length > 0) tags.push({ text: `Grappled by ${grappledBy.join(', ')}`, tone: 'focus', title: 'Breaking free takes a Main action and a check against each grappler' });
  if (combatant.marks.includes('mortally-injured')) tags.push({ text: 'mortally injured', tone: 'danger' });
  return tags;
}
