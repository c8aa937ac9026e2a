import { describe, expect, it } from 'vitest';
import type { MapBackground, Result } from '../../../engine/index';
import { PictureImport } from './picture-import.svelte';

const picked = {} as Event & { currentTarget: HTMLInputElement };
const picture: MapBackground = { mime: 'image/webp', base64: 'AAAA', width: 640, height: 480 };

function importing(result: Result<MapBackground> | null) {
  const seen: string[] = [];
  let busyWhileReading = false;
  const pictures = new PictureImport(
    { message: (text) => seen.push(`message ${text}`), read: (p) => seen.push(`read ${p.width}x${p.height}`) },
    async () => {
      busyWhileReading = pictures.busy;
      return result;
    },
  );
  return { pictures, seen, busyWhileReading: () => busyWhileReading };
}

describe('importing a map picture', () => {
  it('waits while it reads, clears the last message and hands on the picture read', async () => {
    const { pictures, seen, busyWhileReading } = importing({ ok: true, value: picture });
    await pictures.pick(picked);
    expect(busyWhileReading()).toBe(true);
    expect(pictures.busy).toBe(false);
    expect(seen).toEqual(['message null', 'read 640x480']);
  });

  it('says why a picture was refused, and takes nothing', async () => {
    const { pictures, seen } = importing({ ok: false, code: 'background/unreadable', message: 'It could not be read.' });
    await pictures.pick(picked);
    expect(pictures.busy).toBe(false);
    expect(seen).toEqual(['message null', 'message It could not be read.']);
  });

  it('does nothing more when no file was picked', async () => {
    const { pictures, seen } = importing(null);
    await pictures.pick(picked);
    expect(pictures.busy).toBe(false);
    expect(seen).toEqual(['message null']);
  });
});
