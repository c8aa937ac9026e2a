import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpackedPath } from './unpacked-path';

describe('unpackedPath', () => {
  it('moves a path inside app.asar to app.asar.unpacked, and leaves any other as it is', () => {
    const packed = path.join(path.sep, 'opt', 'GM Screen', 'resources', 'app.asar', 'dist', 'phone');
    expect(unpackedPath(packed)).toBe(path.join(path.sep, 'opt', 'GM Screen', 'resources', 'app.asar.unpacked', 'dist', 'phone'));
    const working = path.join(path.sep, 'work', 'gm-screen', 'dist', 'phone');
    expect(unpackedPath(working)).toBe(working);
    // A folder merely named like the archive's start is not the archive.
    const lookalike = path.join(path.sep, 'x', 'app.asar-notes', 'dist');
    expect(unpackedPath(lookalike)).toBe(lookalike);
  });
});
