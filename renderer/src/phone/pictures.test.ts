import { describe, expect, it } from 'vitest';
import { PictureCache, PICTURE_RETRY_MS, readPictureRef, readScreenPictures, shownPicture, type PictureRef, type PictureWorld } from './pictures';

// The phone page's pictures: each screen refers to its pictures by hash; the page fetches each
// hash once, keeps one blob: URL per hash while screens show it, and gives it back after.

const hash = (c: string) => c.repeat(64);
const ref = (c: string, more: Partial<PictureRef> = {}): PictureRef => ({ picture: hash(c), mime: 'image/png', width: 640, height: 480, ...more });

/** A made-up browser: fetches answered by the test, URLs counted. */
function world() {
  const fetched: string[] = [];
  const pending = new Map<string, (response: Response) => void>();
  const live = new Set<string>();
  const revoked: string[] = [];
  let made = 0;
  let now = 0;
  const w: PictureWorld = {
    fetch: (url) => {
      fetched.push(url);
      return new Promise((resolve) => pending.set(url, resolve));
    },
    createObjectURL: (blob) => {
      const url = `blob:${++made}:${blob.type}`;
      live.add(url);
      return url;
    },
    revokeObjectURL: (url) => {
      live.delete(url);
      revoked.push(url);
    },
    now: () => now,
  };
  return {
    w,
    fetched,
    live,
    revoked,
    answer: async (url: string, status = 200) => {
      pending.get(url)?.(new Response(status === 200 ? new Uint8Array([1, 2, 3]) : 'Not found', { status }));
      pending.delete(url);
      await new Promise((r) => setTimeout(r, 0));
    },
    later: (ms: number) => (now += ms),
  };
}

describe('a screen\'s picture references', () => {
  it('read a hash, a picture type and a size', () => {
    expect(readPictureRef(ref('a'))).toEqual(ref('a'));
    expect(readScreenPictures({ background: ref('a'), handout: null })).toEqual({ background: ref('a'), handout: null });
  });

  it('leave out what is not one, without failing', () => {
    for (const bad of [
      null,
      'abc',
      { ...ref('a'), picture: '../index.html' },
      { ...ref('a'), picture: hash('A') },
      { ...ref('a'), picture: hash('a').slice(1) },
      { ...ref('a'), mime: 'image/svg+xml' },
      { ...ref('a'), width: 0 },
      { ...ref('a'), height: 1.5 },
      { ...ref('a'), width: '640' },
      { mime: 'image/png', base64: 'AAAA', width: 1, height: 1 },
    ]) {
      expect(readPictureRef(bad)).toBeNull();
    }
    expect(readScreenPictures(null)).toEqual({ background: null, handout: null });
    expect(readScreenPictures({ background: { picture: 'x' }, handout: ref('b') })).toEqual({ background: null, handout: ref('b') });
  });
});

describe('the page\'s pictures', () => {
  it('fetches each picture once, beside the page, however many screens show it', async () => {
    const t = world();
    let told = 0;
    const cache = new PictureCache(() => told++, t.w);
    cache.use([ref('a'), null]);
    cache.use([ref('a'), ref('b')]);
    cache.use([ref('a'), ref('b')]);
    expect(t.fetched).toEqual([`./picture/${hash('a')}`, `./picture/${hash('b')}`]);
    expect(shownPicture(cache.ready(), ref('a'))).toBeNull();
    await t.answer(`./picture/${hash('a')}`);
    expect(told).toBe(1);
    const shown = shownPicture(cache.ready(), ref('a'));
    expect(shown).toEqual({ url: 'blob:1:image/png', width: 640, height: 480 });
    // Later screens: the same URL, nothing fetched again.
    cache.use([ref('a'), ref('b')]);
    expect(shownPicture(cache.ready(), ref('a'))?.url).toBe(shown?.url);
    expect(t.fetched).toHaveLength(2);
  });

  it('gives a picture\'s URL back once no screen shows it, and stops its fetch', async () => {
    const t = world();
    const cache = new PictureCache(() => {}, t.w);
    cache.use([ref('a'), ref('b')]);
    await t.answer(`./picture/${hash('a')}`);
    cache.use([ref('c')]);
    expect(t.revoked).toEqual(['blob:1:image/png']);
    expect(t.live.size).toBe(0);
    // b's answer comes after it was given back: no URL is made for it.
    await t.answer(`./picture/${hash('b')}`);
    expect(t.live.size).toBe(0);
    expect(cache.ready().size).toBe(0);
    // Shown again: fetched again.
    cache.use([ref('a')]);
    expect(t.fetched.filter((url) => url.endsWith(hash('a')))).toHaveLength(2);
    cache.clear();
    expect(t.live.size).toBe(0);
  });

  it('asks again for a picture that failed, not before a few seconds, and never shows a failed one', async () => {
    const t = world();
    const cache = new PictureCache(() => {}, t.w);
    cache.use([ref('a')]);
    await t.answer(`./picture/${hash('a')}`, 404);
    expect(shownPicture(cache.ready(), ref('a'))).toBeNull();
    cache.use([ref('a')]);
    expect(t.fetched).toHaveLength(1);
    t.later(PICTURE_RETRY_MS);
    cache.use([ref('a')]);
    expect(t.fetched).toHaveLength(2);
    await t.answer(`./picture/${hash('a')}`);
    expect(shownPicture(cache.ready(), ref('a'))?.url).toBe('blob:1:image/png');
  });

  it('makes the blob of the type the screen named', async () => {
    const t = world();
    const cache = new PictureCache(() => {}, t.w);
    cache.use([ref('d', { mime: 'image/webp' })]);
    await t.answer(`./picture/${hash('d')}`);
    expect(cache.ready().get(hash('d'))).toBe('blob:1:image/webp');
  });
});
