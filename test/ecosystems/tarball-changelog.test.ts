import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create } from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { extractChangelogFromTarball, rankChangelogName, TarballReadError } from '../../src/ecosystems/npm/tarball-changelog.js';
import { parseChangelog } from '../../src/evidence/changelog-sections.js';
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

  it('ignores symlinks, nested files and entries outside package/', async () => {
    const tarball = await makeTarball(
      { 'package/docs/CHANGELOG.md': KEEP_A_CHANGELOG, 'other/CHANGELOG.md': KEEP_A_CHANGELOG, 'package/real-history.txt': HISTORY },
      { 'package/CHANGELOG.md': 'real-history.txt', 'package/HISTORY.md': '/etc/passwd' },
    );
    expect(await extractChangelogFromTarball(tarball)).toBeNull();
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
