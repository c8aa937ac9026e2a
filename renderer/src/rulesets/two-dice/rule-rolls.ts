import { eventAs, type EncounterEvent } from '../../../../engine/index';
import type { AttackedEvent, StabilisedEvent, TestedEvent } from '../../../../engine/rulesets/two-dice/index';
import type { RuleRoll } from '../../dice/rule-rolls';

/** Every die the 2d6 & Vigilant rules rolled in one event (attacks, criticals, damage reduction, tests, stabilisation), in order. */
export function twoDiceRuleRolls(event: EncounterEvent, nameOf: (id: string) => string): RuleRoll[] {
  const attacked = eventAs<AttackedEvent>(event, 'two-dice/attacked');
  if (attacked) {
    const e = attacked;
    const who = `${nameOf(e.attackerId)} → ${nameOf(e.targetId)}`;
    const rolls: RuleRoll[] = [{ label: `${who}: attack with ${e.weapon} (${e.rolls.hit ? 'hit' : 'miss'})`, roll: e.rolls.attack }];
    if (e.rolls.critical) rolls.push({ label: `${who}: critical (${e.rolls.isCritical ? '+1' : 'none'})`, roll: e.rolls.critical });
    if (e.rolls.reductionRoll) rolls.push({ label: `${who}: past damage reduction (${e.rolls.reduced > 0 ? `−${e.rolls.reduced}` : 'through'})`, roll: e.rolls.reductionRoll });
    return rolls;
  }
  const tested = eventAs<TestedEvent>(event, 'two-dice/tested');
  if (tested) {
    const e = tested;
    return [{ label: `${nameOf(e.combatantId)}: ${e.label} (${e.success ? 'success' : 'failure'})`, roll: e.roll }];
  }
  const stabilised = eventAs<StabilisedEvent>(event, 'two-dice/stabilisation-rolled');
  if (stabilised) {
    const e = stabilised;
    return [{ label: `${nameOf(e.combatantId)}: stabilisation test ${e.attempt} (${e.success ? 'stable' : e.dies ? 'dies' : 'failed'})`, roll: e.roll }];
  }
  return [];
}
