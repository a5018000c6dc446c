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

export function npmTarballOf(files: Record<string, string | Buffer>): Buffer {
  const entries = Object.entries(files).map(([path, content]) => entry(`package/${path}`, Buffer.isBuffer(content) ? content : Buffer.from(content)));
  return gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));
}
