/**
 * End to end: a run cancelled mid-way (SIGTERM, as the runner sends on cancel or at
 * `timeout-minutes`) still publishes. The BUILT action and the BUILT CLI are stopped while
 * their registry or model requests hang, and must leave trace.json, version-analysis.json (the
 * verdict withheld, reason CANCELLED, unfinished dependencies cancelled), the summary or
 * comment.md and the outputs, and exit non-zero within the 5 s the runner allows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../fakes/fake-npm-registry.js';
import { installLoopbackProfile } from '../fixtures/profiles/loopback-profiles.js';
import { BUILT_ACTION, REPO_ROOT, runBuiltAction, samplePullRequest, startRunnerFakes } from './run-built-action.js';

const BUILT_CLI = join(BUILT_ACTION, '..', 'cli', 'index.js');
const PACKAGES = ['express', 'axios', 'lodash', '@types%2fnode'];
const DEPENDENCIES = ['@types/node', 'axios', 'express', 'lodash'];
/** Longer than any test: a request held this long only ends because the run aborted it. */
const HANG_MS = 25_000;
/** The contract: published and exited within 5 s of the signal (the runner kills soon after). */
const EXIT_WITHIN_MS = 5000;
const MODEL_KEY = 'sk-cancel-canary-0f1e2d3c4b5a69788796a5b4c3d2e1f0';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Sends SIGTERM once `ready()` holds; resolves with the milliseconds from the signal to exit. */
function terminateWhen(child: ChildProcess, ready: () => boolean, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    waitFor(ready, what).then(() => {
      const signalledAt = performance.now();
      child.once('exit', () => resolve(performance.now() - signalledAt));
      child.kill('SIGTERM');
    }, reject);
  });
}

function slowRegistry(registry: FakeNpmRegistry): void {
  for (const name of PACKAGES) registry.script(`/${name}`, { kind: 'slow', delayMs: HANG_MS });
}

async function slowModel(): Promise<FakeOpenAiServer> {
  const model = await FakeOpenAiServer.start();
  cleanups.push(() => model.close());
  // One hanging reply per dependency (and per retry the profile allows).
  for (let index = 0; index < DEPENDENCIES.length * 2; index += 1) model.enqueue({ headersDelayMs: HANG_MS });
  return model;
}

/** Logs without the `::add-mask::` lines: the one place a step may (and must) name its secrets. */
const logsOf = (run: { stdout: string; stderr: string }) => (run.stdout + run.stderr).split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n');

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

interface Published {
  manifest: { failClosed: { code: string; message: string } | null; summary: { verdict: string }; results: Array<{ dependency: { name: string }; status: string; error: { code: string } | null }> };
  trace: { failClosed: { code: string } | null; calls: Array<{ error: { code: string } | null }> };
}

function readPublished(directory: string): Published {
  return {
    manifest: readJson(join(directory, 'version-analysis.json')) as unknown as Published['manifest'],
    trace: readJson(join(directory, 'trace.json')) as unknown as Published['trace'],
  };
}

/** What every cancelled run publishes: the verdict withheld for CANCELLED, every dependency listed and cancelled. */
function expectCancelledManifest({ manifest, trace }: Published): void {
  expect(manifest.summary.verdict).toBe('withheld');
  expect(manifest.failClosed?.code).toBe('CANCELLED');
  expect(manifest.failClosed?.message).toMatch(/cancelled \(SIGTERM\)/);
  expect(trace.failClosed?.code).toBe('CANCELLED');
  expect(manifest.results.map((result) => result.dependency.name)).toEqual(DEPENDENCIES);
  for (const result of manifest.results) {
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('CANCELLED');
  }
}

interface CliRun {
  exitCode: number | null;
  stderr: string;
  exitMs: number;
  out: string;
}

function runCliUntilTerminated(args: string[], ready: (stderr: string) => boolean, what: string): Promise<CliRun> {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run "npm run build" first.`);
  const workspace = temporaryDirectory('depverdict-cancel-cli-');
  const sample = (side: string) => join(REPO_ROOT, 'samples', 'grouped-bump', side);
  const argv = [BUILT_CLI, 'analyze', '--base-dir', sample('base'), '--head-dir', sample('head'), '--no-github', '--quiet', '--out', join(workspace, 'out'), ...args];
  const env = { PATH: process.env.PATH ?? '', HOME: workspace, DEPVERDICT_E2E_MODEL_KEY: MODEL_KEY };
  const child = spawn(process.execPath, argv, { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return terminateWhen(child, () => ready(stderr), what).then(async (exitMs) => ({ exitCode: await exited, stderr, exitMs, out: join(workspace, 'out') }));
}

describe('depverdict analyze cancelled with SIGTERM', () => {
  it('while registry requests hang: writes the trace, the manifest and comment.md, and exits 143 within 5 s', async () => {
    const registry = await startFakeNpmRegistry();
    cleanups.push(() => registry.close());
    slowRegistry(registry);
    const run = await runCliUntilTerminated(['--npm-registry', registry.url], () => registry.requests.length >= 1, 'the first registry request');
    const out = run.out;

    expect(run.exitCode, run.stderr).toBe(143);
    expect(run.exitMs).toBeLessThan(EXIT_WITHIN_MS);
    expect(run.stderr).toContain('SIGTERM received');
    expectCancelledManifest(readPublished(out));
    // Nothing reached the runtime: no call to record.
    expect(readPublished(out).trace.calls).toEqual([]);
    const comment = readFileSync(join(out, 'comment.md'), 'utf8');
    expect(comment).toContain('CANCELLED');
  });

  it('while model calls hang: aborts them, records them as cancelled in the trace, and exits 143 within 5 s', async () => {
    const model = await slowModel();
    const workspaceProfile = temporaryDirectory('depverdict-cancel-profile-');
    const profile = join(workspaceProfile, installLoopbackProfile('openrouter', model.origin, workspaceProfile));
    const run = await runCliUntilTerminated(
      ['--registry-snapshot', join(REPO_ROOT, 'samples', 'registry'), '--profile', profile, '--api-key-env', 'DEPVERDICT_E2E_MODEL_KEY'],
      () => model.requests.length >= 1,
      'the first model request',
    );
    const out = run.out;

    expect(run.exitCode, run.stderr).toBe(143);
    expect(run.exitMs).toBeLessThan(EXIT_WITHIN_MS);
    const published = readPublished(out);
    expectCancelledManifest(published);
    expect(published.trace.calls.length).toBeGreaterThanOrEqual(1);
    for (const call of published.trace.calls) expect(call.error?.code).toBe('CANCELLED');
    for (const text of [run.stderr, JSON.stringify(published), readFileSync(join(out, 'comment.md'), 'utf8')]) expect(text).not.toContain(MODEL_KEY);
  });
});

describe('the built action cancelled with SIGTERM', () => {
  const REPOSITORY = 'acme/webapp';
  const PR_NUMBER = 9;
  const TOKEN = 'ghs_cancelCanaryToken0123456789abcdef';
  const pullRequest = samplePullRequest({ number: PR_NUMBER, baseSha: 'c'.repeat(40), headSha: 'd'.repeat(40) });

  async function runActionUntilTerminated(options: { inputs?: Record<string, string>; slow: 'registry' | 'model' }) {
    const fakes = await startRunnerFakes({ repository: REPOSITORY, number: PR_NUMBER, pullRequest, token: TOKEN });
    cleanups.push(() => Promise.all([fakes.github.close(), fakes.registry.close(), fakes.artifacts.close()]).then(() => undefined));
    const workspace = temporaryDirectory('depverdict-cancel-action-');
    let model: FakeOpenAiServer | null = null;
    const inputs: Record<string, string> = { 'github-token': TOKEN, 'npm-registry': fakes.registry.url, 'output-dir': 'depverdict-out', cache: 'false', ...options.inputs };
    if (options.slow === 'registry') {
      slowRegistry(fakes.registry);
    } else {
      model = await slowModel();
      inputs.profile = installLoopbackProfile('openrouter', model.origin, workspace);
      inputs['api-key'] = MODEL_KEY;
    }
    const ready = options.slow === 'registry' ? () => fakes.registry.requests.length >= 1 : () => (model?.requests.length ?? 0) >= 1;
    let exitMs: Promise<number> | null = null;
    const run = await runBuiltAction({
      repository: REPOSITORY,
      event: pullRequest.event,
      inputs,
      env: { GITHUB_API_URL: fakes.github.url, ...fakes.artifacts.env },
      workspace,
      onStarted: (child) => {
        exitMs = terminateWhen(child, ready, `the first ${options.slow} request`);
      },
    });
    return { run, exitMs: await exitMs!, fakes };
  }

  it('while registry requests hang: writes the files, the summary and the outputs, and exits non-zero within 5 s', async () => {
    const { run, exitMs, fakes } = await runActionUntilTerminated({ slow: 'registry' });

    expect(run.exitCode, run.stdout + run.stderr).toBe(143);
    expect(exitMs).toBeLessThan(EXIT_WITHIN_MS);
    expect(run.outputs.verdict).toBe('withheld');
    expect(run.outputs['requires-human-review']).toBe('true');
    expect(run.outputs['dependency-count']).toBe('4');
    const published = readPublished(join(run.workspace, 'depverdict-out'));
    expectCancelledManifest(published);
    expect(run.outputs['manifest-path']).toBe(join(run.workspace, 'depverdict-out', 'version-analysis.json'));
    expect(run.outputs['trace-path']).toBe(join(run.workspace, 'depverdict-out', 'trace.json'));
    expect(run.summary).toContain('CANCELLED');
    expect(run.stdout).toContain('::error::');
    // The sticky comment fits in the budget against a responsive GitHub: it says the run was cancelled.
    const comments = fakes.github.state.repositories[REPOSITORY]?.comments[PR_NUMBER] ?? [];
    for (const comment of comments) expect(comment.body).toContain('CANCELLED');
    for (const text of [logsOf(run), run.summary, JSON.stringify(published)]) expect(text).not.toContain(TOKEN);
  });

  it('while model calls hang: aborts them, writes the files, the summary and the outputs, and exits non-zero within 5 s', async () => {
    const { run, exitMs } = await runActionUntilTerminated({ slow: 'model' });

    expect(run.exitCode, run.stdout + run.stderr).toBe(143);
    expect(exitMs).toBeLessThan(EXIT_WITHIN_MS);
    expect(run.outputs.verdict).toBe('withheld');
    const published = readPublished(join(run.workspace, 'depverdict-out'));
    expectCancelledManifest(published);
    for (const call of published.trace.calls) expect(call.error?.code).toBe('CANCELLED');
    expect(run.summary).toContain('CANCELLED');
    for (const text of [logsOf(run), run.summary, JSON.stringify(published)]) {
      expect(text).not.toContain(MODEL_KEY);
      expect(text).not.toContain(TOKEN);
    }
  });
});
