/**
 * The usage scan through the built action (dist/index.js) against the loopback fakes: with a
 * checkout of the pull request's head in GITHUB_WORKSPACE, the comment and the manifest name the
 * files and the removed express APIs in use; without one, every result says it was not scanned.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeArtifactService } from '../fakes/fake-artifact-service.js';
import type { FakeGitHub } from '../fakes/fake-github-server.js';
import type { FakeNpmRegistry } from '../fakes/fake-npm-registry.js';
import { createExpressRepository } from '../usage/repository-fixture.js';
import { runBuiltAction, samplePullRequest, startRunnerFakes } from './run-built-action.js';

const REPOSITORY = 'acme/webapp';
const PR_NUMBER = 14;
const TOKEN = 'ghs_usageCanaryToken0123456789abcdef';

let fakes: { github: FakeGitHub; registry: FakeNpmRegistry; artifacts: FakeArtifactService } | null = null;
const cleanups: string[] = [];

afterEach(async () => {
  if (fakes) await Promise.all([fakes.github.close(), fakes.registry.close(), fakes.artifacts.close()]);
  fakes = null;
  for (const directory of cleanups.splice(0)) rmSync(directory, { recursive: true, force: true });
});

async function runOn(options: { baseSha: string; headSha: string; workspace?: string }) {
  const pullRequest = samplePullRequest({ number: PR_NUMBER, baseSha: options.baseSha, headSha: options.headSha });
  fakes = await startRunnerFakes({ repository: REPOSITORY, number: PR_NUMBER, pullRequest, token: TOKEN });
  const run = await runBuiltAction({
    repository: REPOSITORY,
    event: pullRequest.event,
    inputs: { 'github-token': TOKEN, profile: 'extractive', 'npm-registry': fakes.registry.url, 'output-dir': 'depverdict-out', 'upload-artifacts': 'false' },
    env: { GITHUB_API_URL: fakes.github.url, GITHUB_SERVER_URL: 'https://github.com' },
    ...(options.workspace === undefined ? {} : { workspace: options.workspace }),
  });
  const comment = (fakes.github.state.repositories[REPOSITORY]?.comments[PR_NUMBER] ?? [])[0]?.body ?? '';
  const manifest = JSON.parse(readFileSync(join(run.workspace, 'depverdict-out/version-analysis.json'), 'utf8')) as {
    schemaVersion: string;
    results: Array<{ dependency: { name: string }; usage: { status: string; note: string | null; fileCount: number; files: Array<{ path: string }>; checkedNames: Array<{ name: string; uses: Array<{ path: string; line: number }> }> }; humanReviewReasons: string[]; evidence: Array<{ kind: string; sourceUrl: string }> }>;
  };
  return { run, comment, manifest };
}

describe('usage through the built action', () => {
  it('scans a checkout of the head: files, removed APIs in use with file and line, not the comment-only file', async () => {
    const repository = createExpressRepository();
    cleanups.push(repository.directory);
    const { run, comment, manifest } = await runOn({ baseSha: repository.baseSha, headSha: repository.headSha, workspace: repository.directory });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(manifest.schemaVersion).toBe('1.6.0');
    const express = manifest.results.find((result) => result.dependency.name === 'express')!;
    expect(express.usage.status).toBe('scanned');
    expect(express.usage.files.map((file) => file.path)).toEqual(['src/health.ts', 'src/server.js']);
    const uses = Object.fromEntries(express.usage.checkedNames.map((checked) => [checked.name, checked.uses.map((use) => `${use.path}:${use.line}`)]));
    expect(uses['app.del']).toEqual(['src/server.js:4']);
    expect(uses['req.param']).toEqual(['src/server.js:7']);
    expect(express.humanReviewReasons).toContain('BREAKING_API_IN_USE');
    expect(express.evidence.find((item) => item.kind === 'usage')?.sourceUrl).toBe(`https://github.com/${REPOSITORY}/tree/${repository.headSha}`);
    expect(comment).toContain('**Usage** — used in 2 files (`src/health.ts`, `src/server.js`).');
    expect(comment).toContain('- removed API in use: `app.del` at `src/server.js:4`');
    expect(comment).toContain('- removed API in use: `req.param` at `src/server.js:7`');
    expect(comment).not.toContain('notes.js');
    expect(JSON.stringify(manifest)).not.toContain(TOKEN);
    // upload-artifacts is false here: the comment and the summary name the files, not artifacts.
    expect(comment).toContain('Full results: `version-analysis.json`');
    expect(comment).not.toMatch(/artifact `/);
    expect(run.summary).toContain('**Result files** (not uploaded: `upload-artifacts` is false; they are in `output-dir`)');
    expect(run.summary).not.toContain('**Artifacts**');
  }, 60_000);

  it('says "not scanned" when the workspace holds no checkout of the head', async () => {
    const { run, comment, manifest } = await runOn({ baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40) });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    for (const result of manifest.results) expect(result.usage).toMatchObject({ status: 'notScanned', note: 'not scanned: no checkout of the head (add actions/checkout)', files: [] });
    expect(comment).toContain('**Usage** — not scanned: no checkout of the head \\(add actions/checkout\\).');
  }, 60_000);
});
