import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('a load that runs once', () => {
  it('gives the same load to every call for a key, at once or later, and runs each key on its own', async () => {
    const runs: string[] = [];
    const load = loadOnce(async (key) => {
      runs.push(key);
      return key.toUpperCase();
    });
    const [a, b] = [load('zones'), load('zones')];
    expect(a).toBe(b);
    expect(await a).toBe('ZONES');
    expect(await load('zones')).toBe('ZONES');
    expect(await load('sides')).toBe('SIDES');
    expect(runs).toEqual(['zones', 'sides']);
  });

  it('tries again after a failed load', async () => {
    let tries = 0;
    const load = loadOnce(async () => {
      tries++;
      if (tries === 1) throw new Error('dropped');
      return 'ok';
    });
    await expect(load('x')).rejects.toThrow('dropped');
    expect(await load('x')).toBe('ok');
    expect(tries).toBe(2);
  });
});
