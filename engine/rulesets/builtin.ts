import { rulesetLoader, type RulesetEntry } from '../core/ruleset-loader';
import type { RulesetCatalogue } from '../core/catalogue';
import type { Ruleset } from '../core/ruleset';

/**
 * The rulesets that ship with the app, one line each; the first is the default for new campaigns.
 * Each line names what the campaign list shows and loads the ruleset's folder on demand (its own
 * chunk of the web build), so the list itself loads none. The name and summary are the ruleset's
 * own (a test checks they match).
 */
const BUILTIN: readonly RulesetEntry[] = [
  { id: 'zones', name: 'Zones & Factions', summary: 'Factions alternate one character at a time or pass; zones, reactions, morale, chases and gear wear.', load: () => import('./zones/index').then((m) => m.zones) },
  { id: 'freeform', name: 'Freeform', summary: 'Any game: d20 + modifier initiative, hit points, conditions as free text.', load: () => import('./freeform/index').then((m) => m.freeform) },
  { id: 'two-dice', name: '2d6 & Vigilant', summary: 'Initiative on 2d6 (3d6 when Vigilant), 5-second rounds, damage reduction to roll past, two tests to stabilise at 0 HP.', load: () => import('./two-dice/index').then((m) => m.twoDice) },
  { id: 'three-actions', name: 'Three Actions', summary: 'Teams alternate picking one member each; three actions and a reaction a turn; endurance, then health; block or parry, fortify or fall, cheat death with luck.', load: () => import('./three-actions/index').then((m) => m.threeActions) },
  { id: 'ranks', name: 'Skill Ranks', summary: 'Initiative by fixed awareness, sorted every round; a full and a bonus action a round; damage, fatigue and composure conditions in five ranks.', load: () => import('./ranks/index').then((m) => m.ranks) },
  { id: 'sides', name: 'Sides & Shock', summary: 'Sides roll 1d8 once and act as blocks (the party wins ties); a Main and a Move action a round; d20 against AC, with Shock on a miss; swarms, charges, snap attacks and total defence.', load: () => import('./sides/index').then((m) => m.sides) },
];

/** The built-in rulesets, loaded when first asked for. */
export const BUILTIN_RULESET_LOADER = rulesetLoader(BUILTIN);

/** Every built-in ruleset as the campaign list shows it (id, name, summary), none of them loaded; the first is the default for new campaigns. */
export const BUILTIN_RULESET_ENTRIES: readonly RulesetEntry[] = BUILTIN_RULESET_LOADER.entries;

/**
 * The built-in rulesets loaded so far, the catalogue the app opens encounters with: a log of a
 * ruleset not loaded yet is refused as of one it lacks, so load the ruleset first.
 */
export const BUILTIN_RULESETS: RulesetCatalogue = BUILTIN_RULESET_LOADER.catalogue;

/** Loads the built-in ruleset with this id (once); rejects with a sentence for the GM for an id this version lacks. */
export function loadRuleset(id: string): Promise<Ruleset> {
  return BUILTIN_RULESET_LOADER.load(id);
}

/** Loads every built-in ruleset (reading a file that may hold fights of any of them). */
export function loadAllRulesets(): Promise<RulesetCatalogue> {
  return BUILTIN_RULESET_LOADER.loadAll();
}

/**
 * The loaded built-in ruleset with this id (what the screens show a campaign under); undefined
 * for an id no built-in ruleset has; throws for a built-in one not loaded yet.
 */
export function findRuleset(id: string): Ruleset | undefined {
  return BUILTIN_RULESET_LOADER.find(id);
}

/** The built-in ruleset with this id as the campaign list shows it (id, name, summary), without loading it. */
export function rulesetEntry(id: string): RulesetEntry | undefined {
  return BUILTIN_RULESET_LOADER.entry(id);
}
