import type { EncounterEvent, Roll } from '../../../engine/index';

/** A roll the rules made inside an event, with a label saying what it was for. */
export interface RuleRoll {
  label: string;
  roll: Roll;
}

/**
 * Every die the rules rolled in one event (thresholds, saves, damage, deviation, wear), in the
 * order they were rolled, so the dice log shows all of them and not only the dice roller's.
 */
export function ruleRolls(event: EncounterEvent, nameOf: (id: string) => string): RuleRoll[] {
  switch (event.type) {
    case 'initiative-held':
      return event.roll ? [{ label: 'Who holds the initiative', roll: event.roll }] : [];
    case 'phase-started':
      return event.threshold ? [{ label: `Round ${event.round}: fast action threshold`, roll: event.threshold }] : [];
    case 'attack-declared': {
      const rolls: RuleRoll[] = [];
      if (event.hitSave) rolls.push({ label: `${nameOf(event.attack.attackerId)}: WIT save to hit (${event.hitSave.passed ? 'hit' : 'miss'})`, roll: event.hitSave.roll });
      if (event.deviation?.roll) rolls.push({ label: 'Blast deviates: neighbouring zone', roll: event.deviation.roll });
      return rolls;
    }
    case 'reaction-chosen':
      return event.save ? [{ label: `${nameOf(event.reactorId)}: AGI save to dodge (${event.save.passed ? 'dodged' : 'failed'})`, roll: event.save.roll }] : [];
    case 'attack-resolved':
      return event.blows.flatMap((b) => {
        const rolls: RuleRoll[] = [];
        if (b.save) rolls.push({ label: `${nameOf(b.targetId)}: STR save (${b.save.passed ? 'passed' : 'failed'})`, roll: b.save.roll });
        if (b.roll) rolls.push({ label: `${nameOf(b.attackerId)} → ${nameOf(b.targetId)}: damage`, roll: b.roll });
        return rolls;
      });
    case 'morale-checked':
      return event.results.map((r) => ({ label: `${nameOf(r.combatantId)}: morale (WIT ${r.save.score}, ${r.save.passed ? 'holds' : r.outcome})`, roll: r.save.roll }));
    case 'chase-resolved':
      return event.results.flatMap((r) => (r.save ? [{ label: `${nameOf(r.combatantId)}: AGI save to escape (${r.escaped ? 'escaped' : 'caught'})`, roll: r.save.roll }] : []));
    case 'gear-worn':
      return event.results.map((r) => ({ label: `${nameOf(r.combatantId)}'s ${r.name}: durability (${r.before} → ${r.after})`, roll: r.roll }));
    default:
      return [];
  }
}
