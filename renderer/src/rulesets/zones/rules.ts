/**
 * Zones & Factions' rules for the screen's code outside its panels: its weapons and armour in the
 * generic gear part (the add and edit forms), its own part of party and bestiary entries (gear
 * and fearless, as campaign files have always held them), and the chaos of combat's countdown on
 * the players' screen. Registered by one line in `rulesets/rules.ts`; loads none of its panels.
 */
import { gearOf, type GearInput, type ZonesCommand } from '../../../../engine/rulesets/zones/index';
import { oneList, type GearPart } from '../gear/gear-part';
import type { RulesetRules } from '../rules';
import { zonesEntryRules } from './entry-part';

/** Weapons, shields and armour in the forms; its entries check them by their own words (`entry-part.ts`). */
const zonesGear: GearPart = {
  ...oneList(
    { key: 'gear', title: 'Weapons and armour' },
    (c) => gearOf(c).map((g) => ({ ...g })),
    // The form offers only the declaration's kinds and fields, and the engine checks every piece.
    (combatantId, gear): ZonesCommand => ({ type: 'zones/set-gear', combatantId, gear: gear as GearInput[] }),
  ),
};

export const zonesRules = {
  id: 'zones',
  gear: zonesGear,
  entry: zonesEntryRules,
  // The declare countdown goes up for the players while the table plays with the chaos of combat.
  countdown: (state) => state.settings['chaos'] === true,
} satisfies RulesetRules;
