import { describe, expect, it } from 'vitest';
import {
  filterLog,
  findRuleset,
  logEntries,
  logKindsOf,
  playerLog,
  redo,
  replay,
  roundSummaries,
  SNAPSHOT_INTERVAL,
  stateAfter,
  undo,
  type Encounter,
  type LogEntry,
  type LogLine,
  BUILTIN_RULESETS,
} from '../index';
import { add, addZ, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, run } from '../test-support';
import { goldenFreeformFight, goldenZonesFight } from '../testing/log-fixtures';
import { gearOf } from '../rulesets/zones/index';

const texts = (entries: readonly { text: string }[]) => entries.map((e) => e.text);
const entryFor = (entries: readonly LogEntry[], text: string) => {
  const found = entries.find((e) => e.text === text);
  if (!found) throw new Error(`no entry "${text}" in:\n${texts(entries).join('\n')}`);
  return found;
};

/** A long Freeform fight, past several snapshots. */
function longFight(events: number): Encounter {
  let enc = run(newEncounter(5), add('Ann', { hp: 999 }), add('Goblin', { hp: 999, factionId: ENEMIES, quantity: 3 }), { type: 'start-combat' });
  for (let i = 0; enc.events.length < events; i++) {
    const target = enc.state.combatants[i % 4]?.id ?? '';
    enc = run(enc, i % 3 === 0 ? { type: 'damage', combatantId: target, amount: 2 } : i % 3 === 1 ? { type: 'heal', combatantId: target, amount: 1 } : { type: 'next-turn' });
  }
  return enc;
}

describe('logEntries', () => {
  const enc = goldenZonesFight();
  const entries = logEntries(enc);

  it('tells events in order, each with its event index, its GM step and the round', () => {
    expect(entries.map((e) => e.index)).toEqual([...entries.map((e) => e.index)].sort((a, b) => a - b));
    expect(new Set(entries.map((e) => e.index)).size).toBe(entries.length);
    for (const e of entries) {
      // The step holds the event: it ends after it, and the step before ends at or before it.
      expect(enc.steps[e.step]).toBeGreaterThan(e.index);
      expect(e.step === 0 ? 0 : (enc.steps[e.step - 1] ?? 0)).toBeLessThanOrEqual(e.index);
      expect(e.round).toBe(e.stage === 'setup' ? 0 : e.round);
    }
    expect(entries[0]).toMatchObject({ index: 0, step: 0, round: 0, stage: 'setup', kind: 'setup', gmOnly: false });
  });

  it('sorts entries into kinds, with GM changes as overrides', () => {
    const kind = (text: string) => entryFor(entries, text).kind;
    expect(kind('Ann moves from Ford to Bank.')).toBe('movement');
    expect(kind('Ann attacks Bandit 1.')).toBe('attack');
    expect(kind('Ann hits Bandit 1 for 1 (2 − 1 armour) (7 health left).')).toBe('attack');
    expect(kind('Bandit 3 is now Burning (1 round).')).toBe('condition');
    expect(kind('The GM rolls 2d6 for "Do the horses bolt?": 9.')).toBe('dice');
    expect(kind("The GM sets Ann's health to 12 of 14.")).toBe('override');
    expect(kind('Bo is placed in Bank.')).toBe('override');
    expect(kind('Bandit 1 takes 8 damage (0 health left).')).toBe('damage');
    expect(kind('Red Maud retreats, Scout retreats.')).toBe('morale');
    expect(kind('Red Maud is revealed.')).toBe('other');
    expect(kind('Ann takes their turn.')).toBe('turn');
    expect(kind('Bo is added in Ford.')).toBe('setup');
    // Initiative is drawn with the start of the fight, so it is the fight's, not the setup's.
    expect(entryFor(entries, 'Heroes hold the initiative.')).toMatchObject({ kind: 'turn', stage: 'fight', round: 0 });
  });

  it('marks what the players must not learn as GM-only', () => {
    const gmOnly = (text: string) => entryFor(entries, text).gmOnly;
    expect(gmOnly("Red Maud's notes are changed.")).toBe(true);
    expect(gmOnly('Red Maud is added in Woods, hidden from the players.')).toBe(true);
    expect(gmOnly('Scout is added in Smugglers’ cave.')).toBe(true);
    expect(gmOnly('Red Maud takes their turn.')).toBe(true); // concealed, in the ambush
    expect(gmOnly("The players now see Red Maud's real name.")).toBe(true);
    expect(gmOnly('The GM rolls 2d6 for "Do the horses bolt?": 9.')).toBe(true);
    expect(gmOnly('Bandit 3 is now Burning (1 round).')).toBe(true); // enemies' conditions stay the GM's
    expect(gmOnly('The map "Old ford (GM map)" is laid out: 4 zones.')).toBe(true);
    expect(gmOnly("The GM sets Ann's health to 12 of 14.")).toBe(false);
    expect(gmOnly('Red Maud is revealed.')).toBe(false);
    expect(gmOnly('Bo attacks Woods with a blast, catching Bandit 3, Red Maud.')).toBe(false);
  });

  it('keeps every die with who rolled it, what for, and the dice dropped', () => {
    const blast = entryFor(entries, 'Bo hits Bandit 3 for 3 (3 − 0 armour) (5 health left). Bo hits Red Maud for 4 (4 − 0 armour) (8 health left).');
    expect(blast.dice).toEqual([
      { who: 'Bo', purpose: 'damage to Bandit 3', notation: 'd6', values: [3], kept: [true], total: 3, manual: false },
      { who: 'Bo', purpose: 'damage to Red Maud', notation: 'd6', values: [4], kept: [true], total: 4, manual: false },
    ]);
    expect(blast.combatantIds.map((id) => enc.state.combatants.find((c) => c.id === id)?.name)).toEqual(['Bo', 'Bandit 3', 'Red Maud']);
    const charm = entryFor(logEntries(goldenFreeformFight()), 'The GM rolls 4d6kh3 for "Lucky charm": 17.');
    expect(charm.dice).toEqual([{ who: null, purpose: 'Lucky charm', notation: '4d6kh3', values: [6, 6, 5, 5], kept: [true, true, true, false], total: 17, manual: false }]);
  });

  it('tells a surrender by action as the rules at work, and one set by the GM as an override', () => {
    let z = run(newZonesEncounter(3), addZ('Ann'), addZ('Goblin', { factionId: ENEMIES }), { type: 'start-combat', initiativeFactionId: ENEMIES });
    z = run(z, { type: 'take-turn', combatantId: idOf(z, 'Goblin') }, { type: 'use-action', combatantId: idOf(z, 'Goblin'), actionId: 'surrender' });
    z = run(z, { type: 'set-mark', combatantId: idOf(z, 'Ann'), mark: 'dead', on: true });
    const log = logEntries(z);
    expect(entryFor(log, 'Goblin surrenders.').kind).toBe('other');
    expect(entryFor(log, 'Goblin surrenders.').summary).toEqual(['Goblin surrenders']);
    expect(entryFor(log, 'Ann is dead.')).toMatchObject({ kind: 'override', summary: ['Ann is dead'] });
  });
});

describe('roundSummaries', () => {
  it('gives one readable line per round of the fight, from the entries', () => {
    expect(roundSummaries(logEntries(goldenZonesFight())).map((s) => s.text)).toEqual([
      'Ambush: no blows, no losses.',
      'Round 1: Ann hits Bandit 1 (1); Bandit 2 hits Ann (1); Bo hits Bandit 3 (3); Bo hits Red Maud (4).',
      'Round 2: Red Maud is revealed; Ann hits Bandit 2 (6); Red Maud hits Ann (1); Bandit 1 takes 8; Bandit 1 is down; Bandit 3 takes 8; Bandit 3 is down; Bandit 2 takes 2; Bandit 2 is down; the Bandits break and flee.',
      'Round 3: no blows, no losses.',
    ]);
  });

  it('says the same in the names the players know, without what they could not see', () => {
    expect(roundSummaries(playerLog(goldenZonesFight())).map((s) => s.text)[2]).toBe(
      'Round 2: Bandits 4 is revealed; Ann hits Bandits 2 (6); Red Maud hits Ann (1); Bandits 1 takes 8; Bandits 1 is down; Bandits 3 takes 8; Bandits 3 is down; Bandits 2 takes 2; Bandits 2 is down; Red Maud flees.',
    );
  });

  it("heads the lines before round 1 with the opening phase's name, or a plain one without it", () => {
    const line: LogLine = { round: 0, stage: 'fight', kind: 'turn', text: 'x', dice: [], summary: [] };
    expect(roundSummaries([{ ...line, opening: 'Surprise round' }]).map((s) => s.text)).toEqual(['Surprise round: no blows, no losses.']);
    expect(roundSummaries([line]).map((s) => s.text)).toEqual(['Before round 1: no blows, no losses.']);
    // Zones & Factions names its opening phase the ambush; its entries carry the name.
    expect(logEntries(goldenZonesFight()).filter((e) => e.opening === 'Ambush').length).toBeGreaterThan(0);
  });

  it('shortens a long round', () => {
    const enc = longFight(200);
    const first = roundSummaries(logEntries(enc), 3)[0];
    expect(first?.text).toMatch(/^Round 1: [^;]+; [^;]+; [^;]+; and \d+ more\.$/);
    expect(first?.clauses.length).toBeGreaterThan(3);
  });
});

describe('filterLog', () => {
  const enc = goldenZonesFight();
  const entries = logEntries(enc);

  it('keeps entries by round, by kind and by character', () => {
    expect(filterLog(entries, { rounds: [1], kinds: ['attack'] }).every((e) => e.round === 1 && e.kind === 'attack')).toBe(true);
    const maud = idOf(enc, 'Red Maud');
    const hers = filterLog(entries, { combatants: [maud] });
    expect(hers.length).toBeGreaterThan(5);
    expect(hers.every((e) => e.combatantIds.includes(maud))).toBe(true);
    expect(filterLog(entries, {})).toEqual(entries);
  });

  it("lists every ruleset's kinds, with a ruleset's own among them, and every entry's kind is listed", () => {
    const ids = (rulesetId: string) => logKindsOf(findRuleset(rulesetId)).map((k) => k.id);
    expect(ids('freeform')).toEqual(['attack', 'damage', 'healing', 'condition', 'movement', 'turn', 'override', 'dice', 'setup', 'other']);
    expect(ids('zones')).toEqual(['attack', 'damage', 'healing', 'condition', 'morale', 'chase', 'movement', 'turn', 'override', 'dice', 'setup', 'other']);
    expect(logKindsOf(findRuleset('zones')).find((k) => k.id === 'chase')?.label).toBe('Chases');
    for (const [rulesetId, fight] of [['zones', goldenZonesFight], ['freeform', goldenFreeformFight]] as const) {
      const listed = ids(rulesetId);
      expect(logEntries(fight()).filter((e) => !listed.includes(e.kind))).toEqual([]);
    }
    expect(new Set(entries.map((e) => e.kind))).toContain('morale');
  });

  it('filters the players’ version by key', () => {
    const log = playerLog(enc);
    const key = log.find((e) => e.text === 'Bandits 4 is revealed.')?.keys[0] ?? '';
    expect(texts(filterLog(log, { combatants: [key], kinds: ['movement'] }))).toEqual(['Red Maud moves from Woods to Bank.']);
  });
});

describe('stateAfter', () => {
  it('is the state replayed up to and including the entry’s event, across snapshots', () => {
    const enc = longFight(SNAPSHOT_INTERVAL * 3 + 17);
    expect(enc.snapshots.length).toBeGreaterThanOrEqual(3);
    const picks = [0, 1, 5, SNAPSHOT_INTERVAL - 2, SNAPSHOT_INTERVAL - 1, SNAPSHOT_INTERVAL, SNAPSHOT_INTERVAL * 2 + 3, enc.events.length - 2, enc.events.length - 1];
    for (const i of picks) expect(stateAfter(enc, i)).toEqual(replay(enc.events.slice(0, i + 1), BUILTIN_RULESETS));
  });

  it('gives every entry of the golden fight its state', () => {
    const enc = goldenZonesFight();
    for (const e of logEntries(enc)) expect(stateAfter(enc, e.index)).toEqual(replay(enc.events.slice(0, e.index + 1), BUILTIN_RULESETS));
  });

  it('follows undo and redo', () => {
    const enc = longFight(SNAPSHOT_INTERVAL + 40);
    const back = undo(undo(enc));
    for (const i of [SNAPSHOT_INTERVAL - 1, back.events.length - 1]) expect(stateAfter(back, i)).toEqual(replay(back.events.slice(0, i + 1), BUILTIN_RULESETS));
    const again = redo(back).encounter;
    for (const i of [SNAPSHOT_INTERVAL, again.events.length - 2]) expect(stateAfter(again, i)).toEqual(replay(again.events.slice(0, i + 1), BUILTIN_RULESETS));
    expect(stateAfter(redo(again).encounter, enc.events.length - 1)).toEqual(enc.state);
  });

  it('refuses an index outside the log', () => {
    const enc = goldenFreeformFight();
    expect(() => stateAfter(enc, enc.events.length)).toThrow(RangeError);
    expect(() => stateAfter(enc, -1)).toThrow(RangeError);
    expect(() => stateAfter(enc, 1.5)).toThrow(RangeError);
  });
});

describe('playerLog', () => {
  it('names characters as the players see them, the same all along, and reveals only when the GM does', () => {
    let enc = run(
      newZonesEncounter(9),
      addZ('Ann'),
      addZ('Shaman', { factionId: ENEMIES }),
      addZ('Goblin', { factionId: ENEMIES, quantity: 2 }),
    );
    enc = run(enc, { type: 'hide-until-turn', combatantId: idOf(enc, 'Shaman'), hidden: true }, { type: 'start-combat', initiativeFactionId: HEROES });
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') }, { type: 'end-turn' });
    // The shaman comes out on its first turn: the goblins keep their numbers in the log, although
    // the player view, numbering by position, now calls the shaman "Enemies 1".
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Shaman') }, { type: 'set-player-name', combatantId: idOf(enc, 'Goblin 2'), name: 'The big one' }, { type: 'end-turn' });
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Goblin 2') });
    enc = run(enc, { type: 'reveal-name', combatantId: idOf(enc, 'Shaman'), revealed: true }, { type: 'remove-combatant', combatantId: idOf(enc, 'Shaman') });
    const log = playerLog(enc);
    expect(texts(log)).toEqual([
      'Heroes hold the initiative.',
      'The fight begins.',
      'Round 1.',
      'Ann takes their turn.',
      'Ann ends their turn.',
      'Enemies 3 takes their turn.',
      'Enemies 3 ends their turn.',
      'Heroes: nobody left to act, so they pass.',
      'The big one takes their turn.',
      'Shaman is removed from the encounter.',
    ]);
    expect(log.map((e) => e.keys)).toEqual([[], [], [], ['p1'], ['p1'], ['p2'], ['p2'], [], ['p3'], ['p2']]);
    expect(JSON.stringify(log)).not.toMatch(/"c\d+"/);
  });

  it('tells an attack from hiding by what lands on those the players see', () => {
    let enc = run(
      newZonesEncounter(4),
      addZ('Ann', { zoneId: undefined, health: 20 }),
      addZ('Lurker', { factionId: ENEMIES, concealed: true, gear: [{ name: 'Knife', kind: 'weapon', damage: 'd4' }] }),
      { type: 'start-combat', initiativeFactionId: HEROES },
    );
    const lurker = idOf(enc, 'Lurker');
    enc = run(enc, { type: 'take-turn', combatantId: lurker }, {
      type: 'zones/declare-attack',
      attackerId: lurker,
      weaponId: gearOf(enc.state.combatants.find((c) => c.id === lurker) ?? {})[0]?.id,
      targetIds: [idOf(enc, 'Ann')],
    });
    const gm = texts(logEntries(enc)).slice(-3);
    const players = texts(playerLog(enc));
    expect(gm[0]).toBe('Lurker takes their turn.');
    expect(gm[1]).toBe("Lurker attacks Ann. Ann can't react: they are taken by surprise.");
    expect(gm[2]).toMatch(/^Lurker hits Ann for \d \(\d − 0 armour\) \(\d+ health left\)\.$/);
    expect(players.slice(-2)).toEqual(["Ann is attacked. Ann can't react: they are taken by surprise.", gm[2]?.replace('Lurker hits Ann', 'Ann is hit')]);
    expect(JSON.stringify(playerLog(enc))).not.toContain('Lurker');
    expect(playerLog(enc).at(-1)?.dice).toEqual([]);
  });

  it('leaves out dice details and overrides when asked', () => {
    const enc = goldenZonesFight();
    expect(playerLog(enc, { dice: false }).every((e) => e.dice.length === 0)).toBe(true);
    expect(playerLog(enc, { overrides: false }).some((e) => e.kind === 'override')).toBe(false);
    expect(playerLog(enc).some((e) => e.kind === 'override')).toBe(true);
  });

  it('is empty before the fight starts, as the player view is', () => {
    const enc = run(newZonesEncounter(1), addZ('Ann'), addZ('Goblin', { factionId: ENEMIES }));
    expect(playerLog(enc)).toEqual([]);
    expect(logEntries(enc).length).toBe(3);
  });
});
