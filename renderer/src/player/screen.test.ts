import { describe, expect, it } from 'vitest';
import { PLAYER_SCREEN_VERSION, readScreen } from './screen';

// Issue 14: pictures reach the players' window from storage; only the kinds GM Screen keeps are
// shown (PNG, JPEG, WebP in base64), never an SVG, which can carry script, or a forged type.

const png = { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 10, height: 10 };
const screen = (pictures: Record<string, unknown>) => ({ version: PLAYER_SCREEN_VERSION, mode: 'handout', view: null, background: null, handout: null, roll: null, countdown: null, ...pictures });

describe('readScreen', () => {
  it('keeps a picture of a kind GM Screen stores', () => {
    expect(readScreen(screen({ handout: png, background: png }))).toMatchObject({ handout: png, background: png });
  });

  it.each([
    ['an SVG', { ...png, mime: 'image/svg+xml', base64: btoa('<svg onload="alert(1)"/>') }],
    ['a data: URL for bytes', { ...png, base64: 'data:text/html;base64,PHNjcmlwdD4=' }],
    ['a picture with no size', { mime: 'image/png', base64: 'iVBORw0KGgo=' }],
    ['text', 'javascript:alert(1)'],
  ])('leaves out %s and shows the rest of the screen', (_label, picture) => {
    const read = readScreen(screen({ handout: picture, background: picture }));
    expect(read).not.toBeNull();
    expect(read?.handout).toBeNull();
    expect(read?.background).toBeNull();
    expect(read?.mode).toBe('handout');
  });
});
