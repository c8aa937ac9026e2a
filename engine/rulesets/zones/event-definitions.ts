import type { EncounterState } from '../../core/state';
import type { Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import type { RuleEventDefinition, RuleLogKind } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import * as apply from './apply-events';
import type { ZonesEventOf, ZonesEventType } from './events';
import * as tell from './tell-events';
import { withPendingAttack } from './slice';
import { ZONES_EVENT_SCHEMAS, zonesReferenceProblem } from './event-checks';
import { revealAsked, revealDecided } from './reveal';
import { leavingAsked, leavingDecided } from './leaving';
import { moraleCalled } from './morale-trigger';
import { stuntProposed, tellStuntProposed } from './stunt';
import { itemsMoved, tellItemsMoved } from './items';

// Zones & Factions' events as the core asks for them: how each applies, how the log files and
// tells it, whether the fight log panel shows it. An event reaching these has the type it is
// filed under (the core routes by type, and the log's checks let only known types in).

function define<T extends ZonesEventType>(
  type: T,
  kind: RuleLogKind,
  applyIt: (state: EncounterState, event: ZonesEventOf<T>) => EncounterState,
  tellIt: (event: ZonesEventOf<T>, voice: Voice) => Told | null,
): RuleEventDefinition {
  return ruleEvent<ZonesEventOf<T>>({ kind, apply: applyIt, tell: tellIt, schema: ZONES_EVENT_SCHEMAS[type], refers: zonesReferenceProblem });
}

export const ZONES_EVENTS: Readonly<Record<ZonesEventType, RuleEventDefinition>> = {
  'zones/attack-declared': define('zones/attack-declared', 'attack', apply.attackDeclared, tell.attackDeclared),
  'zones/reaction-chosen': define('zones/reaction-chosen', 'attack', apply.reactionChosen, tell.reactionChosen),
  'zones/attack-resolved': define('zones/attack-resolved', 'attack', apply.attackResolved, tell.attackResolved),
  'zones/attack-cancelled': define('zones/attack-cancelled', 'attack', (state) => withPendingAttack(state, null), (_event, voice) => tell.attackCancelled(voice)),
  'zones/chase-resolved': define('zones/chase-resolved', 'chase', apply.chaseResolved, tell.chaseResolved),
  'zones/gear-worn': define('zones/gear-worn', 'other', apply.gearWorn, tell.gearWorn),
  'zones/grab-set': define('zones/grab-set', 'override', apply.grabSet, tell.grabSet),
  'zones/gear-set': { ...define('zones/gear-set', 'override', apply.gearSet, tell.gearSet), fightLog: false },
  'zones/morale-phase-started': define('zones/morale-phase-started', 'morale', apply.moralePhaseStarted, tell.moralePhaseStarted),
  'zones/morale-checked': { ...define('zones/morale-checked', 'morale', apply.moraleChecked, tell.moraleChecked), saysWhoIsOut: true },
  'zones/morale-skipped': define('zones/morale-skipped', 'morale', apply.moraleSkipped, tell.moraleSkipped),
  'zones/reveal-asked': { ...define('zones/reveal-asked', 'attack', revealAsked, () => null), fightLog: false },
  'zones/reveal-decided': define('zones/reveal-decided', 'attack', revealDecided, tell.revealDecided),
  'zones/leaving-asked': define('zones/leaving-asked', 'movement', leavingAsked, tell.leavingAsked),
  'zones/leaving-decided': define('zones/leaving-decided', 'movement', leavingDecided, tell.leavingDecided),
  'zones/items-moved': define('zones/items-moved', 'other', itemsMoved, tellItemsMoved),
  'zones/shoved': define('zones/shoved', 'attack', apply.shoved, tell.shoved),
  'zones/stunt-proposed': define('zones/stunt-proposed', 'attack', stuntProposed, tellStuntProposed),
  'zones/morale-called': define('zones/morale-called', 'morale', moraleCalled, tell.moraleCalled),
};
