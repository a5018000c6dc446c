import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { create, Header } from 'tar';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_TOTAL_BYTES,
  extractChangelogFromTarball,
  INFLATE_CHUNK_BYTES,
  rankChangelogName,
  TarballReadError,
  type TarballScanStats,
} from '../../src/ecosystems/npm/tarball-changelog.js';
import { parseChangelog } from '../../src/evidence/changelog-sections.js';
import { npmTarballOfEntries } from './tarball-builder.js';
import type { EvidenceWarning } from '../../src/evidence/types.js';

/** Unmodified `npm pack` output; see test/fixtures/changelogs/README.md. */
function realTarball(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/changelogs/tarballs/${name}`, import.meta.url));
}

const KEEP_A_CHANGELOG = '# Changelog\n\n## [2.0.0] - 2024-02-01\n\n### Removed\n- old API\n\n## [1.0.0] - 2024-01-01\n\n- first\n';
const HISTORY = '2.0.0 / 2024-02-01\n==================\n\n  * drop old API\n';
const PROCEDURE = '# How to release\n\n1. Bump the version to 1.2.3 in package.json\n2. Run npm publish\n';

const workDirectories: string[] = [];
afterEach(() => {
  for (const directory of workDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/**
 * Builds a gzipped tarball in memory from a file map. The files are staged in a temporary
 * directory only because tar's `create` reads from disk; the code under test never touches disk.
 */
async function makeTarball(files: Record<string, string>, symlinks: Record<string, string> = {}): Promise<Buffer> {
  const root = mkdtempSync(join(tmpdir(), 'depverdict-tarball-'));
  workDirectories.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [path, target] of Object.entries(symlinks)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  // Entries go in exactly the order given, so tests control what the scan meets first.
  const entries = [...Object.keys(files), ...Object.keys(symlinks)];
  const chunks: Buffer[] = [];
  const stream = create({ gzip: true, cwd: root, portable: true }, entries);
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('extractChangelogFromTarball on real npm tarballs', () => {
  it('express@5.1.0 → History.md', async () => {
    const result = await extractChangelogFromTarball(realTarball('express-5.1.0.tgz'));
    expect(result?.path).toBe('package/History.md');
    expect(result?.fileName).toBe('History.md');
    expect(parseChangelog(result?.text ?? '')[0]?.version).toBe('5.1.0');
  });

  it('uuid@9.0.1 → CHANGELOG.md', async () => {
    const result = await extractChangelogFromTarball(realTarball('uuid-9.0.1.tgz'));
    expect(result?.fileName).toBe('CHANGELOG.md');
    expect(parseChangelog(result?.text ?? '')[0]?.version).toBe('9.0.1');
  });

  it('semver@7.6.0 ships no changelog → null', async () => {
    expect(await extractChangelogFromTarball(realTarball('semver-7.6.0.tgz'))).toBeNull();
  });
});

describe('extractChangelogFromTarball choice of file', () => {
  it('prefers CHANGELOG over HISTORY over NEWS, in any case', async () => {
    const tarball = await makeTarball({ 'package/NEWS': KEEP_A_CHANGELOG, 'package/History.md': HISTORY, 'package/changelog.markdown': KEEP_A_CHANGELOG, 'package/index.js': '' });
    expect((await extractChangelogFromTarball(tarball))?.fileName).toBe('changelog.markdown');
  });

  it('chooses deterministically among names of one family', async () => {
    const tarball = await makeTarball({ 'package/CHANGELOG-old.md': KEEP_A_CHANGELOG, 'package/CHANGELOG.txt': KEEP_A_CHANGELOG, 'package/CHANGELOG.md': KEEP_A_CHANGELOG, 'package/CHANGELOG.rst': KEEP_A_CHANGELOG });
    expect((await extractChangelogFromTarball(tarball))?.path).toBe('package/CHANGELOG.md');
  });

  it('skips a RELEASES.md that describes the release procedure and takes the next candidate', async () => {
    const tarball = await makeTarball({ 'package/RELEASES.md': PROCEDURE, 'package/NEWS.md': KEEP_A_CHANGELOG });
    expect((await extractChangelogFromTarball(tarball))?.fileName).toBe('NEWS.md');
    const onlyProcedure = await makeTarball({ 'package/RELEASES.md': PROCEDURE, 'package/RELEASE.md': KEEP_A_CHANGELOG });
    // RELEASE.md (singular) is not a changelog name at all.
    expect(await extractChangelogFromTarball(onlyProcedure)).toBeNull();
  });

  it('falls back when the preferred file has no version sections', async () => {
    const tarball = await makeTarball({ 'package/CHANGELOG.md': 'See GitHub releases.\n', 'package/HISTORY.md': HISTORY });
    expect((await extractChangelogFromTarball(tarball))?.fileName).toBe('HISTORY.md');
  });

  it('reads the last copy of a path the tarball holds twice: the one npm installs (it extracts in order)', async () => {
    const tarball = npmTarballOfEntries([
      { path: 'CHANGELOG.md', content: '# Changelog\n\n## 2.0.0\n\n- Fix a typo.\n' },
      { path: 'index.js', content: '' },
      { path: 'CHANGELOG.md', content: '# Changelog\n\n## 2.0.0\n\n- BREAKING: remove the callback API.\n' },
    ]);
    const result = await extractChangelogFromTarball(tarball);
    expect(result?.text).toContain('remove the callback API');
    expect(result?.text).not.toContain('Fix a typo');
  });

  it('reads the last copy when the second spells the path with a doubled slash (npm extracts both to one file)', async () => {
    const tarball = npmTarballOfEntries([
      { path: 'CHANGELOG.md', content: '# Changelog\n\n## 2.0.0\n\n- Fix a typo.\n' },
      { path: '/CHANGELOG.md', content: '# Changelog\n\n## 2.0.0\n\n- BREAKING: remove the callback API.\n' },
    ]);
    expect((await extractChangelogFromTarball(tarball))?.text).toContain('remove the callback API');
  });

  it('ignores symlinks, nested files and entries outside package/', async () => {
    const tarball = await makeTarball(
      { 'package/docs/CHANGELOG.md': KEEP_A_CHANGELOG, 'other/CHANGELOG.md': KEEP_A_CHANGELOG, 'package/real-history.txt': HISTORY },
      { 'package/CHANGELOG.md': 'real-history.txt', 'package/HISTORY.md': '/etc/passwd' },
    );
    expect(await extractChangelogFromTarball(tarball)).toBeNull();
  });
});

describe('extractChangelogFromTarball: the changelog part of a README', () => {
  // node-rsa 1.1.1 keeps its changelog this way ("## Changelog", then "### 1.1.0").
  const README = '# node-rsa\n\n## Usage\n\n### 1.0.0\n\nnot a release\n\n## Changelog\n\n### 1.1.0\n * Added OpenSSH key format support.\n\n### 1.0.2\n * Less dependent on non-key data.\n\n## License\n\n### 3.0.0\nMIT\n';

  it('reads only the part under the changelog heading, with the README\'s line numbers', async () => {
    const result = await extractChangelogFromTarball(await makeTarball({ 'package/README.md': README, 'package/index.js': '' }));
    expect(result).toMatchObject({ path: 'package/README.md', fileName: 'README.md', origin: 'readme-section' });
    expect(parseChangelog(result?.text ?? '').map((section) => section.version)).toEqual(['1.1.0', '1.0.2']);
    expect(result?.text.split('\n')).toHaveLength(README.split('\n').length);
    const line = README.split('\n').indexOf(' * Added OpenSSH key format support.');
    expect(result?.text.split('\n')[line]).toBe(' * Added OpenSSH key format support.');
  });

  it('prefers a changelog file, and marks it as one', async () => {
    const result = await extractChangelogFromTarball(await makeTarball({ 'package/README.md': README, 'package/HISTORY.md': HISTORY }));
    expect(result).toMatchObject({ fileName: 'HISTORY.md', origin: 'changelog-file' });
  });

  it('takes no README whose changelog part only points elsewhere, or that has none', async () => {
    const pointer = '# ws\n\n## Changelog\n\nWe use GitHub releases.\n\n## License\n\n### 8.0.0\nMIT\n';
    expect(await extractChangelogFromTarball(await makeTarball({ 'package/README.md': pointer }))).toBeNull();
    expect(await extractChangelogFromTarball(await makeTarball({ 'package/README.md': '# x\n\n## API\n\n### 2.0.0\nnotes\n' }))).toBeNull();
  });

  it('a README over the entry bound is no skipped changelog: nothing is reported for it', async () => {
    const warnings: EvidenceWarning[] = [];
    const big = '# big\n\n' + 'Documentation.\n'.repeat(200_000);
    expect(await extractChangelogFromTarball(await makeTarball({ 'package/README.md': big }), { onWarning: (warning) => warnings.push(warning) })).toBeNull();
    const withChangelog = await extractChangelogFromTarball(await makeTarball({ 'package/README.md': big, 'package/CHANGELOG.md': KEEP_A_CHANGELOG }), { onWarning: (warning) => warnings.push(warning) });
    expect(withChangelog?.fileName).toBe('CHANGELOG.md');
    expect(warnings).toEqual([]);
  });

  it('never reads a nested README', async () => {
    expect(await extractChangelogFromTarball(await makeTarball({ 'package/docs/README.md': README }))).toBeNull();
  });
});

describe('extractChangelogFromTarball bounds and errors', () => {
  it('skips and reports an entry over maxEntryBytes, keeping the others', async () => {
    const big = KEEP_A_CHANGELOG + 'x'.repeat(5_000);
    const tarball = await makeTarball({ 'package/CHANGELOG.md': big, 'package/HISTORY.md': HISTORY });
    const warnings: EvidenceWarning[] = [];
    const result = await extractChangelogFromTarball(tarball, { maxEntryBytes: 1_000, label: 'demo@1.0.0', onWarning: (warning) => warnings.push(warning) });
    expect(result?.fileName).toBe('HISTORY.md');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe('CHANGELOG_TOO_LARGE');
    expect(warnings[0]?.message).toContain('CHANGELOG.md in the tarball of demo@1.0.0');
  });

  it('stops scanning past maxTotalBytes and says so', async () => {
    const tarball = await makeTarball({ 'package/big.js': 'y'.repeat(10_000), 'package/CHANGELOG.md': KEEP_A_CHANGELOG });
    const warnings: EvidenceWarning[] = [];
    const result = await extractChangelogFromTarball(tarball, { maxTotalBytes: 5_000, onWarning: (warning) => warnings.push(warning) });
    expect(warnings.map((warning) => warning.code)).toEqual(['TARBALL_SCAN_LIMIT']);
    expect(result).toBeNull();
  });

  it('throws a typed error naming the package for a non-tarball or a truncated one', async () => {
    await expect(extractChangelogFromTarball(Buffer.from('not a tarball at all'), { label: 'bad@1.0.0' })).rejects.toThrow(TarballReadError);
    await expect(extractChangelogFromTarball(Buffer.from('not a tarball at all'), { label: 'bad@1.0.0' })).rejects.toThrow(/bad@1\.0\.0/);
    const truncated = realTarball('uuid-9.0.1.tgz').subarray(0, 5_000);
    await expect(extractChangelogFromTarball(truncated, { label: 'uuid@9.0.1' })).rejects.toThrow(TarballReadError);
  });
});

/** One 512-byte ustar header for a regular file. */
function tarHeader(path: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  new Header({ path, size, type: 'File', mode: 0o644, uid: 0, gid: 0, mtime: new Date(0) }).encode(block, 0);
  return block;
}

/** A file entry: header, content, padding to the 512-byte block. */
function tarFile(path: string, text: string): Buffer {
  const content = Buffer.from(text);
  return Buffer.concat([tarHeader(path, content.length), content, Buffer.alloc((512 - (content.length % 512)) % 512)]);
}

/**
 * Gzips the parts in a stream, with `zeros` parts written 1 MiB at a time, so a 200 MB bomb is
 * made without ever holding 200 MB: it compresses to about 200 KB.
 */
async function gzipStream(parts: ReadonlyArray<Buffer | { zeros: number }>): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  const write = (chunk: Buffer) => (gzip.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => gzip.once('drain', resolve)));
  const mebibyte = Buffer.alloc(1024 * 1024);
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      await write(part);
      continue;
    }
    for (let left = part.zeros; left > 0; left -= mebibyte.length) await write(left >= mebibyte.length ? mebibyte : mebibyte.subarray(0, left));
  }
  gzip.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('extractChangelogFromTarball stops inflating at its budget (gzip bombs)', () => {
  const BOMB_BYTES = 200 * 1024 * 1024;
  let bomb: Buffer;
  let trailingZeros: Buffer;
  let emptyEntries: Buffer;
  beforeAll(async () => {
    // A real changelog, then one entry declaring 200 MB of zeros.
    bomb = await gzipStream([tarFile('package/CHANGELOG.md', KEEP_A_CHANGELOG), tarHeader('package/zeros.bin', BOMB_BYTES), { zeros: BOMB_BYTES }]);
    // A complete, tiny archive followed by 200 MB of zeros (the first two zero blocks end it).
    trailingZeros = await gzipStream([tarFile('package/CHANGELOG.md', KEEP_A_CHANGELOG), { zeros: BOMB_BYTES }]);
    // 400 K empty entries (200 MB of headers): the declared sizes add up to nothing, so only
    // counting inflated bytes can stop this one.
    const headers = Buffer.concat(Array.from({ length: 2048 }, () => tarHeader('package/empty.js', 0)));
    emptyEntries = await gzipStream([tarFile('package/CHANGELOG.md', KEEP_A_CHANGELOG), ...Array.from({ length: BOMB_BYTES / headers.length }, () => headers)]);
  }, 60_000);

  it('an entry declaring more than the budget stops the scan at its header', { timeout: 20_000 }, async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const warnings: EvidenceWarning[] = [];
    let stats: TarballScanStats | undefined;
    const result = await extractChangelogFromTarball(bomb, { label: 'bomb@1.0.0', onWarning: (warning) => warnings.push(warning), onScanStats: (scan) => (stats = scan) });
    expect(result?.fileName).toBe('CHANGELOG.md');
    expect(warnings).toEqual([{ code: 'TARBALL_SCAN_LIMIT', message: expect.stringContaining('The tarball of bomb@1.0.0 unpacks to more than') as string }]);
    expect(warnings[0]?.message).toContain('package/zeros.bin');
    expect(stats?.stoppedAtLimit).toBe(true);
    expect(stats?.entries).toBe(2);
    expect(stats?.inflatedBytes).toBeLessThanOrEqual(DEFAULT_MAX_TOTAL_BYTES + INFLATE_CHUNK_BYTES);
    // The header alone was enough to stop: nothing close to the 200 MB was inflated.
    expect(stats?.inflatedBytes).toBeLessThanOrEqual(4 * INFLATE_CHUNK_BYTES);
  });

  it('zeros after the end of the archive are not inflated', { timeout: 20_000 }, async () => {
    const warnings: EvidenceWarning[] = [];
    let stats: TarballScanStats | undefined;
    const result = await extractChangelogFromTarball(trailingZeros, { label: 'zeros@1.0.0', onWarning: (warning) => warnings.push(warning), onScanStats: (scan) => (stats = scan) });
    expect(result?.fileName).toBe('CHANGELOG.md');
    expect(warnings).toEqual([]);
    expect(stats?.stoppedAtLimit).toBe(false);
    expect(stats?.inflatedBytes).toBeLessThanOrEqual(4 * INFLATE_CHUNK_BYTES);
  });

  it('entries that declare nothing stop once the inflated bytes reach the budget', { timeout: 20_000 }, async () => {
    expect(emptyEntries.length).toBeLessThan(2 * 1024 * 1024);
    const maxTotalBytes = 8 * 1024 * 1024;
    const warnings: EvidenceWarning[] = [];
    let stats: TarballScanStats | undefined;
    const result = await extractChangelogFromTarball(emptyEntries, { maxTotalBytes, label: 'empty@1.0.0', onWarning: (warning) => warnings.push(warning), onScanStats: (scan) => (stats = scan) });
    expect(result?.fileName).toBe('CHANGELOG.md');
    expect(warnings.map((warning) => warning.code)).toEqual(['TARBALL_SCAN_LIMIT']);
    expect(warnings[0]?.message).toContain('The tarball of empty@1.0.0 inflates to more than 8388608 bytes');
    expect(stats?.stoppedAtLimit).toBe(true);
    expect(stats?.inflatedBytes).toBeGreaterThan(maxTotalBytes);
    expect(stats?.inflatedBytes).toBeLessThanOrEqual(maxTotalBytes + INFLATE_CHUNK_BYTES);
    expect(stats?.entries).toBeLessThanOrEqual((maxTotalBytes + INFLATE_CHUNK_BYTES) / 512);
  });

  it('reports the work done on an ordinary tarball too', async () => {
    let stats: TarballScanStats | undefined;
    const tarball = await makeTarball({ 'package/CHANGELOG.md': KEEP_A_CHANGELOG });
    expect((await extractChangelogFromTarball(tarball, { onScanStats: (scan) => (stats = scan) }))?.fileName).toBe('CHANGELOG.md');
    expect(stats).toMatchObject({ entries: 1, stoppedAtLimit: false });
    expect(stats?.inflatedBytes).toBeGreaterThanOrEqual(1536);
  });

  it('refuses a gzip inside the gzip instead of letting the parser inflate it', async () => {
    const inner = await makeTarball({ 'package/CHANGELOG.md': KEEP_A_CHANGELOG });
    await expect(extractChangelogFromTarball(gzipSync(inner), { label: 'twice@1.0.0' })).rejects.toThrow(/twice@1\.0\.0: it holds another compressed stream/);
  });

  it('still reads an uncompressed tar', async () => {
    const plain = Buffer.concat([tarFile('package/CHANGELOG.md', KEEP_A_CHANGELOG), Buffer.alloc(1024)]);
    expect((await extractChangelogFromTarball(plain))?.fileName).toBe('CHANGELOG.md');
  });
});

describe('rankChangelogName', () => {
  it('accepts changelog-like names with allowed extensions only', () => {
    expect(rankChangelogName('CHANGELOG.md')).toEqual({ nameRank: 0, suffixRank: 0, extensionRank: 0 });
    expect(rankChangelogName('History.md')?.nameRank).toBe(1);
    expect(rankChangelogName('CHANGES')?.nameRank).toBe(2);
    expect(rankChangelogName('RELEASES.rst')?.nameRank).toBe(3);
    expect(rankChangelogName('RELEASE-NOTES.md')?.nameRank).toBe(4);
    expect(rankChangelogName('ReleaseNotes.md')?.nameRank).toBe(4);
    expect(rankChangelogName('NEWS.txt')?.nameRank).toBe(5);
    expect(rankChangelogName('CHANGELOG.js')).toBeNull();
    expect(rankChangelogName('README.md')).toBeNull();
    expect(rankChangelogName('changelogger.md')).toBeNull();
  });
});
