import type { SidesCommand } from '../../../../engine/rulesets/sides/index';
import { dispatcherFor } from '../typed-dispatch';

/** Sends one of Sides & Shock's own commands, its fields checked by the compiler. */
export const dispatchSides = dispatcherFor<SidesCommand>();
