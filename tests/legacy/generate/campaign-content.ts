/**
 * What the two fixture campaigns hold besides their fights, built as the campaign screens build
 * it: party and bestiary entries through the roster's own template functions, maps as the map
 * editor stores them (a drawn map with traits, links, a barrier and a background picture, and
 * one from a template), and rule settings as the Rules tab writes them.
 */
import { borderId, findRuleset, type MapZone, type Point, type Ruleset, type ZoneMap } from '../../../engine/index';
import type { Campaign, CampaignItem } from '../../../electron/campaigns/index';
import { MAP_TEMPLATES } from '../../../renderer/src/map/editor-model';
import { newTemplate, templateItem, type Template } from '../../../renderer/src/roster/template';

function ruleset(id: string): Ruleset {
  const found = findRuleset(id);
  if (!found) throw new Error(`no ruleset ${id}`);
  return found;
}

/** An entry from the ruleset's defaults with `change` applied, as the entry editor saves it. */
function entry(rulesetId: string, name: string, change: Partial<Template>): CampaignItem {
  const base = newTemplate(ruleset(rulesetId));
  return templateItem(name, { ...base, ...change, stats: { ...base.stats, ...change.stats }, tracks: { ...base.tracks, ...change.tracks } });
}

const rect = (x: number, y: number, w: number, h: number): Point[] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

function zone(id: string, name: string, colour: string, points: Point[], traits: Partial<MapZone> = {}): MapZone {
  return { id, name, colour, points, hazard: null, difficult: false, concealment: false, cover: false, hidden: false, ...traits };
}

/** A 1×1 PNG: the map editor keeps the picture's bytes inside the campaign. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * The ford, drawn: a river crossing with a bank, woods that give cover and hide, a smugglers'
 * cave hidden from the players that one drops into from the woods, a road below with a wall
 * to the mill, a tunnel from the ford to the cave, and a barrier (a cart) between bank and road.
 */
export function fordMap(): ZoneMap {
  return {
    width: 400,
    height: 200,
    background: { mime: 'image/png', base64: PIXEL, width: 1, height: 1 },
    grid: 10,
    zones: [
      zone('ford', 'Ford', '#4dd0e1', rect(0, 0, 100, 100), { difficult: true }),
      zone('bank', 'Bank', '#6fe0a0', rect(100, 0, 100, 100)),
      zone('woods', 'Woods', '#2e7d32', rect(200, 0, 100, 100), { cover: true, concealment: true }),
      zone('cave', 'Smugglers’ cave', '#795548', rect(300, 0, 100, 100), { hidden: true, hazard: 'Loose rocks: AGI save or fall' }),
      zone('road', 'Road', '#ffb347', rect(0, 100, 200, 100)),
      zone('mill', 'Mill', '#a1887f', rect(200, 100, 200, 100), { cover: true }),
    ],
    links: [
      { a: 'woods', b: 'cave', kind: 'one-way' },
      { a: 'road', b: 'mill', kind: 'closed' },
      { a: 'ford', b: 'cave', kind: 'open' },
    ],
    barriers: [borderId('bank', 'road')],
  };
}

/** The Zones & Factions campaign's rule settings, as the Rules tab writes them (only what was changed). */
export const ZONES_CAMPAIGN_SETTINGS: Campaign['settings'] = {
  impairedMode: 'halved',
  moraleFailure: 'surrendered',
  durabilityDie: 8,
  durabilityFailsOn: 2,
  chaos: true,
  declareSeconds: 20,
};

/** The Zones & Factions campaign's party. */
export function zonesParty(): CampaignItem[] {
  return [
    entry('zones', 'Ann', {
      stats: { str: 12, agi: 12, wit: 13 },
      tracks: { health: 14 },
      notes: 'Ferrywoman. Owes the smugglers.',
      gear: [
        { name: 'Axe', kind: 'weapon', damage: 'd8' },
        { name: 'Leather', kind: 'armour', protection: 1 },
      ],
      resources: [
        { name: 'Second wind', max: 1, used: 0, reset: 'rest' },
        { name: 'Lucky', max: 2, used: 0, reset: 'encounter' },
      ],
    }),
    entry('zones', 'Bo', {
      stats: { str: 8, agi: 11, wit: 12 },
      tracks: { health: 10 },
      gear: [
        { name: 'Fire pot', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 2, blast: true },
        { name: 'Sling', kind: 'weapon', damage: 'd4', reach: 'ranged', range: 3 },
      ],
      resources: [{ name: 'Healing draught', max: 2, used: 1, reset: 'rest' }],
    }),
    entry('zones', 'Cid', {
      stats: { str: 14, agi: 9, wit: 10 },
      tracks: { health: 12 },
      fearless: true,
      gear: [
        { name: 'Spear', kind: 'weapon', damage: 'd6' },
        { name: 'Shield', kind: 'shield', protection: 1 },
        { name: 'Chair leg', kind: 'weapon', damage: 'd4', improvised: true, wear: 'damaged' },
      ],
      resources: [{ name: 'Shield wall', max: 1, used: 0, reset: 'round' }],
    }),
  ];
}

/** The Zones & Factions campaign's bestiary. */
export function zonesBestiary(): CampaignItem[] {
  return [
    entry('zones', 'Bandit', {
      stats: { wit: 9 },
      tracks: { health: 8 },
      gear: [
        { name: 'Club', kind: 'weapon', damage: 'd6' },
        { name: 'Mail', kind: 'armour', protection: 1 },
      ],
      resources: [{ name: 'Dirty trick', max: 1, used: 0, reset: 'encounter' }],
    }),
    entry('zones', 'Archer', {
      stats: { agi: 12, wit: 11 },
      tracks: { health: 7 },
      gear: [{ name: 'Bow', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 3 }],
    }),
    entry('zones', 'Wolf', {
      stats: { str: 9, agi: 14, wit: 6 },
      tracks: { health: 7 },
      notes: 'Hungry. Flees from fire.',
      fearless: true,
      gear: [{ name: 'Bite', kind: 'weapon', damage: 'd6' }],
      resources: [{ name: 'Howl', max: 1, used: 0, reset: 'round' }],
    }),
  ];
}

/** The Zones & Factions campaign's maps: the ford, drawn, and the bridge template. */
export function zonesMaps(ids: { newId(): string }): CampaignItem[] {
  const bridge = MAP_TEMPLATES.find((t) => t.id === 'bridge');
  if (!bridge) throw new Error('no bridge template');
  return [
    { id: ids.newId(), name: 'Old ford', data: fordMap() as unknown as Record<string, unknown> },
    { id: ids.newId(), name: 'Bridge', data: bridge.build() as unknown as Record<string, unknown> },
  ];
}

/** The Freeform campaign's party. */
export function freeformParty(): CampaignItem[] {
  return [
    entry('freeform', 'Kara', {
      stats: { initMod: 3, ac: 16 },
      tracks: { hp: 24 },
      resources: [
        { name: 'Rage', max: 2, used: 0, reset: 'rest' },
        { name: 'Action surge', max: 1, used: 0, reset: 'round' },
      ],
    }),
    entry('freeform', 'Lio', {
      stats: { initMod: 1, ac: 12 },
      tracks: { hp: 15 },
      notes: 'Bard. Knows the cellar’s owner.',
      resources: [{ name: 'Bardic inspiration', max: 3, used: 1, reset: 'encounter' }],
    }),
  ];
}

/** The Freeform campaign's bestiary. */
export function freeformBestiary(): CampaignItem[] {
  return [
    entry('freeform', 'Goblin', { stats: { initMod: 2, ac: 13 }, tracks: { hp: 7 }, resources: [{ name: 'Nimble escape', max: 1, used: 0, reset: 'round' }] }),
    entry('freeform', 'Ogre', { stats: { initMod: -1, ac: 11 }, tracks: { hp: 30 } }),
  ];
}
