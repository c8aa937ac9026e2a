/**
 * The handlers of the `share:*` channels (sharing the players' screen with phones), with the
 * sharing passed in so they are tested without Electron or a network. After each call that may
 * change sharing, `onChange` is told (main.ts pushes the new status to the GM window,
 * share-pushes.ts), whatever came of the call: a start that failed may have closed the server it
 * was moving from.
 */
import type { Result } from '../engine/campaign/index';
import type { ShareStatus } from './ipc-contract';
import type { AreaHandlers, IpcEventLike } from './ipc';
import type { PhoneSharing } from './phone-sharing';

export interface ShareHandlerDeps {
  /** The sharing; without it (tests, harnesses) every channel answers a failure. */
  readonly sharing?: PhoneSharing;
  /** Told after each call that may have changed sharing (all but `share:status`), once it is done. */
  readonly onChange?: () => void;
}

const unavailable: Result<ShareStatus> = {
  ok: false,
  code: 'share/unavailable',
  message: 'Sharing with phones is not available here.',
};

export function createShareHandlers<E extends IpcEventLike>(deps: ShareHandlerDeps = {}): AreaHandlers<'share', E> {
  const sharing = deps.sharing;
  if (!sharing) {
    return {
      'share:status': () => unavailable,
      'share:start': async () => unavailable,
      'share:resume': async () => unavailable,
      'share:stop': async () => unavailable,
      'share:new-code': () => unavailable,
      'share:allow-pick': () => unavailable,
    };
  }
  const onChange = deps.onChange ?? (() => {});
  /** `call`'s answer, once `onChange` was told (also when it threw or rejected). */
  async function thenTell(call: () => Result<ShareStatus> | Promise<Result<ShareStatus>>): Promise<Result<ShareStatus>> {
    try {
      return await call();
    } finally {
      onChange();
    }
  }
  return {
    'share:status': () => ({ ok: true, value: sharing.status() }),
    'share:start': ({ address, port, campaign }) => thenTell(() => sharing.start(address, port, campaign)),
    'share:resume': ({ campaign }) => thenTell(() => sharing.resume(campaign)),
    'share:stop': () => thenTell(() => sharing.stop()),
    'share:new-code': () => thenTell(() => sharing.newCode()),
    'share:allow-pick': ({ allow }) => thenTell(() => sharing.allowPick(allow)),
  };
}
