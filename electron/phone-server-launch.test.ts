/** phone-server-launch.ts against a mock of Electron's utility process (the binary is not here). */
import { describe, expect, it, vi } from 'vitest';

const forked = vi.hoisted(() => [] as { modulePath: string; options: unknown; child: import('node:events').EventEmitter & { postMessage: (m: unknown) => void; kill: () => boolean } }[]);
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  return {
    utilityProcess: {
      fork: (modulePath: string, _args: string[], options: unknown) => {
        const child = Object.assign(new Emitter(), { postMessage: vi.fn(), kill: vi.fn(() => true) });
        forked.push({ modulePath, options, child });
        return child;
      },
    },
  };
});

const { phoneServerLauncher } = await import('./phone-server-launch');

describe("the phone server's process in the app", () => {
  it('is a utility process of the bundled entry, named for the task manager, told nothing until it has started', () => {
    const handle = phoneServerLauncher('/app/dist-electron/phone-server.cjs')();
    const [{ modulePath, options, child }] = forked as [(typeof forked)[number]];
    expect(modulePath).toBe('/app/dist-electron/phone-server.cjs');
    expect(options).toMatchObject({ serviceName: 'GM Screen phone sharing' });
    handle.post({ kind: 'forget' });
    expect(child.postMessage).not.toHaveBeenCalled();
    child.emit('spawn');
    expect(child.postMessage).toHaveBeenCalledExactlyOnceWith({ kind: 'forget' });
    handle.post({ kind: 'allow-pick', allow: false });
    expect(child.postMessage).toHaveBeenLastCalledWith({ kind: 'allow-pick', allow: false });

    const heard: unknown[] = [];
    let exits = 0;
    handle.onMessage((message) => heard.push(message));
    handle.onExit(() => exits++);
    child.emit('message', { kind: 'watchers', count: 2 });
    expect(heard).toEqual([{ kind: 'watchers', count: 2 }]);
    handle.kill();
    expect(child.kill).toHaveBeenCalledOnce();
    child.emit('exit', 0);
    child.emit('exit', 0);
    expect(exits).toBe(1);
  });

  it('ends a process killed before it started as it starts, without telling it to listen', () => {
    const handle = phoneServerLauncher('/app/dist-electron/phone-server.cjs')();
    const { child } = forked.at(-1)!;
    handle.post({ kind: 'forget' });
    handle.kill();
    child.emit('spawn');
    expect(child.postMessage).not.toHaveBeenCalled();
    expect(child.kill).toHaveBeenCalledTimes(2);
  });
});
