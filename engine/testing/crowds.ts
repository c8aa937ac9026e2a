import type { Command } from '../core/commands';
import { MAX_QUANTITY } from '../encounter/decide-setup';
import type { Encounter } from '../encounter/encounter';
import { playedFight } from './journals';

/**
 * A running Freeform fight of `size` combatants, Knights and Goblins added a batch at a time to
 * alternate sides, then started: the crowd the speed benches and the long turn order's tests use.
 */
export function crowdFight(id: string, size: number): Encounter {
  const steps: ((encounter: Encounter) => Command)[] = [];
  for (let added = 0; added < size; added += MAX_QUANTITY) {
    const quantity = Math.min(MAX_QUANTITY, size - added);
    const side = (added / MAX_QUANTITY) % 2;
    // Faction ids are the encounter's: named from the encounter as it stands.
    steps.push((e) => ({ type: 'add-combatant', name: side === 0 ? 'Knight' : 'Goblin', quantity, factionId: e.state.factions[side]?.id ?? '', tracks: { hp: 20 } }));
  }
  steps.push(() => ({ type: 'start-combat' }));
  const encounter = playedFight({ id, rulesetId: 'freeform' }, steps);
  if (encounter.state.combatants.length !== size) throw new Error(`the crowd of ${size} holds ${encounter.state.combatants.length}`);
  return encounter;
}
