/**
 * Test helper: runs the BUILT action (dist/index.js) as a child process with the environment
 * contract of a GitHub runner (GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, INPUT_*,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), exactly as `runs.using: node24` would start it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeArtifactService, type FakeArtifactService } from '../fakes/fake-artifact-service.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/fake-github-server.js';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../fakes/fake-npm-registry.js';

export const REPO_ROOT = new URL('../../', import.meta.url).pathname;
/** DEPVERDICT_DIST_DIR points at another build (see scripts/build.mjs); default: the committed dist/. */
export const BUILT_ACTION = join(process.env.DEPVERDICT_DIST_DIR ?? join(REPO_ROOT, 'dist'), 'index.js');

export interface ActionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  workspace: string;
}

/** Parses the GITHUB_OUTPUT file (`name<<DELIMITER\nvalue\nDELIMITER` blocks, or `name=value`). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const heredoc = line.match(/^([^=<]+)<<(.+)$/);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value: string[] = [];
      while (++index < lines.length && lines[index] !== delimiter) value.push(lines[index]!);
      outputs[name!] = value.join('\n');
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

export async function runBuiltAction(options: {
  inputs: Record<string, string>;
  event: unknown;
  repository: string;
  env?: Record<string, string>;
  workspace?: string;
  /** Called once the process is started, e.g. to signal it mid-run. */
  onStarted?: (child: ChildProcess) => void;
}): Promise<ActionRun> {
  if (!existsSync(BUILT_ACTION)) throw new Error('dist/index.js is missing: run "npm run build" before the end-to-end tests.');
  const workspace = options.workspace ?? mkdtempSync(join(tmpdir(), 'depverdict-e2e-'));
  const eventPath = join(workspace, 'event.json');
  const outputPath = join(workspace, 'github-output.txt');
  const summaryPath = join(workspace, 'step-summary.md');
  writeFileSync(eventPath, JSON.stringify(options.event));
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? workspace,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: options.repository,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_WORKSPACE: workspace,
    GITHUB_RUN_ID: '4242',
    RUNNER_TEMP: workspace,
    ...options.env,
  };
  // @actions/core reads `INPUT_<NAME>` with spaces turned to underscores and upper-cased.
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;

  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_ACTION], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    options.onStarted?.(child);
    child.on('close', (exitCode) => {
      resolve({
        exitCode,
        stdout,
        stderr,
        outputs: parseOutputFile(readFileSync(outputPath, 'utf8')),
        summary: readFileSync(summaryPath, 'utf8'),
        workspace,
      });
    });
  });
}

/**
 * The grouped bump shipped in samples/grouped-bump as a pull request: the files at its base and
 * head commits (to seed the fake GitHub) and the pull_request event a runner would deliver.
 */
export function samplePullRequest(options: { number: number; baseSha: string; headSha: string; body?: string; action?: string }) {
  const side = (name: 'base' | 'head') => ({
    'package.json': readFileSync(join(REPO_ROOT, 'samples/grouped-bump', name, 'package.json'), 'utf8'),
    'package-lock.json': readFileSync(join(REPO_ROOT, 'samples/grouped-bump', name, 'package-lock.json'), 'utf8'),
  });
  const title = 'Bump the npm group with 4 updates';
  const body = options.body ?? 'Bumps the npm group with 4 updates: express, axios, lodash and @types/node.';
  return {
    commits: { [options.baseSha]: side('base'), [options.headSha]: side('head') },
    pull: { baseSha: options.baseSha, headSha: options.headSha, title, body },
    event: {
      action: options.action ?? 'opened',
      number: options.number,
      pull_request: {
        number: options.number,
        title,
        body,
        base: { sha: options.baseSha, ref: 'main' },
        head: { sha: options.headSha, ref: 'dependabot/npm_and_yarn/npm-group' },
      },
    },
  };
}

/**
 * The loopback services a runner would reach, seeded with one repository holding the sample
 * pull request: fake GitHub REST (requiring `token`), the npm registry replaying recorded
 * fixtures, and the Actions artifact service.
 */
export async function startRunnerFakes(options: {
  repository: string;
  number: number;
  pullRequest: ReturnType<typeof samplePullRequest>;
  token: string;
}): Promise<{ github: FakeGitHub; registry: FakeNpmRegistry; artifacts: FakeArtifactService }> {
  const github = await startFakeGitHub({
    repositories: { [options.repository]: { commits: options.pullRequest.commits, pulls: { [options.number]: options.pullRequest.pull } } },
    requiredToken: options.token,
  });
  return { github, registry: await startFakeNpmRegistry(), artifacts: await startFakeArtifactService() };
}
