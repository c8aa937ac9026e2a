import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEncounter, onlyRuleset, statusOf, type Encounter } from './index';
import { run } from './test-support';
import { minimal } from './testing/minimal-ruleset';

// The minimal ruleset shown in engine/README.md is engine/testing/minimal-ruleset.ts, word for
// word (so the type check compiles what a reader copies), and it runs a fight.

const README = fileURLToPath(new URL('./README.md', import.meta.url));
const SOURCE = fileURLToPath(new URL('./testing/minimal-ruleset.ts', import.meta.url));

function readmeBlock(): string {
  const text = readFileSync(README, 'utf8');
  const section = text.split('\n### A minimal ruleset\n')[1];
  const block = section === undefined ? undefined : /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('engine/README.md has no "A minimal ruleset" section with a ts code block');
  return block;
}

function opened(): Encounter {
  const created = createEncounter({ id: 'e', name: 'Yard', rulesetId: 'minimal', seed: 1 }, onlyRuleset(minimal));
  if (!created.ok) throw new Error(created.message);
  return created.encounter;
}

describe('the minimal ruleset', () => {
  it("is the README's code block, exactly", () => {
    expect(readmeBlock()).toBe(readFileSync(SOURCE, 'utf8'));
  });

  it('runs a fight: the faster acts first, damage lands on hit points, down at 0', () => {
    let e = opened();
    const [heroes, foes] = e.state.factions;
    e = run(
      e,
      { type: 'add-combatant', name: 'Ann', factionId: heroes?.id ?? '', stats: { speed: 3 } },
      { type: 'add-combatant', name: 'Bo', factionId: foes?.id ?? '', stats: { speed: 8 } },
      { type: 'start-combat' },
    );
    const [ann, bo] = e.state.combatants;
    expect(e.state.activeId).toBe(bo?.id);
    e = run(e, { type: 'damage', combatantId: ann?.id ?? '', amount: 4 });
    const hurt = e.state.combatants.find((c) => c.id === ann?.id);
    expect(hurt?.tracks.hp).toEqual({ value: 2, max: 6 });
    expect(hurt && statusOf(e.ruleset, hurt)).toEqual({ level: 'badly-hurt', how: null, why: '2 of 6 HP' });
    e = run(e, { type: 'damage', combatantId: ann?.id ?? '', amount: 5 });
    const down = e.state.combatants.find((c) => c.id === ann?.id);
    expect(down?.tracks.hp).toEqual({ value: 0, max: 6 });
    expect(down && statusOf(e.ruleset, down)).toEqual({ level: 'down', how: 'down', why: 'at 0 HP' });
  });
});
