import { checkZones } from '../map/zones';
import { parseNotation } from '../dice/notation';
import { failure, type Failure, type Result } from '../result';
import { checkFieldValue } from '../rulesets/fields';
import type { Ruleset } from '../rulesets/ruleset';
import { checkCombatant, checkFaction, checkInteger, checkName, isFailure, nextId } from './checks';
import type { Command } from './commands';
import type { EncounterEvent } from './events';
import { marksOf } from './marks';
import type { EncounterState, Mark } from './state';

// Setup and GM overrides of what the rules read: zones, who stands where, rule marks, who
// holds the initiative, and the ruleset's settings. Allowed at any time: the GM always rules.

export type FieldCommand = Extract<
  Command,
  { type: 'set-zones' | 'set-zone' | 'set-mark' | 'set-trait' | 'set-initiative-faction' | 'set-setting' }
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
  const known = (ruleset.traits ?? []).map((t) => t.key);
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

export function decideField(state: EncounterState, cmd: FieldCommand, ruleset: Ruleset): Result<EncounterEvent[]> {
  switch (cmd.type) {
    case 'set-zones': {
      const zones = checkZones(cmd.zones);
      if (!zones.ok) return zones;
      const ids = new Set(zones.value.map((z) => z.id));
      // Whoever stood in a zone that is gone now stands nowhere, rather than in a zone that isn't.
      const moved = state.combatants.filter((c) => c.zoneId !== null && !ids.has(c.zoneId)).map((c) => c.id);
      return ok({ type: 'zones-set', zones: zones.value, moved });
    }
    case 'set-initiative-faction': {
      if (cmd.factionId === null) return ok({ type: 'initiative-faction-set', factionId: null });
      const faction = checkFaction(state, cmd.factionId);
      return isFailure(faction) ? faction : ok({ type: 'initiative-faction-set', factionId: faction.id });
    }
    case 'set-setting':
      return setSetting(state, ruleset, cmd.key, cmd.value);
    default:
      break;
  }
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  switch (cmd.type) {
    case 'set-zone': {
      if (cmd.zoneId !== null && !state.zones.some((z) => z.id === cmd.zoneId)) {
        return failure('zone/unknown', `There is no zone with id "${String(cmd.zoneId)}"; add it to the zone list first.`);
      }
      if (cmd.borderId === undefined || cmd.borderId === null) return ok({ type: 'zone-set', combatantId: c.id, zoneId: cmd.zoneId, borderId: null });
      const border = state.borders.find((b) => b.id === cmd.borderId);
      if (!border) return failure('border/unknown', `There is no border with id "${String(cmd.borderId)}" between the zones of this fight.`);
      // On a border, one stands at the edge of one of its two zones: the one named, else the one they are in, else its first.
      const sides = [border.a, border.b];
      if (cmd.zoneId !== null && !sides.includes(cmd.zoneId)) {
        const zone = state.zones.find((z) => z.id === cmd.zoneId)?.name ?? cmd.zoneId;
        return failure('border/not-on-zone', `That border isn't on the edge of ${zone}; pick one of its borders, or one of the two zones it joins.`);
      }
      const zoneId = cmd.zoneId ?? (c.zoneId !== null && sides.includes(c.zoneId) ? c.zoneId : border.a);
      return ok({ type: 'zone-set', combatantId: c.id, zoneId, borderId: border.id });
    }
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
      return ok({ type: 'trait-set', combatantId: c.id, trait: cmd.trait, on: cmd.on === true });
    }
  }
}
