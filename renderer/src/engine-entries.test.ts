import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appSources, importsOf } from './import-scan-test-support';

// Code outside `engine/` (the renderer and the main process) reaches the engine through its entry
// files only, so the engine can rearrange its folders without touching them: `engine/index.ts`
// (the rules, and the built-in rulesets, each loaded on demand), `engine/all-rulesets.ts` (every
// built-in ruleset loaded at once, for the main process), `engine/drawing.ts` (what drawing a map and the
// players' screen needs, loading no ruleset, for the players' page and the preload),
// `engine/listing.ts` (the built-in rulesets' list and loader, for the campaign list, loading no
// rule), `engine/campaign/index.ts` (the campaign format), `engine/campaign/parse-export.ts`
// (reading a campaign export, which replays its fights), and a ruleset's own `index.ts` (for that
// ruleset's renderer folder). Tests may also use the engine's test support.

const SRC = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(SRC, '../..');
const ENGINE = join(ROOT, 'engine');
const ENTRIES = [join(ENGINE, 'index'), join(ENGINE, 'all-rulesets'), join(ENGINE, 'drawing'), join(ENGINE, 'listing'), join(ENGINE, 'campaign', 'index'), join(ENGINE, 'campaign', 'parse-export')];
const RULESET_ENTRY = new RegExp(`^${escape(join(ENGINE, 'rulesets') + sep)}[a-z0-9-]+${escape(sep)}index$`);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every import of `file` (absolute) that reaches into the engine past its entries, as "file:line: module". */
function deepImports(file: string, source: string): string[] {
  return importsOf(source).flatMap(({ line, module }) => {
    if (!module.startsWith('.')) return [];
    const target = resolve(dirname(file), module).replace(/\.(?:ts|js)$/, '');
    if (target !== ENGINE && !target.startsWith(ENGINE + sep)) return [];
    if (ENTRIES.includes(target) || RULESET_ENTRY.test(target)) return [];
    return [`${relative(ROOT, file)}:${line}: imports "${module}" (use engine/index.ts, engine/drawing.ts, engine/listing.ts, engine/campaign/index.ts, engine/campaign/parse-export.ts or a ruleset's index.ts)`];
  });
}

describe('outside code imports the engine through its entries', () => {
  it('finds the app sources of the renderer and the main process', () => {
    const files = [...appSources(SRC), ...appSources(join(ROOT, 'electron'))].map((f) => relative(ROOT, f));
    expect(files).toContain(join('renderer', 'src', 'main.ts'));
    expect(files).toContain(join('renderer', 'src', 'map', 'MapCanvas.svelte'));
    expect(files).toContain(join('electron', 'main.ts'));
  });

  it('has no app file under renderer/src or electron/ reach past them', () => {
    const files = [...appSources(SRC), ...appSources(join(ROOT, 'electron'))];
    const found = files.flatMap((file) => deepImports(file, readFileSync(file, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('tells an entry from a deeper module (the scan itself)', () => {
    const file = join(SRC, 'map', 'x.ts');
    const bad = [
      "import type { Id } from '../../../engine/encounter/state';",
      "import { deriveBorders } from '../../../engine/space/zones/borders.ts';",
      "export { statusOf } from '../../../engine/rulesets/health';",
      "import { gearOf } from '../../../engine/rulesets/zones/gear';",
      "const m = await import('../../../engine/rulesets/builtin');",
      "import '../../../engine/rulesets/zones/index/extra';",
    ];
    expect(deepImports(file, bad.join('\n'))).toHaveLength(bad.length);
    const fine = [
      "import { dispatch, type Id } from '../../../engine/index';",
      "import { deriveBorders } from '../../../engine/drawing';",
      "import { newId } from '../../../engine/campaign/index';",
      "import { gearOf } from '../../../engine/rulesets/zones/index';",
      "import { zoneLabel } from './canvas';",
      "// import { statusOf } from '../../../engine/rulesets/health';",
    ];
    expect(deepImports(file, fine.join('\n'))).toEqual([]);
  });
});
