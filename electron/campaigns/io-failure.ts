/**
 * File-system errors as data. A full disk, a read-only USB stick or a file another program keeps
 * open are expected at the table, so they become a `Failure` with a sentence that names the file
 * and says what to do. Anything that is not a file-system error (a TypeError: a bug) is rethrown.
 */
import { failure, type Failure } from '../../engine/campaign/index';

/** A Node file-system error (`err.code` such as `ENOENT`). */
export function isErrno(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

/** True when `error` is a file-system error with one of `codes`. */
export function hasCode(error: unknown, ...codes: string[]): boolean {
  return isErrno(error) && codes.includes(error.code ?? '');
}

/**
 * Turns a file-system error into a failure: "Could not <action> <label>: <reason>. <advice>".
 * Rethrows anything else, because only file-system trouble is an expected failure here.
 */
export function ioFailure(action: string, label: string, error: unknown): Failure {
  if (!isErrno(error)) throw error;
  const [code, reason, advice] = explain(error.code ?? '');
  return failure(code, `Could not ${action} ${label}: ${reason}. ${advice}`);
}

function explain(errno: string): [code: string, reason: string, advice: string] {
  switch (errno) {
    case 'ENOENT':
    case 'ENOTDIR':
      return ['io/not-found', 'it does not exist', 'Check that the campaigns folder is still there (a removed drive?) and refresh the list.'];
    case 'EACCES':
    case 'EPERM':
      return ['io/permission', 'permission denied', 'Check that your user may write to the campaigns folder, or choose another folder.'];
    case 'EROFS':
      return ['io/read-only', 'the drive is read-only', 'Choose a campaigns folder on a writable drive.'];
    case 'ENOSPC':
    case 'EDQUOT':
      return ['io/no-space', 'the disk is full', 'Free some space and try again; nothing already saved was lost.'];
    case 'EBUSY':
      return ['io/busy', 'another program is using it', 'Close the program that has it open (a sync client or an editor) and try again.'];
    case 'EMFILE':
    case 'ENFILE':
      return ['io/too-many-files', 'too many files are open', 'Close some programs and try again.'];
    case 'EEXIST':
      return ['io/exists', 'something with that name already exists', 'Try again; a new name will be chosen.'];
    case 'ENAMETOOLONG':
      return ['io/name-too-long', 'the path is too long', 'Choose a campaigns folder with a shorter path.'];
    case 'EIO':
      return ['io/device', 'the drive reported a read or write error', 'Check the drive; copy the campaigns folder somewhere safe.'];
    default:
      return ['io/failed', `the system said ${errno || 'an unknown error'}`, 'Try again; if it keeps happening, check the drive.'];
  }
}
