import { describe, expect, it } from 'vitest';
import { projectPlayerView, type Encounter, type PlayerFight } from '../../../engine/index';
import { add, ENEMIES, newEncounter, run } from '../../../engine/test-support';
import { codeOf, partyOf, pickedIn, pickKey, rememberedPick, rememberPick } from './pick';

// The pick list comes from the screen alone: the party members the projection shows (its players'
// side), never a hidden or enemy character, and the pick follows the name from screen to screen.

function fight(): Encounter {
  return run(newEncounter(3), add('Ann', { initMod: 20 }), add('Bo', { initMod: -10 }), add('Goblin', { factionId: ENEMIES, quantity: 2, initMod: -5 }), { type: 'start-combat' });
}
const viewOf = (enc: Encounter) => projectPlayerView(enc.state, enc.ruleset) as PlayerFight;

describe('picking your character on your phone', () => {
  it('lists the party members the screen shows, and only them', () => {
    expect(partyOf(viewOf(fight())).map((c) => c.name)).toEqual(['Ann', 'Bo']);
  });

  it('leaves out a party member the GM keeps hidden, and finds the pick again by name', () => {
    let enc = fight();
    const ann = enc.state.combatants.find((c) => c.name === 'Ann')?.id ?? '';
    enc = run(enc, { type: 'set-concealed', combatantId: ann, concealed: true });
    const view = viewOf(enc);
    expect(partyOf(view).map((c) => c.name)).toEqual(['Bo']);
    expect(pickedIn(view, 'Ann')).toBeNull();
    expect(pickedIn(view, 'Bo')?.health).toEqual({ kind: 'full', tracks: [{ label: 'Hit points', shortLabel: 'HP', value: 10, max: 10 }], out: false });
    // An enemy is never a pick, whatever name is remembered.
    expect(pickedIn(view, 'Enemies 1')).toBeNull();
    expect(pickedIn(view, null)).toBeNull();
  });

  it('reads the join code from the address as the server does', () => {
    expect(codeOf('/ab3k9xq2/')).toBe('ab3k9xq2');
    expect(codeOf('/AB3K-9XQ2/index.html')).toBe('ab3k9xq2');
    expect(codeOf('/')).toBe('');
  });

  it('remembers the pick for one code only, and forgets it on "Stop following"', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v), removeItem: (k: string) => void kept.delete(k) };
    rememberPick(storage, 'ab3k9xq2', 'Bo');
    expect(rememberedPick(storage, 'ab3k9xq2')).toBe('Bo');
    expect(rememberedPick(storage, 'zz3k9xq2')).toBeNull();
    expect([...kept.keys()]).toEqual([pickKey('ab3k9xq2')]);
    rememberPick(storage, 'ab3k9xq2', null);
    expect(rememberedPick(storage, 'ab3k9xq2')).toBeNull();
  });

  it('does without storage the phone refuses', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } };
    expect(() => rememberPick(refusing, 'ab3k9xq2', 'Bo')).not.toThrow();
    expect(rememberedPick(refusing, 'ab3k9xq2')).toBeNull();
  });
});
