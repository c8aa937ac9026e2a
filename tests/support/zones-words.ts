import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The check that Zones & Factions' rules are named only in its folders, shared by the engine's
// and the screen's tests (engine/ruleset-folders.test.ts, renderer/src/core/registry.test.ts).

/** Words that name a Zones-only rule. */
export const ZONES_WORDS = /blast|fastSlow|fast\/slow|threshold|chase|gear ?wear|grab|ambush|pendingAttack|deviat|morale|surrender|chaos/i;

/** A line allowed to name one anyway, and why it stays. */
export interface Allowance {
  file: RegExp;
  line: RegExp;
  why: string;
}

/**
 * The lines of these files (relative to `root`) that name a Zones word without an allowance, as
 * "file:line: text", and the allowances no line needed (to take off the list).
 */
export function zonesWordsOutside(root: string, files: readonly string[], allowed: readonly Allowance[]): { stray: string[]; unused: string[] } {
  const used = new Set<number>();
  const stray: string[] = [];
  for (const file of files) {
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if (!ZONES_WORDS.test(text)) return;
        const at = allowed.findIndex((a) => a.file.test(file) && a.line.test(text));
        if (at >= 0) used.add(at);
        else stray.push(`${file}:${i + 1}: ${text.trim()}`);
      });
  }
  return { stray, unused: allowed.filter((_, i) => !used.has(i)).map((a) => a.why) };
}
