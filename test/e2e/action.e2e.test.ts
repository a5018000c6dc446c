/**
 * End to end: the built action (dist/index.js) against loopback fakes of GitHub's REST API,
 * the npm registry (replaying recorded packuments and tarballs) and the artifact service.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeArtifactService, type FakeArtifactService } from '../fakes/fake-artifact-service.js';
import type { FakeGitHub } from '../fakes/fake-github-server.js';
import type { FakeNpmRegistry } from '../fakes/fake-npm-registry.js';
import { runBuiltAction, samplePullRequest, startRunnerFakes } from './run-built-action.js';

const REPOSITORY = 'acme/webapp';
const BASE_SHA = 'a'.repeat(40);
const HEAD_SHA = 'b'.repeat(40);
const PR_NUMBER = 7;
const TOKEN = 'ghs_e2eCanaryToken0123456789abcdef';
const MARKER = '<!-- depverdict:comment v1 -->';


const pullRequest = samplePullRequest({ number: PR_NUMBER, baseSha: BASE_SHA, headSha: HEAD_SHA, body: 'Bumps the npm group with 4 updates: express, axios, lodash and @types/node.\n\nUpdates `express` from 4.21.2 to 5.1.0', action: 'synchronize' });
const event = pullRequest.event;

let github: FakeGitHub;
let registry: FakeNpmRegistry;
let artifacts: FakeArtifactService;

beforeEach(async () => {
  ({ github, registry, artifacts } = await startRunnerFakes({ repository: REPOSITORY, number: PR_NUMBER, pullRequest, token: TOKEN }));
});

afterEach(async () => {
  await Promise.all([github.close(), registry.close(), artifacts.close()]);
});

function runAction(inputs: Record<string, string> = {}) {
  return runBuiltAction({
    repository: REPOSITORY,
    event,
    inputs: { 'github-token': TOKEN, profile: 'extractive', 'npm-registry': registry.url, 'output-dir': 'depverdict-out', ...inputs },
    env: { GITHUB_API_URL: github.url, ...artifacts.env },
  });
}

const stickyComments = () => (github.state.repositories[REPOSITORY]?.comments[PR_NUMBER] ?? []).filter((comment) => comment.body.includes(MARKER));

describe('the built action on a pull request', () => {
  it('posts one sticky comment, updates it on a rerun, writes outputs and summary, and uploads both artifacts', async () => {
    const first = await runAction();
    expect(first.exitCode, first.stdout + first.stderr).toBe(0);

    expect(first.outputs.verdict).toBe('review');
    expect(first.outputs['max-risk']).toBe('high');
    expect(first.outputs['requires-human-review']).toBe('true');
    expect(first.outputs['dependency-count']).toBe('4');
    expect(first.outputs['manifest-path']).toBe(join(first.workspace, 'depverdict-out/version-analysis.json'));
    expect(first.outputs['comment-url']).toMatch(/^https:\/\/github\.com\/acme\/webapp\/pull\/7#issuecomment-\d+$/);

    const comments = stickyComments();
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(HEAD_SHA.slice(0, 7));
    expect(comments[0]!.body).toContain('express');
    expect(first.summary).toContain('express');

    const manifest = JSON.parse(readFileSync(first.outputs['manifest-path']!, 'utf8'));
    expect(manifest.results.map((result: { dependency: { name: string } }) => result.dependency.name)).toEqual(['@types/node', 'axios', 'express', 'lodash']);
    const express = manifest.results.find((result: { dependency: { name: string } }) => result.dependency.name === 'express');
    expect(express.riskLevel).toBe('high');

    expect(artifacts.artifacts.map((artifact) => artifact.name).sort()).toEqual(['depverdict-trace', 'version-analysis']);
    expect(artifacts.artifacts.every((artifact) => artifact.finalized)).toBe(true);
    expect(artifacts.artifacts.find((a) => a.name === 'version-analysis')!.files).toEqual(['version-analysis.json']);
    expect(artifacts.artifacts.find((a) => a.name === 'depverdict-trace')!.files).toEqual(['trace.json']);

    // One packument request per unique package, whatever the number of manifests.
    for (const name of ['express', 'axios', 'lodash', '@types%2fnode']) expect(registry.countOf(`/${name}`)).toBe(1);

    // The token never leaves the process: not in the comment, files, summary or logs.
    const trace = readFileSync(first.outputs['trace-path']!, 'utf8');
    // `::add-mask::<secret>` is how a step asks the runner to mask a value: the one line
    // allowed to carry it, and it must be there.
    expect(first.stdout).toContain(`::add-mask::${TOKEN}`);
    const logs = (first.stdout + first.stderr).split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n');
    for (const [where, text] of Object.entries({ comment: comments[0]!.body, summary: first.summary, logs, trace, manifest: JSON.stringify(manifest) })) {
      expect(text, where).not.toContain(TOKEN);
    }

    await artifacts.close();
    artifacts = await startFakeArtifactService();
    const second = await runAction();
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect(stickyComments()).toHaveLength(1);
    const patches = github.requests.filter((request) => request.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(second.outputs['comment-url']).toBe(first.outputs['comment-url']);
  });

  it('reads the commit log between the tags for a package with no changelog anywhere, and says the risk rests on it', async () => {
    // lodash/lodash seeded with its real 4.17.20...4.17.21 commit messages and, at the tag, no
    // changelog file, so neither the tarball nor the repository has release text for it.
    github.state.repositories['lodash/lodash'] = {
      commits: { '4.17.21': { 'package.json': '{"name":"lodash","version":"4.17.21"}' } },
      pulls: {},
      releases: [],
      tags: {},
      comments: {},
      folderHistories: {},
      compares: {
        '4.17.20...4.17.21': [
          "Prevent command injection through `_.template`'s `variable` option\n\nCloses #5085.",
          'Improve performance of `toNumber`, `trim` and `trimEnd` on large input strings\n\nThis prevents potential ReDoS attacks using `_.toNumber` and `_.trim*`\nas potential attack vectors.\n\nCloses #5065.',
          'Bump to v4.17.21',
        ],
      },
    };
    const run = await runAction();
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(github.requests.some((request) => request.path === '/repos/lodash/lodash/compare/4.17.20...4.17.21')).toBe(true);
    const manifest = JSON.parse(readFileSync(run.outputs['manifest-path']!, 'utf8'));
    const lodash = manifest.results.find((result: { dependency: { name: string } }) => result.dependency.name === 'lodash');
    const log = lodash.evidence.find((item: { kind: string }) => item.kind === 'commitLog');
    expect(log).toMatchObject({ sourceId: 'github-commits', sourceUrl: 'https://github.com/lodash/lodash/compare/4.17.20...4.17.21' });
    expect(lodash.riskLevel).toBe('low');
    expect(lodash.riskEvidenceRefs).toContain(log.id);
    expect(lodash.findings.filter((finding: { kind: string }) => finding.kind === 'security').length).toBeGreaterThanOrEqual(1);
    const comment = stickyComments()[0]!.body;
    expect(comment).toContain('commit log');
  });

  it('degrades with a read-only token: no comment, a warning naming pull-requests: write, summary and artifacts still written', async () => {
    github.state.tokenMode = 'read-only';
    const run = await runAction();
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(stickyComments()).toHaveLength(0);
    expect(run.stdout).toMatch(/::warning::.*pull-requests: write/);
    expect(run.summary).toContain('express');
    expect(run.outputs.verdict).toBe('review');
    expect(run.outputs['comment-url']).toBe('');
    expect(artifacts.artifacts.map((artifact) => artifact.name).sort()).toEqual(['depverdict-trace', 'version-analysis']);
  });

  it('fails the step when the verdict breaches fail-on, after publishing', async () => {
    const run = await runAction({ 'fail-on': 'high-risk' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/::error::.*high risk.*express/);
    expect(stickyComments()).toHaveLength(1);
    expect(artifacts.artifacts).toHaveLength(2);
  });

  it('fails closed on a configuration error and still writes the summary and artifacts', async () => {
    const run = await runAction({ profile: 'profiles/does-not-exist.yml' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.verdict).toBe('withheld');
    expect(run.summary).toMatch(/withheld/i);
    expect(run.stdout).toMatch(/::error::/);
    expect(artifacts.artifacts.map((artifact) => artifact.name).sort()).toEqual(['depverdict-trace', 'version-analysis']);
  });

  it('cross-checks the PR commit messages against the files and warns when they disagree', async () => {
    github.state.repositories[REPOSITORY]!.pulls[PR_NUMBER]!.commitMessages = ['Bump lodash from 4.17.20 to 4.17.99'];
    const run = await runAction();
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(run.outputs['manifest-path']!, 'utf8'));
    expect(manifest.detectionWarnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'PR_TEXT_DISAGREES', subject: 'lodash' })]));
    // The files win: lodash is still analysed at the versions the lockfile says.
    expect(manifest.results.find((result: { dependency: { name: string } }) => result.dependency.name === 'lodash').versions).toMatchObject({ from: '4.17.20', to: '4.17.21' });
  });

  it('marks the comment stale when the pull request moved on while the run analysed an older head', async () => {
    const newerHead = 'c'.repeat(40);
    github.state.repositories[REPOSITORY]!.pulls[PR_NUMBER]!.headSha = newerHead;
    const run = await runAction();
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const [comment] = stickyComments();
    expect(comment!.body).toContain('**Stale:**');
    expect(comment!.body).toContain(newerHead.slice(0, 7));
  });

  it('rejects an invalid input with a message naming it', async () => {
    const run = await runAction({ 'fail-on': 'sometimes' });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/::error::.*input "fail-on"/);
    // Said once, not again when the step fails.
    expect(run.stdout.match(/::error::.*input "fail-on"/g)).toHaveLength(1);
  });
});
