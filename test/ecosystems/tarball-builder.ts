/**
 * TEST HELPER: an npm-style tarball (`package/…` entries, gzip) built in memory from a file
 * map, for tests that need a package with exactly these files.
 */
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';

/** One tar entry as a test wants it: a file (or a ContiguousFile) with content, or a link with a target. */
export interface TestTarEntry {
  path: string;
  content?: string | Buffer;
  type?: 'File' | 'ContiguousFile' | 'SymbolicLink';
  linkpath?: string;
}

function encode({ path, content = '', type = 'File', linkpath }: TestTarEntry): Buffer {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const size = type === 'SymbolicLink' ? 0 : body.length;
  const header = Buffer.alloc(512);
  new Header({ path, linkpath, size, type, mode: type === 'SymbolicLink' ? 0o777 : 0o644, uid: 0, gid: 0, mtime: new Date(0) }).encode(header, 0);
  if (size === 0) return header;
  return Buffer.concat([header, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

/** Entries in order, under `package/`, duplicates and odd kinds allowed (hostile tarballs have them). */
export function npmTarballOfEntries(entries: readonly TestTarEntry[]): Buffer {
  return gzipSync(Buffer.concat([...entries.map((item) => encode({ ...item, path: `package/${item.path}` })), Buffer.alloc(1024)]));
}

/** `links` adds symbolic links (path → target), which npm tarballs should not hold and hostile ones may. */
export function npmTarballOf(files: Record<string, string | Buffer>, links: Record<string, string> = {}): Buffer {
  return npmTarballOfEntries([
    ...Object.entries(files).map(([path, content]) => ({ path, content })),
    ...Object.entries(links).map(([path, linkpath]) => ({ path, type: 'SymbolicLink' as const, linkpath })),
  ]);
}
