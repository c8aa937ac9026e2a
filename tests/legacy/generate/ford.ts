/**
 * "Ambush at the ford" (Zones & Factions), played in the Zones campaign: a drawn map laid out,
 * the party and bestiary entries added from the campaign, an ambush by a concealed chief, moves
 * onto and off borders, attacks answered with every reaction (taking the blow, dodge, counter,
 * hide behind, guard, accepting a stunt), an opportunity attack, a grapple and a move carrying
 * the grabbed, a missed fire pot that deviates, a cancelled attack, a morale phase where some
 * surrender and some retreat, the end of the fight, a long chase and gear wear after it; with the
 * player-view settings (player factions, names shown and revealed, a character hidden until
 * their turn) along the way, and undo/redo.
 */
import type { CampaignItem } from '../../../electron/campaigns/index';
import type { Table } from './gm';
import { attack, END, layOut, named, react, resource, settle, take } from './moves';

/** The Zones campaign's entries a fight draws on. */
export interface ZonesItems {
  readonly party: readonly CampaignItem[];
  readonly bestiary: readonly CampaignItem[];
  readonly maps: readonly CampaignItem[];
}

export function playFord(t: Table, items: ZonesItems): void {
  const { gm } = t;
  const party = (name: string) => named(items.party, name);
  const beast = (name: string) => named(items.bestiary, name);

  // Setup.
  t.run(layOut(named(items.maps, 'Old ford')));
  gm.addFromCampaign(party('Ann'), { quantity: 1, factionId: 'f1', zoneId: 'ford' });
  gm.addFromCampaign(party('Bo'), { quantity: 1, factionId: 'f1', zoneId: 'ford' });
  gm.addFromCampaign(party('Cid'), { quantity: 1, factionId: 'f1', zoneId: 'ford' });
  gm.addFromCampaign(beast('Bandit'), { quantity: 2, factionId: 'f2', zoneId: 'bank' });
  gm.addFromCampaign(beast('Archer'), { quantity: 1, factionId: 'f2', zoneId: 'woods' });
  t.run(
    {
      type: 'add-combatant',
      name: 'Red Maud',
      factionId: 'f2',
      stats: { str: 11, agi: 11, wit: 11 },
      tracks: { health: 12 },
      concealed: true,
      zoneId: 'woods',
      gear: [{ name: 'Sabre', kind: 'weapon', damage: 'd8' }],
    },
    { type: 'add-combatant', name: 'Scout', factionId: 'f2', stats: { wit: 4 }, tracks: { health: 6 }, zoneId: 'cave' },
  );
  gm.addFromCampaign(beast('Wolf'), { quantity: 1, factionId: 'f2', zoneId: 'mill' });
  t.run(
    { type: 'hide-until-turn', combatantId: t.id('Wolf'), hidden: true },
    { type: 'set-notes', combatantId: t.id('Red Maud'), notes: 'Paid by the baron to stop the salt cart.' },
    { type: 'set-player-name', combatantId: t.id('Archer'), name: 'Archer in the trees' },
    { type: 'set-initiative-faction', factionId: 'f1' },
    { type: 'start-combat' },
  );

  // The ambush: only the concealed chief acts; she steps onto the edge of the woods.
  t.run({ type: 'take-turn', combatantId: t.id('Red Maud') }, { type: 'move', combatantId: t.id('Red Maud'), borderId: t.border('Woods', 'Bank') }, { type: 'end-turn' });

  // Round 1. Ann wades to the bank and swings at a bandit, who counters with his club.
  t.run(take(t, 'Ann'), { type: 'move', combatantId: t.id('Ann'), zoneId: 'bank' }, () => attack(t, 'Ann', 'Axe', ['Bandit 1']));
  t.run(react(t, 'Bandit 1', { kind: 'counter', weaponId: t.gear('Bandit 1', 'Club') }), END);
  // The archer shoots at Bo across the water (beyond half range: a WIT save to hit); Bo hides behind Cid.
  t.run(take(t, 'Archer'));
  t.until(attack(t, 'Archer', 'Bow', ['Bo']), (r) => r.events.some((e) => e.type === 'attack-declared' && e.hitSave?.passed === true));
  t.run(react(t, 'Bo', { kind: 'hide-behind', helperId: t.id('Cid') }));
  settle(t);
  t.run(END);
  // Cid steps onto the ford's edge, then up the bank, and grabs the second bandit.
  t.run(take(t, 'Cid'), { type: 'move', combatantId: t.id('Cid'), borderId: t.border('Ford', 'Bank') }, { type: 'move', combatantId: t.id('Cid'), zoneId: 'bank' });
  t.run(attack(t, 'Cid', 'Spear', ['Bandit 2'], { intent: 'grapple' }));
  t.until(react(t, 'Bandit 2', { kind: 'none' }), (r) => r.events.some((e) => e.type === 'attack-resolved' && e.patches.some((p) => p.grabbedBy === t.id('Cid'))));
  t.run(END);
  // The held bandit proposes a stunt (sand in Ann's eyes) instead of damage; Ann accepts it.
  t.run(take(t, 'Bandit 2'), () => attack(t, 'Bandit 2', 'Club', ['Ann'], { intent: 'stunt', stunt: 'Kicks sand in her eyes: −2 WIT until she washes' }));
  t.run(react(t, 'Ann', { kind: 'accept-stunt' }), END);
  // The heroes have nobody left; Red Maud steps off the border onto the bank and knocks Cid's spear away.
  t.run(take(t, 'Red Maud'), { type: 'move', combatantId: t.id('Red Maud'), zoneId: 'bank' }, () => attack(t, 'Red Maud', 'Sabre', ['Cid'], { intent: 'disarm', disarmWeaponId: t.gear('Cid', 'Spear') }));
  settle(t);
  t.run(END);
  // The scout in the cave gives up; the wolf shows itself, howls and slinks onto the woods' edge.
  t.run(take(t, 'Scout'), { type: 'use-action', combatantId: t.id('Scout'), actionId: 'surrender' }, END);
  t.run(
    take(t, 'Wolf'),
    () => ({ type: 'use-resource', combatantId: t.id('Wolf'), resourceId: resource(t, 'Wolf', 'Howl') }),
    { type: 'use-action', combatantId: t.id('Wolf'), actionId: 'other', spends: 'bonus', note: 'Howls' },
    { type: 'move', combatantId: t.id('Wolf'), borderId: t.border('Mill', 'Woods') },
    END,
  );

  // Round 2. Cid drags the held bandit to the water's edge.
  t.run(take(t, 'Cid'), { type: 'move', combatantId: t.id('Cid'), borderId: t.border('Bank', 'Ford') }, END);
  // The first bandit runs for the road; Ann strikes at him as he goes (an opportunity attack).
  t.run(take(t, 'Bandit 1'), () => attack(t, 'Ann', 'Axe', ['Bandit 1']));
  settle(t);
  t.run({ type: 'move', combatantId: t.id('Bandit 1'), zoneId: 'road' }, END);
  // Bo throws the fire pot into the woods, beyond half its range; it misses and lands elsewhere.
  t.run(take(t, 'Bo'));
  t.until(attack(t, 'Bo', 'Fire pot', [], { zoneId: 'woods' }), (r) =>
    r.events.some((e) => e.type === 'attack-declared' && e.deviation !== null && e.deviation.to !== null && e.deviation.roll !== null && e.attack.targets.length > 0),
  );
  settle(t);
  t.run({ type: 'use-action', combatantId: t.id('Bo'), actionId: 'consumable', note: 'Healing draught' }, { type: 'use-resource', combatantId: t.id('Bo'), resourceId: resource(t, 'Bo', 'Healing draught') }, END);
  // The mill burns: a condition that runs out at the end of the wolf's next turn. The GM rolls
  // for the horses at the table and types the dice in, then rolls a die by mistake and undoes it.
  t.run(
    { type: 'add-condition', combatantId: t.id('Wolf'), name: 'Burning', duration: { rounds: 1, endsOn: 'turn-end', anchorId: t.id('Wolf') } },
    { type: 'roll', notation: '2d6', label: 'Do the horses bolt?', manualDice: [5, 2] },
    { type: 'roll', notation: 'd20' },
  );
  gm.undo();
  // Red Maud shouts; the held bandit clubs Cid; the archer draws on Bo, thinks better of it.
  t.run(take(t, 'Red Maud'), { type: 'use-action', combatantId: t.id('Red Maud'), actionId: 'speak', note: 'Yield, ferrywoman!' }, END);
  t.run(take(t, 'Bandit 2'), () => attack(t, 'Bandit 2', 'Club', ['Cid']));
  settle(t);
  t.run(END, take(t, 'Archer'), () => attack(t, 'Archer', 'Bow', ['Bo']));
  settle(t);
  t.run(END, take(t, 'Wolf'), END);

  // Round 3: the bandits go first this time. The archer aims at Ann, then lowers the bow.
  t.run({ type: 'choose-first-faction', factionId: 'f2' }, take(t, 'Archer'), () => attack(t, 'Archer', 'Bow', ['Ann']));
  t.run({ type: 'cancel-attack' }, END);
  // Bo slings a stone at the bandit on the road, who dodges.
  t.run(take(t, 'Bo'), () => attack(t, 'Bo', 'Sling', ['Bandit 1']));
  t.run(react(t, 'Bandit 1', { kind: 'dodge' }), END);
  // Red Maud slashes at Ann; Cid lets go of his bandit to take the blow for her.
  t.run(take(t, 'Red Maud'), () => attack(t, 'Red Maud', 'Sabre', ['Ann']));
  t.run(react(t, 'Cid', { kind: 'guard', guardId: t.id('Cid') }, 'Ann'));
  settle(t);
  t.run(END);
  // Ann swings at the freed bandit, who tries to wrestle her down instead.
  t.run(take(t, 'Ann'), () => attack(t, 'Ann', 'Axe', ['Bandit 2']));
  t.run(react(t, 'Bandit 2', { kind: 'counter', weaponId: null, intent: 'grapple' }));
  settle(t);
  t.run(END);
  // The GM settles what the table agreed on: the wolf burns out, the bandit on the road falls
  // in the river, Cid gets his breath back, Bo climbs the bank. A slip of the mouse: 9 damage
  // instead of 2, undone and done again; two steps undone to check them and redone.
  t.run(
    { type: 'set-track', combatantId: t.id('Bandit 1'), track: 'health', value: 0 },
    { type: 'heal', combatantId: t.id('Cid'), amount: 3 },
  );
  gm.undo();
  gm.undo();
  gm.redo();
  gm.redo();
  t.run({ type: 'set-zone', combatantId: t.id('Bo'), zoneId: 'bank' }, { type: 'damage', combatantId: t.id('Wolf'), amount: 9 });
  gm.undo();
  t.run({ type: 'damage', combatantId: t.id('Wolf'), amount: 2 });
  // Morale: the bandits break. Red Maud and the held bandit run; whoever else fails gives up
  // (the campaign's rule for a failed check).
  const outcomes = { [t.id('Red Maud')]: 'retreated', [t.id('Bandit 2')]: 'retreated' } as const;
  t.until({ type: 'morale-check', factionId: 'f2', outcomes }, (r) => {
    const results = r.events.flatMap((e) => (e.type === 'morale-checked' ? e.results : []));
    return results.some((x) => x.outcome === 'surrendered') && results.some((x) => x.outcome === 'retreated');
  });
  // Round 4: the GM tells the players who the chief was, shows them everyone, and ends the fight.
  t.run(
    { type: 'reveal-name', combatantId: t.id('Red Maud'), revealed: true },
    { type: 'set-player-factions', factionIds: ['f1', 'f2'] },
    { type: 'end-combat' },
  );
  gm.undo();
  gm.redo();
  // The heroes chase the runners: Red Maud is as quick and tough as they are (an AGI save); the
  // bandit is slower. Then every piece of gear used in the fight is rolled for wear.
  t.run(
    {
      type: 'resolve-chase',
      fleeing: [
        { combatantId: t.id('Red Maud'), speed: 3, stamina: 3 },
        { combatantId: t.id('Bandit 2'), speed: 2, stamina: 3 },
      ],
      pursuers: { speed: 3, stamina: 3 },
    },
    { type: 'roll-gear-wear' },
  );
}
