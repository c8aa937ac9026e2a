import * as v from 'valibot';
import { gearPieceProblem, parseNotation } from '../../../../engine/index';
import { MAX_GEAR, ZONES_GEAR, type GearInput, type GearKind, type GearWear, type WeaponReach } from '../../../../engine/rulesets/zones/index';
import { capitalise, listEntryProblem, listOf, shortText, shown, wholeNumber, yesNo } from '../../roster/schema';
import type { EntryRules } from '../panels';
import { gearWornAfterFight } from './entry-after-fight';
import { zonesEntry } from './gear-input';

// Zones & Factions' part of a party or bestiary entry: `fearless` (never checks morale) and
// `gear` (weapons, shields and armour), kept at the top of the entry's data as campaign files
// have always held them.

const KINDS: readonly GearKind[] = ['weapon', 'shield', 'armour'];
const REACHES: readonly WeaponReach[] = ['melee', 'ranged', 'indirect'];
const WEARS: readonly GearWear[] = ['sound', 'damaged', 'broken'];

const gearSchema = v.pipe(
  v.object(
    {
      name: shortText('the name'),
      kind: v.picklist(KINDS, (i) => `kind ${shown(i.input)} should be weapon, shield or armour`),
      damage: v.optional(v.nullable(v.string((i) => `damage should be dice such as d8, not ${shown(i.input)}`))),
      reach: v.optional(v.picklist(REACHES, (i) => `reach ${shown(i.input)} should be melee, ranged or indirect`)),
      range: v.optional(wholeNumber('range', 0, 20)),
      blast: v.optional(v.boolean((i) => `blast should be yes or no, not ${shown(i.input)}`)),
      protection: v.optional(wholeNumber('protection', 0, 20)),
      improvised: v.optional(v.boolean((i) => `improvised should be yes or no, not ${shown(i.input)}`)),
      wear: v.optional(v.picklist(WEARS, (i) => `wear ${shown(i.input)} should be sound, damaged or broken`)),
    },
    (i) => `should be a group of fields (name, kind, damage…), not ${shown(i.input)}`,
  ),
  v.check((g) => g.kind !== 'weapon' || (g.damage ?? '').trim() !== '', 'is a weapon without damage dice; give it some, for example d8'),
  v.check(
    (g) => !g.damage?.trim() || parseNotation(g.damage.trim()).ok,
    (i) => {
      const damage = String((i.input as GearInput).damage).trim();
      const parsed = parseNotation(damage);
      return `damage ${shown(damage)}: ${parsed.ok ? 'not valid' : parsed.message}`;
    },
  ),
  // The rules between fields the gear form shows and the engine refuses by (a ranged weapon's range).
  v.check(
    (g) => gearPieceProblem(ZONES_GEAR, g) === null,
    (i) => (gearPieceProblem(ZONES_GEAR, i.input as GearInput) ?? '').replace(/\.$/, ''),
  ),
);

const partSchema = v.object({
  gear: v.optional(listOf('gear', gearSchema, MAX_GEAR), []),
  fearless: v.optional(v.boolean((i) => `fearless should be yes or no, not ${shown(i.input)}`), false),
});

/** Gear without undefined fields, ids or "used this fight": plain JSON for the campaign file. */
function cleanGear(g: GearInput): GearInput {
  const out: GearInput = { name: g.name, kind: g.kind };
  if (g.damage !== undefined) out.damage = g.damage === null ? null : g.damage.trim();
  if (g.reach !== undefined) out.reach = g.reach;
  if (g.range !== undefined) out.range = g.range;
  if (g.blast !== undefined) out.blast = g.blast;
  if (g.protection !== undefined) out.protection = g.protection;
  if (g.improvised !== undefined) out.improvised = g.improvised;
  if (g.wear !== undefined) out.wear = g.wear;
  return out;
}

/**
 * "Sword damaged", "Shield broken": the gear that is not sound, as the party list shows it beside
 * the stats, so wear rolled after a fight is seen where health and uses are. Once per wording.
 */
function wornGearTags(gear: readonly GearInput[]): string[] {
  return [...new Set(gear.filter((g) => g.wear === 'damaged' || g.wear === 'broken').map((g) => `${g.name} ${g.wear}`))];
}

export const zonesEntryRules: EntryRules = {
  read(data) {
    const parsed = v.safeParse(partSchema, data, { abortPipeEarly: true });
    if (parsed.success) return { ok: true, value: { gear: parsed.output.gear.map(cleanGear), fearless: parsed.output.fearless } };
    return { ok: false, problems: parsed.issues.map((issue) => listEntryProblem(issue, data, 'gear', 'Gear') ?? capitalise(issue.message)) };
  },
  draft(data) {
    const gear = Array.isArray(data.gear)
      ? data.gear
          .filter((g): g is GearInput => typeof g === 'object' && g !== null && !Array.isArray(g))
          .map((g) => ({ ...g, name: String(g.name ?? ''), kind: KINDS.includes(g.kind) ? g.kind : 'weapon' }))
      : [];
    return { gear, fearless: data.fearless === true };
  },
  toCommand(own) {
    const { gear, fearless } = zonesEntry(own);
    return {
      ...(gear.length > 0 ? { rules: { gear: gear.map(cleanGear) } } : {}),
      ...(fearless ? { marks: ['fear-immune'] } : {}),
    };
  },
  tags: (own) => {
    const { fearless, gear } = zonesEntry(own);
    return [...(fearless ? ['Fearless'] : []), ...wornGearTags(gear)];
  },
  imports: [
    {
      name: 'fearless',
      key: 'fearless',
      hint: 'is yes or no',
      example: 'no',
      fromJson: yesNo,
      fromCell: (cell) => {
        const value = yesNo(cell);
        return typeof value === 'boolean' ? { ok: true, value } : { ok: false, problem: 'should be yes or no' };
      },
    },
    { name: 'gear', key: 'gear' },
  ],
  afterFight: gearWornAfterFight,
};
