import type { OfType } from '../../core/typed';
import type { AttackedEvent } from './attack';
import type { BlowLandedEvent } from './blow';
import type { NerveCheckedEvent, SurpriseCheckedEvent } from './checks';
import type { ExecutedEvent } from './execution';
import type { GearSetEvent } from './gear-set';
import type { DraggedEvent, GrappledEvent, GrappleEndedEvent, GrappleHurtEvent } from './grapple';
import type { ItemsMovedEvent } from './items';
import type { DisengagedFromEvent, OpportunityAskedEvent, OpportunitySettledEvent, OpportunityTakenEvent } from './opportunity';
import type { ScreenedEvent, ScreenSetEvent } from './screen';
import type { ShovedEvent } from './shove';
import type { SurpriseSetEvent } from './surprise';
import type { SwarmJoinedEvent } from './swarm';

// Sides & Shock's own events, typed once: each is declared beside the rule that writes it, with
// its fields as its reducer and sentence read them (and its schema checks them); this is their union.

/** Every event Sides & Shock's `events` record defines. */
export type SidesEvent =
  | AttackedEvent
  | BlowLandedEvent
  | OpportunityAskedEvent
  | OpportunityTakenEvent
  | OpportunitySettledEvent
  | DisengagedFromEvent
  | GrappledEvent
  | GrappleHurtEvent
  | GrappleEndedEvent
  | DraggedEvent
  | ScreenSetEvent
  | ScreenedEvent
  | SwarmJoinedEvent
  | ShovedEvent
  | ExecutedEvent
  | GearSetEvent
  | ItemsMovedEvent
  | NerveCheckedEvent
  | SurpriseCheckedEvent
  | SurpriseSetEvent;

export type SidesEventType = SidesEvent['type'];

/** The one of Sides & Shock's events with the type `T`. */
export type SidesEventOf<T extends SidesEventType> = OfType<SidesEvent, T>;
