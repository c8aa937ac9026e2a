import { describe, expect, it } from 'vitest';
import { BUILTIN_RULESETS, exportJson, importEncounterLog, openPrompt, type Command, type Encounter } from '../../index';
import { logEntries } from '../../log/entries';
import { fightLog } from '../../log/narrate';
import { playerLog } from '../../log/player-log';
import type { ZonesCommandOf } from './commands';
import { fullSituation } from './declare-attack';
import { combatantNamed, ENEMIES, eventsOfType, HEROES, addZ, idOf, newZonesEncounter, run, step } from '../../test-support';
import { gearOf, whyNoReaction, zonesFight } from './index';

// "A target that cannot react says why." An attack on a target who may not react themselves
// (dodge, counter, hide behind) lands at once when nobody may guard them either; the attack's
// line in the log and in What happened says why each such target had no reaction, the players'
// version too where it gives nothing away, and the attack form asks the engine the same question
// before the attack is declared.

const ZONES = [
  { id: 'yard', name: 'Yard', neighbours: ['hall'] },
  { id: 'hall', name: 'Hall', neighbours: ['yard'] },
];
const CLUB = { name: 'Club', kind: 'weapon' as const, damage: 'd6' };

/** Ann and a bandit in the yard, Bo out of the way in the hall (so nobody can guard); combat started, nobody's turn yet. */
function yard(bandit: { concealed?: boolean } = {}): Encounter {
  return run(
    newZonesEncounter(5),
    { type: 'set-zones', zones: ZONES },
    addZ('Ann', { zoneId: 'yard', health: 30, gear: [CLUB] }),
    addZ('Bo', { zoneId: 'hall' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', health: 30, gear: [CLUB], concealed: bandit.concealed ?? false }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
}

function attack(enc: Encounter, by: string, at: string, more: Partial<ZonesCommandOf<'zones/declare-attack'>> = {}): Command {
  return { type: 'zones/declare-attack', attackerId: idOf(enc, by), weaponId: gearOf(combatantNamed(enc, by))[0]?.id ?? null, targetIds: [idOf(enc, at)], ...more } as Command;
}

const gmLines = (enc: Encounter) => logEntries(enc).map((e) => e.text);
const playerLines = (enc: Encounter) => playerLog(enc).map((e) => e.text);
const panelLines = (enc: Encounter) => fightLog(enc.events, enc.state, enc.ruleset).map((l) => l.text);
const resolvedAtOnce = (events: readonly { type: string }[]) => events.some((e) => e.type === 'zones/attack-resolved');

/** Ann has had her turn; now the bandit takes theirs. */
function annHasActed(): Encounter {
  const enc = yard();
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(enc, 'Bandit') });
}

describe('Zones & Factions: why a target had no reaction', () => {
  it('lands at once on a target who has acted with only an enemy beside them: nobody on their side may guard them', () => {
    const base = annHasActed();
    const crowded = run(base, addZ('Cutthroat', { factionId: ENEMIES, zoneId: 'yard' }));
    const hit = step(crowded, attack(crowded, 'Bandit', 'Ann'));
    expect(resolvedAtOnce(hit.events)).toBe(true);
    expect(openPrompt(hit.encounter.state, hit.encounter.ruleset)).toBeNull();
  });

  it('says so of a target who has already acted this round, in the log, in What happened and to the players', () => {
    const enc = annHasActed();
    // The attack form asks before the attack is declared.
    expect(whyNoReaction(enc.state, combatantNamed(enc, 'Bandit'), fullSituation({}, false), combatantNamed(enc, 'Ann'))).toBe('acted');
    const hit = step(enc, attack(enc, 'Bandit', 'Ann'));
    expect(resolvedAtOnce(hit.events)).toBe(true);
    const line = "Bandit attacks Ann. Ann can't react: they have already used their turn this round.";
    expect(gmLines(hit.encounter)).toContain(line);
    expect(panelLines(hit.encounter)).toContain(line);
    expect(playerLines(hit.encounter)).toContain("Enemies 1 attacks Ann. Ann can't react: they have already used their turn this round.");
    expect(eventsOfType(hit.events, 'zones/attack-declared')[0]?.attack.noReaction).toEqual([{ targetId: idOf(enc, 'Ann'), reason: 'acted' }]);
  });

  it('keeps the reason in What happened once the round is over, as it was when the attack came', () => {
    const hit = run(annHasActed(), attack(annHasActed(), 'Bandit', 'Ann'));
    const later = run(hit, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(hit, 'Bo') }, { type: 'end-turn' });
    expect(later.state.round).toBe(2);
    expect(later.state.turn?.spent).not.toContain(idOf(hit, 'Ann'));
    expect(panelLines(later)).toContain("Bandit attacks Ann. Ann can't react: they have already used their turn this round.");
  });

  it('says so of a target taken by surprise: unaware of the attacker, or attacked from hiding', () => {
    let enc = yard();
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
    const unaware = step(enc, attack(enc, 'Ann', 'Bandit', { situation: { targetsAware: false } }));
    expect(resolvedAtOnce(unaware.events)).toBe(true);
    expect(gmLines(unaware.encounter)).toContain("Ann attacks Bandit. Bandit can't react: they are taken by surprise.");
    expect(panelLines(unaware.encounter)).toContain("Ann attacks Bandit. Bandit can't react: they are taken by surprise.");

    let hidden = yard({ concealed: true });
    hidden = run(hidden, { type: 'take-turn', combatantId: idOf(hidden, 'Bandit') });
    const ambushed = step(hidden, attack(hidden, 'Bandit', 'Ann')).encounter;
    expect(gmLines(ambushed)).toContain("Bandit attacks Ann. Ann can't react: they are taken by surprise.");
    // The players don't see who struck, but they hear why Ann could do nothing about it.
    expect(playerLines(ambushed)).toContain("Ann is attacked. Ann can't react: they are taken by surprise.");
    expect(JSON.stringify(playerLog(ambushed))).not.toContain('Bandit');
  });

  it('says nobody can react to an opportunity attack', () => {
    let enc = yard();
    enc = run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') }, { type: 'move', combatantId: idOf(enc, 'Ann'), zoneId: 'hall' });
    expect(openPrompt(enc.state, enc.ruleset)?.kind).toBe('zones/leaving');
    const struck = step(enc, attack(enc, 'Bandit', 'Ann'));
    // "It isn't normally possible to react to an opportunity attack… but some skills might give an
    // opportunity to do so": the attack waits for Ann, so the GM may rule a reaction (issue 39).
    expect(resolvedAtOnce(struck.events)).toBe(false);
    const line = "Bandit (out of turn) attacks Ann. Ann can't react: an opportunity attack normally allows no reaction.";
    expect(gmLines(struck.encounter)).toContain(line);
    expect(panelLines(struck.encounter)).toContain(line);
  });

  it('says a target out of the fight can not react, but not to players who may not know their health', () => {
    let enc = yard();
    enc = run(enc, { type: 'damage', combatantId: idOf(enc, 'Bandit'), amount: 30 }, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
    const blow = attack(enc, 'Ann', 'Bandit', { intent: 'final-blow' });
    const told = run(enc, blow);
    expect(gmLines(told)).toContain("Ann attacks Bandit. Bandit can't react: they are out of the fight.");
    expect(playerLines(told)).toContain("Ann attacks Enemies 1. Enemies 1 can't react: they are out of the fight.");
    const secret = run(enc, { type: 'set-enemy-health', mode: 'none' }, blow);
    expect(playerLines(secret)).toContain('Ann attacks Enemies 1.');
  });

  it('says nothing of a target who can react, and the attack waits for them', () => {
    const enc = run(yard(), { type: 'take-turn', combatantId: idOf(yard(), 'Ann') });
    expect(whyNoReaction(enc.state, combatantNamed(enc, 'Ann'), fullSituation({}, false), combatantNamed(enc, 'Bandit'))).toBeNull();
    const waiting = step(enc, attack(enc, 'Ann', 'Bandit'));
    expect(resolvedAtOnce(waiting.events)).toBe(false);
    expect(zonesFight(waiting.encounter.state).pendingAttack?.awaiting).toEqual([idOf(enc, 'Bandit')]);
    expect(eventsOfType(waiting.events, 'zones/attack-declared')[0]?.attack).not.toHaveProperty('noReaction');
    expect(gmLines(waiting.encounter)).toContain('Ann attacks Bandit.');
    expect(gmLines(waiting.encounter).join('\n')).not.toContain("can't react");
    expect(panelLines(waiting.encounter).join('\n')).not.toContain("can't react");
  });

  it('tells a log written before the reason was recorded from the state the attack came in, and refuses a reason it does not know', () => {
    const hit = run(annHasActed(), attack(annHasActed(), 'Bandit', 'Ann'));
    const json = exportJson(hit, { campaignName: 'The yard', exportedAt: '2025-03-14T19:30:00.000Z' });
    const old = importEncounterLog(json.replace(/,"noReaction":\[[^\]]*\]/g, ''), BUILTIN_RULESETS);
    if (!old.ok) throw new Error(old.message);
    expect(gmLines(old.value)).toContain("Bandit attacks Ann. Ann can't react: they have already used their turn this round.");
    const forged = importEncounterLog(json.replace('"reason":"acted"', '"reason":"asleep"'), BUILTIN_RULESETS);
    expect(forged.ok).toBe(false);
  });
});
