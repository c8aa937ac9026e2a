/**
 * The engine's errors-as-data shape, used by every campaign function: `{ ok: true, value }` or
 * `{ ok: false, code, message }` with a namespaced code and a sentence that names the file and
 * says what to do. Only programmer errors throw.
 */
export { failure, ok, type Failure, type Result } from '../result';
