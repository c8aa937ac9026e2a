import type { RandomSource } from '../../dice/random';
import type { EncounterEvent } from '../../encounter/events';
import type { EncounterState } from '../../encounter/state';
import { failure, type Result } from '../../result';
import type { RuleCommand } from '../ruleset';
import { resolveChase, rollGearWear } from './aftermath';
import { declareAttack } from './declare-attack';
import { reactToAttack } from './react';

/** Zones & Factions' own commands: attacks and reactions, long chases, gear wear after the fight. */
export function decideZonesRule(state: EncounterState, cmd: RuleCommand, random: RandomSource): Result<EncounterEvent[]> {
  switch (cmd.type) {
    case 'declare-attack':
      return declareAttack(state, cmd, random);
    case 'react-to-attack':
      return reactToAttack(state, cmd, random);
    case 'cancel-attack':
      return state.pendingAttack ? { ok: true, value: [{ type: 'attack-cancelled' }] } : failure('attack/none', 'No attack is waiting to be cancelled.');
    case 'resolve-chase':
      return resolveChase(state, cmd, random);
    case 'roll-gear-wear':
      return rollGearWear(state, random);
  }
}
