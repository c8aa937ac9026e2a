import { describe, expect, it } from 'vitest';
import { logEntries } from '../../log/entries';
import { logSections } from '../../log/summary';
import { playerLog } from '../../log/player-log';
import { projectPlayerView, type PlayerFight } from '../../index';
import { ENEMIES, idOf, run, stepWithDice } from '../../test-support';
import { addT, newTwoDice } from './testing';

// "A round is 5 seconds." The players see the time the fight has run, who is down and who is
// stable, and never an enemy's hit points.

/** Ann (first) and an orc; the orc is hit to 1 of 3 HP, Ann dropped and stabilised by round 2. */
function played() {
  const setUp = run(newTwoDice(), addT('Ann', { hp: 2 }), addT('Orc', { factionId: ENEMIES, hp: 3 }));
  let e = stepWithDice(setUp, [6, 6, 1, 1], { type: 'start-combat' }).encounter;
  e = run(e, { type: 'damage', combatantId: idOf(e, 'Orc'), amount: 2 }, { type: 'damage', combatantId: idOf(e, 'Ann'), amount: 2 }, { type: 'next-turn' });
  // Round 2: Ann's place comes first; her test is asked at once.
  e = run(e, { type: 'next-turn' });
  const prompt = e.state.prompts?.[0];
  if (!prompt) throw new Error('no stabilisation test asked');
  return stepWithDice(e, [5, 5], { type: 'answer-prompt', promptId: prompt.id, answer: 'roll' }).encounter;
}

function view(e: ReturnType<typeof played>): PlayerFight {
  const v = projectPlayerView(e.state, e.ruleset);
  if (v.status === 'waiting') throw new Error('not started');
  return v;
}

describe('2d6 & Vigilant for the players', () => {
  it('shows the time elapsed as each round begins, 5 seconds a round', () => {
    const e = played();
    expect(e.state.round).toBe(2);
    expect(view(e).elapsed).toBe('0:05');
  });

  it('shows who is stable, by their key, and an enemy only by how hurt they look', () => {
    const v = view(played());
    const ann = v.combatants.find((c) => c.name === 'Ann');
    expect(v.rules).toMatchObject({ stable: [ann?.key] });
    const orc = v.combatants.find((c) => c.isPlayer === false);
    expect(orc?.health).toEqual({ kind: 'descriptor', descriptor: 'badly hurt' });
    expect(JSON.stringify(v)).not.toMatch(/"value":1,"max":3/);
  });

  it('heads the log\'s rounds with the time elapsed, and never tells the players an enemy\'s HP', () => {
    const e = played();
    const titles = logSections(logEntries(e)).map((s) => s.title);
    expect(titles).toContain('Round 1 (0:00 elapsed)');
    expect(titles).toContain('Round 2 (0:05 elapsed)');
    const players = playerLog(e).map((l) => l.text).join('\n');
    expect(players).toMatch(/Ann rolls their first stabilisation test .*: is stable at 1 HP/);
    expect(players).not.toMatch(/1 hit points left/);
  });
});
