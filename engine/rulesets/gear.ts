import type { SettingValue } from '../encounter/state';
import type { FieldDefinition } from './fields';

// The gear a ruleset's characters carry, declared as data: its kinds (a weapon, a shield), the
// fields each kind has (damage dice, reach, a shield's protection or a weapon's Shock), and what a
// new piece starts as. The screen's gear form is generated from it; the ruleset's own check
// (Zones & Factions: `checkGear`) refuses what it doesn't allow, saying why.

/**
 * A field of a kind of gear. `shownWhen`: the form shows it only while another field of the
 * piece differs from a value (a range only for weapons that don't strike in melee).
 */
export type GearFieldDefinition = FieldDefinition & { shownWhen?: { key: string; isNot: string } };

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
}

/** A piece of gear as the form edits it: every piece has a name and a kind, the rest by the kind's fields. */
export interface GearPiece {
  name: string;
  kind: string;
}

/** The fields the form shows for a piece now (those whose `shownWhen` holds). */
export function shownGearFields(declaration: GearDeclaration, piece: GearPiece): GearFieldDefinition[] {
  const kind = declaration.kinds.find((k) => k.id === piece.kind) ?? declaration.kinds[0];
  const values = piece as unknown as Readonly<Record<string, unknown>>;
  return (kind?.fields ?? []).filter((f) => {
    if (!f.shownWhen) return true;
    const other = kind?.fields.find((o) => o.key === f.shownWhen?.key);
    return (values[f.shownWhen.key] ?? other?.default) !== f.shownWhen.isNot;
  });
}
