/**
 * What the phones' server sends holds nothing the GM keeps secret (issue 44): the no-leak check of
 * the players' view (engine/testing/leak-check.ts) run on the bytes a phone receives, over a real
 * socket on 127.0.0.1. Random Zones & Factions fights full of hidden things; every step's players'
 * screen is published as the GM window publishes it; every screen a phone gets is checked against
 * the fight it was projected from (the server may skip screens under its rate bound: each one that
 * arrives is checked, and the last always arrives). And the pictures: a phone asking for any
 * picture gets one only while the last screen published shows it, and never inside a screen.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPlayerView, type EncounterState } from '../../engine/index';
import { blankScreen } from '../../engine/testing/player-screens';
import { expectNoSecrets } from '../../engine/testing/leak-check';
import { attempt, build, resolve, setup, shape } from '../../engine/testing/secret-fights';
import type { MapBackground } from '../../engine/drawing';
import { startPhoneServer, type PhoneServer } from './index';
import { pictureHash } from './pictures';
import { makePageRoot, type PageRoot } from './testing/fixtures';
import { isScreen, openStream, rawRequest, screenOfStep, screensHeld, type PhoneStream } from './testing/phone-client';

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
        await phone.next(screenOfStep(final));
        // Each screen as the phone holds it (a patch applied to the one before), checked as a whole,
        // and the patch itself as sent.
        const held = screensHeld(phone);
        for (const [i, event] of phone.events.filter(isScreen).entries()) {
          if (i < checked) continue; // checked in an earlier run
          const received = held[i] as { screen: { view: Parameters<typeof expectNoSecrets>[1] }; writtenAt: number };
          const state = published.get(received.writtenAt);
          if (!state) throw new Error(`a screen nobody published: ${received.writtenAt}`);
          expectNoSecrets(state, received.screen.view, JSON.stringify(received.screen));
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

/** Pictures a GM might show and take off again (random bytes: the server never looks inside). */
const pictures = fc.array(
  fc.record({ mime: fc.constantFrom<MapBackground['mime']>('image/png', 'image/jpeg', 'image/webp'), bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
  { minLength: 1, maxLength: 4 },
).map((list) => list.map(({ mime, bytes }): MapBackground => ({ mime, base64: Buffer.from(bytes).toString('base64'), width: 10, height: 10 })));

describe('the pictures a phone may fetch', () => {
  it('are only those of the last screen published, with the bytes published, never inside a screen', async () => {
    const pictureServer = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: page.root, limits: { requestsPerSecond: 1e6, requestBurst: 1e6 } });
    const pictureWatcher = await openStream(pictureServer.port, `/${pictureServer.code()}/screen`);
    let step = 0;
    try {
      await fc.assert(
        fc.asyncProperty(pictures, fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }), fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }), async (pool, picks, guess) => {
          // Each screen shows a map and a handout from the pool, or none (index past the pool).
          const of = (i: number) => pool[i % (pool.length + 1)] ?? null;
          for (const [map, handout] of picks) {
            step += 1;
            const shown = [of(map), of(handout)].filter((p): p is MapBackground => p !== null);
            pictureServer.publish({ screen: blankScreen('Night watch', { mode: 'live', background: of(map), handout: of(handout) }), writtenAt: step });
            // Every picture of the pool (shown now, before, or never) and a made-up hash.
            for (const hash of [...pool.map(pictureHash), guess]) {
              const answer = await rawRequest(pictureServer.port, `GET /${pictureServer.code()}/picture/${hash} HTTP/1.1`);
              const onScreen = shown.find((p) => pictureHash(p) === hash);
              if (onScreen) expect({ status: answer?.status, body: Buffer.from(answer?.body ?? '', 'latin1').toString('base64') }).toEqual({ status: 200, body: onScreen.base64 });
              else expect({ status: answer?.status, body: answer?.body }).toEqual({ status: 404, body: 'Not found' });
            }
          }
          const last = step;
          await pictureWatcher.next(screenOfStep(last));
          for (const event of pictureWatcher.events) {
            for (const picture of pool) expect(event.data).not.toContain(picture.base64);
          }
        }),
        { numRuns: 25 },
      );
    } finally {
      pictureWatcher.close();
      await pictureServer.close();
    }
  });
});
