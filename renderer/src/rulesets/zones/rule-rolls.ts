import { type EncounterEvent } from '../../../../engine/index';
import { isZonesEvent } from '../../../../engine/rulesets/zones/index';
import type { RuleRoll } from '../../dice/rule-rolls';

/**
 * Every die the Zones & Factions rules rolled in one event (the fast action threshold, saves,
 * damage, a blast's deviation, morale, chases, gear wear), in the order they were rolled.
 */
export function zonesRuleRolls(event: EncounterEvent, nameOf: (id: string) => string): RuleRoll[] {
  if (event.type === 'phase-started') return event.gate ? [{ label: `Round ${event.round}: fast action threshold`, roll: event.gate }] : [];
  if (isZonesEvent(event, 'zones/attack-declared')) {
    const rolls: RuleRoll[] = [];
    if (event.hitSave) rolls.push({ label: `${nameOf(event.attack.attackerId)}: WIT save to hit (${event.hitSave.passed ? 'hit' : 'miss'})`, roll: event.hitSave.roll });
    if (event.deviation?.roll) rolls.push({ label: 'Blast deviates: neighbouring zone', roll: event.deviation.roll });
    return rolls;
  }
  if (isZonesEvent(event, 'zones/reaction-chosen')) {
    return event.save ? [{ label: `${nameOf(event.reactorId)}: AGI save to dodge (${event.save.passed ? 'dodged' : 'failed'})`, roll: event.save.roll }] : [];
  }
  if (isZonesEvent(event, 'zones/attack-resolved')) {
    return event.blows.flatMap((b) => {
      const rolls: RuleRoll[] = [];
      if (b.save) rolls.push({ label: `${nameOf(b.targetId)}: STR save (${b.save.passed ? 'passed' : 'failed'})`, roll: b.save.roll });
      if (b.roll) rolls.push({ label: `${nameOf(b.attackerId)} → ${nameOf(b.targetId)}: damage`, roll: b.roll });
      return rolls;
    });
  }
  if (isZonesEvent(event, 'zones/morale-checked')) {
    return event.results.map((r) => ({ label: `${nameOf(r.combatantId)}: morale (WIT ${r.save.score}, ${r.save.passed ? 'holds' : r.outcome})`, roll: r.save.roll }));
  }
  if (isZonesEvent(event, 'zones/chase-resolved')) {
    return event.results.flatMap((r) => (r.save ? [{ label: `${nameOf(r.combatantId)}: AGI save to escape (${r.escaped ? 'escaped' : 'caught'})`, roll: r.save.roll }] : []));
  }
  if (isZonesEvent(event, 'zones/gear-worn')) {
    return event.results.map((r) => ({ label: `${nameOf(r.combatantId)}'s ${r.name}: durability (${r.before} → ${r.after})`, roll: r.roll }));
  }
  return [];
}
