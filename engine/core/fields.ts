import { parseNotation } from '../dice/notation';
import { checkInteger, isFailure } from './checks';
import type { SettingValue } from './state';
import { failure, type Failure } from '../result';

/**
 * A value a ruleset declares and the GM fills in: one of its settings, a field of its gear (a
 * weapon's Shock, a shield's durability, a damage type) or of its entries. Declared as data, it is
 * checked by `checkFieldValue(s)` and edited by the screen's generic form generated from it.
 */
export type FieldDefinition =
  | { key: string; label: string; hint: string; kind: 'number'; default: number; min: number; max: number }
  | { key: string; label: string; hint: string; kind: 'boolean'; default: boolean }
  | { key: string; label: string; hint: string; kind: 'choice'; default: string; options: { value: string; label: string }[] }
  | { key: string; label: string; hint: string; kind: 'dice'; default: string }
  | { key: string; label: string; hint: string; kind: 'text'; default: string; maxLength: number };

/** Whether the character has one of the ruleset's traits (Vigilant). */
export function hasTrait(c: { traits?: readonly string[] }, key: string): boolean {
  return c.traits?.includes(key) ?? false;
}

/** One field's value: checked against its declaration, or why it won't do (naming the field). */
export function checkFieldValue(def: FieldDefinition, value: unknown): SettingValue | Failure {
  switch (def.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : failure('input/boolean', `${def.label} is on or off.`);
    case 'number':
      return checkInteger(value, def.label, def.min, def.max);
    case 'choice':
      return def.options.some((o) => o.value === value) ? (value as string) : failure('input/choice', `${def.label} must be one of: ${def.options.map((o) => o.label).join(', ')}.`);
    case 'dice': {
      if (typeof value !== 'string') return failure('input/dice', `${def.label} is dice such as d8 or 2d6+1.`);
      const parsed = parseNotation(value.trim());
      return parsed.ok ? value.trim() : failure('input/dice', `${def.label}: ${parsed.message}`);
    }
    case 'text':
      if (typeof value !== 'string') return failure('input/text', `${def.label} is text.`);
      return value.trim().length <= def.maxLength ? value.trim() : failure('input/text', `${def.label} is at most ${def.maxLength} characters.`);
  }
}

/**
 * A group of fields as sent (a piece of gear, an entry's own part): each checked, missing ones
 * taking their defaults; a field the declaration lacks is refused, naming the ones it has.
 */
export function checkFieldValues(defs: readonly FieldDefinition[], raw: unknown, what: string): Record<string, SettingValue> | Failure {
  if (raw === undefined) raw = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return failure('input/fields', `${what} is given field by field, such as { ${defs[0]?.key ?? 'name'}: … }.`);
  const unknown = Object.keys(raw).find((key) => !defs.some((d) => d.key === key));
  if (unknown !== undefined) return failure('input/fields', `${what} has no field "${unknown}"; its fields are: ${defs.map((d) => d.key).join(', ') || 'none'}.`);
  const out: Record<string, SettingValue> = {};
  for (const def of defs) {
    const given = (raw as Record<string, unknown>)[def.key];
    const value = given === undefined ? def.default : checkFieldValue(def, given);
    if (isFailure(value)) return value;
    out[def.key] = value;
  }
  return out;
}
