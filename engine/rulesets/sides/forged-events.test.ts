import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import { restoreEncounter, type Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { itRedoesGenuineUndoneStep, itRefusesForgedLastStep, itRefusesForgedUndoneStep } from '../../testing/forged-steps';
import { combatantNamed, ENEMIES, idOf, run, stepWithDice } from '../../test-support';
import { addS, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';

// Issue 40, for Sides & Shock's own events. (1) `sides/blow-landed` carries the target's tracks
// and its reducer copies them in: forged to a million hit points, or with a track the ruleset
// doesn't have, it was accepted on import and the fight broke on the GM's next save. (2) Forged
// inside an undone step it was only shape-checked, and Redo applied it.

const BLOW_LANDED = 'sides/blow-landed';

/** Ann's sword hits the Orc (20 HP): the d20 shows 15, the d8 5; the last step lands the blow (20 → 15). */
function swordHit(): Encounter {
  let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, hp: 20 }));
  e = takeTurn(startWith(e, [8, 1]), 'Ann');
  e = run(e, { type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword'), dice: { attack: 15 } } as unknown as Command);
  return stepWithDice(e, [5], { type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: { respond: 'land' } } as Command).encounter;
}

const MILLION = { hp: { value: 1_000_000, max: 1_000_000 } };

describe("Sides & Shock's blow is held to the ruleset's limits as it is replayed", () => {
  const enc = swordHit();

  it('the genuine blow writes the Orc\'s hit points, and replays', () => {
    const landed = enc.events.at(-1) as unknown as { type: string; tracks: unknown };
    expect(landed.type).toBe(BLOW_LANDED);
    expect(landed.tracks).toEqual({ hp: { value: 15, max: 20 } });
    expect(combatantNamed(enc, 'Orc').tracks.hp?.value).toBe(15);
    expect(restoreEncounter({ events: enc.events, steps: enc.steps }).ok).toBe(true);
  });

  itRefusesForgedLastStep(swordHit, BLOW_LANDED, [
    ['a million hit points', { tracks: MILLION }, /it leaves Orc's Hit points maximum at 1000000, above Sides & Shock's 999/],
    ['a track the ruleset does not have', { tracks: { hp: { value: 15, max: 20 }, mana: { value: 5, max: 5 } } }, /it gives Orc the track "mana", which is not one of Sides & Shock's/],
  ]);
});

describe('a Sides & Shock blow forged in an undone step is checked when read, and by Redo', () => {
  itRedoesGenuineUndoneStep('the genuine undone blow reads back and redoes to the same fight', swordHit);

  itRefusesForgedUndoneStep(swordHit, BLOW_LANDED, [
    ['a blow on someone not in the fight', { targetId: 'c99' }, /it names a target who is not in the fight/],
    ['a blow that leaves a million hit points', { tracks: MILLION }, /Hit points maximum at 1000000, above Sides & Shock's 999/],
  ]);
});
