import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, idOf, run } from '../../test-support';
import { fightOf } from './fight';
import { addS, firstEvent, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "Take this action until up to four allies have Made a Swarm Attack on that target this round …
// +2 bonus to hit … for every other assailant": the assailants are allies, so a swarm is one
// side's; another side swarming the same target counts for neither.

const join = (e: Encounter, who: string): Encounter => run(takeTurn(e, who), { type: 'sides/join-swarm', combatantId: idOf(e, who), targetId: idOf(e, 'Ogre') } satisfies SidesCommand, { type: 'end-turn' });

describe('a swarm is one side\'s', () => {
  it('counts only the striker\'s allies, and a strike spends only their swarm', () => {
    // A band of wolves (a side of its own, going first) and the party (Ann, Bo) both set on the Ogre.
    let e = run(newSides(), { type: 'add-faction', name: 'Wolves', colour: '#888888' } as Command);
    const wolves = e.state.factions.find((f) => f.name === 'Wolves')?.id ?? '';
    e = run(e, addS('Ann', { gear: [SWORD] }), addS('Bo', { gear: [SWORD] }), addS('Wolf', { factionId: wolves, gear: [SWORD] }), addS('Ogre', { factionId: ENEMIES, ac: 18, hp: 40 }));
    // The party 3, the Ogre 1, the wolves 8.
    e = startWith(e, [3, 1, 8]);
    e = join(e, 'Wolf');
    e = join(e, 'Ann');
    // Each side's count: Ann is the party's first, not the second on the Ogre.
    expect(logEntries(e).map((x) => x.text)).toContain('Ann joins the swarm on Ogre (1 of 4).');
    e = takeTurn(e, 'Bo');
    // Bo's strike: one other assailant of his side, Ann: 16 + 2 = 18, the wolf not counted.
    e = run(e, { type: 'sides/attack', attackerId: idOf(e, 'Bo'), targetId: idOf(e, 'Ogre'), weaponId: weaponId(e, 'Bo', 'Sword'), way: 'swarm', dice: { attack: 16, damage: [1] } } satisfies SidesCommand);
    expect(firstEvent(e, 'sides/attacked').modifiers).toEqual([{ label: 'Swarm (1 other)', amount: 2 }]);
    // The strike spends the party's swarm; the wolves' stays.
    expect(fightOf(e.state).swarms.flatMap((s) => s.assailants)).toEqual([idOf(e, 'Wolf')]);
  });
});
