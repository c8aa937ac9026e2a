import { describe, expect, it } from 'vitest';
import { defaultDisplay, displayOf, playerFactionIds, projectPlayerView, replay, undo, type EncounterState } from '../index';
import { add, addZ, ENEMIES, HEROES, idOf, newEncounter, newZonesEncounter, refuse, run, step } from '../test-support';

// What the GM lets the players see: the commands, their refusals, the reducer's own rule that
// getting a turn ends "hidden until their first turn", undo and replay.

function twoSides() {
  return run(newEncounter(4), add('Ann', { initMod: 5 }), add('Goblin', { factionId: ENEMIES, quantity: 2 }));
}

describe('display defaults', () => {
  it('a new encounter shows the first faction in full and descriptors for the rest', () => {
    const enc = newEncounter();
    expect(enc.state.display).toEqual({ playerFactions: [HEROES], enemyHealth: 'descriptors', shownNames: {}, revealedNames: [], waitingForTurn: [], conditionsShown: [] });
    expect(playerFactionIds(enc.state)).toEqual([HEROES]);
  });

  it('a state from before the display existed reads as the defaults', () => {
    const { display: _gone, ...old } = twoSides().state;
    const state = old as EncounterState;
    expect(displayOf(state)).toEqual(defaultDisplay(state.factions));
    expect(playerFactionIds(state)).toEqual([HEROES]);
  });
});

describe('set-player-factions', () => {
  it('keeps the factions in encounter order, once each; it may be none', () => {
    let enc = run(twoSides(), { type: 'set-player-factions', factionIds: [ENEMIES, HEROES, ENEMIES] });
    expect(displayOf(enc.state).playerFactions).toEqual([HEROES, ENEMIES]);
    enc = run(enc, { type: 'set-player-factions', factionIds: [] });
    expect(playerFactionIds(enc.state)).toEqual([]);
    expect(undo(enc).state.display?.playerFactions).toEqual([HEROES, ENEMIES]);
  });

  it('refuses an unknown faction or a value that is not a list', () => {
    const enc = twoSides();
    expect(refuse(enc, { type: 'set-player-factions', factionIds: ['f9'] })).toMatchObject({ code: 'faction/unknown', message: 'There is no faction with id "f9" in this encounter.' });
    expect(refuse(enc, { type: 'set-player-factions', factionIds: 'f1' }).code).toBe('display/factions');
    expect(refuse(enc, { type: 'set-player-factions', factionIds: null }).code).toBe('display/factions');
  });

  it('makes no event when nothing changes', () => {
    expect(step(twoSides(), { type: 'set-player-factions', factionIds: [HEROES] }).events).toEqual([]);
  });
});

describe('set-enemy-health', () => {
  it('switches between descriptors and nothing, refusing anything else', () => {
    const enc = run(twoSides(), { type: 'set-enemy-health', mode: 'none' });
    expect(displayOf(enc.state).enemyHealth).toBe('none');
    expect(refuse(enc, { type: 'set-enemy-health', mode: 'exact' })).toMatchObject({ code: 'input/choice', message: "Show other characters' health as one of: descriptors, none." });
  });
});

describe('set-player-name and reveal-name', () => {
  it('stores the trimmed name, clears it with null, and refuses blanks and long names', () => {
    let enc = twoSides();
    const goblin = idOf(enc, 'Goblin 1');
    enc = run(enc, { type: 'set-player-name', combatantId: goblin, name: '  Hooded stranger ' });
    expect(displayOf(enc.state).shownNames).toEqual({ [goblin]: 'Hooded stranger' });
    expect(refuse(enc, { type: 'set-player-name', combatantId: goblin, name: '  ' }).message).toBe(
      'Type the name the players should see for Goblin 1, or clear it to go back to the default.',
    );
    expect(refuse(enc, { type: 'set-player-name', combatantId: goblin, name: 'x'.repeat(61) }).message).toBe('Keep the name the players see to 60 characters.');
    expect(refuse(enc, { type: 'set-player-name', combatantId: 'c99', name: 'X' }).code).toBe('combatant/unknown');
    enc = run(enc, { type: 'set-player-name', combatantId: goblin, name: null });
    expect(displayOf(enc.state).shownNames).toEqual({});
  });

  it('reveals and hides a real name again, refusing a value that is not yes or no', () => {
    let enc = twoSides();
    const goblin = idOf(enc, 'Goblin 2');
    enc = run(enc, { type: 'reveal-name', combatantId: goblin, revealed: true });
    expect(displayOf(enc.state).revealedNames).toEqual([goblin]);
    expect(step(enc, { type: 'reveal-name', combatantId: goblin, revealed: true }).events).toEqual([]);
    expect(refuse(enc, { type: 'reveal-name', combatantId: goblin, revealed: 'yes' }).code).toBe('input/boolean');
    enc = run(enc, { type: 'reveal-name', combatantId: goblin, revealed: false });
    expect(displayOf(enc.state).revealedNames).toEqual([]);
  });
});

describe('show-conditions', () => {
  it('lets the players see an enemy\'s conditions by name, and stops, refusing a value that is not yes or no', () => {
    let enc = run(twoSides(), { type: 'start-combat' });
    const goblin = idOf(enc, 'Goblin 1');
    enc = run(enc, { type: 'add-condition', combatantId: goblin, name: 'Frightened' });
    const seen = () => {
      const view = projectPlayerView(enc.state);
      return view.status === 'waiting' ? null : view.combatants.find((c) => c.name === 'Goblins 1' || c.name.startsWith('Enemies'))?.conditions;
    };
    expect(seen()).toEqual([]);
    enc = run(enc, { type: 'show-conditions', combatantId: goblin, shown: true });
    expect(displayOf(enc.state).conditionsShown).toEqual([goblin]);
    expect(seen()).toEqual(['Frightened']);
    expect(step(enc, { type: 'show-conditions', combatantId: goblin, shown: true }).events).toEqual([]);
    expect(refuse(enc, { type: 'show-conditions', combatantId: goblin, shown: 'yes' as never }).code).toBe('input/boolean');
    enc = run(enc, { type: 'show-conditions', combatantId: goblin, shown: false });
    expect(seen()).toEqual([]);
  });
});

describe('hide-until-turn', () => {
  it('ends when combat starts on them, on Next turn, on Previous turn', () => {
    let enc = twoSides();
    const ids = enc.state.combatants.map((c) => c.id);
    for (const id of ids) enc = run(enc, { type: 'hide-until-turn', combatantId: id, hidden: true });
    enc = run(enc, { type: 'start-combat' });
    const [, second, third] = enc.state.order;
    expect(displayOf(enc.state).waitingForTurn.sort()).toEqual([second, third].sort());
    enc = run(enc, { type: 'next-turn' });
    expect(enc.state.activeId).toBe(second);
    expect(displayOf(enc.state).waitingForTurn).toEqual([third]);
    // Hidden again while not acting, then the GM steps back onto them.
    enc = run(enc, { type: 'next-turn' }, { type: 'hide-until-turn', combatantId: second as string, hidden: true }, { type: 'previous-turn' });
    expect(enc.state.activeId).toBe(second);
    expect(displayOf(enc.state).waitingForTurn).toEqual([]);
    expect(replay(enc.events)).toEqual(enc.state);
  });

  it('ends when their faction picks them to act (factions alternate)', () => {
    let enc = run(newZonesEncounter(2), addZ('Ann'), addZ('Bandit', { factionId: ENEMIES, quantity: 2 }));
    const bandit = idOf(enc, 'Bandit 1');
    enc = run(enc, { type: 'hide-until-turn', combatantId: bandit, hidden: true }, { type: 'start-combat', initiativeFactionId: ENEMIES });
    expect(displayOf(enc.state).waitingForTurn).toEqual([bandit]);
    enc = run(enc, { type: 'take-turn', combatantId: bandit });
    expect(displayOf(enc.state).waitingForTurn).toEqual([]);
    expect(replay(enc.events)).toEqual(enc.state);
    // Undo puts them back in waiting.
    expect(displayOf(undo(enc).state).waitingForTurn).toEqual([bandit]);
  });

  it('refuses to hide the one acting now', () => {
    const enc = run(twoSides(), { type: 'start-combat' });
    const active = enc.state.activeId as string;
    expect(refuse(enc, { type: 'hide-until-turn', combatantId: active, hidden: true }).code).toBe('display/acting');
  });

  it('forgets what it held about a combatant who is removed', () => {
    let enc = twoSides();
    const goblin = idOf(enc, 'Goblin 1');
    enc = run(
      enc,
      { type: 'hide-until-turn', combatantId: goblin, hidden: true },
      { type: 'reveal-name', combatantId: goblin, revealed: true },
      { type: 'set-player-name', combatantId: goblin, name: 'Gob' },
      { type: 'remove-combatant', combatantId: goblin },
    );
    expect(displayOf(enc.state)).toEqual(defaultDisplay(enc.state.factions));
    expect(replay(enc.events)).toEqual(enc.state);
  });
});
