/**
 * End to end for GitHub Actions bumps: a grouped Dependabot `github-actions` PR (checkout by tag,
 * setup-node SHA-pinned with a version comment, cache, a reusable workflow) in a repository with
 * no npm files at all, through the BUILT action (dist/index.js) against the fake GitHub server
 * seeded with the recorded action repositories; then the CLI on a local git repository with the
 * same two commits, which must find the same bumps.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main as cliMain } from '../../src/cli/main.js';
import { captureProcessOutput } from '../cli/capture-output.js';
import { startFakeArtifactService, type FakeArtifactService } from '../fakes/fake-artifact-service.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepository } from '../fakes/fake-github-server.js';
import { RECORDED_ACTIONS, recordedActionRepository, SYNTHETIC_WORKFLOW_REPOSITORY, syntheticWorkflowRepository } from '../fakes/recorded-actions.js';
import { ACTIONS_PR_BODY, ACTIONS_PR_TITLE, actionsPullRequestFiles } from '../github-actions/actions-pull-request.js';
import { runBuiltAction } from './run-built-action.js';

const REPOSITORY = 'acme/webapp';
const BASE_SHA = 'd'.repeat(40);
const HEAD_SHA = 'e'.repeat(40);
const PR_NUMBER = 12;
const TOKEN = 'ghs_actionsE2eToken0123456789abcdefgh';
const MARKER = '<!-- depverdict:comment v1 -->';

let github: FakeGitHub;
let artifacts: FakeArtifactService;

function seedRepositories(files: ReturnType<typeof actionsPullRequestFiles>): Record<string, FakeRepository> {
  const repositories: Record<string, FakeRepository> = {
    [SYNTHETIC_WORKFLOW_REPOSITORY]: syntheticWorkflowRepository(),
    [REPOSITORY]: {
      commits: { [BASE_SHA]: files.base, [HEAD_SHA]: files.head },
      pulls: { [PR_NUMBER]: { baseSha: BASE_SHA, headSha: HEAD_SHA, title: ACTIONS_PR_TITLE, body: ACTIONS_PR_BODY } },
    },
  };
  for (const name of RECORDED_ACTIONS) repositories[name] = recordedActionRepository(name);
  return repositories;
}

beforeEach(async () => {
  artifacts = await startFakeArtifactService();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all([github.close(), artifacts.close()]);
});

const event = {
  action: 'opened',
  number: PR_NUMBER,
  pull_request: {
    number: PR_NUMBER,
    title: ACTIONS_PR_TITLE,
    body: ACTIONS_PR_BODY,
    base: { sha: BASE_SHA, ref: 'main' },
    head: { sha: HEAD_SHA, ref: 'dependabot/github_actions/github-actions-group' },
  },
};

function runAction() {
  return runBuiltAction({
    repository: REPOSITORY,
    event,
    // The npm registry is never reached: nothing here is an npm bump.
    inputs: { 'github-token': TOKEN, profile: 'extractive', 'npm-registry': 'http://127.0.0.1:9', 'output-dir': 'depverdict-out', cache: 'false' },
    env: { GITHUB_API_URL: github.url, ...artifacts.env },
  });
}

interface ManifestBump {
  ecosystem: string;
  name: string;
  from: string;
  to: string;
  action?: { locations: string[] };
}

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' }).trim();
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('a grouped Dependabot github-actions PR', () => {
  it('gets the right bumps and verdict through the built action, and the CLI finds the same bumps in a local repository', async () => {
    const files = actionsPullRequestFiles();
    github = await startFakeGitHub({ repositories: seedRepositories(files), requiredToken: TOKEN });
    const run = await runAction();
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verdict).toBe('review');
    expect(run.outputs['max-risk']).toBe('high');
    expect(run.outputs['dependency-count']).toBe('4');

    const manifest = JSON.parse(readFileSync(run.outputs['manifest-path']!, 'utf8'));
    expect(manifest.schemaVersion).toBe('1.6.0');
    const bumps = (manifest.bumps as ManifestBump[]).map((bump) => `${bump.ecosystem} ${bump.name} ${bump.from} → ${bump.to}`);
    expect(bumps).toEqual([
      'github-actions acme-org/shared-workflows/.github/workflows/ci.yml v1 → v2',
      'github-actions actions/cache v4.2.0 → v4.2.3',
      'github-actions actions/checkout v4 → v5',
      'github-actions actions/setup-node v4.0.2 → v4.4.0',
    ]);
    const risks = Object.fromEntries((manifest.results as Array<{ dependency: { name: string }; riskLevel: string }>).map((result) => [result.dependency.name, result.riskLevel]));
    expect(risks).toEqual({
      'acme-org/shared-workflows/.github/workflows/ci.yml': 'high',
      'actions/cache': 'low',
      'actions/checkout': 'medium',
      'actions/setup-node': 'medium',
    });

    const comments = (github.state.repositories[REPOSITORY]?.comments[PR_NUMBER] ?? []).filter((comment) => comment.body.includes(MARKER));
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('| `actions/checkout` | `v4` → `v5` (major) | github-actions: action |');
    expect(comments[0]!.body).toMatch(/node20 to node24/);
    // The token never leaves the process.
    const logs = (run.stdout + run.stderr).split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n');
    for (const text of [comments[0]!.body, run.summary, logs, JSON.stringify(manifest), readFileSync(run.outputs['trace-path']!, 'utf8')]) expect(text).not.toContain(TOKEN);

    // The CLI on a local repository with the same two commits.
    const repo = mkdtempSync(join(tmpdir(), 'depverdict-actions-repo-'));
    try {
      git(repo, 'init', '--quiet', '--initial-branch=main');
      writeTree(repo, files.base);
      git(repo, 'add', '.');
      git(repo, 'commit', '--quiet', '-m', 'base');
      git(repo, 'checkout', '--quiet', '-b', 'bump');
      writeTree(repo, files.head);
      git(repo, 'add', '.');
      git(repo, 'commit', '--quiet', '-m', 'Bump the github-actions group with 4 updates');
      const output = captureProcessOutput();
      const exitCode = await cliMain(['context', '--repo', repo, '--base', 'main', '--head', 'bump'], { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: github.url });
      vi.restoreAllMocks();
      expect(exitCode, output.stderr.join('')).toBe(0);
      const context = JSON.parse(output.stdout.join('')) as { bumps: ManifestBump[] };
      expect(context.bumps).toEqual(manifest.bumps);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('blocks the PR when a SHA pin is not the release its comment names', async () => {
    github = await startFakeGitHub({ repositories: seedRepositories(actionsPullRequestFiles({ headSetupNodeComment: 'v4.3.0' })), requiredToken: TOKEN });
    const run = await runAction();
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verdict).toBe('blocked');
    expect(run.stdout).toMatch(/::warning::actions\/setup-node: The comment says v4\.3\.0/);
  });
});
