import { describe, expect, it } from 'vitest';
import { gearWornAfterFight } from './entry-after-fight';
import { zonesEntry } from './gear-input';

describe('a party member’s gear after a Zones & Factions fight', () => {
  it('takes the wear each piece ended with, by name, and leaves the rest as it was', () => {
    const extras = {
      fearless: true,
      gear: [
        { name: 'Sword', kind: 'weapon' as const, damage: 'd8' },
        { name: 'Shield', kind: 'shield' as const, protection: 1, wear: 'damaged' as const },
        { name: 'Rope', kind: 'armour' as const },
      ],
    };
    const after = zonesEntry(gearWornAfterFight(extras, [
      { name: 'sword ', wear: 'damaged' },
      { name: 'Shield', wear: 'broken' },
      { name: 'Bow', wear: 'broken' },
      { name: 'Rope', wear: 'melted' },
    ]));
    expect(after.gear.map((g) => [g.name, g.wear])).toEqual([
      ['Sword', 'damaged'],
      ['Shield', 'broken'],
      ['Rope', undefined],
    ]);
    expect(after.fearless).toBe(true);
    expect(gearWornAfterFight(extras, 'nonsense')).toBe(extras);
  });
});
