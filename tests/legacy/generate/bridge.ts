/**
 * "The bridge" (Zones & Factions), in two encounters of the Zones campaign:
 *
 * - a planned one, set up and never started: a third faction, a drawn map laid out and taken
 *   away again, a plain zone list, the party and bandits from the campaign, fast/slow activation
 *   switched on;
 * - a fight started from that plan's setup (the campaign's "start from a planned one"): the
 *   bridge template laid out and everyone placed (one on a border), GM overrides of every kind
 *   (name, stat, gear, concealment, side, marks, grabs, names the players see, enemy health
 *   hidden), initiative drawn at random, fast and slow phases with a rolled threshold and then
 *   one typed in from the table, a reaction named by the GM, a final blow, an attack holding
 *   back, a combatant removed, a morale check skipped. It is left running, with the last two
 *   steps undone (the journal ends with undo lines).
 */
import type { Table } from './gm';
import type { ZonesItems } from './ford';
import { attack, END, layOut, named, PASS, resource, settle, take } from './moves';

export function planBridge(t: Table, items: ZonesItems): void {
  const { gm } = t;
  t.run(
    { type: 'add-faction', name: 'Villagers', colour: '#c0ca33' },
    layOut(named(items.maps, 'Old ford')),
    { type: 'clear-map' },
    {
      type: 'set-zones',
      zones: [
        { id: 'west', name: 'West bank', neighbours: ['span'] },
        { id: 'span', name: 'Span', neighbours: ['west', 'east'] },
        { id: 'east', name: 'East bank', neighbours: ['span'] },
      ],
    },
  );
  gm.addFromCampaign(named(items.party, 'Ann'), { quantity: 1, factionId: 'f1', zoneId: 'west' });
  gm.addFromCampaign(named(items.party, 'Bo'), { quantity: 1, factionId: 'f1', zoneId: 'west' });
  gm.addFromCampaign(named(items.party, 'Cid'), { quantity: 1, factionId: 'f1', zoneId: 'span' });
  gm.addFromCampaign(named(items.bestiary, 'Bandit'), { quantity: 3, factionId: 'f2', zoneId: 'east' });
  t.run(
    { type: 'add-combatant', name: 'Miller', factionId: t.faction('Villagers'), stats: { str: 13, agi: 8, wit: 12 }, tracks: { health: 9 }, zoneId: 'west', notes: 'Wants his toll back.' },
    { type: 'set-setting', key: 'fastSlow', value: true },
  );
}

export function playBridge(t: Table, items: ZonesItems): void {
  const { gm } = t;
  // The map after all: the bridge template. Nobody stands in its zones, so the GM places them.
  t.run(layOut(named(items.maps, 'Bridge')));
  const place = (who: string, zoneId: string, borderId?: string) => t.run({ type: 'set-zone', combatantId: t.id(who), zoneId, ...(borderId ? { borderId } : {}) });
  place('Ann', 'west-bank');
  place('Bo', 'west-bank');
  place('Cid', 'bridge', t.border('Bridge', 'West bank'));
  place('Bandit 1', 'bridge');
  place('Bandit 2', 'east-bank');
  place('Bandit 3', 'east-bank');
  place('Miller', 'west-bank');
  // Overrides before the fight.
  t.run(
    () => ({ type: 'set-enemy-health', mode: 'none' }),
    () => ({ type: 'set-player-name', combatantId: t.id('Bandit 3'), name: 'Masked bandit' }),
    () => ({ type: 'rename', combatantId: t.id('Bandit 3'), name: 'Toll keeper' }),
    () => ({ type: 'set-stat', combatantId: t.id('Toll keeper'), stat: 'wit', value: 14 }),
    () => ({
      type: 'set-gear',
      combatantId: t.id('Toll keeper'),
      gear: [
        { name: 'Crossbow', kind: 'weapon', damage: 'd8', reach: 'ranged', range: 3 },
        { name: 'Mail', kind: 'armour', protection: 1 },
      ],
    }),
    () => ({ type: 'set-concealed', combatantId: t.id('Bo'), concealed: true }),
    () => ({ type: 'set-faction', combatantId: t.id('Miller'), factionId: 'f1' }),
    () => ({ type: 'set-mark', combatantId: t.id('Cid'), mark: 'fear-immune', on: false }),
    () => ({ type: 'set-player-name', combatantId: t.id('Toll keeper'), name: null }),
    () => ({ type: 'hide-until-turn', combatantId: t.id('Bandit 2'), hidden: true }),
    () => ({ type: 'hide-until-turn', combatantId: t.id('Bandit 2'), hidden: false }),
  );
  // Nobody is named to hold the initiative: it is drawn when the fight starts. Bo is concealed,
  // so the fight opens with an ambush, which Bo lets pass.
  t.run({ type: 'start-combat' });
  while (t.state.turn?.phase === 'ambush') t.run(PASS);
  t.run({ type: 'set-concealed', combatantId: t.id('Bo'), concealed: false });

  // Round 1. The rolled threshold left nobody fast enough; the GM rolls the d20 at the table
  // instead and types in 12: Ann, Bo, the miller and the toll keeper may act in the fast phase.
  t.run({ type: 'set-threshold', value: 12 });
  // Ann crosses onto the bridge and strikes the bandit there, holding back.
  t.run(take(t, 'Ann'), { type: 'move', combatantId: t.id('Ann'), zoneId: 'bridge' }, () => attack(t, 'Ann', 'Axe', ['Bandit 1'], { intent: 'hold-back' }));
  settle(t);
  t.run(END);
  // As the toll keeper raises his crossbow, the miller ducks behind the cart (a reaction the GM
  // names), which spends his turn; the bolt flies at him all the same.
  t.run(take(t, 'Toll keeper'), { type: 'react', combatantId: t.id('Miller'), what: 'Ducks behind the cart' }, () => attack(t, 'Toll keeper', 'Crossbow', ['Miller']));
  settle(t);
  t.run(END);
  // Bo slings a stone across the river; then nobody else is fast enough, and the slow phase opens.
  t.run(take(t, 'Bo'), () => attack(t, 'Bo', 'Sling', ['Bandit 2']));
  settle(t);
  t.run(END);
  while (t.state.turn?.phase === 'fast') t.run(PASS);
  // Slow phase. Cid seizes the bandit on the bridge (the GM rules it) and strikes him, keeping hold.
  t.run(take(t, 'Cid'), { type: 'set-grabbed', combatantId: t.id('Bandit 1'), grabbedBy: t.id('Cid') }, () => attack(t, 'Cid', 'Spear', ['Bandit 1']));
  settle(t);
  t.run(END);
  // The bandit struggles free; the other one crosses to the bridge. The GM switches to rolling
  // the threshold at the table from the next round on.
  t.run(
    take(t, 'Bandit 1'),
    { type: 'use-action', combatantId: t.id('Bandit 1'), actionId: 'other', spends: 'main', note: 'Struggles free' },
    { type: 'set-grabbed', combatantId: t.id('Bandit 1'), grabbedBy: null },
    END,
  );
  t.run(take(t, 'Bandit 2'), { type: 'move', combatantId: t.id('Bandit 2'), zoneId: 'bridge' }, { type: 'set-setting', key: 'thresholdByHand', value: true }, END);
  while (t.state.round === 1) t.run(PASS);

  // Round 2 waits for the threshold from the table: 9.
  t.run(
    { type: 'set-threshold', value: 9 },
    { type: 'add-condition', combatantId: t.id('Toll keeper'), name: 'Pinned', duration: { rounds: 2, endsOn: 'turn-start', anchorId: t.id('Toll keeper') } },
    { type: 'use-resource', combatantId: t.id('Cid'), resourceId: resource(t, 'Cid', 'Shield wall') },
    { type: 'set-resource-used', combatantId: t.id('Ann'), resourceId: resource(t, 'Ann', 'Lucky'), used: 2 },
    { type: 'damage', combatantId: t.id('Bandit 1'), amount: 7 },
  );
  // Ann finishes the fallen bandit.
  t.run(take(t, 'Ann'), () => attack(t, 'Ann', 'Axe', ['Bandit 1'], { intent: 'final-blow' }), END);
  // The second bandit jumps off the bridge in the middle of his turn and is gone for good.
  t.run(take(t, 'Bandit 2'), { type: 'remove-combatant', combatantId: t.id('Bandit 2') });
  // The heroes hold back; the toll keeper works himself loose (the GM takes the condition off).
  t.run(PASS, take(t, 'Toll keeper'), () => ({ type: 'remove-condition', combatantId: t.id('Toll keeper'), conditionId: t.state.combatants.find((c) => c.name === 'Toll keeper')?.conditions[0]?.id ?? '' }), END);
  for (let i = 0; i < 10 && t.state.turn?.phase !== 'morale' && t.state.round === 2; i++) t.run(PASS);
  // The bandits' morale check is due; the GM skips it: the toll keeper won't run from his own bridge.
  t.run({ type: 'skip-morale', factionId: 'f2' });
  // Round 3: the GM types a threshold and picks Ann, then thinks better of both (undone, not redone).
  t.run({ type: 'set-threshold', value: 10 }, take(t, 'Ann'));
  gm.undo();
  gm.undo();
}
