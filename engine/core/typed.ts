import type * as v from 'valibot';
import type { RandomSource } from '../dice/random';
import type { RulesetCommand } from './commands';
import type { EncounterEvent, RulesetEvent } from './events';
import type { EncounterState } from './state';
import type { Told } from './told';
import type { Voice } from './voice';
import type { Result } from '../result';
import type { NamespacedType } from './namespaced';
import type { RuleCommandHandler, RuleEventDefinition, RuleLogKind, Ruleset } from './ruleset';

// A ruleset's commands and events typed once. The core keeps every ruleset's commands and events
// as `RulesetCommand` / `RulesetEvent` (a type and any fields) and routes them by type; these
// helpers hand each handler, reducer and sentence its own type, so a ruleset writes its command
// and event unions once and no cast is left in its code. The one narrowing is here, and it is
// sound by how the core routes: a handler is only given commands of its type, and a definition
// only events of its type that its own decider wrote or its schema passed (`event-checks/`).

/** Anything a ruleset names by a `<ruleset id>/<name>` type. */
interface Typed {
  readonly type: NamespacedType;
}

/** The member of a union of commands or events with the type `T`. */
export type OfType<U extends Typed, T extends U['type']> = Extract<U, { type: T }>;

/** How one of a ruleset's commands is decided, given the command as its own type. */
export type TypedCommandHandler<C> = (state: EncounterState, command: C, random: () => RandomSource, ruleset: Ruleset) => Result<EncounterEvent[]>;

/**
 * The handlers of a ruleset's commands, `U` its union of commands: `commandsOf<SidesCommand>()({
 * 'sides/attack': (state, cmd) => …, … })`, each handler given its own member of `U`. A handler
 * still checks every field it reads (ids against the state, numbers against their ranges): the
 * screen's commands are typed by the compiler, not by the engine.
 */
export function commandsOf<U extends Typed>() {
  return <H extends { [T in U['type']]: TypedCommandHandler<OfType<U, T>> }>(handlers: H): Readonly<Record<U['type'], RuleCommandHandler>> => {
    const entries = Object.entries(handlers) as [U['type'], TypedCommandHandler<U>][];
    return Object.fromEntries(entries.map(([type, decide]) => [type, (state: EncounterState, command: RulesetCommand, random: () => RandomSource, ruleset: Ruleset) => decide(state, command as RulesetCommand & U, random, ruleset)])) as Record<U['type'], RuleCommandHandler>;
  };
}

/** One of a ruleset's events, as its own type `E`: how it applies, how the log files and tells it. */
export interface TypedEventDefinition<E> {
  kind: RuleLogKind;
  /** Shown in the fight log panel; true unless said otherwise. */
  fightLog?: boolean;
  saysWhoIsOut?: boolean;
  schema: v.GenericSchema;
  apply(state: EncounterState, event: E): EncounterState;
  tell(event: E, voice: Voice): Told | null;
  refers?(state: EncounterState, event: E): string | null;
}

/** A ruleset's event definition from its typed parts (see {@link TypedEventDefinition}). */
export function ruleEvent<E extends Typed>(definition: TypedEventDefinition<E>): RuleEventDefinition {
  const typed = (event: RulesetEvent) => event as RulesetEvent & E;
  const { refers } = definition;
  return {
    kind: definition.kind,
    fightLog: definition.fightLog ?? true,
    ...(definition.saysWhoIsOut ? { saysWhoIsOut: true } : {}),
    schema: definition.schema,
    apply: (state, event) => definition.apply(state, typed(event)),
    tell: (event, voice) => definition.tell(typed(event), voice),
    ...(refers ? { refers: (state: EncounterState, event: RulesetEvent) => refers(state, typed(event)) } : {}),
  };
}

/** A ruleset's event as the core keeps it (a typed event is one already; this only says so to the compiler). */
export function asEvent<E extends Typed>(event: E): EncounterEvent {
  return event as RulesetEvent & E;
}

/**
 * A logged event read as one of a ruleset's own events, `E`, when it is of `E`'s type; null for
 * any other (the screens reading results back from the log). Its type names its shape: a stored
 * event was held to that type's schema when the log was read.
 */
export function eventAs<E extends Typed>(event: EncounterEvent | undefined, type: E['type']): (RulesetEvent & E) | null {
  return event !== undefined && event.type === type ? (event as RulesetEvent & E) : null;
}
