import type { SaveResult } from '../dice/checks';
import type { ExpiredCondition } from './events';
import type { Combatant, EncounterState, Id } from './state';
import { logDice, type LogDice } from './log-dice';
import type { Voice } from './voice';

// The small pieces the sentences of the encounter log are made of (describe.ts, describe-attack.ts).

/** An event told: the sentence, who it involves, its dice and its clauses for the round summary. */
export interface Told {
  text: string;
  ids: Id[];
  dice: LogDice[];
  summary: string[];
}

export const told = (text: string, ids: Id[] = [], dice: LogDice[] = [], summary: string[] = []): Told => ({ text, ids, dice, summary });
export const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);
/** "Goblin no longer stands", "Goblin, Orc no longer stand". */
export const verb = (names: string[], one: string, many: string) => `${names.join(', ')} ${names.length === 1 ? one : many}`;
export const present = <T>(values: readonly (T | null | undefined)[]): T[] => values.filter((v): v is T => v !== null && v !== undefined);

export function combatant(state: EncounterState, id: Id): Combatant | undefined {
  return state.combatants.find((c) => c.id === id);
}

/** The ruleset's main track's label in lower case ("health", "hit points"), and its key. */
export function mainTrack(v: Voice): { key: string; label: string } {
  const def = v.ruleset?.character.tracks[0];
  return def ? { key: def.key, label: def.label.toLowerCase() } : { key: 'hp', label: 'hit points' };
}

/**
 * " (3 health left)" for an audience that may know it, " (badly hurt)" for one that sees a
 * descriptor. With several tracks it names those the event changed ("0 endurance, 7 health
 * left"), or all of them when it changed none: health is as the ruleset keeps it, not one track.
 */
export function healthLeft(v: Voice, id: Id, tracks: Record<string, { value: number }> | undefined): string {
  if (v.exact(id)) {
    const after = tracks ?? combatant(v.after, id)?.tracks;
    const before = combatant(v.before, id)?.tracks;
    const defs = v.ruleset ? v.ruleset.character.tracks.map((d) => ({ key: d.key, label: d.label.toLowerCase() })) : [mainTrack(v)];
    const known = defs.filter((d) => after?.[d.key] !== undefined);
    const changed = known.filter((d) => before?.[d.key]?.value !== after?.[d.key]?.value);
    const shown = (changed.length > 0 ? changed : known).map((d) => `${after?.[d.key]?.value ?? 0} ${d.label}`);
    return shown.length > 0 ? ` (${shown.join(', ')} left)` : '';
  }
  const looks = v.looks(id);
  return looks ? ` (${looks})` : '';
}

/** The conditions that ran out, as a sentence of their own, for those the audience may know. */
export function expiredText(v: Voice, expired: readonly ExpiredCondition[] | undefined): string {
  const lines = (expired ?? []).filter((x) => v.exact(x.combatantId) && v.who(x.combatantId) !== null).map((x) => `${v.who(x.combatantId)} is no longer ${x.name}.`);
  return lines.length ? ` ${lines.join(' ')}` : '';
}

export function saveDice(who: string | null, what: string, save: SaveResult, outcome: string, v: Voice, subject: Id): LogDice {
  const score = v.exact(subject) && v.audience === 'gm' ? `, ${save.score} or less` : '';
  return logDice(who, `${what}${score} (${outcome})`, save.roll);
}
