import { describe, expect, it } from 'vitest';
import type { RanksCommand } from '../../../../engine/rulesets/ranks/index';

// The engine takes any "<ruleset>/<name>" command, so the compiler checks Skill Ranks' commands
// only where the screen sends them, through `dispatchRanks(command: RanksCommand)`. These lines
// fail the type check (npm run typecheck) if a misspelt field got through.
describe("Skill Ranks' commands as the screen sends them", () => {
  it('are checked field by field by the type checker', () => {
    const fine: RanksCommand[] = [
      { type: 'ranks/check', combatantId: 'c1', skill: 'sprint', difficulty: 10, spend: null, movement: true },
      { type: 'ranks/interact', actorId: 'c1', targetId: 'c2', kind: 'taunt' },
    ];
    // @ts-expect-error: a misspelt field is refused
    const misspelt: RanksCommand = { type: 'ranks/match', combatant: 'c1' };
    // @ts-expect-error: a skill the text doesn't have is refused
    const unknownSkill: RanksCommand = { type: 'ranks/check', combatantId: 'c1', skill: 'juggling', difficulty: 10 };
    // @ts-expect-error: a command Skill Ranks doesn't have is refused
    const unknownCommand: RanksCommand = { type: 'ranks/shout' };
    expect([fine.length, misspelt.type, unknownSkill.type, unknownCommand.type]).toEqual([2, 'ranks/match', 'ranks/check', 'ranks/shout']);
  });
});
