/**
 * The engine's entry for the campaign list (the renderer's first view) and the code that loads
 * with it: the built-in rulesets' entries and their loader, a ruleset's default settings, whether
 * a journal line is a snapshot, the JSON record check, and the load-once helper the screen's
 * parts loaded on demand share with the rulesets' loader, loading no rule. The bundler splits
 * code by which modules a screen's imports reach, used or not: importing `engine/index.ts` would
 * reach every module it re-exports, and the list would download the whole engine (issue 43).
 * Outside code imports the engine through `engine/index.ts`, this file, `engine/drawing.ts`,
 * `engine/campaign/index.ts`, `engine/campaign/parse-export.ts` or a ruleset's `index.ts` only.
 *
 * @packageDocumentation
 */

export { BUILTIN_RULESET_ENTRIES, BUILTIN_RULESETS, findRuleset, loadAllRulesets, loadRuleset, rulesetEntry } from './rulesets/builtin';
export { defaultSettings } from './core/ruleset';
export { isSnapshot } from './encounter/journal-snapshots';
export { isRecord } from './json';
export { loadOnce } from './core/load-once';
