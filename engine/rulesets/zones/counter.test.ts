import { describe, expect, it } from 'vitest';
import { counterOrder } from './counter';

const lethal = (damage: number) => ({ damage, nonLethal: false });
const nonLethal = { damage: 0, nonLethal: true };

describe('counterOrder', () => {
  it('hits the attacker first when the counter deals more damage', () => {
    expect(counterOrder(lethal(5), lethal(3))).toBe('attacker-hit-first');
  });

  it('hits the counterer first when the attack deals more damage', () => {
    expect(counterOrder(lethal(2), lethal(6))).toBe('counterer-hit-first');
  });

  it('lands both together on a tie, including nothing against nothing', () => {
    expect(counterOrder(lethal(4), lethal(4))).toBe('together');
    expect(counterOrder(lethal(0), lethal(0))).toBe('together');
  });

  it('decides by a single point', () => {
    expect(counterOrder(lethal(1), lethal(0))).toBe('attacker-hit-first');
    expect(counterOrder(lethal(0), lethal(1))).toBe('counterer-hit-first');
  });

  it("resolves the attacker's non-lethal attack last, so the attacker is hit first", () => {
    // The attacker tries to grapple; the counterer swings back for 0 after armour. Still the
    // counter lands before the grapple.
    expect(counterOrder(lethal(0), nonLethal)).toBe('attacker-hit-first');
    expect(counterOrder(lethal(7), nonLethal)).toBe('attacker-hit-first');
  });

  it('resolves a non-lethal counter last, so the counterer is hit first', () => {
    expect(counterOrder(nonLethal, lethal(0))).toBe('counterer-hit-first');
    expect(counterOrder(nonLethal, lethal(9))).toBe('counterer-hit-first');
  });

  it('ignores any damage number given with a non-lethal blow', () => {
    expect(counterOrder({ damage: 99, nonLethal: true }, lethal(1))).toBe('counterer-hit-first');
  });

  it('lands two non-lethal attacks together', () => {
    expect(counterOrder(nonLethal, nonLethal)).toBe('together');
    expect(counterOrder({ damage: 3, nonLethal: true }, nonLethal)).toBe('together');
  });
});
