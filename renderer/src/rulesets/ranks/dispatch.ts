import type { RanksCommand } from '../../../../engine/rulesets/ranks/index';
import { dispatcherFor } from '../typed-dispatch';

/** Sends one of Skill Ranks' own commands, its fields checked by the compiler. */
export const dispatchRanks = dispatcherFor<RanksCommand>();
