import { describe, expect, it } from 'vitest';
import type { ThreeActionsCommand } from '../../../../engine/rulesets/three-actions/index';

// The engine takes any "<ruleset>/<name>" command, so the compiler checks Three Actions' commands
// only where the screen sends them, through `dispatchThreeActions(command: ThreeActionsCommand)`.
// These lines fail the type check (npm run typecheck) if a misspelt field got through.
describe("Three Actions' commands as the screen sends them", () => {
  it('are checked field by field by the type checker', () => {
    const fine: ThreeActionsCommand[] = [
      { type: 'three-actions/drop', combatantId: 'c1', itemId: 'g1' },
      { type: 'three-actions/abandon', combatantId: 'c1' },
      { type: 'three-actions/set-starter', combatantId: null, action: '' },
      { type: 'three-actions/take-readied', combatantId: 'c1' },
    ];
    // @ts-expect-error: a misspelt field is refused
    const misspelt: ThreeActionsCommand = { type: 'three-actions/drop', combatantId: 'c1', item: 'g1' };
    // @ts-expect-error: a field of the wrong kind is refused
    const wrongKind: ThreeActionsCommand = { type: 'three-actions/brandish', combatantId: 'c1', held: 'g1' };
    // @ts-expect-error: a command Three Actions doesn't have is refused
    const unknownCommand: ThreeActionsCommand = { type: 'three-actions/shout' };
    expect([fine.length, misspelt.type, wrongKind.type, unknownCommand.type]).toEqual([4, 'three-actions/drop', 'three-actions/brandish', 'three-actions/shout']);
  });
});
