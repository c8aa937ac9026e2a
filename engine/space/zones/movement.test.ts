import { describe, expect, it } from 'vitest';
import type { Combatant, EncounterState } from '../../core/state';
import type { Border } from '../../core/maps/zone-state';
import { findMove, halfSteps, moveOptions } from './movement';

// gate — yard — hall ⇒ pit (one-way into the pit)
const borders: Border[] = [
  { id: 'gate~yard', a: 'gate', b: 'yard', barrier: false, oneWayTo: null },
  { id: 'hall~yard', a: 'hall', b: 'yard', barrier: true, oneWayTo: null },
  { id: 'hall~pit', a: 'hall', b: 'pit', barrier: false, oneWayTo: 'pit' },
];

const at = (zoneId: string, borderId: string | null = null) => ({ zoneId, borderId });

describe('halfSteps', () => {
  it('from a zone, onto each border that can be crossed outwards', () => {
    expect(halfSteps(borders, at('yard'))).toEqual([at('yard', 'gate~yard'), at('yard', 'hall~yard')]);
    expect(halfSteps(borders, at('hall'))).toEqual([at('hall', 'hall~yard'), at('hall', 'hall~pit')]);
    expect(halfSteps(borders, at('pit'))).toEqual([]);
  });

  it('from a border, back into one\'s zone or across if it allows', () => {
    expect(halfSteps(borders, at('hall', 'hall~pit'))).toEqual([at('hall'), at('pit')]);
    expect(halfSteps(borders, at('pit', 'hall~pit'))).toEqual([at('pit')]);
    expect(halfSteps(borders, at('gate', 'nowhere~else'))).toEqual([at('gate')]);
  });
});

describe('findMove', () => {
  it('takes the fewest halves, and says null past the limit', () => {
    expect(findMove(borders, at('gate'), { zoneId: 'yard' })).toEqual({ to: at('yard'), halves: 2 });
    expect(findMove(borders, at('gate'), { borderId: 'gate~yard' })).toEqual({ to: at('gate', 'gate~yard'), halves: 1 });
    expect(findMove(borders, at('gate'), { zoneId: 'hall' })).toBeNull();
    expect(findMove(borders, at('gate'), { zoneId: 'hall' }, 4)).toEqual({ to: at('hall'), halves: 4 });
    expect(findMove(borders, at('pit'), { zoneId: 'hall' }, 10)).toBeNull();
    expect(findMove(borders, at('gate'), { zoneId: 'gate' })).toEqual({ to: at('gate'), halves: 0 });
  });
});

describe('moveOptions', () => {
  const person = (zoneId: string | null, borderId: string | null = null) => ({ id: 'c1', zoneId, borderId }) as Combatant;
  const state = (c: Combatant, movement: 0 | 1 | 2 = 0, acting = true): Pick<EncounterState, 'combatants' | 'borders' | 'activeId' | 'turn'> => ({
    combatants: [c],
    borders,
    activeId: acting ? c.id : null,
    turn: { phase: 'main', factionId: null, passes: [], spent: [], gate: null, budget: { bonus: 0, main: 0, moved: movement > 0, movement }, begun: true },
  });

  it('lists every zone and border within the movement left, quickest first', () => {
    expect(moveOptions(state(person('yard')), 'c1')).toEqual([
      { zoneId: 'yard', borderId: 'gate~yard', halves: 1 },
      { zoneId: 'yard', borderId: 'hall~yard', halves: 1 },
      { zoneId: 'gate', borderId: null, halves: 2 },
      { zoneId: 'hall', borderId: null, halves: 2 },
    ]);
    expect(moveOptions(state(person('hall', 'hall~yard'), 1), 'c1')).toEqual([
      { zoneId: 'hall', borderId: null, halves: 1 },
      { zoneId: 'yard', borderId: null, halves: 1 },
    ]);
    expect(moveOptions(state(person('yard'), 2), 'c1')).toEqual([]);
  });

  it('gives someone not acting a whole turn\'s movement, and nothing to the unplaced or unknown', () => {
    expect(moveOptions(state(person('pit'), 2, false), 'c1')).toEqual([]);
    expect(moveOptions(state(person('hall'), 2, false), 'c1').map((o) => o.zoneId + (o.borderId ?? ''))).toEqual(['hallhall~yard', 'hallhall~pit', 'yard', 'pit']);
    expect(moveOptions(state(person(null)), 'c1')).toEqual([]);
    expect(moveOptions(state(person('yard')), 'nobody')).toEqual([]);
  });
});
