import { describe, expect, it } from 'vitest';
import { logEntries } from '../../log/entries';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { addS, finalEvent, newSides } from './testing';
import type { SidesCommand } from './commands';

// "Almost everything (especially Henchmen) prioritizes its own survival (undead, constructs,
// religious zealots, and extremely militarized creatures are notable exceptions)." The text breaks
// off before saying how a being decides to flee: the nerve check's dice and what holds are settings.

describe('nerve checks and those who fight to the end', () => {
  it("refuses a nerve check for one who fights to the end, unless the GM rules it; anyone else rolls", () => {
    const e = run(newSides(), addS('Orc', { factionId: ENEMIES }), addS('Skeleton', { factionId: ENEMIES, traits: ['fearless'] }));
    const nerve = (who: string, more: Record<string, unknown> = {}) => ({ type: 'sides/nerve', combatantId: idOf(e, who), ...more }) satisfies SidesCommand;
    const refused = refuse(e, nerve('Skeleton', { dice: [3, 4] }));
    expect([refused.code, refused.message]).toEqual(['sides/nerve-fearless', "Skeleton fights to the end (undead, a construct, a zealot or hard-drilled troops): the text's exceptions don't put their own survival first, so they take no nerve check."]);
    // The GM's ruling: 2d6 showing 9 against nerve 8, at most holds: it breaks, the log saying whose ruling it was.
    const ruled = stepWithDice(e, [5, 4], nerve('Skeleton', { gmRuling: true })).encounter;
    expect(finalEvent(ruled, 'sides/nerve-checked').holds).toBe(false);
    expect(logEntries(ruled).at(-1)?.text).toBe("Skeleton loses their nerve (9 against nerve 8, the GM's ruling).");
    // The Orc puts its survival first: 7 against 8 holds.
    const orc = stepWithDice(e, [3, 4], nerve('Orc')).encounter;
    expect(logEntries(orc).at(-1)?.text).toBe('Orc holds their nerve (7 against nerve 8).');
  });
});
