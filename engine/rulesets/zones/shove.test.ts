import { describe, expect, it } from 'vitest';
import type { Command, Encounter, EncounterEvent } from '../../index';
import { storedEventProblem } from '../../encounter/event-checks/index';
import { findRuleset } from '../../core/registry';
import { logEntries } from '../../log/entries';
import { playerLog } from '../../log/player-log';
import { borderId } from '../../core/maps/zone-map';
import { BONFIRE_YARD } from '../../testing/zone-maps';
import { addZ, combatantNamed, ENEMIES, HEROES, idOf, newZonesEncounter, refuse, run, step } from '../../test-support';
import { zonesPerson } from './index';

// Issue 15, item 8. The rule text, on grappling: "They can also shove the grabbed character,
// freeing them but forcing them to move by half a zone and/or pushing them into a hazard in their
// zone." What the hazard does is left to the GM, as the text leaves it.

const EDGE = borderId('hall', 'yard');

/** Ann holds Bandit 1 in the yard; Bandit 2 stands free beside them. It is Ann's turn. */
function holding(): Encounter {
  let enc = run(
    newZonesEncounter(5),
    { type: 'set-map', mapId: 'yard', name: 'Yard', map: BONFIRE_YARD },
    addZ('Ann', { zoneId: 'yard' }),
    addZ('Bandit', { factionId: ENEMIES, zoneId: 'yard', quantity: 2 }),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  enc = run(enc, { type: 'zones/set-grabbed', combatantId: idOf(enc, 'Bandit 1'), grabbedBy: idOf(enc, 'Ann') });
  return run(enc, { type: 'take-turn', combatantId: idOf(enc, 'Ann') });
}

function shove(enc: Encounter, fields: { at?: string; to?: { zoneId: string } | { borderId: string }; hazard?: boolean; spends?: 'bonus'; gmRuling?: boolean } = {}): Command {
  const { at = 'Bandit 1', ...rest } = fields;
  return { type: 'zones/shove', grabberId: idOf(enc, 'Ann'), targetId: idOf(enc, at), ...rest } as Command;
}

const where = (enc: Encounter, who: string) => ({ zoneId: combatantNamed(enc, who).zoneId, borderId: combatantNamed(enc, who).borderId ?? null });

describe('Zones & Factions: shoving the one held', () => {
  it('frees them and sends them half a zone, taking the main action', () => {
    const enc = holding();
    const shoved = step(enc, shove(enc, { to: { borderId: EDGE } }));
    expect(shoved.events).toEqual([{ type: 'zones/shoved', grabberId: idOf(enc, 'Ann'), targetId: idOf(enc, 'Bandit 1'), to: { zoneId: 'yard', borderId: EDGE }, hazard: null, spends: 'main' }]);
    expect(where(shoved.encounter, 'Bandit 1')).toEqual({ zoneId: 'yard', borderId: EDGE });
    expect(zonesPerson(combatantNamed(shoved.encounter, 'Bandit 1')).grabbedBy).toBeNull();
    expect(shoved.encounter.state.turn?.budget.main).toBe(1);
    // Ann's own movement is untouched.
    expect(shoved.encounter.state.turn?.budget.movement ?? 0).toBe(0);
    expect(logEntries(shoved.encounter).map((e) => e.text)).toContain('Ann shoves Bandit 1 onto the border between Hall and Yard, freeing them.');
  });

  it('pushes them into the hazard of their zone, naming it for the GM and leaving its effect to the GM', () => {
    const enc = holding();
    const burnt = step(enc, shove(enc, { hazard: true, spends: 'bonus' })).encounter;
    expect(where(burnt, 'Bandit 1')).toEqual({ zoneId: 'yard', borderId: null });
    expect(burnt.state.turn?.budget).toMatchObject({ bonus: 1 });
    expect(logEntries(burnt).map((e) => e.text)).toContain('Ann shoves Bandit 1 into the hazard there (Bonfire: d6 burns), freeing them. What the hazard does is the GM’s call.');
    expect(playerLog(burnt).map((e) => e.text)).toContain('Ann shoves Enemies 1 into a hazard, freeing them.');
    // Both at once: half a zone, and into the hazard of the zone they end up in.
    const both = step(enc, shove(enc, { to: { borderId: EDGE }, hazard: true })).encounter;
    expect(logEntries(both).map((e) => e.text)).toContain('Ann shoves Bandit 1 onto the border between Hall and Yard and into the hazard there (Bonfire: d6 burns), freeing them. What the hazard does is the GM’s call.');
  });

  it('refuses a shove further than half a zone, into a hazard that isn\'t there, or nowhere', () => {
    const enc = holding();
    expect(refuse(enc, shove(enc, { to: { zoneId: 'hall' } }))).toMatchObject({ code: 'shove/too-far', message: expect.stringMatching(/^A shove moves Bandit 1 half a zone/) });
    expect(refuse(enc, shove(enc, { to: 'hall' as never })).code).toBe('shove/too-far');
    // Onto the edge, then into the hall: the hall has no hazard.
    const edge = run(enc, { type: 'set-zone', combatantId: idOf(enc, 'Bandit 1'), zoneId: 'yard', borderId: EDGE });
    expect(refuse(edge, shove(edge, { to: { zoneId: 'hall' }, hazard: true }))).toMatchObject({ code: 'shove/no-hazard', message: 'Hall has no hazard to push Bandit 1 into; mark one on the zone first.' });
    expect(where(step(edge, shove(edge, { to: { zoneId: 'hall' } })).encounter, 'Bandit 1')).toEqual({ zoneId: 'hall', borderId: null });
    expect(refuse(enc, shove(enc)).code).toBe('shove/nowhere');
  });

  it('needs the grabber\'s own turn with the action left, and someone held, unless the GM rules it', () => {
    const enc = holding();
    const free = refuse(enc, shove(enc, { at: 'Bandit 2', hazard: true }));
    expect(free).toMatchObject({ code: 'shove/not-held', overridable: true, message: "Ann doesn't hold Bandit 2: only a grabbed character can be shoved (grapple them first). As GM you may rule otherwise." });
    const ruled = step(enc, shove(enc, { at: 'Bandit 2', hazard: true, gmRuling: true }));
    // Shoving someone else lets go of the one held first.
    expect(ruled.events.map((e) => e.type)).toEqual(['zones/grab-set', 'zones/shoved']);
    expect(ruled.events[1]).toMatchObject({ ruling: true });
    expect(logEntries(ruled.encounter).map((e) => e.text).some((t) => t.startsWith("Ann (by the GM's ruling) shoves Bandit 2"))).toBe(true);
    const spent = run(enc, { type: 'use-action', combatantId: idOf(enc, 'Ann'), actionId: 'other', spends: 'main' });
    expect(refuse(spent, shove(spent, { hazard: true })).code).toBe('action/spent');
    const ended = run(enc, { type: 'end-turn' });
    expect(refuse(ended, shove(ended, { hazard: true })).code).toBe('shove/not-acting');
    // Knocked out on her own turn, she shoves nobody; nor herself, ruling or not; nor at a cost that isn't one.
    const down = run(enc, { type: 'damage', combatantId: idOf(enc, 'Ann'), amount: 99 });
    expect(refuse(down, shove(down, { hazard: true })).code).toBe('shove/out');
    expect(refuse(enc, shove(enc, { at: 'Ann', hazard: true, gmRuling: true })).code).toBe('shove/self');
    expect(refuse(enc, { ...shove(enc, { hazard: true }), spends: 7 } as unknown as Command)).toMatchObject({ code: 'shove/spends', message: 'A shove takes the main action or a bonus action: send "main" or "bonus".' });
  });

  it('is refused from a stored log that sends someone onto a border the encounter doesn\'t have', () => {
    const enc = holding();
    const shoved = step(enc, shove(enc, { to: { borderId: EDGE } })).events[0] as EncounterEvent;
    const forged = { ...shoved, to: { zoneId: 'yard', borderId: 'cellar~yard' } } as EncounterEvent;
    expect(storedEventProblem(enc.state, findRuleset('zones'), shoved)).toBeNull();
    expect(storedEventProblem(enc.state, findRuleset('zones'), forged)).toMatch(/names the border "cellar~yard", which the encounter doesn't have/);
  });
});
