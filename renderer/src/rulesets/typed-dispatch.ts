import type { NamespacedType, RulesetCommand } from '../../../engine/index';
import { encounterStore } from '../store/encounter';

/**
 * A ruleset's own dispatch, typed by its union of commands: `const dispatchSides =
 * dispatcherFor<SidesCommand>()`. The engine takes any `<ruleset>/<name>` command (each handler
 * checks the fields it reads), so this is where the screen's commands get their fields checked by
 * the compiler.
 */
export function dispatcherFor<C extends { readonly type: NamespacedType }>(): (command: C) => boolean {
  return (command) => encounterStore.dispatch(command as RulesetCommand & C);
}
