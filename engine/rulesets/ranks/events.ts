import type { AdvantageGainedEvent } from './advantage';
import type { AdvantageBoughtEvent } from './advantage-buy';
import type { AttackedEvent } from './attack-event';
import type { CheckedEvent } from './check';
import type { CombinedEvent } from './combine';
import type { ContestedEvent } from './contest';
import type { FocusSetEvent } from './engagement';
import type { ReorderedEvent } from './initiative';
import type { InitiativeCalledEvent } from './initiative-call';
import type { MatchedEvent } from './match';
import type { ReadiedEvent } from './readied';
import type { RecoveredEvent } from './recover';
import type { RecoveryUsedEvent } from './recovery-use';
import type { SheetSetEvent } from './sheet-event';
import type { AttackHeldEvent, TriggerAskedEvent, TriggerSettledEvent } from './trigger-names';

// Skill Ranks' events, typed once: each is defined (schema, reducer, sentence) beside the rule that
// writes it; this is their union, so the ruleset's `events` record is checked to define every one.

/** Skill Ranks' own events. */
export type RanksEvent =
  | ReorderedEvent
  | AdvantageGainedEvent
  | AdvantageBoughtEvent
  | InitiativeCalledEvent
  | AttackedEvent
  | FocusSetEvent
  | SheetSetEvent
  | ReadiedEvent
  | CheckedEvent
  | RecoveredEvent
  | RecoveryUsedEvent
  | ContestedEvent
  | CombinedEvent
  | MatchedEvent
  | TriggerAskedEvent
  | AttackHeldEvent
  | TriggerSettledEvent;

export type RanksEventType = RanksEvent['type'];
export type RanksEventOf<T extends RanksEventType> = Extract<RanksEvent, { type: T }>;
