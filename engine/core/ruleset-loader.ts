import { rulesetCatalogue, type RulesetCatalogue } from './catalogue';
import { loadOnce } from './load-once';
import type { Ruleset } from './ruleset';

// The app's rulesets are listed up front and loaded one by one: the campaign list shows every
// entry's name and summary without loading any ruleset, and a ruleset's rules (its own chunk of
// the web build) come in when a campaign of it opens. From then on the synchronous lookups
// (`find`, the catalogue) answer for it as if it had always been there.

/** What a list of rulesets shows of one without loading it (the campaign list, the new-campaign form). */
export interface RulesetEntry {
  readonly id: string;
  readonly name: string;
  readonly summary: string;
  /** Brings in the ruleset itself: in the app's list a dynamic `import()` of its folder. */
  load(): Promise<Ruleset>;
}

/** A list of rulesets that load when first asked for. */
export interface RulesetLoader {
  /** Every listed ruleset, loaded or not, in the list's order; the first is the default for new campaigns. */
  readonly entries: readonly RulesetEntry[];
  /** The listed ruleset with this id, loaded or not. */
  entry(id: string): RulesetEntry | undefined;
  /** The ruleset with this id, loaded once however often it is asked for; rejects for an id the list lacks. */
  load(id: string): Promise<Ruleset>;
  /** Every listed ruleset, loaded (for reading files that may be of any of them: an import, old data). */
  loadAll(): Promise<RulesetCatalogue>;
  /**
   * The loaded ruleset with this id (what a screen shows an open campaign under); undefined for an
   * id the list lacks; throws {@link RulesetNotLoadedError} for a listed one not loaded yet, since
   * the screen should have loaded it when the campaign opened.
   */
  find(id: string): Ruleset | undefined;
  /**
   * The loaded rulesets as a catalogue, kept up to date as more load: reading a log of a ruleset
   * not loaded is refused as of one it doesn't have (a failure, as for any log it can't read).
   */
  readonly catalogue: RulesetCatalogue;
  /** Takes rulesets that are already at hand as loaded (the main process and tests, which load every ruleset at start). */
  preload(rulesets: readonly Ruleset[]): void;
}

/** A listed ruleset was asked for before it was loaded: a programmer's error, said plainly rather than shown as the generic screen. */
export class RulesetNotLoadedError extends Error {
  constructor(readonly rulesetId: string) {
    super(`The ruleset "${rulesetId}" is listed but not loaded yet: load it (loadRuleset) before reading or showing an encounter of it.`);
    this.name = 'RulesetNotLoadedError';
  }
}

/** A loader of these entries; each entry's id must be new. */
export function rulesetLoader(entries: readonly RulesetEntry[]): RulesetLoader {
  const listed = new Map<string, RulesetEntry>();
  for (const entry of entries) {
    if (listed.has(entry.id)) throw new Error(`Two rulesets are listed with the id "${entry.id}"; each ruleset needs its own.`);
    listed.set(entry.id, entry);
  }
  // Every loaded ruleset, checked as a catalogue checks them; rebuilt in the list's order as each loads.
  let loaded = rulesetCatalogue([]);

  function take(rulesets: readonly Ruleset[]): void {
    for (const ruleset of rulesets) {
      if (!listed.has(ruleset.id)) throw new Error(`The ruleset "${ruleset.id}" is not in the list of rulesets, so it can't be taken as loaded.`);
    }
    const byId = new Map([...loaded.all, ...rulesets].map((r) => [r.id, r]));
    loaded = rulesetCatalogue(entries.flatMap((e) => byId.get(e.id) ?? []));
  }

  const loadListed = loadOnce((id) => {
    const entry = listed.get(id);
    if (!entry) return Promise.reject(new Error(`This version of GM Screen has no ruleset "${id}". Update GM Screen to open a campaign of it.`));
    return entry.load().then(
      (ruleset) => {
        if (ruleset.id !== id) throw new Error(`The ruleset listed as "${id}" loaded as "${ruleset.id}".`);
        take([ruleset]);
        return ruleset;
      },
      (error: unknown) => {
        throw new Error(`The ruleset "${entry.name}" could not be loaded (${String(error)}); reload the app and try again.`);
      },
    );
  });

  function load(id: string): Promise<Ruleset> {
    const known = loaded.find(id);
    return known ? Promise.resolve(known) : loadListed(id);
  }

  const catalogue: RulesetCatalogue = {
    find: (id) => loaded.find(id),
    get all() {
      return loaded.all;
    },
  };

  return {
    entries,
    entry: (id) => listed.get(id),
    load,
    loadAll: async () => {
      await Promise.all(entries.map((e) => load(e.id)));
      return catalogue;
    },
    find(id) {
      const ruleset = loaded.find(id);
      if (!ruleset && listed.has(id)) throw new RulesetNotLoadedError(id);
      return ruleset;
    },
    catalogue,
    preload: take,
  };
}
