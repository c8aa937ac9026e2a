import { describe, expect, it } from 'vitest';
import type { TwoDiceCommand } from '../../../../engine/rulesets/two-dice/index';

// The engine takes any "<ruleset>/<name>" command, so the compiler checks 2d6 & Vigilant's commands
// only where the screen sends them, through `dispatchTwoDice(command: TwoDiceCommand)`. These lines
// fail the type check (npm run typecheck) if a misspelt field got through.
describe("2d6 & Vigilant's commands as the screen sends them", () => {
  it('are checked field by field by the type checker', () => {
    const fine: TwoDiceCommand[] = [
      { type: 'two-dice/attack', attackerId: 'c1', targetId: 'c2', weaponId: null, situation: 'advantage' },
      { type: 'two-dice/test', combatantId: 'c1', test: 'evade', againstId: 'c2' },
      { type: 'two-dice/advance', combatantId: 'c1', distance: 30 },
      { type: 'two-dice/set-kit', combatantId: 'c1', kit: { armour: 'light' } },
    ];
    // @ts-expect-error: a misspelt field is refused
    const misspelt: TwoDiceCommand = { type: 'two-dice/advance', combatant: 'c1', distance: 30 };
    // @ts-expect-error: a test the text doesn't have is refused
    const unknownTest: TwoDiceCommand = { type: 'two-dice/test', combatantId: 'c1', test: 'juggle' };
    // @ts-expect-error: a command 2d6 & Vigilant doesn't have is refused
    const unknownCommand: TwoDiceCommand = { type: 'two-dice/shout' };
    expect([fine.length, misspelt.type, unknownTest.type, unknownCommand.type]).toEqual([4, 'two-dice/advance', 'two-dice/test', 'two-dice/shout']);
  });
});
