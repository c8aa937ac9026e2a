import { checkCombatant, isFailure, nextId } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import type { EncounterState } from '../../encounter/state';
import { failure, type Result } from '../../result';
import type { EncounterEvent } from '../../encounter/events';
import type { RuleCommandHandler } from '../ruleset';
import { decideAdvance } from './advance';
import { decideAttack } from './attack';
import type { KitSetEvent } from './events';
import { twoDiceSheetRefusal } from './build';
import { checkKit } from './kit';
import { personOf } from './person';
import { decideTest } from './test-command';

// 2d6 & Vigilant's own commands: attack, test (evade, extricate, sneak, other), advance off the
// grid, and the GM's entry of a character's kit (the GM may overrule the sheet's rules).

function setKit(state: EncounterState, cmd: RulesetCommand): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const kit = checkKit(cmd.kit, personOf(c), (n) => nextId(state, 'g', n));
  if (isFailure(kit)) return kit;
  // Heavy armour needs its traits, and skill past the first proficiency takes trait slots.
  const refused = twoDiceSheetRefusal(state, { ...c, rules: { ...personOf(c), ...kit } }, c);
  if (refused && cmd.gmRuling !== true) return refused;
  const event: KitSetEvent = { type: 'two-dice/kit-set', combatantId: c.id, kit, ...(refused ? { ruling: true as const } : {}) };
  return { ok: true, value: [event as unknown as EncounterEvent] };
}

export const TWO_DICE_COMMANDS: Readonly<Record<string, RuleCommandHandler>> = {
  'two-dice/attack': decideAttack,
  'two-dice/test': decideTest,
  'two-dice/advance': (state, cmd) => decideAdvance(state, cmd),
  'two-dice/set-kit': (state, cmd) => (cmd.kit === undefined ? failure('two-dice/kit', 'Send the kit: { armour, weapons, proficiencies }.') : setKit(state, cmd)),
};
