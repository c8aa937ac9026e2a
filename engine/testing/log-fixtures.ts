/**
 * Fixed encounters for the encounter log's golden tests (test support, like `test-support.ts`:
 * not exported from `index.ts`). Same seed, same commands: the same encounter to the die, so the
 * exports of these are compared with reviewed files in `golden/`.
 */
import type { Command } from '../core/commands';
import { createEncounter, type Encounter } from '../encounter/encounter';
import type { Faction } from '../core/state';
import type { ZoneMap } from '../core/maps/zone-map';
import type { ZonesCommandOf } from '../rulesets/zones/commands';
import { addZ, idOf, mapZone, rectPoints, run as runAll } from '../test-support';
import type { LogMeta } from '../log/document';
import { logEntries } from '../log/entries';
import { gearOf, zonesFight } from '../rulesets/zones/index';
import { BUILTIN_RULESETS } from '../all-rulesets';

/** `run` that, when a command is refused, also says where the fight stood (its log so far). */
function run(enc: Encounter, ...commands: Command[]): Encounter {
  try {
    return runAll(enc, ...commands);
  } catch (e) {
    throw new Error(`${(e as Error).message}\nThe fight so far:\n${logEntries(enc).map((x) => x.text).join('\n')}`);
  }
}

/** The meta every golden export is made with. */
export const GOLDEN_META: LogMeta = { campaignName: 'The Salt Road', exportedAt: '2025-03-14T19:30:00.000Z' };

const FACTIONS: Faction[] = [
  { id: 'f1', name: 'Heroes', colour: '#4f8fd9' },
  { id: 'f2', name: 'Bandits', colour: '#d94f4f' },
];

/** Four zones in a row; the cave at the end is hidden from the players. */
const FORD_MAP: ZoneMap = {
  width: 400,
  height: 100,
  background: null,
  zones: [
    mapZone('ford', rectPoints(0, 0, 100), { name: 'Ford' }),
    mapZone('bank', rectPoints(100, 0, 100), { name: 'Bank' }),
    mapZone('woods', rectPoints(200, 0, 100), { name: 'Woods', cover: true }),
    mapZone('cave', rectPoints(300, 0, 100), { name: 'Smugglers’ cave', hidden: true, hazard: 'Loose rocks: AGI save or fall' }),
  ],
  links: [],
  barriers: [],
  grid: 10,
};

/**
 * A Zones & Factions fight at a ford, three rounds: Ann and Bo against three bandits, their chief
 * (concealed in the woods, revealed in round 2) and a scout who stays hidden in a hidden cave all
 * along. It has a move, melee attacks with a dodge, a fire pot (a blast) into the woods, a
 * condition, GM overrides (health set by hand, a character placed), a GM dice roll, notes, the
 * morale check that breaks the bandits, the end of the fight and gear wear after it.
 */
export function goldenZonesFight(): Encounter {
  const created = createEncounter({ id: 'ford', name: 'Ambush at the ford', rulesetId: 'zones', seed: 20250314, factions: FACTIONS }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = run(
    created.encounter,
    { type: 'set-map', mapId: 'old-ford', name: 'Old ford (GM map)', map: FORD_MAP },
    addZ('Ann', { str: 12, agi: 12, wit: 13, health: 14, zoneId: 'ford', gear: [{ name: 'Axe', kind: 'weapon', damage: 'd8' }, { name: 'Leather', kind: 'armour', protection: 1 }] }),
    addZ('Bo', { wit: 12, health: 10, zoneId: 'ford', gear: [{ name: 'Fire pot', kind: 'weapon', damage: 'd6', reach: 'ranged', range: 4, blast: true }] }),
    addZ('Bandit', { factionId: 'f2', wit: 9, health: 8, zoneId: 'bank', quantity: 2, gear: [{ name: 'Club', kind: 'weapon', damage: 'd6' }, { name: 'Mail', kind: 'armour', protection: 1 }] }),
    addZ('Bandit', { factionId: 'f2', wit: 9, health: 8, zoneId: 'woods', gear: [{ name: 'Club', kind: 'weapon', damage: 'd6' }] }),
    addZ('Red Maud', { factionId: 'f2', wit: 11, health: 12, zoneId: 'woods', concealed: true, gear: [{ name: 'Sabre', kind: 'weapon', damage: 'd8' }] }),
    addZ('Scout', { factionId: 'f2', wit: 4, health: 6, zoneId: 'cave' }),
  );
  const id = (name: string) => idOf(enc, name);
  const gear = (who: string, name: string) => gearOf(enc.state.combatants.find((c) => c.name === who) ?? {}).find((g) => g.name === name)?.id ?? null;
  // The third bandit was added on its own, so it is called plain "Bandit": tell it apart.
  enc = run(enc, { type: 'rename', combatantId: enc.state.combatants[4]?.id ?? '', name: 'Bandit 3' });
  enc = run(
    enc,
    { type: 'set-notes', combatantId: id('Red Maud'), notes: 'Paid by the baron to stop the salt cart.' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
  );

  // The ambush: only the concealed chief may act, and she bides her time.
  enc = run(enc, { type: 'take-turn', combatantId: id('Red Maud') }, { type: 'end-turn' });
  while (enc.state.turn?.phase === 'ambush') enc = run(enc, { type: 'pass' });

  // Round 1. Ann wades across and swings at a bandit, who tries to dodge.
  const attack = (attacker: string, weapon: string, targets: string[], extra: Partial<ZonesCommandOf<'zones/declare-attack'>> = {}): Command => ({
    type: 'zones/declare-attack',
    attackerId: id(attacker),
    weaponId: gear(attacker, weapon),
    targetIds: targets.map(id),
    ...extra,
  });
  enc = run(enc, { type: 'take-turn', combatantId: id('Ann') }, { type: 'move', combatantId: id('Ann'), zoneId: 'bank' }, attack('Ann', 'Axe', ['Bandit 1']));
  enc = run(enc, { type: 'zones/react-to-attack', reactorId: id('Bandit 1'), targetId: id('Bandit 1'), reaction: { kind: 'dodge' } }, { type: 'end-turn' });
  // A bandit clubs Ann back.
  enc = settle(run(enc, { type: 'take-turn', combatantId: id('Bandit 2') }, attack('Bandit 2', 'Club', ['Ann'])));
  enc = run(enc, { type: 'end-turn' });
  // Bo throws the fire pot into the woods, where the players see one bandit (Maud is hidden there).
  enc = settle(run(enc, { type: 'take-turn', combatantId: id('Bo') }, attack('Bo', 'Fire pot', [], { zoneId: 'woods', targetIds: undefined })));
  // The bandits hold back, and the heroes have nobody left to act: the round ends.
  enc = run(enc, { type: 'end-turn' }, { type: 'pass' });

  // Round 2. The woods burn; Maud steps out and the players learn her name.
  enc = run(
    enc,
    { type: 'add-condition', combatantId: id('Bandit 3'), name: 'Burning', duration: { rounds: 1, endsOn: 'turn-end', anchorId: id('Bandit 3') } },
    { type: 'roll', notation: '2d6', label: 'Do the horses bolt?' },
    { type: 'set-concealed', combatantId: id('Red Maud'), concealed: false },
    { type: 'reveal-name', combatantId: id('Red Maud'), revealed: true },
  );
  enc = settle(run(enc, { type: 'take-turn', combatantId: id('Ann') }, attack('Ann', 'Axe', ['Bandit 2'])));
  enc = run(enc, { type: 'end-turn' });
  enc = settle(run(enc, { type: 'take-turn', combatantId: id('Red Maud') }, { type: 'move', combatantId: id('Red Maud'), zoneId: 'bank' }, attack('Red Maud', 'Sabre', ['Ann'])));
  enc = run(enc, { type: 'end-turn' });
  // The GM rules that Bo's healing draught works, and sets Ann's health by hand; Bo is placed at the bank.
  enc = run(
    enc,
    { type: 'set-track', combatantId: id('Ann'), track: 'health', value: 12 },
    { type: 'set-zone', combatantId: id('Bo'), zoneId: 'bank' },
    { type: 'damage', combatantId: id('Bandit 1'), amount: 8 },
    { type: 'damage', combatantId: id('Bandit 3'), amount: 8 },
    { type: 'damage', combatantId: id('Bandit 2'), amount: 2 },
  );
  enc = run(enc, { type: 'pass' }, { type: 'pass' });
  // Morale: the bandits are down to half, and break.
  while (enc.state.turn?.phase === 'morale' && zonesFight(enc.state).moraleDue[0]) {
    const due = zonesFight(enc.state).moraleDue[0];
    enc = run(enc, { type: 'zones/morale-check', factionId: due, outcomes: { [id('Red Maud')]: 'retreated', [id('Scout')]: 'retreated' } });
  }
  enc = run(enc, { type: 'end-combat' }, { type: 'zones/roll-gear-wear' });
  return enc;
}

/** Everyone an attack waits for takes the blow. */
function settle(encounter: Encounter): Encounter {
  let enc = encounter;
  for (let who = zonesFight(enc.state).pendingAttack?.awaiting[0]; who !== undefined; who = zonesFight(enc.state).pendingAttack?.awaiting[0]) {
    enc = run(enc, { type: 'zones/react-to-attack', reactorId: who, targetId: who, reaction: { kind: 'none' } });
  }
  return enc;
}

/**
 * A Freeform fight: rolled initiative, damage and healing by hand, a timed condition that runs
 * out, a GM roll, a character whose name holds markup (`<script>`) and one who goes down.
 */
export function goldenFreeformFight(): Encounter {
  const created = createEncounter({ id: 'cellar', name: 'The cellar', rulesetId: 'freeform', seed: 7 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = run(
    created.encounter,
    { type: 'add-combatant', name: 'Kara', factionId: 'f1', stats: { initMod: 3 }, tracks: { hp: 20 } },
    { type: 'add-combatant', name: 'Imp <script>alert("boo")</script>', factionId: 'f2', stats: { initMod: 1 }, tracks: { hp: 7 } },
    { type: 'add-combatant', name: 'Ogre & *Son*', factionId: 'f2', tracks: { hp: 30 } },
    { type: 'start-combat' },
  );
  const id = (name: string) => idOf(enc, name);
  const next: Command = { type: 'next-turn' };
  enc = run(
    enc,
    { type: 'damage', combatantId: id('Ogre & *Son*'), amount: 8 },
    { type: 'add-condition', combatantId: id('Ogre & *Son*'), name: 'Stunned', duration: { rounds: 1, endsOn: 'turn-start', anchorId: id('Ogre & *Son*') } },
    next,
    { type: 'damage', combatantId: id('Kara'), amount: 5 },
    next,
    next,
    { type: 'heal', combatantId: id('Kara'), amount: 3 },
    { type: 'roll', notation: '4d6kh3', label: 'Lucky charm' },
    { type: 'damage', combatantId: id('Imp <script>alert("boo")</script>'), amount: 9 },
    // The Imp is down: Next turn passes over him to Kara.
    next,
    { type: 'end-combat' },
  );
  return enc;
}
