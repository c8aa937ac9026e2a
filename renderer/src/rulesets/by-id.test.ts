import { describe, expect, it } from 'vitest';
import { lazyById } from './by-id';

interface Part {
  readonly id: string;
  readonly label?: string;
}

// A registry of its own, counting how often each line's import runs.
function counting(): { registry: ReturnType<typeof lazyById<Part>>; loads: string[] } {
  const loads: string[] = [];
  const line = (id: string) => async () => {
    loads.push(id);
    return { id, label: id.toUpperCase() };
  };
  return { registry: lazyById<Part>({ zones: line('zones'), sides: line('sides') }, { id: '' }), loads };
}

describe('a registry of parts loaded on demand', () => {
  it('loads a part once, however often and however soon it is asked for', async () => {
    const { registry, loads } = counting();
    const [a, b] = await Promise.all([registry.load('zones'), registry.load('zones')]);
    expect(a).toBe(b);
    expect(await registry.load('zones')).toBe(a);
    expect(loads).toEqual(['zones']);
    expect(registry.of('zones')).toBe(a);
    expect(registry.all()).toEqual([a]);
  });

  it('says a listed part was asked for before it was loaded, instead of showing the generic screen', async () => {
    const { registry } = counting();
    expect(registry.ids).toEqual(['zones', 'sides']);
    expect(() => registry.of('sides')).toThrow('The screen\'s part of the ruleset "sides" is not loaded yet');
    await registry.load('sides');
    expect(registry.of('sides').label).toBe('SIDES');
  });

  it('gives the generic part for an id it does not list, or none, without loading anything', async () => {
    const { registry, loads } = counting();
    expect(registry.of('chess')).toEqual({ id: '' });
    expect(registry.of(null)).toEqual({ id: '' });
    expect(await registry.load('chess')).toEqual({ id: '' });
    expect(await registry.load('constructor')).toEqual({ id: '' });
    expect(loads).toEqual([]);
  });

  it('tries again after a failed load', async () => {
    let fail = true;
    const registry = lazyById<Part>({ zones: async () => (fail ? Promise.reject(new Error('offline')) : { id: 'zones' }) }, { id: '' });
    await expect(registry.load('zones')).rejects.toThrow('offline');
    fail = false;
    await expect(registry.load('zones')).resolves.toEqual({ id: 'zones' });
  });
});
