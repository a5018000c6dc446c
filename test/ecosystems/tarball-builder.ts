/**
 * TEST HELPER: an npm-style tarball (`package/…` entries, gzip) built in memory from a file
 * map, for tests that need a package with exactly these files.
 */
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';

function entry(path: string, content: Buffer): Buffer {
  const header = Buffer.alloc(512);
  new Header({ path, size: content.length, type: 'File', mode: 0o644, uid: 0, gid: 0, mtime: new Date(0) }).encode(header, 0);
  return Buffer.concat([header, content, Buffer.alloc((512 - (content.length % 512)) % 512)]);
}

function symbolicLink(path: string, target: string): Buffer {
  const header = Buffer.alloc(512);
  new Header({ path, linkpath: target, size: 0, type: 'SymbolicLink', mode: 0o777, uid: 0, gid: 0, mtime: new Date(0) }).encode(header, 0);
  return header;
}

/** `links` adds symbolic links (path → target), which npm tarballs should not hold and hostile ones may. */
export function npmTarballOf(files: Record<string, string | Buffer>, links: Record<string, string> = {}): Buffer {
  const entries = Object.entries(files).map(([path, content]) => entry(`package/${path}`, Buffer.isBuffer(content) ? content : Buffer.from(content)));
  const linkEntries = Object.entries(links).map(([path, target]) => symbolicLink(`package/${path}`, target));
  return gzipSync(Buffer.concat([...entries, ...linkEntries, Buffer.alloc(1024)]));
}
