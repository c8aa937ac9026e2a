// What bring-over.ts loads only when there are old encounters to bring over: the engine's restore
// path and journal lines, which the campaign list does not otherwise need (issue 43).
export { BUILTIN_RULESETS, historyLines, loadAllRulesets, restoreEncounter } from '../../../engine/index';
