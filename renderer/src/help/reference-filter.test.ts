import { describe, expect, it } from 'vitest';
import { findRuleset } from '../../../engine/index';
import { filterReferences } from './reference-filter';

// The help's reference tables, narrowed by what the GM types (Skill Ranks' tables here).

const tables = findRuleset('ranks')?.references ?? [];

describe('finding in the reference tables', () => {
  it('keeps everything when nothing is typed', () => {
    expect(filterReferences(tables, '  ')).toHaveLength(tables.length);
  });

  it('keeps the rows that have every word typed, in any case, and drops tables left empty', () => {
    const found = filterReferences(tables, 'WINDED bonus');
    expect(found.map((t) => t.title)).toEqual(['Fatigue conditions']);
    expect(found[0]?.rows.map((r) => r[1])).toEqual(['Winded']);
  });

  it('keeps a whole table whose title matches', () => {
    const reach = filterReferences(tables, 'reach').find((t) => t.title === 'Reach');
    // Every row: the five weapon categories and the heavy object shifted at a foe.
    expect(reach?.rows).toHaveLength(6);
    expect(reach?.rows).toEqual(tables.find((t) => t.title === 'Reach')?.rows);
  });
});
