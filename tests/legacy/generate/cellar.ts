/**
 * "The cellar" (Freeform), played in the Freeform campaign: the party and bestiary entries added
 * from the campaign (numbered copies), characters typed in by hand (one with markup in its name),
 * a third faction, rolled initiative, a character joining mid-fight, damage and healing, timed
 * conditions that run out at the start or the end of a turn and one taken off by hand, rounds
 * going by (per-round abilities coming back), a step back with Previous turn, limited-use
 * abilities used and set by hand, every GM override (tracks, stats, name, side, concealment,
 * notes, order, initiative, removal), dice rolled and typed in, the player-view settings, and
 * undo/redo including an undo followed by a new step (which drops the redo).
 */
import type { CampaignItem } from '../../../electron/campaigns/index';
import type { Table } from './gm';
import { named, resource } from './moves';

export interface FreeformItems {
  readonly party: readonly CampaignItem[];
  readonly bestiary: readonly CampaignItem[];
}

const NEXT = { type: 'next-turn' } as const;

export function playCellar(t: Table, items: FreeformItems): void {
  const { gm } = t;
  gm.addFromCampaign(named(items.party, 'Kara'), { quantity: 1, factionId: 'f1' });
  gm.addFromCampaign(named(items.party, 'Lio'), { quantity: 1, factionId: 'f1' });
  gm.addFromCampaign(named(items.bestiary, 'Goblin'), { quantity: 3, factionId: 'f2' });
  gm.addFromCampaign(named(items.bestiary, 'Ogre'), { quantity: 1, factionId: 'f2' });
  t.run(
    { type: 'add-faction', name: 'Rats', colour: '#8d6e63' },
    () => ({ type: 'add-combatant', name: 'Rat swarm', factionId: t.faction('Rats'), stats: { initMod: 2 }, tracks: { hp: 9 }, notes: 'Hates light.' }),
    { type: 'add-combatant', name: 'Imp <script>alert("boo")</script>', factionId: 'f2', stats: { initMod: 4, ac: 14 }, tracks: { hp: 6 }, concealed: true },
    () => ({ type: 'hide-until-turn', combatantId: t.id('Goblin 3'), hidden: true }),
    () => ({ type: 'set-player-name', combatantId: t.id('Ogre'), name: 'Big shape in the dark' }),
    () => ({ type: 'reveal-name', combatantId: t.id('Goblin 1'), revealed: true }),
    () => ({ type: 'set-player-factions', factionIds: ['f1', t.faction('Rats')] }),
    { type: 'start-combat' },
  );
  const imp = 'Imp <script>alert("boo")</script>';
  const active = () => t.state.combatants.find((c) => c.id === t.state.activeId)?.name;
  const nextUntil = (name: string) => {
    for (let i = 0; active() !== name; i++) {
      if (i > 12) throw new Error(`${name} never gets a turn`);
      t.run(NEXT);
    }
  };

  // Round 1.
  nextUntil('Goblin 1');
  t.run(
    () => ({ type: 'damage', combatantId: t.id('Kara'), amount: 5 }),
    () => ({ type: 'add-condition', combatantId: t.id('Kara'), name: 'Poisoned', duration: { rounds: 1, endsOn: 'turn-end', anchorId: t.id('Goblin 1') } }),
  );
  nextUntil('Lio');
  t.run(
    () => ({ type: 'use-resource', combatantId: t.id('Lio'), resourceId: resource(t, 'Lio', 'Bardic inspiration') }),
    () => ({ type: 'heal', combatantId: t.id('Kara'), amount: 3 }),
    { type: 'roll', notation: '1d20+5', label: 'Persuade the imp' },
  );
  nextUntil(imp);
  t.run(
    () => ({ type: 'set-concealed', combatantId: t.id(imp), concealed: false }),
    () => ({ type: 'damage', combatantId: t.id('Lio'), amount: 4 }),
    () => ({ type: 'add-condition', combatantId: t.id('Lio'), name: 'Frightened', duration: { rounds: 2, endsOn: 'turn-start', anchorId: t.id('Lio') } }),
  );
  nextUntil('Kara');
  t.run(
    () => ({ type: 'use-resource', combatantId: t.id('Kara'), resourceId: resource(t, 'Kara', 'Rage') }),
    () => ({ type: 'use-resource', combatantId: t.id('Kara'), resourceId: resource(t, 'Kara', 'Action surge') }),
    () => ({ type: 'damage', combatantId: t.id('Goblin 2'), amount: 7 }),
    { type: 'previous-turn' },
    NEXT,
  );
  nextUntil('Rat swarm');
  t.run(() => ({ type: 'damage', combatantId: t.id('Kara'), amount: 2 }), { type: 'roll', notation: '2d6', label: 'Rats swarm', manualDice: [3, 4] });
  nextUntil('Ogre');
  t.run(() => ({ type: 'add-condition', combatantId: t.id('Ogre'), name: 'Prone' }));

  // Round 2: a goblin boss joins (initiative rolled as he comes in), and the GM fixes things by hand.
  nextUntil('Goblin 1');
  t.run(
    { type: 'add-combatant', name: 'Goblin boss', factionId: 'f2', stats: { initMod: 3, ac: 15 }, tracks: { hp: 15 } },
    () => ({ type: 'set-track', combatantId: t.id('Ogre'), track: 'hp', value: 20, max: 35 }),
    () => ({ type: 'set-stat', combatantId: t.id('Lio'), stat: 'ac', value: 13 }),
    () => ({ type: 'rename', combatantId: t.id('Rat swarm'), name: 'Rat swarm (half)' }),
    () => ({ type: 'set-faction', combatantId: t.id(imp), factionId: t.faction('Rats') }),
    () => ({ type: 'set-notes', combatantId: t.id('Ogre'), notes: 'Will flee if the boss falls.' }),
    () => ({ type: 'move-in-order', combatantId: t.id('Ogre'), index: 0 }),
    () => ({ type: 'set-initiative', combatantId: t.id('Kara'), total: 19 }),
    () => ({ type: 'set-resource-used', combatantId: t.id('Lio'), resourceId: resource(t, 'Lio', 'Bardic inspiration'), used: 0 }),
    () => ({ type: 'remove-condition', combatantId: t.id('Ogre'), conditionId: t.state.combatants.find((c) => c.name === 'Ogre')?.conditions[0]?.id ?? '' }),
    { type: 'set-enemy-health', mode: 'none' },
    () => ({ type: 'reveal-name', combatantId: t.id('Goblin 1'), revealed: false }),
    () => ({ type: 'set-player-name', combatantId: t.id('Ogre'), name: null }),
  );
  // 10 damage to the ogre, undone, redone, undone again; then 12 instead (the redo is gone).
  t.run(() => ({ type: 'damage', combatantId: t.id('Ogre'), amount: 10 }));
  gm.undo();
  gm.redo();
  gm.undo();
  t.run(() => ({ type: 'damage', combatantId: t.id('Ogre'), amount: 12 }));
  nextUntil('Lio');
  nextUntil('Goblin 1');
  // Round 3: the first goblin flees mid-turn (removed; the turn moves on), then the fight ends.
  t.run(() => ({ type: 'remove-combatant', combatantId: t.id('Goblin 1') }), NEXT, NEXT, { type: 'end-combat' });
}
