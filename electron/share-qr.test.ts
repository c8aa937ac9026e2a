/**
 * The sharing address's QR code, read back by a decoder as a phone's camera would: what the GM
 * shows is what the phone opens.
 */
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrModules } from './share-qr';

/** The modules drawn black on white, `scale` pixels each, with the 4-module quiet zone QR needs. */
function picture(modules: { size: number; dark: string }, scale = 4): { data: Uint8ClampedArray; side: number } {
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.dark[row * modules.size + column] !== '1') continue;
      for (let y = 0; y < scale; y += 1) {
        for (let x = 0; x < scale; x += 1) {
          const at = (((row + 4) * scale + y) * side + (column + 4) * scale + x) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
      }
    }
  }
  return { data, side };
}

describe('the sharing address as a QR code', () => {
  it.each(['http://192.168.1.20:5199/ab3k-9xq2/', 'http://10.0.0.254:65535/zzzz-2222/'])('reads back as %s', (url) => {
    const modules = qrModules(url);
    expect(modules.dark).toMatch(/^[01]+$/);
    expect(modules.dark).toHaveLength(modules.size * modules.size);
    const { data, side } = picture(modules);
    expect(jsQR(data, side, side)?.data).toBe(url);
  });
});
