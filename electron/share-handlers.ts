/**
 * The handlers of the `share:*` channels (sharing the players' screen with phones), with the
 * sharing passed in so they are tested without Electron or a network.
 */
import type { Result } from '../engine/campaign/index';
import type { ShareStatus } from './ipc-contract';
import type { AreaHandlers, IpcEventLike } from './ipc';
import type { PhoneSharing } from './phone-sharing';

export interface ShareHandlerDeps {
  /** The sharing; without it (tests, harnesses) every channel answers a failure. */
  readonly sharing?: PhoneSharing;
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
  return {
    'share:status': () => ({ ok: true, value: sharing.status() }),
    'share:start': ({ address, port, campaign }) => sharing.start(address, port, campaign),
    'share:resume': ({ campaign }) => sharing.resume(campaign),
    'share:stop': () => sharing.stop(),
    'share:new-code': () => sharing.newCode(),
    'share:allow-pick': ({ allow }) => sharing.allowPick(allow),
  };
}
