import type { ThreeActionsCommand } from '../../../../engine/rulesets/three-actions/index';
import { dispatcherFor } from '../typed-dispatch';

/** Sends one of Three Actions' own commands, its fields checked by the compiler. */
export const dispatchThreeActions = dispatcherFor<ThreeActionsCommand>();
