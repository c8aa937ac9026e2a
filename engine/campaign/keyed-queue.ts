/**
 * Tasks run one at a time per key, in the order they were queued; different keys run side by side.
 * Both sides of a campaign need it: the main process keeps its own calls on one file or one open
 * campaign in line (Electron runs IPC handlers concurrently), and the renderer keeps one
 * encounter's writes and sends to its outbox in order. A task that fails does not hold up the ones
 * queued after it: they run all the same, and the failure reaches only its own caller.
 */
export class KeyedQueue {
  /** Per key, the last queued task once settled; a key is dropped as soon as its queue is idle. */
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `task` after every earlier task queued under `key` has settled; resolves or rejects as `task` does. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.#tails.get(key) ?? Promise.resolve();
    const run = before.then(task);
    const settled = run.then(
      () => {},
      () => {},
    );
    this.#tails.set(key, settled);
    // Forget the key once its queue is idle, so the map does not grow with every key ever used.
    void settled.then(() => {
      if (this.#tails.get(key) === settled) this.#tails.delete(key);
    });
    return run;
  }

  /** Whether a task is queued or running under any key. */
  get busy(): boolean {
    return this.#tails.size > 0;
  }

  /** Settles once every task queued so far (under any key) has settled. */
  async idle(): Promise<void> {
    await Promise.all([...this.#tails.values()]);
  }
}
