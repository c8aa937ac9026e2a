import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  displayOf,
  exportDiceCsv,
  exportHtml,
  exportMarkdown,
  logEntries,
  playerFactionIds,
  playerLog,
  type Command,
  type EncounterEvent,
  type EncounterState,
} from '../index';
import { attempt, build, ENEMY_HEALTH, resolve, SEED, setup, shape, shownIds, type Shape } from '../testing/secret-fights';
import { gearOf } from '../rulesets/zones/index';

// The players' version of the log obeys the player view's rules at every moment: random fights
// full of marked secrets (the player view's property test's generators, plus GM-only commands of
// the log's own: dice rolls with labels, health and stats set by hand, gear, real renames,
// removals), and after each fight the players' log and every players' export must hold none of
// the secrets the players never saw: no id, no name of someone never shown under it, no notes,
// hazards, gear, conditions or exact health outside the player factions, no hidden zone, no
// faction nobody shown belonged to, no GM-only text, no dice label, no seed.

type Extra =
  | { kind: 'roll' | 'track' | 'stat' | 'gear' | 'realname' | 'remove' | 'unconceal'; who: number };

const extra: fc.Arbitrary<Extra> = fc.record({
  kind: fc.constantFrom('roll' as const, 'track' as const, 'stat' as const, 'gear' as const, 'realname' as const, 'remove' as const, 'unconceal' as const),
  who: fc.nat(30),
});

function resolveExtra(x: Extra, state: EncounterState): Command {
  const at = x.who % Math.max(1, state.combatants.length);
  const id = state.combatants[at]?.id ?? 'c999';
  switch (x.kind) {
    case 'roll':
      return { type: 'roll', notation: '2d6', label: `Label${at}Q` };
    case 'track':
      return { type: 'set-track', combatantId: id, track: 'health', value: 733 };
    case 'stat':
      return { type: 'set-stat', combatantId: id, stat: 'agi', value: 17 };
    case 'gear':
      return { type: 'zones/set-gear', combatantId: id, gear: [{ name: `Gear${at}Q spare`, kind: 'weapon', damage: 'd4' }] };
    case 'realname':
      return { type: 'rename', combatantId: id, name: `Cname${at}Q renamed` };
    case 'remove':
      return { type: 'remove-combatant', combatantId: id };
    case 'unconceal':
      return { type: 'set-concealed', combatantId: id, concealed: false };
  }
}

/** What the players may have learnt at some moment of the fight, by the test's own reading of the rules. */
interface Allowed {
  names: Set<string>;
  conditions: Set<string>;
  gear: Set<string>;
  factions: Set<string>;
}

function learnt(allowed: Allowed, state: EncounterState): void {
  if (state.status === 'setup') return;
  const shown = shownIds(state);
  const players = new Set(playerFactionIds(state));
  const display = displayOf(state);
  for (const f of state.factions) if (players.has(f.id)) allowed.factions.add(f.name);
  for (const c of state.combatants) {
    if (!shown.has(c.id)) continue;
    allowed.factions.add(state.factions.find((f) => f.id === c.factionId)?.name ?? '');
    const player = players.has(c.factionId);
    const typed = Object.hasOwn(display.shownNames, c.id) ? display.shownNames[c.id] : undefined;
    if (display.revealedNames.includes(c.id) || (player && typed === undefined)) allowed.names.add(c.name);
    if (typed !== undefined) allowed.names.add(typed);
    if (player) {
      for (const k of c.conditions) allowed.conditions.add(k.name);
      for (const g of gearOf(c)) allowed.gear.add(g.name);
    }
  }
}

/** Marker strings of a name ("Cname3Q", "Cname3Q renamed"), longest first so a shorter one isn't read inside it. */
function markers(text: string, pattern: RegExp): string[] {
  return [...new Set(text.match(pattern) ?? [])];
}

describe("the players' version of the log of random fights with random secrets", () => {
  it('never holds an id, a hidden name, a note, hidden gear, conditions or health, a hidden zone or a GM-only line', () => {
    fc.assert(
      fc.property(setup, fc.array(fc.oneof({ weight: 4, arbitrary: shape.map((s) => ({ s })) }, { weight: 1, arbitrary: extra.map((x) => ({ x })) }), { minLength: 10, maxLength: 40 }), (s, steps) => {
        let enc = build(s);
        for (const st of steps) enc = attempt(enc, 's' in st ? resolve(st.s as Shape, enc.state) : resolveExtra(st.x, enc.state));

        // Every state the log went through, and what the players could have learnt in each.
        const allowed: Allowed = { names: new Set(), conditions: new Set(), gear: new Set(), factions: new Set() };
        const states: EncounterState[] = [];
        let state: EncounterState | null = null;
        for (const event of enc.events as EncounterEvent[]) {
          // The first event, encounter-created, gives its initial state whatever it is applied to.
          state = applyEvent(state ?? enc.state, event, enc.ruleset);
          states.push(state);
          learnt(allowed, state);
        }

        const entries = playerLog(enc);
        const options = { audience: 'players' as const, dice: true, overrides: true };
        const meta = { campaignName: 'Campaign1Q', exportedAt: '2025-01-01T00:00:00.000Z' };
        const outputs = {
          log: JSON.stringify(entries),
          markdown: exportMarkdown(enc, meta, options),
          html: exportHtml(enc, meta, options),
          csv: exportDiceCsv(enc, meta, options),
        };
        for (const [what, text] of Object.entries(outputs)) {
          const leak = (secret: string, label: string) => expect(text.includes(secret), `${what}: ${label} leaked: ${secret}`).toBe(false);
          for (const secret of ['EncId1Q', 'MapId1Q', 'Mapname1Q', 'Hazard', 'Note', 'Label', 'Zid', 'morale-immune', 'fear-immune', 'holds their nerve', 'is fearless', 'GM only', 'hidden from the players', String(SEED)]) {
            leak(secret, 'a GM-only value');
          }
          // No combatant id, whatever the character.
          for (const st of states) for (const c of st.combatants) expect(new RegExp(`\\b${c.id}\\b`).test(text), `${what}: the id ${c.id} leaked`).toBe(false);
          for (const name of markers(text, /Cname\d+Q(?: renamed)?|Shown\d+Q/g)) expect(allowed.names.has(name), `${what}: the name ${name} leaked`).toBe(true);
          for (const cond of markers(text, /Cond\d+Q/g)) expect(allowed.conditions.has(cond), `${what}: the condition ${cond} leaked`).toBe(true);
          for (const gear of markers(text, /Gear\d+Q(?: spare)?/g)) expect(allowed.gear.has(gear), `${what}: the gear ${gear} leaked`).toBe(true);
          for (const zone of markers(text, /Zname\d+Q/g)) expect(s.zones[Number(zone.slice(5, -1))]?.hidden, `${what}: the hidden zone ${zone} leaked`).toBe(false);
          if (text.includes('Faction3Q')) expect(allowed.factions.has('Faction3Q'), `${what}: a faction nobody saw leaked`).toBe(true);
          // Exact health outside the player factions (737 and what damage leaves of it, 733 set by hand).
          for (const st of states) {
            const players = new Set(playerFactionIds(st));
            for (const c of st.combatants) {
              if (players.has(c.factionId)) continue;
              const h = c.tracks.health?.value;
              if (h !== undefined && h > 40 && h % 10 !== 0) expect(new RegExp(`\\b${h}\\b`).test(text), `${what}: ${c.name}'s health ${h} leaked`).toBe(false);
            }
          }
        }
        expect(ENEMY_HEALTH).toBe(737);

        // Nothing from before the fight; keys numbered without gaps, in order of first appearance.
        expect(entries.every((e) => e.stage !== 'setup')).toBe(true);
        const seen: string[] = [];
        for (const e of entries) for (const k of e.keys) if (!seen.includes(k)) seen.push(k);
        expect(seen).toEqual(seen.map((_, i) => `p${i + 1}`));
        expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i));
        // One players' entry for each GM entry that is not GM-only, from the fight on.
        expect(entries.length).toBe(logEntries(enc).filter((e) => !e.gmOnly && e.stage !== "setup").length);
      }),
      { numRuns: 120 },
    );
  });
});
