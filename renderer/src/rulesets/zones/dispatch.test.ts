import { describe, expect, it } from 'vitest';
import type { ZonesCommand } from '../../../../engine/rulesets/zones/index';

// The engine takes any "<ruleset>/<name>" command, so the compiler checks Zones & Factions'
// commands only where the screen sends them, through `dispatchZones(command: ZonesCommand)`.
// These lines fail the type check (npm run typecheck) if a misspelt field got through.
describe("Zones & Factions' commands as the screen sends them", () => {
  it('are checked field by field by the type checker', () => {
    const fine: ZonesCommand[] = [
      { type: 'zones/react-to-attack', reactorId: 'c3', targetId: 'c3', reaction: { kind: 'dodge' } },
      { type: 'zones/morale-check', factionId: 'f2' },
    ];
    // @ts-expect-error: a misspelt field is refused
    const misspelt: ZonesCommand = { type: 'zones/skip-morale', faction: 'f2' };
    // @ts-expect-error: an unknown reaction is refused
    const unknownReaction: ZonesCommand = { type: 'zones/react-to-attack', reactorId: 'c3', targetId: 'c3', reaction: { kind: 'parry' } };
    // @ts-expect-error: a command Zones & Factions doesn't have is refused
    const unknownCommand: ZonesCommand = { type: 'zones/shout' };
    expect([fine.length, misspelt.type, unknownReaction.type, unknownCommand.type]).toEqual([2, 'zones/skip-morale', 'zones/react-to-attack', 'zones/shout']);
  });
});
