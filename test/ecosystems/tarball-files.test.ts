/**
 * The streaming tarball reader's early end: a caller whose answer is settled (the published-files
 * comparison, once a tarball cannot be compared) stops the scan, so the rest is neither inflated
 * nor hashed. Tarballs are built in memory.
 */
import { describe, expect, it } from 'vitest';
import type { TarballScanStats } from '../../src/ecosystems/npm/tarball-changelog.js';
import { gzipSync } from 'node:zlib';
import { readPackageFiles, readSelectedEntries, type ReadLimits } from '../../src/ecosystems/npm/tarball-files.js';
import { npmTarballOf, npmTarballOfEntries } from './tarball-builder.js';

const MANY = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`lib/file-${String(index)}.js`, `exports.n = ${String(index)};\n`]));

function limitsFor(overrides: Partial<ReadLimits>, stats: TarballScanStats[]): ReadLimits {
  return {
    maxEntryBytes: 1024,
    maxTotalBytes: 1024 * 1024,
    maxSelected: 1,
    label: 'pkg@1.0.0',
    purpose: 'in a test',
    warn: () => undefined,
    onScanStats: (scan) => stats.push(scan),
    select: () => false,
    tooLarge: () => ({ code: 'TOO_LARGE', message: 'too large' }),
    ...overrides,
  };
}

describe('readSelectedEntries: isDone ends the scan', () => {
  it('stops at the entry after the caller is done, hashing nothing more and warning nothing', async () => {
    const digests: string[] = [];
    const warnings: string[] = [];
    const stats: TarballScanStats[] = [];
    await readSelectedEntries(
      npmTarballOf(MANY),
      limitsFor({ onFileDigest: (path) => digests.push(path), isDone: () => digests.length >= 3, warn: (code) => warnings.push(code) }, stats),
      (reason) => new Error(reason),
    );
    expect(digests).toHaveLength(3);
    expect(warnings).toEqual([]);
    expect(stats[0]?.entries).toBeLessThanOrEqual(4);
    expect(stats[0]?.stoppedAtLimit).toBe(false);
  });

  it('reads everything when the caller never says it is done', async () => {
    const digests: string[] = [];
    const stats: TarballScanStats[] = [];
    await readSelectedEntries(npmTarballOf(MANY), limitsFor({ onFileDigest: (path) => digests.push(path), isDone: () => false }, stats), (reason) => new Error(reason));
    expect(digests).toHaveLength(200);
    expect(stats[0]?.entries).toBe(200);
  });
});

describe('readPackageFiles', () => {
  const options = { maxEntryBytes: 1024, label: 'pkg@1.0.0', purpose: 'in a test' };
  const fail = (reason: string) => new Error(reason);

  it('finds named files wherever they sit, after far more code than their own bound', async () => {
    const code = 'exports.x = 1;\n'.repeat(50_000);
    const tarball = npmTarballOf({ 'a.js': code, 'lib/b.js': code, 'lib/package.json': '{"type":"commonjs"}', 'z.js': code });
    const files = await readPackageFiles(tarball, ['lib/package.json', 'missing.json'], options, fail);
    expect([...files]).toEqual([['lib/package.json', '{"type":"commonjs"}']]);
  });

  it('keeps the last named file read whole when the scan ends right after it', async () => {
    const tarball = npmTarballOf({ 'one.json': '1', 'two.json': '2', ...MANY });
    const files = await readPackageFiles(tarball, ['one.json', 'two.json'], options, fail);
    expect(Object.fromEntries(files)).toEqual({ 'one.json': '1', 'two.json': '2' });
  });
});

describe('readSelectedEntries: one tarball, read several times (by the changelog, declaration and published-files reads)', () => {
  const fail = (reason: string) => new Error(reason);
  const readAll = (tarball: Buffer, stats: TarballScanStats[] = [], maxTotalBytes = 64 * 1024 * 1024) =>
    readSelectedEntries(tarball, limitsFor({ maxSelected: 1000, maxEntryBytes: 64 * 1024, maxTotalBytes, select: (path) => path.endsWith('.js') }, stats), fail);

  it('the second and third reads see exactly what the first did', async () => {
    const tarball = npmTarballOf(MANY);
    const runs = [await readAll(tarball), await readAll(tarball), await readAll(tarball)];
    expect(runs[0]).toHaveLength(200);
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('each read keeps its own budget', async () => {
    const tarball = npmTarballOf(MANY);
    const wide: TarballScanStats[] = [];
    const narrow: TarballScanStats[] = [];
    await readAll(tarball, wide);
    const read = await readAll(tarball, narrow, 20 * 512);
    expect(wide[0]?.stoppedAtLimit).toBe(false);
    expect(narrow[0]?.stoppedAtLimit).toBe(true);
    expect(read.length).toBeLessThan(200);
  });

  it('a gzip inside the gzip is refused on every read, not only the first', async () => {
    const nested = gzipSync(npmTarballOf(MANY));
    for (let attempt = 0; attempt < 2; attempt += 1) await expect(readAll(nested)).rejects.toThrow(/another compressed stream/);
  });

  it('a large tarball is read whole by a wide read and cut by a narrow one', { timeout: 20_000 }, async () => {
    const big = npmTarballOfEntries([{ path: 'a.js', content: 'x' }, { path: 'big.bin', content: Buffer.alloc(17 * 1024 * 1024) }, { path: 'z.js', content: 'z' }]);
    const stats: TarballScanStats[] = [];
    const first = await readAll(big, stats);
    expect(first.map((entry) => entry.path)).toEqual(['package/a.js', 'package/z.js']);
    expect(await readAll(big, stats, 1024 * 1024)).toEqual([{ path: 'package/a.js', text: 'x' }]);
    expect(stats[1]?.stoppedAtLimit).toBe(true);
  });
});
