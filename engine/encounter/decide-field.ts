import { parseNotation } from '../dice/notation';
import { failure, type Failure, type Result } from '../result';
import { checkFieldValue } from '../core/fields';
import type { Ruleset } from '../core/ruleset';
import { checkCombatant, checkFaction, checkInteger, checkName, isFailure, nextId } from '../core/checks';
import type { Command } from '../core/commands';
import type { EncounterEvent } from '../core/events';
import { marksOf } from '../core/marks';
import { checkSheet, rulingMark } from './sheet-check';
import type { EncounterState, Mark, Id } from '../core/state';

// Setup and GM overrides of what the rules read: rule marks, traits, who holds the initiative,
// and the ruleset's settings. Allowed at any time: the GM always rules. (Laying out the
// space and who stands where are the space's: `space/decide.ts`.)

export type FieldCommand = Extract<
  Command,
  { type: 'set-mark' | 'set-trait' | 'set-initiative-faction' | 'set-team-order' | 'set-setting' }
>;

const ok = (...events: EncounterEvent[]): Result<EncounterEvent[]> => ({ ok: true, value: events });

/** Checks a list of rule marks against the ruleset's, keeping each once. */
export function checkMarks(value: unknown, ruleset: Ruleset): Mark[] | Failure {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return failure('input/marks', 'Marks must be a list.');
  const known = markIds(ruleset);
  const bad = value.find((m) => !known.includes(m as Mark));
  if (bad !== undefined) return failure('input/marks', `Unknown mark "${String(bad)}"; use one of: ${known.join(', ')}.`);
  return [...new Set(value as Mark[])];
}

/** Checks a list of traits against the ruleset's, keeping each once. */
export function checkTraits(value: unknown, ruleset: Ruleset): string[] | Failure {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return failure('input/traits', 'Traits must be a list.');
  const known = (ruleset.character.traits ?? []).map((t) => t.key);
  const bad = value.find((t) => typeof t !== 'string' || !known.includes(t));
  if (bad !== undefined) return failure('input/traits', known.length > 0 ? `${ruleset.name} has no trait "${String(bad)}"; its traits are: ${known.join(', ')}.` : `${ruleset.name} has no traits.`);
  return [...new Set(value as string[])];
}

const markIds = (ruleset: Ruleset): Mark[] => marksOf(ruleset).map((m) => m.id);

function setSetting(state: EncounterState, ruleset: Ruleset, key: unknown, value: unknown): Result<EncounterEvent[]> {
  const def = ruleset.settings.find((s) => s.key === key);
  if (!def) return failure('setting/unknown', `${ruleset.name} has no setting "${String(key)}".`);
  const checked = checkFieldValue(def, value);
  return isFailure(checked) ? checked : ok({ type: 'setting-set', key: def.key, value: checked });
}

// The GM's order of the teams' goes, where teams alternate without rolling for it.
function setTeamOrder(state: EncounterState, ruleset: Ruleset, ids: unknown, gmRuling: unknown): Result<EncounterEvent[]> {
  const proc = ruleset.turn.order;
  if (proc.kind !== 'alternating' || proc.sideInitiative) return failure('order/teams', `${ruleset.name} sets the teams' order itself; there is none to choose.`);
  if (!Array.isArray(ids) || ids.length === 0) return failure('input/factions', 'List the factions in the order they take their goes.');
  const order: Id[] = [];
  for (const id of ids) {
    const faction = checkFaction(state, id);
    if (isFailure(faction)) return faction;
    if (order.includes(faction.id)) return failure('input/factions', `${faction.name} is listed twice; list each faction once.`);
    order.push(faction.id);
  }
  // The ruleset may object (the attacked team's place); the GM may rule otherwise where it allows.
  const objection = proc.teamOrderRefusal?.(state, order) ?? null;
  if (objection && !(objection.overridable && gmRuling === true)) return objection;
  return ok({ type: 'team-order-set', order, ...(objection ? { ruling: true as const } : {}) });
}

export function decideField(state: EncounterState, cmd: FieldCommand, ruleset: Ruleset): Result<EncounterEvent[]> {
  switch (cmd.type) {
    case 'set-initiative-faction': {
      if (cmd.factionId === null) return ok({ type: 'initiative-faction-set', factionId: null });
      const faction = checkFaction(state, cmd.factionId);
      return isFailure(faction) ? faction : ok({ type: 'initiative-faction-set', factionId: faction.id });
    }
    case 'set-team-order':
      return setTeamOrder(state, ruleset, cmd.factionIds, cmd.gmRuling);
    case 'set-setting':
      return setSetting(state, ruleset, cmd.key, cmd.value);
    default:
      break;
  }
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  switch (cmd.type) {
    case 'set-mark': {
      // No fallback: a command that forgot the mark must not kill the combatant.
      const known = markIds(ruleset);
      if (!known.includes(cmd.mark)) return failure('input/choice', `The mark must be one of: ${known.join(', ')}.`);
      const mark = cmd.mark;
      return ok({ type: 'mark-set', combatantId: c.id, mark, on: cmd.on === true });
    }
    case 'set-trait': {
      const traits = checkTraits([cmd.trait], ruleset);
      if (isFailure(traits)) return traits;
      const on = cmd.on === true;
      const kept = (c.traits ?? []).filter((t) => t !== cmd.trait);
      const sheet = checkSheet(ruleset, state, { ...c, traits: on ? [...kept, cmd.trait] : kept }, c, cmd.gmRuling);
      if (isFailure(sheet)) return sheet;
      return ok({ type: 'trait-set', combatantId: c.id, trait: cmd.trait, on, ...rulingMark(sheet) });
    }
  }
}
