import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectPlayerView, PLAYER_VIEW_VERSION, type EncounterState, type Ruleset } from '../index';
import { expectNoSecrets } from '../testing/leak-check';
import { attempt, build, resolve, setup, shape } from '../testing/secret-fights';

// Random Zones & Factions fights on a drawn map with random hidden things (secret-fights.ts): after
// every step of a random command sequence the projection holds nothing the GM keeps secret
// (leak-check.ts says what).

function checkProjection(state: EncounterState, ruleset: Ruleset): void {
  const view = projectPlayerView(state, ruleset);
  const json = JSON.stringify(view);
  expect(JSON.parse(json)).toEqual(view);
  expectNoSecrets(state, view, json);
}

describe('the player view of random fights with random secrets', () => {
  it('never holds a hidden character, zone, note, real name, id, enemy health or the seed', () => {
    fc.assert(
      fc.property(setup, fc.array(shape, { minLength: 10, maxLength: 50 }), (s, shapes) => {
        let enc = build(s);
        checkProjection(enc.state, enc.ruleset);
        for (const sh of shapes) {
          enc = attempt(enc, resolve(sh, enc.state));
          checkProjection(enc.state, enc.ruleset);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a planned fight shows nothing but that the players are waiting', () => {
    fc.assert(
      fc.property(setup, (s) => {
        expect(JSON.stringify(projectPlayerView(build(s, false).state, build(s, false).ruleset))).toBe(`{"version":${PLAYER_VIEW_VERSION},"status":"waiting"}`);
      }),
      { numRuns: 30 },
    );
  });
});
