import type { EncounterState } from '../../encounter/state';
import type { RulesetEvent } from '../../encounter/events';
import type { Told } from '../../log/describe-parts';
import type { Voice } from '../../log/voice';
import type { RuleEventDefinition, RuleLogKind } from '../ruleset';
import * as apply from './apply-events';
import type { ZonesEventOf, ZonesEventType } from './events';
import * as tell from './tell-events';
import { withPendingAttack } from './slice';

// Zones & Factions' events as the core asks for them: how each applies, how the log files and
// tells it, whether the fight log panel shows it. An event reaching these has the type it is
// filed under (the core routes by type, and the log's checks let only known types in).

function define<T extends ZonesEventType>(
  kind: RuleLogKind,
  applyIt: (state: EncounterState, event: ZonesEventOf<T>) => EncounterState,
  tellIt: (event: ZonesEventOf<T>, voice: Voice) => Told | null,
): RuleEventDefinition {
  const typed = (event: RulesetEvent) => event as unknown as ZonesEventOf<T>;
  return { kind, fightLog: true, apply: (state, event) => applyIt(state, typed(event)), tell: (event, voice) => tellIt(typed(event), voice) };
}

export const ZONES_EVENTS: Readonly<Record<ZonesEventType, RuleEventDefinition>> = {
  'zones/attack-declared': define('attack', apply.attackDeclared, tell.attackDeclared),
  'zones/reaction-chosen': define('attack', apply.reactionChosen, tell.reactionChosen),
  'zones/attack-resolved': define('attack', apply.attackResolved, tell.attackResolved),
  'zones/attack-cancelled': define('attack', (state) => withPendingAttack(state, null), (_event, voice) => tell.attackCancelled(voice)),
  'zones/chase-resolved': define('chase', apply.chaseResolved, tell.chaseResolved),
  'zones/gear-worn': define('other', apply.gearWorn, tell.gearWorn),
  'zones/grab-set': define('override', apply.grabSet, tell.grabSet),
  'zones/gear-set': { ...define('override', apply.gearSet, tell.gearSet), fightLog: false },
  'zones/morale-phase-started': define('morale', apply.moralePhaseStarted, tell.moralePhaseStarted),
  'zones/morale-checked': { ...define('morale', apply.moraleChecked, tell.moraleChecked), saysWhoIsOut: true },
  'zones/morale-skipped': define('morale', apply.moraleSkipped, tell.moraleSkipped),
};
