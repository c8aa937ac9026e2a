import type { TwoDiceCommand } from '../../../../engine/rulesets/two-dice/index';
import { dispatcherFor } from '../typed-dispatch';

/** Sends one of 2d6 & Vigilant's own commands, its fields checked by the compiler. */
export const dispatchTwoDice = dispatcherFor<TwoDiceCommand>();
