import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

/** A task that finishes when told to, noting when it started and ended. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const task = async (): Promise<string> => {
    log.push(`${name} start`);
    await opened;
    log.push(`${name} end`);
    return name;
  };
  return { task, open };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one at a time, in the order they were queued', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const c = gate(log, 'c');
    const results = [queue.run('k', a.task), queue.run('k', b.task), queue.run('k', c.task)];
    await tick();
    expect(log).toEqual(['a start']);
    // Opened out of order, they still finish in the order queued.
    c.open();
    b.open();
    await tick();
    expect(log).toEqual(['a start']);
    a.open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('runs different keys side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const first = queue.run('one', a.task);
    const second = queue.run('two', b.task);
    await tick();
    expect(log).toEqual(['a start', 'b start']);
    b.open();
    expect(await second).toBe('b');
    expect(log).toEqual(['a start', 'b start', 'b end']);
    a.open();
    expect(await first).toBe('a');
  });

  it('runs the next task after one that rejected or threw, and reports the failure only to its caller', async () => {
    const queue = new KeyedQueue();
    const rejected = queue.run('k', () => Promise.reject(new Error('disk full')));
    const thrown = queue.run('k', () => {
      throw new Error('bad input');
    });
    const next = queue.run('k', async () => 'written');
    await expect(rejected).rejects.toThrow('disk full');
    await expect(thrown).rejects.toThrow('bad input');
    expect(await next).toBe('written');
  });

  it('is busy while a task is queued, idle after every task has settled, and forgets idle keys', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = gate(log, 'a');
    expect(queue.busy).toBe(false);
        void queue.run('encounter', a.task);
    const failing = queue.run('other', () => Promise.reject(new Error('no')));
    failing.catch(() => {});
    expect(queue.busy).toBe(true);
    let idle = false;
    const waiting = queue.idle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    a.open();
    await waiting;
    await tick();
    expect(queue.busy).toBe(false);
  });
});
