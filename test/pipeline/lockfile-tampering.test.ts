/**
 * A pull request whose lockfile records another integrity than the registry publishes for the
 * target version (the lockfile would install bytes nobody published) is flagged as a supply-
 * chain change, cited as a registry fact, and sent to review.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import { renderComment } from '../../src/report/comment.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { loadProfile } from '../../src/runtime/profiles/load-profile.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';

const samples = resolve(import.meta.dirname, '../../samples');

async function analyse(headDir: string) {
  return runPipeline({
    fileSource: createDirectoryFileSource({ baseDir: join(samples, 'grouped-bump/base'), headDir }),
    registry: createSnapshotRegistryClient({ directory: join(samples, 'registry') }),
    registryUrl: 'https://registry.npmjs.org',
    github: null,
    runtime: createRuntime(await loadProfile('extractive', { cwd: samples }), {}),
    logger: silentLogger,
    runId: 'tamper',
    now: () => new Date('2026-11-30T00:00:00.000Z'),
    toolVersion: '0.0.0-test',
    source: { repository: null, pullRequest: null, baseRef: 'base', headRef: 'head', headSha: null },
  });
}

describe('a lockfile that does not match the registry', () => {
  it('is a supply-chain change with a cited fact; an untouched lockfile is not', async () => {
    const clean = await analyse(join(samples, 'grouped-bump/head'));
    expect(clean.results.every((result) => result.registrySignals?.lockfileIntegrityMismatch === null)).toBe(true);

    const head = mkdtempSync(join(tmpdir(), 'depverdict-tamper-'));
    cpSync(join(samples, 'grouped-bump/head'), head, { recursive: true });
    const lock = JSON.parse(readFileSync(join(head, 'package-lock.json'), 'utf8'));
    lock.packages['node_modules/lodash'].integrity = `sha512-${'Z'.repeat(86)}==`;
    writeFileSync(join(head, 'package-lock.json'), JSON.stringify(lock, null, 2));

    const tampered = await analyse(head);
    const lodash = tampered.results.find((result) => result.dependency.name === 'lodash')!;
    expect(lodash.registrySignals?.lockfileIntegrityMismatch).toMatchObject({ lockfile: `sha512-${'Z'.repeat(86)}==`, registry: expect.stringMatching(/^sha512-/) });
    expect(lodash.humanReviewReasons).toContain('SUPPLY_CHAIN_CHANGE');
    expect(lodash.evidence.some((item) => item.title.endsWith('lockfile integrity'))).toBe(true);
    const others = tampered.results.filter((result) => result.dependency.name !== 'lodash');
    expect(others.every((result) => result.registrySignals?.lockfileIntegrityMismatch === null)).toBe(true);
    const comment = renderComment(tampered, { artifactNames: { manifest: 'version-analysis', trace: 'depverdict-trace' }, runUrl: null, now: new Date('2026-11-30T00:00:00.000Z') });
    expect(comment).toContain('integrity for this version differs from the registry');
  });
});
