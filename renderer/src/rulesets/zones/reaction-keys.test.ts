import { describe, expect, it } from 'vitest';
import { keyOfReaction, offeredReactions, reactionForKey, type ReactionOffer } from './reaction-keys';

/** A target who may react, with nobody to hide behind or guard them and no stunt proposed. */
const free: ReactionOffer = { selfReact: true, countered: false, canHide: false, canBeGuarded: false, stunt: false };

describe('the reaction panel’s number keys', () => {
  it('number the offered reactions in a fixed order, taking the blow last', () => {
    expect(offeredReactions(free)).toEqual(['dodge', 'counter', 'none']);
    expect(offeredReactions({ ...free, canHide: true, canBeGuarded: true, stunt: true })).toEqual(['dodge', 'counter', 'hide-behind', 'guard', 'accept-stunt', 'none']);
  });

  it('leave out what is not offered, so the keys close up', () => {
    // The attack has been countered already: 2 hides instead.
    expect(offeredReactions({ ...free, countered: true, canHide: true })).toEqual(['dodge', 'hide-behind', 'none']);
    // Taken by surprise: no dodge, counter or hiding, but a guard, the stunt or the blow.
    expect(offeredReactions({ ...free, selfReact: false, canHide: true, canBeGuarded: true, stunt: true })).toEqual(['guard', 'accept-stunt', 'none']);
    expect(offeredReactions({ ...free, selfReact: false })).toEqual(['none']);
  });

  it('give each reaction its own key wherever it is offered (2 is always Counter, 6 taking the blow), and nothing for one not offered', () => {
    const offered = offeredReactions(free);
    expect(offered.map(keyOfReaction)).toEqual(['1', '2', '6']);
    expect(reactionForKey('pick-1', offered)).toBe('dodge');
    expect(reactionForKey('pick-2', offered)).toBe('counter');
    expect(reactionForKey('pick-6', offered)).toBe('none');
    expect(reactionForKey('pick-3', offered)).toBeNull();
    expect(reactionForKey('pick-7', offered)).toBeNull();
    expect(reactionForKey('attack', offered)).toBeNull();
    // A target who can't react themselves but may be guarded: 2 is no Guard, 4 is.
    const guarded = offeredReactions({ ...free, selfReact: false, canBeGuarded: true });
    expect(reactionForKey('pick-2', guarded)).toBeNull();
    expect(reactionForKey('pick-4', guarded)).toBe('guard');
    expect(reactionForKey('pick-6', offeredReactions({ ...free, selfReact: false }))).toBe('none');
  });
});
