/**
 * Issue 14's acceptance scenario through the pipeline as the CLI runs it: express 4 → 5 in a
 * repository whose src/server.js calls app.del and req.param, whose src/health.ts only imports
 * express, and whose src/notes.js only mentions express in a comment and a string. The head is
 * read from git's object store (the working tree is changed afterwards to prove it is not read).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import { buildManifest, checkManifest } from '../../src/report/manifest.js';
import { renderComment } from '../../src/report/comment.js';
import type { RunOutcome } from '../../src/report/run-outcome.js';
import { createExtractiveRuntime } from '../../src/runtime/adapters/extractive/extractive-runtime.js';
import type { RuntimeDescriptor } from '../../src/runtime/contract.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createGitFileSource } from '../../src/sources/git-file-source.js';
import { createGitTreeFiles } from '../../src/sources/git-tree-files.js';
import { createExpressRepository, SAMPLES } from './repository-fixture.js';

const DESCRIPTOR: RuntimeDescriptor = {
  profileId: 'extractive',
  profileDigest: `sha256:${'1'.repeat(64)}`,
  adapter: 'extractive',
  mode: 'production',
  requestedIdentity: { model: 'extractive', provider: 'depverdict' },
  routingPolicyDigest: null,
  gateway: 'none',
  concurrency: 4,
  deterministic: true,
};

let repository: ReturnType<typeof createExpressRepository>;
let outcome: RunOutcome;

beforeAll(async () => {
  repository = createExpressRepository();
  // Uncommitted edits are not the head: a scan of the working tree would see this call.
  writeFileSync(join(repository.directory, 'src/health.ts'), "import express from 'express';\nexpress().del('/x');\n");
  outcome = await runPipeline({
    fileSource: await createGitFileSource({ repoDir: repository.directory, base: repository.baseSha, head: repository.headSha }),
    registry: createSnapshotRegistryClient({ directory: join(SAMPLES, 'registry') }),
    registryUrl: 'https://registry.npmjs.org',
    github: null,
    runtime: createExtractiveRuntime(DESCRIPTOR, { now: () => 0 }),
    logger: silentLogger,
    runId: 'run-usage',
    now: () => new Date('2025-06-01T00:00:00.000Z'),
    toolVersion: '0.0.0-test',
    source: { repository: null, pullRequest: null, baseRef: repository.baseSha, headRef: repository.headSha, headSha: repository.headSha },
    usageSource: { files: createGitTreeFiles({ repoDir: repository.directory, commit: repository.headSha }), treeUrl: null },
  });
}, 60_000);

afterAll(() => rmSync(repository.directory, { recursive: true, force: true }));

const express = () => outcome.results.find((result) => result.dependency.name === 'express')!;

describe('usage of express 4 → 5 at the head', () => {
  it('names both importing files with their import lines, and not the file that only mentions express', () => {
    const usage = express().usage!;
    expect(usage.status).toBe('scanned');
    expect(usage.fileCount).toBe(2);
    expect(usage.files).toEqual([
      { path: 'src/health.ts', imports: [{ line: 1, kind: 'import', specifier: 'express', names: ['default'] }] },
      { path: 'src/server.js', imports: [{ line: 1, kind: 'require', specifier: 'express', names: [] }] },
    ]);
  });

  it('finds the removed APIs the breaking changes name at file and line, through the binding', () => {
    const checked = new Map(express().usage!.checkedNames.map((entry) => [entry.name, entry]));
    expect(checked.get('app.del')).toMatchObject({ change: 'removed', useCount: 1, uses: [{ path: 'src/server.js', line: 4, expression: 'app.del', match: 'binding' }] });
    expect(checked.get('req.param')).toMatchObject({ change: 'removed', useCount: 1, uses: [{ path: 'src/server.js', line: 7, expression: 'req.param', match: 'binding' }] });
    // Named by a breaking change, not used here.
    expect(checked.get('req.acceptsCharset')).toMatchObject({ useCount: 0, uses: [] });
    // `app.param(fn)` is not `req.param(…)`: a handler's parameter is not the app.
    expect(checked.get('app.param')).toMatchObject({ change: 'changed', useCount: 0 });
    expect(express().humanReviewReasons).toContain('BREAKING_API_IN_USE');
    // The risk stays what the evidence says.
    expect(express().riskLevel).toBe('high');
  });

  it('gives the analyzer a usage evidence item it can cite, and publishes a valid manifest', () => {
    const item = express().evidence.find((entry) => entry.kind === 'usage');
    expect(item?.title).toBe('Repository usage — express — 2 files');
    const manifest = buildManifest(outcome);
    expect(checkManifest(manifest)).toEqual([]);
    expect(JSON.stringify(manifest)).not.toContain('src/notes.js');
  });

  it('says in the comment where the package and its removed APIs are used', () => {
    const comment = renderComment(outcome, { artifactNames: { manifest: 'version-analysis', trace: 'depverdict-trace' }, now: new Date('2025-06-01T00:00:00.000Z') });
    expect(comment).toContain('**Usage** — used in 2 files (`src/health.ts`, `src/server.js`).');
    expect(comment).toContain('- removed API in use: `app.del` at `src/server.js:4`');
    expect(comment).toContain('- removed API in use: `req.param` at `src/server.js:7`');
    expect(comment).toMatch(/removed API not used in this repository: .*`req\.acceptsCharset`/);
    // `res.json({ … })` at line 7 is not the removed two-argument form, and the line says which form was checked.
    expect(comment).toMatch(/changed API not used in this repository: .*`res\.json` \(its 2-argument form\)/);
    expect(comment).not.toMatch(/API in use: `res\.json`/);
    expect(comment).not.toContain('notes.js');
  });

  it('says a package imported nowhere is not imported, with the config files that name it', () => {
    const usageOf = (name: string) => outcome.results.find((result) => result.dependency.name === name)!.usage!;
    expect(usageOf('lodash')).toEqual({ status: 'scanned', note: null, fileCount: 0, files: [], configMentions: [], checkedNames: [] });
    expect(usageOf('@types/node')).toMatchObject({ fileCount: 0, configMentions: [{ path: 'tsconfig.json', line: 3, detail: null }] });
  });
});
