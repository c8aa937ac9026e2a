import { failure, type Failure } from '../result';
import type { Combatant, EncounterState, Faction, Id } from './state';

// Small guards shared by the deciders. Each returns a Failure with a sentence for the GM, or the
// checked value; commands may come from scripts and IPC, so nothing is trusted to be in range.

export const NAME_MAX = 60;
export const NOTES_MAX = 4000;

export function checkName(name: unknown, what: string): string | Failure {
  if (typeof name !== 'string' || name.trim() === '') return failure('input/name', `Give the ${what} a name.`);
  const trimmed = name.trim();
  if (trimmed.length > NAME_MAX) return failure('input/name', `Keep the ${what}'s name to ${NAME_MAX} characters.`);
  return trimmed;
}

export function checkInteger(value: unknown, label: string, min: number, max: number): number | Failure {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return failure('input/number', `${label} must be a whole number.`);
  }
  if (value < min || value > max) return failure('input/range', `${label} must be between ${min} and ${max}; got ${value}.`);
  return value;
}

export function checkCombatant(state: EncounterState, id: unknown): Combatant | Failure {
  const found = typeof id === 'string' ? state.combatants.find((c) => c.id === id) : undefined;
  return found ?? failure('combatant/unknown', `There is no combatant with id "${String(id)}" in this encounter.`);
}

export function checkFaction(state: EncounterState, id: unknown): Faction | Failure {
  const found = typeof id === 'string' ? state.factions.find((f) => f.id === id) : undefined;
  return found ?? failure('faction/unknown', `There is no faction with id "${String(id)}" in this encounter.`);
}

/** "Heroes' go", "Ogre's go": the possessive of a name, as the GM would write it. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

/** A fresh id: a letter for what it names (c, f, k, z, r; a ruleset picks its own) and a number past every id so far. */
export function nextId(state: EncounterState, prefix: string, offset = 0): Id {
  return `${prefix}${state.serial + 1 + offset}`;
}

// Ids are "<letter><serial>"; keeping the counter past every id seen makes replay hand out the
// same ids as the live run did.
export function bumpSerial(serial: number, ...ids: Id[]): number {
  return ids.reduce((max, id) => Math.max(max, Number(id.slice(1)) || 0), serial);
}
