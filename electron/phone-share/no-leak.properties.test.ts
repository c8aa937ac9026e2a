/**
 * What the phones' server sends holds nothing the GM keeps secret (issue 44): the no-leak check of
 * the players' view (engine/testing/leak-check.ts) run on the bytes a phone receives, over a real
 * socket on 127.0.0.1. Random Zones & Factions fights full of hidden things; every step's players'
 * screen is published as the GM window publishes it; every screen a phone gets is checked against
 * the fight it was projected from (the server may skip screens under its rate bound: each one that
 * arrives is checked, and the last always arrives).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPlayerView, type EncounterState } from '../../engine/index';
import { blankScreen } from '../../engine/testing/player-screens';
import { expectNoSecrets } from '../../engine/testing/leak-check';
import { attempt, build, resolve, setup, shape } from '../../engine/testing/secret-fights';
import { startPhoneServer, type PhoneServer } from './index';
import { makePageRoot, type PageRoot } from './testing/fixtures';
import { openStream, type PhoneStream } from './testing/phone-client';

let page: PageRoot;
let server: PhoneServer;
let phone: PhoneStream;
/** Every state published so far, by its `writtenAt`. */
const published = new Map<number, EncounterState>();
let writtenAt = 0;

beforeAll(async () => {
  page = await makePageRoot();
  server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: page.root });
  phone = await openStream(server.port, `/${server.code()}/screen`);
});
afterAll(async () => {
  phone.close();
  await server.close();
  await page.remove();
});

function publish(state: EncounterState, view: ReturnType<typeof projectPlayerView>): number {
  writtenAt += 1;
  published.set(writtenAt, state);
  server.publish({ screen: blankScreen('Night watch', { mode: 'live', view, ruleset: state.rulesetId }), writtenAt });
  return writtenAt;
}

describe('what a phone receives of random fights with random secrets', () => {
  it('never holds a hidden character, zone, note, real name, id, enemy health or the seed', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(setup, fc.array(shape, { minLength: 5, maxLength: 25 }), async (s, shapes) => {
        let fight = build(s);
        let last = publish(fight.state, projectPlayerView(fight.state, fight.ruleset));
        for (const sh of shapes) {
          fight = attempt(fight, resolve(sh, fight.state));
          last = publish(fight.state, projectPlayerView(fight.state, fight.ruleset));
        }
        const final = last;
        await phone.next((event) => event.event === 'screen' && (JSON.parse(event.data) as { writtenAt: number }).writtenAt === final);
        for (const event of phone.events.splice(0)) {
          if (event.event !== 'screen') continue;
          const received = JSON.parse(event.data) as { screen: { view: Parameters<typeof expectNoSecrets>[1] }; writtenAt: number };
          const state = published.get(received.writtenAt);
          if (!state) throw new Error(`a screen nobody published: ${received.writtenAt}`);
          expectNoSecrets(state, received.screen.view, event.data);
          checked += 1;
        }
      }),
      { numRuns: 25 },
    );
    // Each fight's last screen at least: nothing was skipped unchecked.
    expect(checked).toBeGreaterThanOrEqual(25);
  });
});
