import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  checkImageFile,
  encodingSteps,
  fitWithin,
  formatBytes,
  imageTypeOf,
  importBackground,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_SIDE,
} from './background';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('picking a background picture', () => {
  it('takes PNG, JPEG and WebP, by type or, when the system gives none, by name', () => {
    expect(imageTypeOf(file('a.png', 'image/png', 1))).toBe('image/png');
    expect(imageTypeOf(file('a.jpg', 'image/jpeg', 1))).toBe('image/jpeg');
    expect(imageTypeOf(file('a.jpg', 'image/jpg', 1))).toBe('image/jpeg');
    expect(imageTypeOf(file('a.WEBP', '', 1))).toBe('image/webp');
    expect(imageTypeOf(file('a.JPEG', '', 1))).toBe('image/jpeg');
    expect(imageTypeOf(file('a.gif', 'image/gif', 1))).toBeNull();
    expect(imageTypeOf(file('a.svg', 'image/svg+xml', 1))).toBeNull();
    expect(imageTypeOf(file('map', '', 1))).toBeNull();
    // A type the system gave wins over the name.
    expect(imageTypeOf(file('a.png', 'text/plain', 1))).toBeNull();
  });

  it('refuses other types, empty files and files over 20 MB, saying what to do', () => {
    const gif = checkImageFile(file('tavern.gif', 'image/gif', 1000));
    expect(gif).toMatchObject({ ok: false, code: 'background/type' });
    expect(!gif.ok && gif.message).toBe('"tavern.gif" is not a PNG, JPEG or WebP picture. Save it as one of those and pick it again.');
    expect(checkImageFile(file('a.png', 'image/png', 0))).toMatchObject({ ok: false, code: 'background/empty' });
    const big = checkImageFile(file('huge.png', 'image/png', 25 * 1024 * 1024));
    expect(big).toMatchObject({ ok: false, code: 'background/too-large' });
    expect(!big.ok && big.message).toBe('"huge.png" is 25.0 MB; a background may be at most 20.0 MB. Make it smaller in an image editor and pick it again.');
    expect(checkImageFile(file('edge.webp', 'image/webp', MAX_IMAGE_FILE_BYTES))).toEqual({ ok: true, value: 'image/webp' });
  });

  it('refuses before decoding anything', async () => {
    const big = { name: 'huge.jpg', type: 'image/jpeg', size: MAX_IMAGE_FILE_BYTES + 1 } as File;
    expect(await importBackground(big)).toMatchObject({ ok: false, code: 'background/too-large' });
  });

  it('says sizes in KB and MB', () => {
    expect(formatBytes(512)).toBe('1 KB');
    expect(formatBytes(200 * 1024)).toBe('200 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('scaling and encoding', () => {
  it('scales down to 2048 on the long side, never up', () => {
    expect(fitWithin(4096, 3072)).toEqual({ width: MAX_IMAGE_SIDE, height: 1536 });
    expect(fitWithin(1000, 5000)).toEqual({ width: 410, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('tries the full size at good quality first, then lower quality, then smaller', () => {
    const steps = encodingSteps(4000, 2000);
    expect(steps[0]).toEqual({ width: 2048, height: 1024, quality: 0.85 });
    expect(steps[1]).toEqual({ width: 2048, height: 1024, quality: 0.7 });
    expect(steps[2]).toEqual({ width: 1536, height: 768, quality: 0.7 });
    expect(steps.at(-1)!.width).toBeLessThan(1000);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.width * steps[i]!.quality).toBeLessThan(steps[i - 1]!.width * steps[i - 1]!.quality);
  });

  it('turns bytes into base64 and back, in chunks (a large picture does not overflow the stack)', () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(Buffer.from(base64ToBytes(text)).equals(Buffer.from(bytes))).toBe(true);
  });
});
