/**
 * RepositoryFiles over one commit of a local git repository: the tree as committed, read from
 * git's object store with `git ls-tree` and one `git cat-file --batch` process. Nothing in the
 * working tree is read or changed, so uncommitted edits, build output and untracked files never
 * reach the scan. Only regular blobs are listed: symlinks (mode 120000) and submodules are not
 * files, so a symlink loop cannot occur. git runs through execFile/spawn (no shell).
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { RepositoryFile, RepositoryFiles } from '../usage/types.js';

const MAX_LISTING_BYTES = 256 * 1024 * 1024;

function lsTree(repoDir: string, commit: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['ls-tree', '-r', '-z', '--long', '--full-tree', commit], { cwd: repoDir, maxBuffer: MAX_LISTING_BYTES, encoding: 'utf8', windowsHide: true }, (error, stdout) => {
      if (error) reject(new Error(`git ls-tree failed for ${commit.slice(0, 12)}: ${error.message.split('\n')[0] ?? ''}`));
      else resolve(String(stdout));
    });
  });
}

/** One `git cat-file --batch` process answering reads in order. */
class BatchReader {
  private process: ChildProcessWithoutNullStreams | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly pending: Array<{ resolve: (content: Buffer | null) => void; reject: (error: Error) => void }> = [];
  private failed: Error | null = null;

  constructor(private readonly repoDir: string) {}

  private start(): ChildProcessWithoutNullStreams {
    if (this.process !== null) return this.process;
    // GIT_NO_LAZY_FETCH: in a partial clone, a missing blob must not be fetched from a remote.
    const child = spawn('git', ['cat-file', '--batch'], { cwd: this.repoDir, windowsHide: true, env: { ...process.env, GIT_NO_LAZY_FETCH: '1' } });
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
    const fail = (error: Error): void => {
      this.failed = error;
      for (const waiting of this.pending.splice(0)) waiting.reject(error);
    };
    child.on('error', fail);
    child.on('close', () => fail(new Error('git cat-file ended')));
    child.stdin.on('error', () => {});
    this.process = child;
    return child;
  }

  /** Answers are `<sha> blob <size>\n<bytes>\n` or `<name> missing\n`. */
  private drain(): void {
    while (this.pending.length > 0) {
      const newline = this.buffer.indexOf(10);
      if (newline < 0) return;
      const header = this.buffer.subarray(0, newline).toString('utf8');
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(newline + 1);
        this.pending.shift()!.resolve(null);
        continue;
      }
      const size = Number(header.slice(header.lastIndexOf(' ') + 1));
      if (!Number.isSafeInteger(size)) {
        this.pending.shift()!.reject(new Error('git cat-file answered an unreadable header'));
        return;
      }
      if (this.buffer.length < newline + 1 + size + 1) return;
      const content = Buffer.from(this.buffer.subarray(newline + 1, newline + 1 + size));
      this.buffer = this.buffer.subarray(newline + 1 + size + 1);
      const waiting = this.pending.shift()!;
      waiting.resolve(header.split(' ')[1] === 'blob' ? content : null);
    }
  }

  read(objectName: string): Promise<Buffer | null> {
    if (this.failed !== null) return Promise.reject(this.failed);
    const child = this.start();
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      child.stdin.write(`${objectName}\n`);
    });
  }

  async close(): Promise<void> {
    const child = this.process;
    if (child === null) return;
    this.process = null;
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      child.stdin.end();
    });
  }
}

export function createGitTreeFiles(options: { repoDir: string; commit: string }): RepositoryFiles {
  const objects = new Map<string, string>();
  const reader = new BatchReader(options.repoDir);
  return {
    describe: () => `git ${options.commit.slice(0, 12)}`,

    async list({ maxEntries, skipDirectory }) {
      const output = await lsTree(options.repoDir, options.commit);
      const files: RepositoryFile[] = [];
      let truncated = false;
      // `<mode> <type> <object> <size>\t<path>` entries, NUL-separated; paths unquoted.
      for (const entry of output.split('\u0000')) {
        if (entry === '') continue;
        const tab = entry.indexOf('\t');
        const [mode, type, object, size] = entry.slice(0, tab).split(/ +/);
        const path = entry.slice(tab + 1);
        if (type !== 'blob' || (mode !== '100644' && mode !== '100755')) continue;
        if (path.split('/').slice(0, -1).some(skipDirectory)) continue;
        if (files.length >= maxEntries) {
          truncated = true;
          break;
        }
        objects.set(path, object!);
        files.push({ path, size: Number(size) || 0 });
      }
      return { files, truncated };
    },

    async read(path) {
      const object = objects.get(path);
      return object === undefined ? null : reader.read(object);
    },

    close: () => reader.close(),
  };
}
