/**
 * Test helper: an in-memory file system that can lose power. It implements the part of
 * `node:fs/promises` the campaign store uses (power-cut.test.ts mocks the module with it, so the
 * store runs unchanged) and models durability the way POSIX promises it, and no better:
 *
 * - A file's contents have a volatile version (what reads see) and a durable one (what the disk
 *   holds). `handle.sync()` / `datasync()` makes the file's current contents durable; closing
 *   does not.
 * - A folder's entries (name → file or folder, changed by create, rename, link, unlink, mkdir, rm)
 *   have a volatile and a durable version too. Only an fsync of a handle opened on the folder
 *   makes them durable: a file created and fsynced in a folder that was never fsynced may be gone
 *   after a power cut, and a rename not followed by a folder fsync may be undone.
 * - {@link PowerCutFs.powerCut} returns what the disk holds: the durable image. With a random
 *   source it is harsher and, like a real disk, keeps part of what was not yet flushed: per file a
 *   random prefix of the bytes appended since its last fsync (a torn write), and per folder a
 *   random prefix of its entry changes since its last fsync (a journal commits in order).
 * - A cut can be scheduled at the n-th file-system call ({@link PowerCutFs.armCut}): that call and
 *   every later one on this instance (its open handles included) fail with EIO, so the operation
 *   in flight never completes and nothing after it runs on the old disk.
 *
 * Not modelled: permissions, symbolic links, timestamps, free space, short writes, Windows, and a
 * rename across folders is two independent entry changes (the store renames within a folder).
 */
import path from 'node:path';

type SimNode = SimFile | SimDir;

interface SimFile {
  readonly kind: 'file';
  /** What reads see now. Never changed in place: every write makes a new Buffer. */
  data: Buffer;
  /** What the disk holds: `data` as of the last fsync. */
  durable: Buffer;
}

/** One entry change, applied as a whole (a rename within a folder changes two names at once). */
type EntryChange = ReadonlyArray<readonly [name: string, node: SimNode | null]>;

interface SimDir {
  readonly kind: 'dir';
  readonly entries: Map<string, SimNode>;
  /** The entries as of the last fsync of the folder. */
  durable: Map<string, SimNode>;
  /** The changes made since, in order. */
  pending: EntryChange[];
}

/** Node's Stats, as far as the store looks at them. */
export interface SimStats {
  readonly size: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** Node's Dirent, as far as the store looks at it. */
export interface SimDirent {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

interface OpenMode {
  readonly read: boolean;
  readonly write: boolean;
  readonly create: boolean;
  readonly exclusive: boolean;
  readonly truncate: boolean;
  readonly append: boolean;
}

const mode = (flags: Partial<OpenMode>): OpenMode => ({ read: false, write: false, create: false, exclusive: false, truncate: false, append: false, ...flags });
/** The open flags the store uses (and a few neighbours); anything else is refused loudly. */
const FLAGS: Readonly<Record<string, OpenMode>> = {
  r: mode({ read: true }),
  'r+': mode({ read: true, write: true }),
  w: mode({ write: true, create: true, truncate: true }),
  wx: mode({ write: true, create: true, truncate: true, exclusive: true }),
  a: mode({ write: true, create: true, append: true }),
  ax: mode({ write: true, create: true, append: true, exclusive: true }),
};

const MESSAGES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EEXIST: 'file already exists',
  ENOTDIR: 'not a directory',
  EISDIR: 'illegal operation on a directory',
  ENOTEMPTY: 'directory not empty',
  EBADF: 'bad file descriptor',
  EPERM: 'operation not permitted',
  EINVAL: 'invalid argument',
  EIO: 'i/o error (the power is off)',
  ERR_FS_EISDIR: 'path is a directory',
};

/** An error shaped like Node's: the store branches on `code`. */
function fsError(code: string, syscall: string, file: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${MESSAGES[code] ?? code}, ${syscall} '${file}'`);
  error.code = code;
  error.syscall = syscall;
  error.path = file;
  return error;
}

function newFile(data: Buffer = Buffer.alloc(0)): SimFile {
  return { kind: 'file', data, durable: Buffer.alloc(0) };
}

function newDir(): SimDir {
  return { kind: 'dir', entries: new Map(), durable: new Map(), pending: [] };
}

function change(dir: SimDir, ...entries: Array<readonly [string, SimNode | null]>): void {
  for (const [name, node] of entries) {
    if (node === null) dir.entries.delete(name);
    else dir.entries.set(name, node);
  }
  dir.pending.push(entries);
}

function statsOf(node: SimNode): SimStats {
  return {
    size: node.kind === 'file' ? node.data.length : 4096,
    isFile: () => node.kind === 'file',
    isDirectory: () => node.kind === 'dir',
    isSymbolicLink: () => false,
  };
}

function toBuffer(data: string | Uint8Array): Buffer {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
}

/** `data` with `bytes` written at `position` (zero-filled if that is past the end). */
function writeAt(data: Buffer, bytes: Uint8Array, position: number): Buffer {
  const out = Buffer.alloc(Math.max(data.length, position + bytes.length));
  data.copy(out);
  out.set(bytes, position);
  return out;
}

/** Up to `random() * (n + 1)` of `n` unflushed things survive, but half the time none does. */
function survivors(n: number, random: () => number): number {
  return random() < 0.5 ? 0 : Math.floor(random() * (n + 1));
}

type ReadFileOptions = BufferEncoding | { readonly encoding?: BufferEncoding | null } | null | undefined;

function encodingOf(options: ReadFileOptions): BufferEncoding | null {
  if (typeof options === 'string') return options;
  return options?.encoding ?? null;
}

export class PowerCutFs {
  /** File-system calls made so far: the clock a cut is scheduled on. */
  calls = 0;
  private cutAt = Number.POSITIVE_INFINITY;
  private cutRandom: (() => number) | null = null;
  private afterCut: PowerCutFs | null = null;

  private constructor(private readonly root: SimDir) {}

  /** A disk holding these folders (absolute paths), all durable. */
  static withFolders(...folders: string[]): PowerCutFs {
    const fs = new PowerCutFs(newDir());
    for (const folder of folders) {
      let dir = fs.root;
      for (const name of fs.names(folder)) {
        const next = dir.entries.get(name) ?? newDir();
        if (next.kind !== 'dir') throw new Error(`${folder} crosses a file`);
        dir.entries.set(name, next);
        dir.durable.set(name, next);
        dir = next;
      }
    }
    return fs;
  }

  /** Cuts the power just before file-system call number `atCall` (1 = the next call). */
  armCut(atCall: number, random: (() => number) | null): void {
    this.cutAt = this.calls + atCall;
    this.cutRandom = random;
  }

  get isCut(): boolean {
    return this.afterCut !== null;
  }

  /** The disk as it was found after the scheduled cut. */
  image(): PowerCutFs {
    if (this.afterCut === null) throw new Error('the power was not cut');
    return this.afterCut;
  }

  /**
   * Cuts the power now: this instance and its handles fail from here on. Returns the disk that is
   * left, as a new file system where everything is durable (what a restart finds).
   */
  powerCut(random: (() => number) | null): PowerCutFs {
    if (this.afterCut !== null) return this.afterCut;
    const copies = new Map<SimNode, SimNode>(); // hard links stay one file
    const copy = (node: SimNode): SimNode => {
      const done = copies.get(node);
      if (done !== undefined) return done;
      if (node.kind === 'file') {
        let bytes = node.durable;
        // A torn append: part of what was written after the durable bytes reached the disk.
        if (random !== null && node.data.length > bytes.length && node.data.subarray(0, bytes.length).equals(bytes)) {
          bytes = node.data.subarray(0, bytes.length + survivors(node.data.length - bytes.length, random));
        }
        const file: SimFile = { kind: 'file', data: bytes, durable: bytes };
        copies.set(node, file);
        return file;
      }
      const dir = newDir();
      copies.set(node, dir);
      const entries = new Map(node.durable);
      const kept = random === null ? 0 : survivors(node.pending.length, random);
      for (const entryChange of node.pending.slice(0, kept)) {
        for (const [name, child] of entryChange) {
          if (child === null) entries.delete(name);
          else entries.set(name, child);
        }
      }
      for (const [name, child] of entries) dir.entries.set(name, copy(child));
      dir.durable = new Map(dir.entries);
      return dir;
    };
    const image = new PowerCutFs(copy(this.root) as SimDir);
    this.afterCut = image;
    return image;
  }

  /** Counts a call, cutting the power when it is the scheduled one; after the cut, every call fails. */
  enter(syscall: string, file: string): void {
    this.calls++;
    if (this.afterCut === null && this.calls >= this.cutAt) this.powerCut(this.cutRandom);
    if (this.afterCut !== null) throw fsError('EIO', syscall, file);
  }

  /** A file's bytes as reads see them, without counting a call (for the test's checks); null if absent. */
  peek(file: string): Buffer | null {
    const node = this.lookup(file, 'peek');
    return node?.kind === 'file' ? node.data : null;
  }

  private names(file: string): string[] {
    if (typeof file !== 'string') throw new TypeError('power-cut-fs takes string paths only');
    return path.resolve(file).split(path.sep).filter((name) => name !== '');
  }

  /** The folder that holds `file` (which must exist) and the last name. */
  private parent(file: string, syscall: string): { dir: SimDir; name: string } {
    const names = this.names(file);
    const name = names.pop();
    if (name === undefined) throw fsError('EPERM', syscall, file); // the root has no parent
    let dir = this.root;
    for (const part of names) {
      const next = dir.entries.get(part);
      if (next === undefined) throw fsError('ENOENT', syscall, file);
      if (next.kind !== 'dir') throw fsError('ENOTDIR', syscall, file);
      dir = next;
    }
    return { dir, name };
  }

  private lookup(file: string, syscall: string): SimNode | undefined {
    if (this.names(file).length === 0) return this.root;
    const { dir, name } = this.parent(file, syscall);
    return dir.entries.get(name);
  }

  private existing(file: string, syscall: string): SimNode {
    const node = this.lookup(file, syscall);
    if (node === undefined) throw fsError('ENOENT', syscall, file);
    return node;
  }

  async open(file: string, flags = 'r'): Promise<SimFileHandle> {
    this.enter('open', file);
    const how = FLAGS[flags];
    if (how === undefined) throw new Error(`power-cut-fs does not simulate open flag "${flags}"`);
    let node = this.lookup(file, 'open');
    if (node !== undefined && how.exclusive) throw fsError('EEXIST', 'open', file);
    if (node === undefined) {
      if (!how.create) throw fsError('ENOENT', 'open', file);
      const { dir, name } = this.parent(file, 'open');
      node = newFile();
      change(dir, [name, node]);
    }
    if (node.kind === 'dir' && how.write) throw fsError('EISDIR', 'open', file);
    if (node.kind === 'file' && how.truncate) node.data = Buffer.alloc(0);
    return new SimFileHandle(this, node, how, file);
  }

  async readFile(file: string, options?: ReadFileOptions): Promise<Buffer | string> {
    this.enter('open', file);
    const node = this.existing(file, 'open');
    if (node.kind === 'dir') throw fsError('EISDIR', 'read', file);
    const encoding = encodingOf(options);
    return encoding === null ? Buffer.from(node.data) : node.data.toString(encoding);
  }

  async writeFile(file: string, data: string | Uint8Array): Promise<void> {
    const handle = await this.open(file, 'w');
    await handle.writeFile(data);
    await handle.close();
  }

  async appendFile(file: string, data: string | Uint8Array): Promise<void> {
    const handle = await this.open(file, 'a');
    await handle.writeFile(data);
    await handle.close();
  }

  async rename(from: string, to: string): Promise<void> {
    this.enter('rename', from);
    const source = this.parent(from, 'rename');
    const node = source.dir.entries.get(source.name);
    if (node === undefined) throw fsError('ENOENT', 'rename', from);
    const target = this.parent(to, 'rename');
    const replaced = target.dir.entries.get(target.name);
    if (replaced === node) return;
    if (replaced !== undefined) {
      if (node.kind === 'file' && replaced.kind === 'dir') throw fsError('EISDIR', 'rename', to);
      if (node.kind === 'dir' && replaced.kind === 'file') throw fsError('ENOTDIR', 'rename', to);
      if (replaced.kind === 'dir' && replaced.entries.size > 0) throw fsError('ENOTEMPTY', 'rename', to);
    }
    if (node.kind === 'dir' && (path.resolve(to) + path.sep).startsWith(path.resolve(from) + path.sep)) throw fsError('EINVAL', 'rename', from);
    if (source.dir === target.dir) {
      change(source.dir, [source.name, null], [target.name, node]);
    } else {
      change(source.dir, [source.name, null]);
      change(target.dir, [target.name, node]);
    }
  }

  async unlink(file: string): Promise<void> {
    this.enter('unlink', file);
    const { dir, name } = this.parent(file, 'unlink');
    const node = dir.entries.get(name);
    if (node === undefined) throw fsError('ENOENT', 'unlink', file);
    if (node.kind === 'dir') throw fsError('EISDIR', 'unlink', file);
    change(dir, [name, null]);
  }

  async rm(file: string, options: { readonly recursive?: boolean; readonly force?: boolean } = {}): Promise<void> {
    this.enter('rm', file);
    let found: { dir: SimDir; name: string; node: SimNode | undefined };
    try {
      const { dir, name } = this.parent(file, 'rm');
      found = { dir, name, node: dir.entries.get(name) };
    } catch (error) {
      if (options.force === true && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (found.node === undefined) {
      if (options.force === true) return;
      throw fsError('ENOENT', 'rm', file);
    }
    if (found.node.kind === 'dir' && options.recursive !== true) throw fsError('ERR_FS_EISDIR', 'rm', file);
    // The folder's own entries stay as they are: the durable image may still reach them.
    change(found.dir, [found.name, null]);
  }

  async mkdir(dir: string, options: { readonly recursive?: boolean } = {}): Promise<string | undefined> {
    this.enter('mkdir', dir);
    if (options.recursive !== true) {
      const { dir: parent, name } = this.parent(dir, 'mkdir');
      if (parent.entries.has(name)) throw fsError('EEXIST', 'mkdir', dir);
      change(parent, [name, newDir()]);
      return undefined;
    }
    const names = this.names(dir);
    let at = this.root;
    let first: string | undefined;
    for (const [i, name] of names.entries()) {
      let next = at.entries.get(name);
      if (next === undefined) {
        next = newDir();
        change(at, [name, next]);
        first ??= path.sep + names.slice(0, i + 1).join(path.sep);
      }
      if (next.kind !== 'dir') throw fsError(i === names.length - 1 ? 'EEXIST' : 'ENOTDIR', 'mkdir', dir);
      at = next;
    }
    return first; // like Node: the first folder created, if any
  }

  async readdir(dir: string, options: { readonly withFileTypes?: boolean } = {}): Promise<string[] | SimDirent[]> {
    this.enter('scandir', dir);
    const node = this.existing(dir, 'scandir');
    if (node.kind !== 'dir') throw fsError('ENOTDIR', 'scandir', dir);
    const entries = [...node.entries].sort(([a], [b]) => (a < b ? -1 : 1));
    if (options.withFileTypes !== true) return entries.map(([name]) => name);
    return entries.map(([name, child]) => {
      const { isFile, isDirectory, isSymbolicLink } = statsOf(child);
      return { name, isFile, isDirectory, isSymbolicLink };
    });
  }

  async stat(file: string): Promise<SimStats> {
    this.enter('stat', file);
    return statsOf(this.existing(file, 'stat'));
  }

  async lstat(file: string): Promise<SimStats> {
    this.enter('lstat', file);
    return statsOf(this.existing(file, 'lstat'));
  }

  /** Copies the bytes; an existing target is overwritten in place (same file), as Linux does. */
  async copyFile(from: string, to: string, flags = 0): Promise<void> {
    this.enter('copyfile', from);
    const source = this.existing(from, 'copyfile');
    if (source.kind === 'dir') throw fsError('EISDIR', 'copyfile', from);
    const { dir, name } = this.parent(to, 'copyfile');
    const target = dir.entries.get(name);
    if (target !== undefined && (flags & 1) !== 0) throw fsError('EEXIST', 'copyfile', to); // COPYFILE_EXCL
    if (target?.kind === 'dir') throw fsError('EISDIR', 'copyfile', to);
    if (target === undefined) change(dir, [name, newFile(source.data)]);
    else target.data = source.data;
  }

  async link(existingPath: string, newPath: string): Promise<void> {
    this.enter('link', existingPath);
    const node = this.existing(existingPath, 'link');
    if (node.kind === 'dir') throw fsError('EPERM', 'link', existingPath);
    const { dir, name } = this.parent(newPath, 'link');
    if (dir.entries.has(name)) throw fsError('EEXIST', 'link', newPath);
    change(dir, [name, node]);
  }
}

/** An open file or folder. Its calls count on, and fail after a cut of, the file system that opened it. */
export class SimFileHandle {
  private position = 0;
  private closed = false;

  constructor(
    private readonly fs: PowerCutFs,
    private readonly node: SimNode,
    private readonly how: OpenMode,
    private readonly file: string,
  ) {}

  /** The open file, after counting the call; `need` is the access the call needs. */
  private target(syscall: string, need: 'read' | 'write' | null): SimFile {
    this.fs.enter(syscall, this.file);
    if (this.closed || (need !== null && !this.how[need])) throw fsError('EBADF', syscall, this.file);
    if (this.node.kind === 'dir') throw fsError('EISDIR', syscall, this.file);
    return this.node;
  }

  async read(buffer: Uint8Array, offset = 0, length = buffer.length - offset, position: number | null = null): Promise<{ bytesRead: number; buffer: Uint8Array }> {
    const file = this.target('read', 'read');
    const from = position ?? this.position;
    const bytes = file.data.subarray(from, from + length);
    buffer.set(bytes, offset);
    if (position === null) this.position += bytes.length;
    return { bytesRead: bytes.length, buffer };
  }

  async write(buffer: Uint8Array, offset = 0, length = buffer.length - offset, position: number | null = null): Promise<{ bytesWritten: number; buffer: Uint8Array }> {
    const file = this.target('write', 'write');
    const bytes = buffer.subarray(offset, offset + length);
    const at = this.how.append ? file.data.length : (position ?? this.position);
    file.data = writeAt(file.data, bytes, at);
    if (position === null || this.how.append) this.position = at + bytes.length;
    return { bytesWritten: bytes.length, buffer };
  }

  async writeFile(data: string | Uint8Array): Promise<void> {
    await this.write(toBuffer(data));
  }

  async appendFile(data: string | Uint8Array): Promise<void> {
    const file = this.target('write', 'write');
    file.data = writeAt(file.data, toBuffer(data), file.data.length);
  }

  async readFile(options?: ReadFileOptions): Promise<Buffer | string> {
    const file = this.target('read', 'read');
    const bytes = Buffer.from(file.data.subarray(this.position));
    this.position = file.data.length;
    const encoding = encodingOf(options);
    return encoding === null ? bytes : bytes.toString(encoding);
  }

  async stat(): Promise<SimStats> {
    this.fs.enter('fstat', this.file);
    if (this.closed) throw fsError('EBADF', 'fstat', this.file);
    return statsOf(this.node);
  }

  async truncate(length = 0): Promise<void> {
    const file = this.target('ftruncate', 'write');
    file.data = length <= file.data.length ? file.data.subarray(0, length) : writeAt(file.data, Buffer.alloc(0), length);
  }

  /** fsync: the file's contents, or a folder's entries, become durable. */
  async sync(): Promise<void> {
    this.fs.enter('fsync', this.file);
    if (this.closed) throw fsError('EBADF', 'fsync', this.file);
    if (this.node.kind === 'file') {
      this.node.durable = this.node.data;
    } else {
      this.node.durable = new Map(this.node.entries);
      this.node.pending = [];
    }
  }

  /** fdatasync: the same here (the size, the only metadata modelled, is part of it). */
  async datasync(): Promise<void> {
    await this.sync();
  }

  async close(): Promise<void> {
    this.fs.enter('close', this.file);
    this.closed = true;
  }
}

let mounted: PowerCutFs | null = null;

/** Makes `fs` the disk every call of the mocked `node:fs/promises` goes to. */
export function mount(fs: PowerCutFs): void {
  mounted = fs;
}

function disk(): PowerCutFs {
  if (mounted === null) throw new Error('power-cut-fs: no simulated disk is mounted');
  return mounted;
}

/**
 * The mock of `node:fs/promises`: each function goes to the mounted disk. A function the store
 * starts using that is not here fails the test (vitest reports the missing export) instead of
 * quietly touching the real disk.
 */
export const simulatedFsPromises = {
  open: (file: string, flags?: string) => disk().open(file, flags),
  readFile: (file: string, options?: ReadFileOptions) => disk().readFile(file, options),
  writeFile: (file: string, data: string | Uint8Array) => disk().writeFile(file, data),
  appendFile: (file: string, data: string | Uint8Array) => disk().appendFile(file, data),
  rename: (from: string, to: string) => disk().rename(from, to),
  unlink: (file: string) => disk().unlink(file),
  rm: (file: string, options?: { readonly recursive?: boolean; readonly force?: boolean }) => disk().rm(file, options),
  mkdir: (dir: string, options?: { readonly recursive?: boolean }) => disk().mkdir(dir, options),
  readdir: (dir: string, options?: { readonly withFileTypes?: boolean }) => disk().readdir(dir, options),
  stat: (file: string) => disk().stat(file),
  lstat: (file: string) => disk().lstat(file),
  copyFile: (from: string, to: string, flags?: number) => disk().copyFile(from, to, flags),
  link: (existingPath: string, newPath: string) => disk().link(existingPath, newPath),
};
