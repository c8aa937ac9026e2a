import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_RULESET_ENTRIES, createEncounter, BUILTIN_RULESETS } from '../../../engine/index';
import { zonesWordsOutside, type Allowance } from '../../../tests/support/zones-words';
import { openRuleset } from './open-ruleset';
import { loadPlayerPanels, playerPanelIds, playerPanelsFor, registeredPlayerPanels } from './player-registry';
import { panelIds, panelsFor, registeredPanels } from './registry';
import { registeredRules, rulesFor, rulesIds } from './rules';

// A ruleset is a folder: Zones & Factions' rules are named in `rulesets/zones/` and reach the
// generic screens only through the registry. These checks keep it that way.

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Every renderer source file (`.ts`, `.svelte`), relative to `renderer/src`, tests and their helpers left out. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    if (!/\.(ts|svelte)$/.test(entry.name) || /\.test\.ts$/.test(entry.name) || entry.name === 'test-support.ts') return [];
    return [relative(SRC, path).split('\\').join('/')];
  });
}

const ZONES_FOLDER = 'rulesets/zones/';

/** Lines outside `rulesets/zones/` that may name a Zones & Factions word, and why each stays. */
const ALLOWED: readonly Allowance[] = [
  {
    // An example name in the new-encounter field, not a rule.
    file: /^manager\/EncounterList\.svelte$/,
    line: /placeholder="Ambush at the ford"/,
    why: 'a placeholder encounter name',
  },
  {
    // The CSS cursors "grab" and "grabbing" over maps and tokens, not the grab rule.
    file: /^(map\/MapCanvas|battle\/Token|battle\/BattleMap|grid\/GridBattle)\.svelte$/,
    line: /'grabbing'|'grab'|cursor: grab(bing)?;/,
    why: 'CSS cursor names',
  },
  {
    // The core's marks (engine/core/health.ts), which every ruleset has, as the players' screen words them.
    file: /^player\/row-words\.ts$/,
    line: /'retreated' \| 'surrendered'|retreated or surrendered/,
    why: 'the core marks retreated and surrendered',
  },
];

describe('the ruleset registry', () => {
  const files = sourceFiles();
  // Each part loads when its campaign opens (or the players' screen shows its fight): all of them, here.
  beforeAll(async () => {
    for (const id of panelIds) await openRuleset(id);
    await Promise.all(playerPanelIds.map((id) => loadPlayerPanels(id)));
  });

  it('leaves Zones & Factions words to rulesets/zones/, but for a few lines that must stay', () => {
    const { stray, unused } = zonesWordsOutside(SRC, files.filter((f) => !f.startsWith(ZONES_FOLDER)), ALLOWED);
    expect(stray).toEqual([]);
    // An allowance nothing needs any more goes from the list.
    expect(unused).toEqual([]);
  });

  it('is the only way into a ruleset folder from the rest of the screen', () => {
    const reaching = files.filter((f) => !f.startsWith('rulesets/') && /from '[./]*\/rulesets\/(?!panels'|registry'|player-registry'|player-panels'|rules'|open-ruleset')/.test(readFileSync(join(SRC, f), 'utf8')));
    expect(reaching).toEqual([]);
  });

  it("keeps a ruleset's panels off the app's stores module, so the registry loads without an import cycle", () => {
    const cyclic = files.filter((f) => f.startsWith('rulesets/') && /from '[./]*\/store\/index'/.test(readFileSync(join(SRC, f), 'utf8')));
    expect(cyclic).toEqual([]);
  });

  // The players' page loads a ruleset's part of its screen from a list of its own (issue 14: it
  // downloads no GM panel); the GM panels take the same part in.
  it("registers each ruleset's part of the players' screen once, the same part its GM panels show", () => {
    expect(playerPanelIds).toEqual(panelIds);
    expect(registeredPlayerPanels().map((p) => p.id)).toEqual(registeredPanels().map((p) => p.id));
    for (const panels of registeredPanels()) {
      expect(playerPanelsFor(panels.id).phases).toBe(panels.phases);
      expect(playerPanelsFor(panels.id).playerHeader).toBe(panels.playerHeader);
    }
    expect(playerPanelsFor('zones').phases?.fast?.players).toBe('Fast phase');
    expect(playerPanelsFor('no-such-ruleset').phases).toBeUndefined();
  });

  // The campaign's code reaches a ruleset's rules without its panels (issue 14: the first screen
  // loads no panel; they come with the tracker and the campaign's tabs).
  it("registers each ruleset's rules once beside its panels, and the rules load no component", () => {
    expect(rulesIds).toEqual(panelIds);
    expect(registeredRules().map((r) => r.id)).toEqual(registeredPanels().map((p) => p.id));
    const svelteReached = (file: string, seen = new Set<string>()): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      if (file.endsWith('.svelte')) return [file];
      const text = readFileSync(join(SRC, file), 'utf8');
      const local = [...text.matchAll(/^import (?!type )[^;]*from '(\.[^']+)'/gm)].map((m) => m[1] as string);
      return local.flatMap((spec) => {
        const target = relative(SRC, join(SRC, file, '..', spec)).split('\\').join('/');
        return svelteReached(/\.(ts|svelte)$/.test(target) ? target : `${target}.ts`, seen);
      });
    };
    expect(svelteReached('rulesets/rules.ts')).toEqual([]);
    for (const outside of ['campaigns/session.svelte.ts', 'roster/template.ts', 'player/publisher.svelte.ts']) {
      expect(readFileSync(join(SRC, outside), 'utf8')).not.toMatch(/rulesets\/registry'/);
    }
  });

  it("registers each ruleset once, under an id the engine's registry knows", () => {
    const ids = panelIds;
    const engineIds = BUILTIN_RULESET_ENTRIES.map((r) => r.id);
    expect(ids.filter((id) => !engineIds.includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives Freeform and unknown rulesets the generic screen, and Zones & Factions its panels', () => {
    expect(Object.keys(panelsFor('freeform'))).toEqual(['id']);
    expect(panelsFor('no-such-ruleset').setup).toBeUndefined();
    expect(panelsFor(null).turn).toBeUndefined();
    const zones = panelsFor('zones');
    expect(zones.shows).toEqual({ battleMap: true, fightLog: true });
    // Its entries carry gear and fearless: once two flags, now its own part of the entry (issue 13).
    expect(rulesFor('zones').entry?.draft({})).toEqual({ gear: [], fearless: false });
    expect(zones.combatant?.add?.initial()).toEqual({ rules: { gear: [] }, marks: [] });
    expect(zones.combatant?.add?.afterAdd({ rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] }, marks: ['fear-immune'] })).toEqual({ rules: { gear: [] }, marks: ['fear-immune'] });
  });

  it("puts Zones & Factions' declare countdown up for the players only while the chaos of combat is played", () => {
    const created = createEncounter({ id: 'e', name: 'Fight', rulesetId: 'zones', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const state = created.encounter.state;
    const countdown = rulesFor('zones').countdown;
    expect(countdown?.({ ...state, settings: { ...state.settings, chaos: true } })).toBe(true);
    expect(countdown?.({ ...state, settings: { ...state.settings, chaos: false } })).toBe(false);
  });
});
