import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appSources, importsOf, isTestCode } from './import-scan-test-support';

// The project's rule for the renderer: from `electron/` it takes only the IPC contract's types
// (`import type` / `export type` from electron/ipc-contract/, erased at build). The campaign
// format both sides use is in `engine/campaign/`, which both import as equals. Nor does any app
// file import Node or Electron themselves. Tests and test support (`*.test.ts`, `*test-support.ts`)
// may reach the main process's code, so this checks that no app file imports test support.

const SRC = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(SRC, '../..');
const ELECTRON = join(ROOT, 'electron');
const CONTRACT = join(ELECTRON, 'ipc-contract');

/** Every import of `file` (a path relative to renderer/src) that breaks the rule, as "file:line: why". */
function violations(file: string, source: string): string[] {
  const found: string[] = [];
  for (const { line, typeOnly, module } of importsOf(source)) {
    const where = `${file}:${line}`;
    if (/^(?:node:|electron(?:\/|$))/.test(module)) {
      if (!typeOnly) found.push(`${where}: imports "${module}" (Node or Electron) at run time`);
      continue;
    }
    if (!module.startsWith('.')) continue;
    const target = resolve(SRC, dirname(file), module).replace(/\.(?:ts|js)$/, '');
    if (isTestCode(target)) {
      found.push(`${where}: imports "${module}", which is test support`);
    } else if (target === ELECTRON || target.startsWith(ELECTRON + sep)) {
      if (!typeOnly) found.push(`${where}: imports "${module}" at run time (only \`import type\` from the IPC contract; the campaign format is engine/campaign/)`);
      else if (target !== CONTRACT) found.push(`${where}: imports types from "${module}" (only the IPC contract's types come from electron/; the campaign format is engine/campaign/)`);
    }
  }
  return found;
}

describe('what the renderer takes from electron/', () => {
  it('finds the app sources, Svelte components included', () => {
    const files = appSources(SRC).map((f) => relative(SRC, f));
    expect(files).toContain('main.ts');
    expect(files).toContain(join('campaigns', 'backend.ts'));
    expect(files).toContain('App.svelte');
    expect(files.some((f) => isTestCode(f))).toBe(false);
  });

  it('takes only the IPC contract, and only its types, in every app file', () => {
    const found = appSources(SRC).flatMap((file) => violations(relative(SRC, file), readFileSync(file, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('the import scan itself', () => {
  it('catches run-time imports from electron/, types from elsewhere in it, Node, and test support', () => {
    const bad = [
      "import { createApi } from '../../../electron/ipc-contract';",
      "import { type GmScreenApi } from '../../../electron/ipc-contract';",
      "import type { Campaign } from '../../../electron/campaigns/index';",
      "export { parseExport } from '../../../electron/campaigns/campaign-export';",
      "import '../../../electron/main';",
      "const m = await import('../../../electron/settings');",
      "import * as contract from '../../../electron/ipc-contract';",
      "import { ipcRenderer } from 'electron';",
      "import { readFile } from 'node:fs/promises';",
      "import { diskHarness } from './disk-test-support';",
    ];
    const found = violations(join('campaigns', 'x.ts'), bad.join('\n'));
    expect(found).toHaveLength(bad.length);
    bad.forEach((_, i) => expect(found[i]).toMatch(new RegExp(`^campaigns[\\\\/]x\\.ts:${i + 1}: `)));
  });

  it('allows the contract types, the shared format, and mentions in comments, across lines', () => {
    const fine = [
      "import type { GmScreenApi } from '../../../electron/ipc-contract';",
      'export type {',
      '  CampaignInFolder,',
      "} from '../../../electron/ipc-contract';",
      "import { newId, type CampaignItem } from '../../../engine/campaign/index';",
      "import { dispatch } from '../../../engine/index';",
      "// import { createApi } from '../../../electron/ipc-contract';",
      "/* import '../../../electron/main'; */",
      "<!-- import { x } from '../../../electron/ipc'; -->",
    ];
    expect(violations(join('campaigns', 'x.ts'), fine.join('\n'))).toEqual([]);
  });
});
