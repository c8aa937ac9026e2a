// Three Actions' own commands, each handler given its own command through the shared contract.
import { commandsOf } from '../../core/typed';
import { decideAttack, type AttackCommand } from './attack';
import { decideCommand, type CommandCommand } from './command';
import { decideSetGear, type SetGearCommand } from './events';
import { decideAbandon, decideExtend, type AbandonCommand, type ExtendCommand } from './extended';
import { decideBrandish, decideDrop, type BrandishCommand, type DropCommand } from './hands';
import { decideManeuver, type ManeuverCommand } from './maneuver';
import { attackedSecondEvents } from './opening';
import { decideSetTests, type SetTestsCommand } from './own-tests';
import { decideReady, decideTakeReadied, type ReadyCommand, type TakeReadiedCommand } from './ready';
import { decideResuscitate, type ResuscitateCommand } from './resuscitate';
import { decideSetStarter, type SetStarterCommand } from './starter';
import { decideKillingStrike, type KillingStrikeCommand } from './strike';

/** Three Actions' own commands (each documented beside its handler). */
export type ThreeActionsCommand =
  | AttackCommand
  | SetGearCommand
  | SetTestsCommand
  | ExtendCommand
  | AbandonCommand
  | CommandCommand
  | KillingStrikeCommand
  | ResuscitateCommand
  | ReadyCommand
  | TakeReadiedCommand
  | SetStarterCommand
  | BrandishCommand
  | DropCommand
  | ManeuverCommand;

export const THREE_ACTIONS_COMMANDS = commandsOf<ThreeActionsCommand>()({
  'three-actions/attack': decideAttack,
  'three-actions/set-gear': (state, cmd) => decideSetGear(state, cmd),
  'three-actions/set-tests': (state, cmd) => decideSetTests(state, cmd),
  'three-actions/extend': decideExtend,
  'three-actions/abandon': (state, cmd) => decideAbandon(state, cmd),
  'three-actions/command': (state, cmd) => decideCommand(state, cmd),
  'three-actions/killing-strike': decideKillingStrike,
  'three-actions/resuscitate': decideResuscitate,
  'three-actions/ready': (state, cmd) => decideReady(state, cmd),
  'three-actions/take-readied': (state, cmd) => decideTakeReadied(state, cmd),
  'three-actions/set-starter': (state, cmd) => decideSetStarter(state, cmd, attackedSecondEvents),
  'three-actions/brandish': decideBrandish,
  'three-actions/drop': decideDrop,
  'three-actions/maneuver': decideManeuver,
});
