import type { ZonesCommand } from '../../../../engine/rulesets/zones/index';
import { dispatcherFor } from '../typed-dispatch';

/** Sends one of Zones & Factions' own commands, its fields checked by the compiler. */
export const dispatchZones = dispatcherFor<ZonesCommand>();
