import { describe, expect, it } from 'vitest';
import { run, add, newEncounter } from '../../../engine/test-support';
import { SHORTCUTS } from '../shortcuts';
import { filterPalette, paletteEntries } from './palette';

const fight = () => {
  const enc = run(newEncounter(2), add('Ann'), add('Bo'), { type: 'start-combat' });
  const ann = enc.state.combatants.find((c) => c.name === 'Ann');
  if (!ann) throw new Error('Ann');
  return run(enc, { type: 'add-condition', combatantId: ann.id, name: 'Stunned' }).state;
};

describe('the command palette', () => {
  it('offers every shortcut of the help table with its keys, but for opening and leaving it', () => {
    const labels = paletteEntries(null, []).map((e) => e.label);
    for (const s of SHORTCUTS.filter((x) => x.id !== null && x.id !== 'palette' && x.id !== 'close')) expect(labels).toContain(s.action);
    expect(paletteEntries(null, []).find((e) => e.run.kind === 'shortcut' && e.run.action === 'damage')?.keys).toEqual(['D']);
  });

  it('finds a character to select, a turn to take beyond the number keys, and a condition to remove, by the first letters typed', () => {
    const state = fight();
    const many = Array.from({ length: 12 }, (_, i) => ({ ...state.combatants[0]!, id: `c${i}`, name: `Goblin ${i + 1}` }));
    const entries = paletteEntries(state, many);
    expect(filterPalette(entries, 'gob 12 takes').map((e) => e.label)).toEqual(['Goblin 12 takes their turn']);
    expect(filterPalette(entries, 'gob 12 takes')[0]?.keys).toEqual([]);
    expect(filterPalette(entries, 'gob 3')[0]?.keys).toEqual(['3']);
    expect(filterPalette(entries, 'rem stu').map((e) => e.run)).toEqual([{ kind: 'command', command: { type: 'remove-condition', combatantId: expect.any(String), conditionId: expect.any(String) } }]);
    expect(filterPalette(entries, 'sel bo').map((e) => e.label)).toEqual(['Select Bo']);
  });

  it('lists everything for nothing typed and nothing for a word no entry has', () => {
    const entries = paletteEntries(fight(), []);
    expect(filterPalette(entries, '  ')).toHaveLength(entries.length);
    expect(filterPalette(entries, 'zzz')).toEqual([]);
  });
});
