import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { readiedOf } from './ready';
import { newThreeActions } from './testing';

// "Ready an Action | End your turn declaring an action as a reaction with a trigger condition.
// Lasts until next turn or when triggered". "During each round, characters may also take up to
// one reaction."

const CLUB = { name: 'Club', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'melee' };

/** Ada (heroes, a club) and Orc (enemies); Ada's turn first. */
function fight(): Encounter {
  const e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Ada', factionId: HEROES, stats: { evasion: 6 }, tracks: { endurance: 12, health: 12, stamina: 3 }, rules: { gear: [CLUB] } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { evasion: 6 }, tracks: { endurance: 12, health: 12, stamina: 3 } },
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Ada') });
}

const ready = (e: Encounter, actionId: string, trigger: string, words?: string) => ({ type: 'three-actions/ready', combatantId: idOf(e, 'Ada'), actionId, trigger, ...(words ? { words } : {}) }) as never;
const take = (e: Encounter, extra: Record<string, unknown> = {}) => ({ type: 'three-actions/take-readied', combatantId: idOf(e, 'Ada'), ...extra }) as never;
const orcsTurn = (e: Encounter) => run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
const conditions = (e: Encounter) => combatantNamed(e, 'Ada').conditions.map((k) => k.name);
const clubAt = (e: Encounter, extra: Record<string, unknown> = {}) => ({ type: 'three-actions/attack', attackerId: idOf(e, 'Ada'), targetId: idOf(e, 'Orc'), weaponId: personOf(combatantNamed(e, 'Ada')).gear[0]!.id, ...extra }) as never;

describe('Three Actions: Ready names an action and its trigger', () => {
  it('readies a move, ending the turn; taken on the orc\'s turn with the reaction, which ends the readied state', () => {
    let e = run(fight(), ready(fight(), 'move', 'the orc comes through the door'));
    expect(conditions(e)).toEqual(['Action readied']);
    expect(readiedOf(combatantNamed(e, 'Ada'))).toMatchObject({ actionId: 'move', trigger: 'the orc comes through the door' });
    // "End your turn": nothing more this turn.
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Ada'), actionId: 'interact' }).code).toBe('action/turn-ended');
    e = run(orcsTurn(e), take(e));
    expect(e.events.at(-2)).toMatchObject({ type: 'action-used', actionId: 'move', spends: 'reaction' });
    expect(conditions(e)).toEqual([]);
    // One reaction: it is spent, and nothing is readied any more.
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Ada'), actionId: 'dodge' }).message).toContain('no reaction left');
    expect(refuse(e, take(e)).message).toBe('Ada has no action readied.');
    expect(logEntries(e).map((l) => l.text)).toEqual(expect.arrayContaining(['Ada: ready (move, when the orc comes through the door).', 'Ada, out of turn: move (readied move, when the orc comes through the door).']));
  });

  it('readies something else in words, and puts on what the readied action of the table gives', () => {
    const lever = run(fight(), ready(fight(), 'other', 'the bridge is full', 'pull the lever'));
    expect(readiedOf(combatantNamed(lever, 'Ada'))).toMatchObject({ actionId: 'other', words: 'pull the lever' });
    run(orcsTurn(lever), take(lever));
    const cover = run(orcsTurn(run(fight(), ready(fight(), 'seek-cover', 'arrows fly'))), take(fight()));
    expect(conditions(cover)).toEqual(['Behind cover']);
  });

  it('refuses another action than the one readied, unless the GM rules it', () => {
    const e = orcsTurn(run(fight(), ready(fight(), 'move', 'the orc comes through the door')));
    const other = refuse(e, take(e, { actionId: 'seek-cover' }));
    expect(other.code).toBe('three-actions/not-readied');
    expect(other.message).toBe('Ada readied move (when the orc comes through the door), not seek cover.');
    expect(refuse(e, clubAt(e)).message).toBe('Ada readied move (when the orc comes through the door), not attack.');
    const ruled = run(e, take(e, { actionId: 'seek-cover', gmRuling: true }));
    expect(conditions(ruled)).toEqual(['Behind cover']);
    // An attack ruled so is the readied reaction all the same: luck 5, 3 + 3 = 6 against evasion 6.
    const struck = stepWithDice(e, [5, 3, 3], clubAt(e, { gmRuling: true }));
    expect(struck.events.find((x) => x.type === 'three-actions/attacked')).toMatchObject({ paid: 'reaction', hit: true, ruling: true });
    expect(conditions(struck.encounter)).toEqual([]);
  });

  it('needs the reaction still there (one a round), and lapses at the next turn', () => {
    let e = orcsTurn(run(fight(), ready(fight(), 'move', 'the orc comes through the door')));
    const dodged = run(e, { type: 'use-action', combatantId: idOf(e, 'Ada'), actionId: 'dodge' });
    expect(refuse(dodged, take(e)).code).toBe('three-actions/no-reaction');
    // Not triggered: at the start of her next turn it is gone.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Ada') });
    expect(readiedOf(combatantNamed(e, 'Ada'))).toBeNull();
    expect(conditions(e)).toEqual([]);
    e = orcsTurn(e);
    expect(refuse(e, take(e)).code).toBe('three-actions/not-readied');
  });

  it('reads a readied state stored before Ready named its action as a readied attack, as it was', () => {
    // An older log's Ready put on the condition alone.
    let e = run(fight(), { type: 'add-condition', combatantId: idOf(fight(), 'Ada'), name: 'Action readied' } as never);
    expect(readiedOf(combatantNamed(e, 'Ada'))).toMatchObject({ actionId: 'attack', trigger: '' });
    e = orcsTurn(e);
    const struck = stepWithDice(e, [5, 3, 3], clubAt(e));
    expect(struck.events.find((x) => x.type === 'three-actions/attacked')).toMatchObject({ paid: 'reaction' });
  });

  it('refuses a Ready without a trigger, an action that can\'t be readied, and the bare action of the table', () => {
    const e = fight();
    expect(refuse(e, ready(e, 'move', '  ')).code).toBe('input/trigger');
    expect(refuse(e, ready(e, 'move', 'x'.repeat(101))).code).toBe('input/trigger');
    expect(refuse(e, ready(e, 'sprint', 'they run')).code).toBe('three-actions/ready-action');
    expect(refuse(e, ready(e, 'resuscitate', 'they fall')).code).toBe('three-actions/ready-action');
    expect(refuse(e, ready(e, 'other', 'they run')).code).toBe('input/words');
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Ada'), actionId: 'ready' }).code).toBe('three-actions/own-command');
    // A readied attack is rolled by the attack form.
    const attack = orcsTurn(run(e, ready(e, 'attack', 'the orc steps up')));
    expect(refuse(attack, take(attack)).code).toBe('three-actions/attack-form');
  });
});

describe('Three Actions: what may not be readied', () => {
  it('refuses readying Brandish: what is held is named on one\'s own turn', () => {
    const e = fight();
    expect(refuse(e, ready(e, 'brandish', 'the orc charges')).code).toBe('three-actions/ready-action');
  });
});
