import { checkName, isFailure } from './checks';
import type { Id, SettingValue } from './state';
import { isRecord } from '../json';
import { failure, type Failure } from '../result';
import { checkFieldValues, type FieldDefinition } from './fields';

// The gear a ruleset's characters carry, declared as data: its kinds (a weapon, a shield), the
// fields each kind has (damage dice, reach, a shield's protection or a weapon's Shock), and what a
// new piece starts as. The screen's gear form is generated from it; `checkGearList` checks a list
// against it field by field. The rules between fields (a ranged weapon reaches at least the next
// zone) are the declaration's `check`, run by `checkGearList`, by the form beside each piece
// (`gearPieceProblem`) and by a ruleset's own check (Zones & Factions' `checkGear`), so the form
// refuses what the engine will.

/**
 * A field of a kind of gear. `shownWhen`: the form shows it only while another field of the
 * piece differs from a value (a range only for weapons that don't strike in melee: `isNot`), or
 * has it (a durability typed in only when the text lists one: `is`).
 */
export type GearFieldDefinition = FieldDefinition & { shownWhen?: { key: string; isNot: string } | { key: string; is: string } };

/** A kind of gear, its fields in the order the form shows them, and a new piece of it. */
export interface GearKindDefinition {
  id: string;
  label: string;
  fields: readonly GearFieldDefinition[];
  /** What "+ Weapon" adds: a name and the values unlike the fields' defaults. */
  fresh: { readonly name: string } & Readonly<Record<string, SettingValue>>;
}

/** The gear of a ruleset's characters. */
export interface GearDeclaration {
  kinds: readonly GearKindDefinition[];
  /** Most pieces one character carries. */
  max: number;
  /**
   * The rules between a piece's fields, in the ruleset's words: a failure naming the piece, or
   * null when they hold. Given the piece with its kind's fields filled in (defaults where none is
   * given). The gear form shows its message beside the piece, and the engine refuses with it.
   */
  check?: (piece: GearValues) => Failure | null;
}

/** A piece of gear by its fields: its name, its kind and each of the kind's fields by key. */
export type GearValues = { name: string; kind: string; [field: string]: SettingValue };

/** A piece of gear as the form edits it: every piece has a name and a kind, the rest by the kind's fields. */
export interface GearPiece {
  name: string;
  kind: string;
}

// A field of a piece by its key: the form's pieces are typed by their ruleset, their fields read by the declaration.
const fieldOf = (piece: GearPiece, key: string): unknown => (Object.hasOwn(piece, key) ? (Reflect.get(piece, key) as unknown) : undefined);

/** The fields the form shows for a piece now (those whose `shownWhen` holds). */
export function shownGearFields(declaration: GearDeclaration, piece: GearPiece): GearFieldDefinition[] {
  const kind = declaration.kinds.find((k) => k.id === piece.kind) ?? declaration.kinds[0];
  return (kind?.fields ?? []).filter((f) => {
    if (!f.shownWhen) return true;
    const other = kind?.fields.find((o) => o.key === f.shownWhen?.key);
    const value = fieldOf(piece, f.shownWhen.key) ?? other?.default;
    return 'is' in f.shownWhen ? value === f.shownWhen.is : value !== f.shownWhen.isNot;
  });
}

/**
 * What the declaration's rules between fields (`check`) say of a piece as the form holds it (its
 * kind's fields filled in with their defaults where none is given): the sentence, or null when
 * they hold or the declaration has none.
 */
export function gearPieceProblem(declaration: GearDeclaration, piece: GearPiece): string | null {
  const kind = declaration.kinds.find((k) => k.id === piece.kind) ?? (declaration.kinds.length === 1 ? declaration.kinds[0] : undefined);
  if (!declaration.check || !kind) return null;
  const filled: Record<string, SettingValue> = {};
  for (const f of kind.fields) {
    const value = fieldOf(piece, f.key);
    filled[f.key] = typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? value : f.default;
  }
  const name = typeof piece.name === 'string' && piece.name.trim() !== '' ? piece.name.trim() : kind.label;
  return declaration.check({ ...filled, name, kind: kind.id })?.message ?? null;
}

/** A piece of gear as checked: its id, name and kind, and each of the kind's fields by key. */
export type CheckedGear = { id: Id; name: string; kind: string; [field: string]: SettingValue };

/**
 * Checks a gear list as sent against the declaration: each piece's name, its kind (the only one
 * when there is one), and every field of the kind (missing ones take their defaults; a field the
 * kind lacks is refused, naming the ones it has). Pieces that name one of `current` by id keep
 * it; the others take `freshId(0)`, `freshId(1)`… in order.
 */
export function checkGearList(declaration: GearDeclaration, inputs: unknown, current: readonly { id: Id }[], freshId: (n: number) => Id): CheckedGear[] | Failure {
  if (inputs === undefined) return [];
  const example = `{ "name": "Axe", "kind": "${declaration.kinds[0]?.id ?? 'weapon'}" }`;
  if (!Array.isArray(inputs)) return failure('gear/shape', `Gear is a list of pieces, such as [${example}].`);
  if (inputs.length > declaration.max) return failure('gear/too-much', `A character carries at most ${declaration.max} pieces of gear here.`);
  const checked: CheckedGear[] = [];
  let fresh = 0;
  for (const [i, input] of inputs.entries()) {
    if (!isRecord(input)) return failure('gear/shape', `Piece ${i + 1} of the gear is given field by field, such as ${example}.`);
    const { id, name: given, kind: kindId, ...fields } = input;
    const name = checkName(given, 'piece of gear');
    if (isFailure(name)) return name;
    const only = declaration.kinds.length === 1 ? declaration.kinds[0] : undefined;
    const kind = kindId === undefined && only ? only : declaration.kinds.find((k) => k.id === kindId);
    if (!kind) return failure('gear/kind', `${name} must be one of: ${declaration.kinds.map((k) => k.label.toLowerCase()).join(', ')}.`);
    const values = checkFieldValues(kind.fields, fields, name);
    if (isFailure(values)) return values;
    const between = declaration.check?.({ ...values, name, kind: kind.id });
    if (between) return between;
    // A piece naming one already kept (a copy of it sent along) is a new piece: one id, one piece.
    const kept = typeof id === 'string' && !checked.some((g) => g.id === id) ? current.find((g) => g.id === id) : undefined;
    checked.push({ ...values, id: kept ? kept.id : freshId(fresh++), name, kind: kind.id });
  }
  return checked;
}
