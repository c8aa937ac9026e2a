import { describe, expect, it } from 'vitest';
import { isFailure } from '../../core/checks';
import { shownGearFields, type GearPiece } from '../../core/gear';
import { checkGear, ZONES_GEAR } from './gear';

// The gear form is generated from ZONES_GEAR; checkGear is the rule. What the form offers must be
// what the rule takes: every new piece, every option of every choice, every number in its bounds.

const check = (piece: object) => checkGear([piece], [], (n) => `g${n}`);

describe("Zones & Factions' gear declaration", () => {
  it('offers new pieces the rules accept, of every kind the rules know', () => {
    expect(ZONES_GEAR.kinds.map((k) => k.id)).toEqual(['weapon', 'shield', 'armour']);
    for (const kind of ZONES_GEAR.kinds) expect(isFailure(check({ ...kind.fresh, kind: kind.id }))).toBe(false);
  });

  it('offers only choices and numbers the rules accept, and the rules refuse one past the bounds', () => {
    for (const kind of ZONES_GEAR.kinds) {
      const base = { ...kind.fresh, kind: kind.id, reach: kind.id === 'weapon' ? 'ranged' : undefined, range: kind.id === 'weapon' ? 2 : undefined };
      for (const field of kind.fields) {
        if (field.kind === 'choice') for (const o of field.options) expect(isFailure(check({ ...base, [field.key]: o.value })), `${kind.id} ${field.key} ${o.value}`).toBe(false);
        if (field.kind === 'number') {
          expect(isFailure(check({ ...base, [field.key]: field.max }))).toBe(false);
          expect(isFailure(check({ ...base, [field.key]: field.max + 1 }))).toBe(true);
        }
      }
      expect(isFailure(check({ ...base, wear: 'melted' }))).toBe(true);
    }
  });

  it('shows a range only for weapons that reach beyond their own zone, and protection only for shields and armour', () => {
    const keys = (piece: GearPiece & Record<string, unknown>) => shownGearFields(ZONES_GEAR, piece).map((f) => f.key);
    expect(keys({ name: 'Sword', kind: 'weapon' })).toEqual(['damage', 'reach', 'blast', 'improvised', 'wear', 'place']);
    expect(keys({ name: 'Bow', kind: 'weapon', reach: 'ranged' })).toEqual(['damage', 'reach', 'range', 'blast', 'improvised', 'wear', 'place']);
    expect(keys({ name: 'Buckler', kind: 'shield' })).toEqual(['protection', 'wear', 'place']);
  });
});
