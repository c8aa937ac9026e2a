import { checkCombatant, isFailure, nextId } from '../../core/checks';
import type { EncounterState, Id } from '../../core/state';
import { failure, type Result } from '../../result';
import type { EncounterEvent } from '../../core/events';
import type { RuleCommandHandler } from '../../core/ruleset';
import { commandsOf } from '../../core/typed';
import { decideAdvance, type AdvanceCommand } from './advance';
import { decideAttack, type AttackCommand } from './attack';
import type { KitSetEvent } from './events';
import type { ArmourWeight } from './armour';
import { twoDiceSheetRefusal } from './build';
import { checkKit } from './kit';
import { personOf } from './person';
import { decideTest, type TestCommand } from './test-command';

// 2d6 & Vigilant's own commands: attack, test (evade, extricate, sneak, other), advance off the
// grid, and the GM's entry of a character's kit (the GM may overrule the sheet's rules).

/**
 * The GM's kit for a character, each part optional (absent: kept as it is). Weapons and
 * proficiencies are the pieces as the sheet lists them (`{ id?, name, category, … }`), checked
 * one by one by `checkKit`; a piece without an id gets a new one.
 */
type KitInput = { armour?: ArmourWeight; weapons?: readonly object[]; proficiencies?: readonly object[] };

/** The GM enters a character's kit; against the sheet's rules (heavy armour without its traits, trait slots) only by `gmRuling`. */
export type SetKitCommand = { type: 'two-dice/set-kit'; combatantId: Id; kit: KitInput; gmRuling?: boolean };

/** 2d6 & Vigilant's own commands. */
export type TwoDiceCommand = AttackCommand | TestCommand | AdvanceCommand | SetKitCommand;

function setKit(state: EncounterState, cmd: SetKitCommand): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const kit = checkKit(cmd.kit, personOf(c), (n) => nextId(state, 'g', n));
  if (isFailure(kit)) return kit;
  // Heavy armour needs its traits, and skill past the first proficiency takes trait slots.
  const refused = twoDiceSheetRefusal(state, { ...c, rules: { ...personOf(c), ...kit } }, c);
  if (refused && cmd.gmRuling !== true) return refused;
  const event: KitSetEvent = { type: 'two-dice/kit-set', combatantId: c.id, kit, ...(refused ? { ruling: true as const } : {}) };
  return { ok: true, value: [event] };
}

export const TWO_DICE_COMMANDS: Readonly<Record<TwoDiceCommand['type'], RuleCommandHandler>> = commandsOf<TwoDiceCommand>()({
  'two-dice/attack': decideAttack,
  'two-dice/test': decideTest,
  'two-dice/advance': (state, cmd) => decideAdvance(state, cmd),
  'two-dice/set-kit': (state, cmd) => (cmd.kit === undefined ? failure('two-dice/kit', 'Send the kit: { armour, weapons, proficiencies }.') : setKit(state, cmd)),
});
