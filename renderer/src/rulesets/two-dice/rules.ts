/**
 * 2d6 & Vigilant's rules for the screen's code outside its panels: its part of party and
 * bestiary entries. Registered by one line in `rulesets/rules.ts`; loads none of its panels.
 */
import { findRuleset, isOutOfFight, type EncounterState } from '../../../../engine/index';
import { actionUsed, type TestCommand } from '../../../../engine/rulesets/two-dice/index';
import type { RulesetPaletteEntry } from '../../help/palette';
import type { RulesetRules } from '../rules';
import { twoDiceEntryRules } from './entry-part';

/** The acting character's tests, for the palette, while they are conscious: evading and extricating while the turn's action is unspent, sneaking at any time. */
function tests(state: EncounterState): RulesetPaletteEntry[] {
  const active = state.status === 'running' ? state.combatants.find((c) => c.id === state.activeId) : undefined;
  if (!active || isOutOfFight(findRuleset(state.rulesetId), active)) return [];
  const test = (kind: TestCommand['test']): TestCommand => ({ type: 'two-dice/test', combatantId: active.id, test: kind });
  const turn = actionUsed(state, active.id) === null ? [
    { label: `${active.name} evades (a test)`, command: test('evade') },
    { label: `${active.name} tries to extricate themselves (a test)`, command: test('extricate') },
  ] : [];
  return [...turn, { label: `${active.name} sneaks (a test)`, command: test('sneak') }];
}

export const twoDiceRules = {
  id: 'two-dice',
  entry: twoDiceEntryRules,
  palette: tests,
} satisfies RulesetRules;
