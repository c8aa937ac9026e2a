/**
 * What a campaign SHOWS, for the legacy fixtures: its name and rules, every party and bestiary
 * entry as the roster reads it (through the roster's own template reader, so an entry that
 * could no longer be read shows as its problem), the zone names of each map as the map check
 * reads them, and each encounter's entry with the facts of the fight its log replays to.
 *
 * Pure (no Node).
 */
import { checkZoneMap, findRuleset, type Encounter } from '../../engine/index';
import type { Campaign, CampaignItem } from '../../engine/campaign/index';
import { ownOf } from '../../renderer/src/roster/template';
import { readTemplate } from '../../renderer/src/roster/template-check';
import { zonesEntry } from '../../renderer/src/rulesets/zones/gear-input';
import { factsOf, type EncounterFacts } from './facts';

/** A party or bestiary entry as the roster shows it. */
export type EntryFacts =
  | {
      readonly name: string;
      readonly stats: Readonly<Record<string, number>>;
      readonly tracks: Readonly<Record<string, number>>;
      readonly notes: string;
      readonly fearless: boolean;
      readonly gear: readonly { readonly name: string; readonly kind: string; readonly damage: string | null; readonly protection: number; readonly wear: string }[];
      readonly resources: readonly { readonly name: string; readonly max: number; readonly used: number; readonly reset: string }[];
    }
  | { readonly name: string; readonly problem: string };

export interface CampaignFacts {
  readonly name: string;
  readonly rulesetId: string;
  readonly settings: Campaign['settings'];
  readonly roster: readonly EntryFacts[];
  readonly bestiary: readonly EntryFacts[];
  /** Each map's name and its zones' names (or the problem with it). */
  readonly maps: readonly { readonly name: string; readonly zones: readonly string[] | null; readonly problem: string | null }[];
  readonly encounters: readonly {
    readonly name: string;
    readonly status: string;
    readonly createdAt: string;
    readonly updatedAt: string;
    /** The fight where its log leaves it (null: no log). */
    readonly facts: EncounterFacts | null;
  }[];
}

function entryFacts(item: CampaignItem, rulesetId: string): EntryFacts {
  const ruleset = findRuleset(rulesetId);
  if (!ruleset) return { name: item.name, problem: `no ruleset ${rulesetId}` };
  const read = readTemplate(item, ruleset);
  if (!read.ok) return { name: item.name, problem: read.message };
  const t = read.value;
  // Gear and fearless are Zones & Factions' part of an entry; other rulesets' entries have none.
  const { gear, fearless } = zonesEntry(ownOf(t));
  return {
    name: item.name,
    stats: t.stats,
    tracks: t.tracks,
    notes: t.notes,
    fearless,
    gear: gear.map((g) => ({ name: g.name, kind: g.kind, damage: g.damage ?? null, protection: g.protection ?? 0, wear: g.wear ?? 'sound' })),
    resources: t.resources.map((r) => ({ name: r.name, max: r.max, used: r.used, reset: r.reset })),
  };
}

/** The facts of a campaign whose encounters, by id, replay to `encounters` (missing: no log). */
export function campaignFacts(campaign: Campaign, encounters: Readonly<Record<string, Encounter>>): CampaignFacts {
  return {
    name: campaign.name,
    rulesetId: campaign.rulesetId,
    settings: campaign.settings,
    roster: campaign.roster.map((item) => entryFacts(item, campaign.rulesetId)),
    bestiary: campaign.bestiary.map((item) => entryFacts(item, campaign.rulesetId)),
    maps: campaign.maps.map((item) => {
      const map = checkZoneMap(item.data, item.name);
      return map.ok ? { name: item.name, zones: map.value.zones.map((z) => z.name), problem: null } : { name: item.name, zones: null, problem: map.message };
    }),
    encounters: campaign.encounters.map((entry) => {
      const encounter = encounters[entry.id];
      return { name: entry.name, status: entry.status, createdAt: entry.createdAt, updatedAt: entry.updatedAt, facts: encounter ? factsOf(encounter.state) : null };
    }),
  };
}
