/**
 * The screens' pictures: sent once, by reference, and served only while the last screen shows
 * them. Through the real server on 127.0.0.1 (the bytes a phone gets), and the shelf itself.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blankScreen } from '../../engine/testing/player-screens';
import type { MapBackground } from '../../engine/drawing';
import { PHONE_PAGE_POLICY } from './answers';
import { pictureHash, PictureShelf } from './pictures';
import { startPhoneServer, type PhoneServer } from './server';
import { makePageRoot, type PageRoot } from './testing/fixtures';
import { openStream, rawRequest, screenOfStep, screensHeld, type PhoneStream } from './testing/phone-client';

const CODE = 'ab3k-9xq2';
/** Not a real PNG: the server never looks inside a picture, it sends the bytes it was given. */
const MAP_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 250, 251, 252, 253, 254, 255]);
const MAP: MapBackground = { mime: 'image/png', base64: MAP_BYTES.toString('base64'), width: 640, height: 480 };
const HANDOUT_BYTES = Buffer.from('a letter from the duke, as a jpeg');
const HANDOUT: MapBackground = { mime: 'image/jpeg', base64: HANDOUT_BYTES.toString('base64'), width: 300, height: 400 };

let page: PageRoot;
let server: PhoneServer;
let stream: PhoneStream | null = null;

beforeEach(async () => {
  page = await makePageRoot();
  server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: page.root, code: CODE, limits: { screensPerSecond: 1000 } });
});
afterEach(async () => {
  stream?.close();
  stream = null;
  await server.close();
  await page.remove();
});

const get = (target: string, method = 'GET') => rawRequest(server.port, `${method} ${target} HTTP/1.1`);
const screenAt = screenOfStep;

function expectNotFound(answer: Awaited<ReturnType<typeof get>>): void {
  expect(answer).toMatchObject({ status: 404, body: 'Not found', headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': PHONE_PAGE_POLICY } });
}

describe('pictures on the phones\' stream', () => {
  it('sends each picture as a reference in the screen, never its bytes, the same reference at every step', async () => {
    stream = await openStream(server.port, `/${CODE}/screen`);
    server.publish({ screen: blankScreen('Vale', { mode: 'live', background: MAP }), writtenAt: 1 });
    server.publish({ screen: blankScreen('Vale', { mode: 'live', background: MAP, handout: HANDOUT }), writtenAt: 2 });
    await stream.next(screenAt(2));
    const [first, second] = screensHeld(stream);
    const mapRef = { picture: pictureHash(MAP), mime: 'image/png', width: 640, height: 480 };
    expect(first?.screen).toMatchObject({ background: mapRef, handout: null, campaign: 'Vale' });
    expect(second?.screen).toMatchObject({ background: mapRef, handout: { picture: pictureHash(HANDOUT), mime: 'image/jpeg', width: 300, height: 400 } });
    expect(pictureHash(MAP)).toMatch(/^[0-9a-f]{64}$/);
    for (const event of stream.events) expect(event.data).not.toContain(MAP.base64);
  });

  it('serves a picture of the last screen at picture/<hash>, its bytes with its own type and the usual headers', async () => {
    server.publish({ screen: blankScreen('Vale', { mode: 'handout', background: MAP, handout: HANDOUT }), writtenAt: 1 });
    for (const [picture, bytes] of [[MAP, MAP_BYTES], [HANDOUT, HANDOUT_BYTES]] as const) {
      const answer = await get(`/${CODE}/picture/${pictureHash(picture)}`);
      expect(answer?.status).toBe(200);
      expect(Buffer.from(answer?.body ?? '', 'latin1')).toEqual(bytes);
      expect(answer?.headers).toMatchObject({
        'content-type': picture.mime,
        'content-length': String(bytes.length),
        'content-security-policy': PHONE_PAGE_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
        'cross-origin-resource-policy': 'same-origin',
      });
    }
    // HEAD: the headers alone; the code taken as everywhere else (no dash, capitals).
    const head = await get(`/AB3K9XQ2/picture/${pictureHash(MAP)}`, 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '', headers: { 'content-type': 'image/png' } });
  });

  it('answers a picture no longer on the screen, one never published, and any other hash with the bare 404', async () => {
    server.publish({ screen: blankScreen('Vale', { mode: 'handout', handout: HANDOUT }), writtenAt: 1 });
    server.publish({ screen: blankScreen('Vale', { mode: 'live', background: MAP }), writtenAt: 2 });
    expect((await get(`/${CODE}/picture/${pictureHash(MAP)}`))?.status).toBe(200);
    expectNotFound(await get(`/${CODE}/picture/${pictureHash(HANDOUT)}`));
    expectNotFound(await get(`/${CODE}/picture/${'0'.repeat(64)}`));
    expectNotFound(await get(`/${CODE}/picture/${pictureHash(MAP).toUpperCase()}`));
    expectNotFound(await get(`/${CODE}/picture/`));
    expectNotFound(await get(`/${CODE}/picture`));
    expectNotFound(await get(`/${CODE}/picture/${pictureHash(MAP)}/x`));
    // A curtain takes the map off: its picture goes too.
    server.publish({ screen: blankScreen('Vale'), writtenAt: 3 });
    expectNotFound(await get(`/${CODE}/picture/${pictureHash(MAP)}`));
    // So does a screen forgotten because nobody watches.
    server.publish({ screen: blankScreen('Vale', { mode: 'live', background: MAP }), writtenAt: 4 });
    server.forget();
    expectNotFound(await get(`/${CODE}/picture/${pictureHash(MAP)}`));
  });

  it('answers traversal in the hash, and a wrong code, with the bare 404', async () => {
    server.publish({ screen: blankScreen('Vale', { mode: 'live', background: MAP }), writtenAt: 1 });
    const hash = pictureHash(MAP);
    for (const target of [
      `/${CODE}/picture/../index.html`,
      `/${CODE}/picture/..%2findex.html`,
      `/${CODE}/picture/%2e%2e/${hash}`,
      `/${CODE}/picture/./${hash}`,
      `/${CODE}/picture//${hash}`,
      `/${CODE}/picture/${hash}%00`,
      `/${CODE}/picture/..`,
      `/${CODE}/picture\\${hash}`,
      `/zz3k-9xq2/picture/${hash}`,
      `/picture/${hash}`,
    ]) {
      expectNotFound(await get(target));
    }
    expect((await get(`/${CODE}/picture/${hash}`))?.status).toBe(200);
  });

  it('serves nothing of a server replaced by a new code under the old one', async () => {
    server.publish({ screen: blankScreen('Vale', { mode: 'live', background: MAP }), writtenAt: 1 });
    server.newCode();
    expectNotFound(await get(`/${CODE}/picture/${pictureHash(MAP)}`));
    expect((await get(`/${server.code()}/picture/${pictureHash(MAP)}`))?.status).toBe(200);
  });
});

describe('the pictures\' shelf', () => {
  it('hashes and decodes a picture once while screens keep showing it, and again only once it has left', () => {
    const shelf = new PictureShelf();
    const hash = pictureHash(MAP);
    shelf.shelve({ screen: blankScreen('Vale', { background: MAP }), writtenAt: 1 });
    const kept = shelf.get(hash);
    // The next step's screen carries the same picture as another string, as it comes over IPC.
    const again: MapBackground = { ...MAP, base64: `${MAP.base64} `.trimEnd() };
    shelf.shelve({ screen: blankScreen('Vale', { background: again, handout: HANDOUT }), writtenAt: 2 });
    expect(shelf.get(hash)).toBe(kept);
    expect(shelf.get(pictureHash(HANDOUT))?.body).toEqual(HANDOUT_BYTES);
    shelf.shelve({ screen: blankScreen('Vale'), writtenAt: 3 });
    expect(shelf.get(hash)).toBeUndefined();
  });

  it('tells pictures apart by their type as well as their bytes', () => {
    expect(pictureHash(MAP)).not.toBe(pictureHash({ ...MAP, mime: 'image/webp' }));
  });
});
