/**
 * GitHub Actions bumps through the whole pipeline (detection, evidence through the one GitHub
 * client, context, extractive analysis, trust, review) against the fake GitHub server seeded
 * with the recorded action repositories.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../src/analysis/types.js';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { createGitHubClient } from '../../src/github/client.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import { renderComment } from '../../src/report/comment.js';
import { buildManifest, checkManifest } from '../../src/report/manifest.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { loadProfile } from '../../src/runtime/profiles/load-profile.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createInMemoryFileSource } from '../bumps/in-memory-file-source.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepository } from '../fakes/fake-github-server.js';
import { RECORDED_ACTIONS, recordedActionRepository, recordedCommit, SYNTHETIC_WORKFLOW_REPOSITORY, syntheticWorkflowRepository } from '../fakes/recorded-actions.js';
import { actionsPullRequestFiles } from './actions-pull-request.js';

const TOKEN = 'ghs_actionsPipelineToken000000000000';
let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function startGitHub(overrides: Record<string, FakeRepository> = {}): Promise<FakeGitHub> {
  const repositories: Record<string, FakeRepository> = { [SYNTHETIC_WORKFLOW_REPOSITORY]: syntheticWorkflowRepository() };
  for (const name of RECORDED_ACTIONS) repositories[name] = recordedActionRepository(name);
  github = await startFakeGitHub({ repositories: { ...repositories, ...overrides }, requiredToken: TOKEN });
  return github;
}

async function analyse(files: { base: Record<string, string>; head: Record<string, string> }, fake: FakeGitHub) {
  return runPipeline({
    fileSource: createInMemoryFileSource(files.base, files.head),
    // No npm bump is in these PRs: the registry is never asked.
    registry: createSnapshotRegistryClient({ directory: '/nonexistent' }),
    registryUrl: 'https://registry.npmjs.org',
    github: createGitHubClient({ token: TOKEN, baseUrl: fake.url }),
    runtime: createRuntime(await loadProfile('extractive', { cwd: process.cwd() }), {}),
    logger: silentLogger,
    runId: 'actions',
    now: () => new Date('2026-01-01T00:00:00.000Z'),
    toolVersion: '0.0.0-test',
    source: { repository: 'acme/app', pullRequest: 3, baseRef: 'main', headRef: 'dependabot/github_actions/group', headSha: 'c'.repeat(40) },
  });
}

const byName = (results: AnalysisResult[], name: string): AnalysisResult => results.find((result) => result.dependency.name === name)!;

describe('a grouped Dependabot github-actions PR', () => {
  it('gets evidence from tags, pins, action.yml and the changelog, and a verdict that names the runtime change and the new required input', async () => {
    const fake = await startGitHub();
    const outcome = await analyse(actionsPullRequestFiles(), fake);
    expect(outcome.results.map((result) => [result.id, result.status])).toEqual([
      ['github-actions:acme-org/shared-workflows/.github/workflows/ci.yml@v1..v2', 'analyzed'],
      ['github-actions:actions/cache@v4.2.0..v4.2.3', 'analyzed'],
      ['github-actions:actions/checkout@v4..v5', 'analyzed'],
      ['github-actions:actions/setup-node@v4.0.2..v4.4.0', 'analyzed'],
    ]);

    const checkout = byName(outcome.results, 'actions/checkout');
    // v4 and v5 are moving tags: resolved through the tags to the releases on their commits.
    expect(checkout.versions.inRange).toEqual(['5.0.0', '5.0.1', '5.1.0']);
    expect(checkout.evidence.map((item) => item.title)).toEqual(expect.arrayContaining(['action.yml — runs using']));
    expect(checkout.riskLevel).toBe('medium');
    expect(checkout.findings.map((finding) => finding.summary).join('\n')).toMatch(/node20 to node24/);
    expect(checkout.evidence.some((item) => item.sourceId === 'github-repository')).toBe(true);

    const workflow = byName(outcome.results, 'acme-org/shared-workflows/.github/workflows/ci.yml');
    expect(workflow.riskLevel).toBe('high');
    expect(workflow.findings.map((finding) => finding.summary).join('\n')).toMatch(/coverage-threshold/);
    expect(workflow.humanReviewReasons).toContain('HIGH_RISK');

    const setupNode = byName(outcome.results, 'actions/setup-node');
    expect(setupNode.registrySignals?.actionPin).toEqual({ mismatch: null, pinningWeakened: false });
    expect(setupNode.humanReviewReasons).not.toContain('SUPPLY_CHAIN_CHANGE');

    expect(outcome.verdict).toBe('review');
    const manifest = buildManifest(outcome);
    expect(checkManifest(manifest)).toEqual([]);
    const comment = renderComment(outcome, { artifactNames: { manifest: 'version-analysis', trace: 'depverdict-trace' }, now: new Date('2026-01-01T00:00:00.000Z') });
    if (process.env.DUMP_COMMENT) console.log(comment);
    expect(comment).toContain('github-actions: action');
    expect(comment).toContain('github-actions: reusableWorkflow');
    // Advisories were asked for the actions ecosystem, with the resolved release.
    const advisoryQueries = fake.requests.filter((request) => request.path === '/advisories').map((request) => request.query);
    expect(advisoryQueries).toEqual(expect.arrayContaining([expect.objectContaining({ ecosystem: 'actions', affects: 'actions/checkout@4.4.0' })]));
  });

  it('blocks a SHA pin whose comment names another release', async () => {
    const fake = await startGitHub();
    // The head pins the commit of v4.4.0 but says v4.3.0.
    const outcome = await analyse(actionsPullRequestFiles({ headSetupNodeComment: 'v4.3.0' }), fake);
    const setupNode = byName(outcome.results, 'actions/setup-node');
    expect(setupNode.registrySignals?.actionPin?.mismatch).toMatch(/comment says v4\.3\.0 but the pinned commit .* is not that release \(v4\.3\.0 is commit [0-9a-f]{40}\)/);
    expect(setupNode.riskLevel).toBe('high');
    expect(setupNode.humanReviewReasons).toContain('SUPPLY_CHAIN_CHANGE');
    expect(outcome.verdict).toBe('blocked');
  });

  it('flags a move from a SHA pin to a tag as weaker pinning', async () => {
    const fake = await startGitHub();
    const sha = recordedCommit('actions/cache', 'v4.2.0');
    const files = {
      base: { '.github/workflows/ci.yml': `on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - uses: actions/cache@${sha} # v4.2.0\n` },
      head: { '.github/workflows/ci.yml': 'on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - uses: actions/cache@v4.2.3\n' },
    };
    const outcome = await analyse(files, fake);
    const [cache] = outcome.results;
    expect(cache?.registrySignals?.actionPin).toEqual({ mismatch: null, pinningWeakened: true });
    expect(cache?.humanReviewReasons).toContain('SUPPLY_CHAIN_CHANGE');
  });

  it('gives a clear failure for a missing or private action repository and a note for a 5 MB action.yml, and analyses the rest', async () => {
    const checkout = recordedActionRepository('actions/checkout');
    const v5 = checkout.tags['v5']!;
    const huge = `name: huge\ndescription: ${'x'.repeat(5 * 1024 * 1024)}\nruns:\n  using: node24\n  main: index.js\n`;
    const fake = await startGitHub({
      'actions/checkout': { ...checkout, commits: { ...checkout.commits, [v5]: { ...checkout.commits[v5], 'action.yml': huge } } },
      'acme-org/private-action': { private: true, tags: { v1: '3'.repeat(40), v2: '4'.repeat(40) } },
    });
    const step = (uses: string) => `      - uses: ${uses}`;
    const text = (uses: string[]) => ['on: push', 'jobs:', '  a:', '    runs-on: x', '    steps:', ...uses.map(step), ''].join('\n');
    const outcome = await analyse(
      {
        base: { '.github/workflows/ci.yml': text(['actions/checkout@v4', 'nobody/nothing@v1', 'acme-org/private-action@v1', 'actions/cache@v4.2.0']) },
        head: { '.github/workflows/ci.yml': text(['actions/checkout@v5', 'nobody/nothing@v2', 'acme-org/private-action@v2', 'actions/cache@v4.2.3']) },
      },
      fake,
    );
    expect(byName(outcome.results, 'nobody/nothing')).toMatchObject({ status: 'failed', error: { code: 'CONTEXT_FAILED', message: expect.stringMatching(/nobody\/nothing was not found/) } });
    expect(byName(outcome.results, 'acme-org/private-action')).toMatchObject({ status: 'failed', error: { message: expect.stringMatching(/is private/) } });
    const checkoutResult = byName(outcome.results, 'actions/checkout');
    expect(checkoutResult.status).toBe('analyzed');
    expect(checkoutResult.missingInformation.find((missing) => missing.code === 'ACTION_METADATA_UNAVAILABLE')?.message).toMatch(/larger than 262144 bytes/);
    expect(byName(outcome.results, 'actions/cache').status).toBe('analyzed');
  });
});
