import { describe, expect, it } from 'vitest';
import { possessive } from './checks';

describe('possessive', () => {
  it('adds an apostrophe to names ending in s and apostrophe-s to the others', () => {
    expect(possessive('Heroes')).toBe("Heroes'");
    expect(possessive('BANDITS')).toBe("BANDITS'");
    expect(possessive('Ogre')).toBe("Ogre's");
    expect(possessive('The Crown')).toBe("The Crown's");
  });
});
