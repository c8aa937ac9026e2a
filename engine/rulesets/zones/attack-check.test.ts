import { describe, expect, it } from 'vitest';
import type { AttackSituation } from './attack';
import { attackCheck, rangeOf } from './attack-check';

/** A plain situation: visible target within half range, attacker standing still. */
function situation(overrides: Partial<AttackSituation> = {}): AttackSituation {
  return {
    targetVisible: true,
    beyondHalfRange: false,
    attackerMoving: false,
    concealment: false,
    cover: false,
    penetrates: false,
    targetsAware: true,
    opportunity: false,
    barrier: false,
    attackerPeeking: false,
    outOfRange: false,
    ...overrides,
  };
}

/** Every combination of the three facts that decide a hit check. */
const combos = [true, false].flatMap((targetVisible) =>
  [true, false].flatMap((beyondHalfRange) => [true, false].map((attackerMoving) => ({ targetVisible, beyondHalfRange, attackerMoving }))),
);

describe('attackCheck: melee', () => {
  it('hits automatically against a visible target', () => {
    expect(attackCheck('melee', false, situation())).toEqual({ kind: 'auto', reason: 'Hits automatically.' });
  });

  it('needs a WIT save against a target the attacker cannot see, and says so', () => {
    const check = attackCheck('melee', false, situation({ targetVisible: false }));
    expect(check.kind).toBe('save');
    expect(check.reason).toBe("Needs a WIT save: the attacker can't see the target.");
  });

  it('ignores range and moving: only sight matters up close', () => {
    for (const c of combos) {
      expect(attackCheck('melee', false, situation(c)).kind).toBe(c.targetVisible ? 'auto' : 'save');
    }
  });

  it('never misses with a blast, whatever the scene', () => {
    for (const c of combos) {
      const check = attackCheck('melee', true, situation(c));
      expect(check.kind).toBe('auto');
      expect(check.reason).toMatch(/never misses/);
    }
  });
});

describe('attackCheck: ranged', () => {
  it('hits automatically within half range while standing still', () => {
    expect(attackCheck('ranged', false, situation()).kind).toBe('auto');
  });

  it('needs a save beyond half range, naming the range', () => {
    expect(attackCheck('ranged', false, situation({ beyondHalfRange: true }))).toEqual({
      kind: 'save',
      reason: 'Needs a WIT save: the target is beyond half range.',
    });
  });

  it('needs a save while moving, naming the movement', () => {
    expect(attackCheck('ranged', false, situation({ attackerMoving: true }))).toEqual({
      kind: 'save',
      reason: 'Needs a WIT save: the attacker is moving.',
    });
  });

  it('is impossible beyond half range while moving', () => {
    const check = attackCheck('ranged', false, situation({ beyondHalfRange: true, attackerMoving: true }));
    expect(check.kind).toBe('impossible');
    expect(check.reason).toMatch(/^Not possible: .*moving/);
  });

  it('is impossible against a target out of sight, even when the shot would otherwise be easy', () => {
    for (const c of combos.filter((x) => !x.targetVisible)) {
      expect(attackCheck('ranged', false, situation(c))).toEqual({
        kind: 'impossible',
        reason: 'Not possible: a ranged attack needs a visible target.',
      });
    }
  });

  it('treats a ranged blast exactly like any other ranged attack', () => {
    for (const c of combos) {
      expect(attackCheck('ranged', true, situation(c))).toEqual(attackCheck('ranged', false, situation(c)));
    }
  });
});

describe('attackCheck: indirect', () => {
  it('always needs a save when it can be made at all: beyond half range, standing still', () => {
    for (const targetVisible of [true, false]) {
      const check = attackCheck('indirect', false, situation({ targetVisible, beyondHalfRange: true }));
      expect(check.kind).toBe('save');
      expect(check.reason).toMatch(/^Needs a WIT save: /);
    }
  });

  it('can reach a target it cannot see', () => {
    expect(attackCheck('indirect', false, situation({ targetVisible: false, beyondHalfRange: true })).kind).toBe('save');
  });

  it('is impossible within half range, even in plain sight', () => {
    const check = attackCheck('indirect', false, situation());
    expect(check.kind).toBe('impossible');
    expect(check.reason).toMatch(/half range/);
  });

  it('is impossible while moving, and says moving is the reason even when range is wrong too', () => {
    for (const beyondHalfRange of [true, false]) {
      const check = attackCheck('indirect', false, situation({ attackerMoving: true, beyondHalfRange }));
      expect(check.kind).toBe('impossible');
      expect(check.reason).toMatch(/moving/);
    }
  });

  it('works the same for an indirect blast', () => {
    for (const c of combos) {
      expect(attackCheck('indirect', true, situation(c))).toEqual(attackCheck('indirect', false, situation(c)));
    }
  });
});

describe('attackCheck: what does not matter', () => {
  it('ignores concealment, cover, awareness and opportunity, which act after the hit', () => {
    const extras = { concealment: true, cover: true, penetrates: true, targetsAware: false, opportunity: true, attackerPeeking: true };
    for (const reach of ['melee', 'ranged', 'indirect'] as const) {
      for (const c of combos) {
        expect(attackCheck(reach, false, situation({ ...c, ...extras }))).toEqual(attackCheck(reach, false, situation(c)));
      }
    }
  });

  it('always gives a full sentence ending with a full stop', () => {
    for (const reach of ['melee', 'ranged', 'indirect'] as const) {
      for (const blast of [true, false]) {
        for (const c of combos) expect(attackCheck(reach, blast, situation(c)).reason).toMatch(/^[A-Z].*\.$/);
      }
    }
  });
});

describe('attackCheck: barriers and range', () => {
  it('is impossible against a target completely behind a barrier, whatever the weapon and scene', () => {
    // Indirect fire is the exception: it is "directed at targets which aren't directly visible and
    // over obstacles" (issue 39), so a barrier doesn't stop it.
    for (const reach of ['melee', 'ranged'] as const) {
      for (const blast of [true, false]) {
        for (const c of combos) {
          expect(attackCheck(reach, blast, situation({ ...c, barrier: true }))).toEqual({ kind: 'impossible', reason: 'A barrier blocks the attack completely.' });
        }
      }
    }
    expect(attackCheck('indirect', false, situation({ barrier: true, beyondHalfRange: true })).kind).toBe('save');
    // "If a character peaks behind cover to attack… the barrier only counts as cover": not a block.
    expect(attackCheck('ranged', false, situation({ barrier: true, attackerPeeking: true })).kind).toBe('auto');
  });

  it('is impossible out of range, saying why for each reach', () => {
    expect(attackCheck('melee', false, situation({ outOfRange: true }))).toEqual({
      kind: 'impossible',
      reason: 'Out of range: a melee attack reaches only a nearby target, in the same zone.',
    });
    for (const reach of ['ranged', 'indirect'] as const) {
      for (const c of combos) {
        const check = attackCheck(reach, false, situation({ ...c, outOfRange: true }));
        expect(check).toEqual({ kind: 'impossible', reason: "Out of range: the target is beyond the weapon's full range." });
      }
      expect(attackCheck(reach, true, situation({ outOfRange: true })).reason).toBe("Out of range: the zone aimed at is beyond the weapon's full range.");
    }
  });

  it('never rules out a melee blast for range: it sweeps the attacker\'s own zone', () => {
    expect(attackCheck('melee', true, situation({ outOfRange: true })).kind).toBe('auto');
  });

  it('reads situations stored before the flags existed as no barrier and in range', () => {
    const old = { ...situation() } as Partial<AttackSituation>;
    delete old.barrier;
    delete old.outOfRange;
    expect(attackCheck('ranged', false, old as AttackSituation).kind).toBe('auto');
  });
});

describe('rangeOf', () => {
  // a - b - c - d - e in a line, and f on its own.
  const line = ['a', 'b', 'c', 'd', 'e'].map((id, i, all) => ({ id, name: id.toUpperCase(), neighbours: all[i + 1] ? [all[i + 1] as string] : [] }));
  const zones = [...line, { id: 'f', name: 'F', neighbours: [] }];
  const bow = { reach: 'ranged' as const, range: 3 };

  it('melee reaches its own zone only', () => {
    expect(rangeOf(zones, 'a', 'a', { reach: 'melee', range: 0 })).toEqual({ outOfRange: false, beyondHalfRange: false });
    expect(rangeOf(zones, 'a', 'b', { reach: 'melee', range: 0 })).toEqual({ outOfRange: true, beyondHalfRange: false });
  });

  it('ranged: beyond half range past half of it, out of range past all of it', () => {
    expect(rangeOf(zones, 'a', 'a', bow)).toEqual({ outOfRange: false, beyondHalfRange: false });
    expect(rangeOf(zones, 'a', 'b', bow)).toEqual({ outOfRange: false, beyondHalfRange: false });
    expect(rangeOf(zones, 'a', 'c', bow)).toEqual({ outOfRange: false, beyondHalfRange: true });
    expect(rangeOf(zones, 'a', 'd', bow)).toEqual({ outOfRange: false, beyondHalfRange: true });
    expect(rangeOf(zones, 'a', 'e', bow)).toEqual({ outOfRange: true, beyondHalfRange: true });
    // Borders count both ways.
    expect(rangeOf(zones, 'e', 'a', bow)).toEqual({ outOfRange: true, beyondHalfRange: true });
  });

  it('indirect: the same distances', () => {
    expect(rangeOf(zones, 'a', 'c', { reach: 'indirect', range: 4 })).toEqual({ outOfRange: false, beyondHalfRange: false });
    expect(rangeOf(zones, 'a', 'd', { reach: 'indirect', range: 4 })).toEqual({ outOfRange: false, beyondHalfRange: true });
  });

  it('is null when a zone is missing, unknown or cut off, so the GM judges', () => {
    expect(rangeOf(zones, null, 'a', bow)).toBeNull();
    expect(rangeOf(zones, 'a', null, bow)).toBeNull();
    expect(rangeOf(zones, 'a', 'cellar', bow)).toBeNull();
    expect(rangeOf(zones, 'a', 'f', bow)).toBeNull();
  });
});
