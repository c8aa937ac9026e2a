/**
 * Sides & Shock's rules for the screen's code outside its panels: its weapons in the generic gear
 * part (the add and edit forms, party and bestiary entries). Registered by one line in
 * `rulesets/rules.ts`; loads none of its panels.
 */
import { checkSidesGear, personOf, type SidesCommand } from '../../../../engine/rulesets/sides/index';
import { oneList, type GearPart } from '../gear/gear-part';
import type { RulesetRules } from '../rules';

// One tag naming what they carry, short enough for a list row (the list keys tags by their text).
function carried(gear: readonly { name: string }[]): string[] {
  const names = [...new Set(gear.map((w) => w.name.trim()).filter((n) => n !== ''))];
  if (names.length === 0) return [];
  return [names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ')];
}

/** The weapons they carry (damage die, attribute, combat skill, Shock, ranges), checked by the engine's own rules. */
const sidesGear: GearPart = {
  ...oneList(
    { key: 'gear', title: 'Weapons' },
    (c) => personOf(c).gear.map((w) => ({ ...w })),
    (combatantId, gear): SidesCommand => ({ type: 'sides/set-gear', combatantId, gear }),
  ),
  entry: { noun: 'Weapons', check: (list, freshId) => checkSidesGear(list, [], freshId), tags: carried },
};

export const sidesRules = { id: 'sides', gear: sidesGear } satisfies RulesetRules;
