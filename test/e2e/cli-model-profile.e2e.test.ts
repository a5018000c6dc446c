/**
 * End to end: the BUILT CLI (dist/cli/index.js) with a model profile against a loopback
 * model endpoint. The manifest of a model run has the same shape as the extractive run's
 * (the portable manifest does not depend on the runtime), and the trace records requested
 * and actual identity, usage and latency. A mismatching route fails closed with exit 1.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installLoopbackProfile } from '../fixtures/profiles/loopback-profiles.js';
import { startScriptedModelServer, type RouteScenario, type ScriptedModelServer } from '../fixtures/profiles/scripted-model-server.js';
import { BUILT_ACTION, REPO_ROOT } from './run-built-action.js';

const BUILT_CLI = join(BUILT_ACTION, '..', 'cli', 'index.js');
const CANARY_KEY = 'sk-cli-canary-7c1d9e2f4a6b8c0d1e2f3a4b5c6d7e8f';
const KEY_VARIABLE = 'DEPVERDICT_E2E_MODEL_KEY';
const MODEL_PHRASE = 'Wombat almanac finds nothing alarming in these releases';
const DEPENDENCIES = ['@types/node', 'axios', 'express', 'lodash'];
const OPENROUTER_OK: RouteScenario = {
  model: 'openai/gpt-4o-mini',
  provider: 'OpenAI',
  usage: { prompt_tokens: 2000, completion_tokens: 80, total_tokens: 2080, cost: 0.0003 },
  extra: { openrouter_metadata: { requested: 'openai/gpt-4o-mini', strategy: 'only', attempts: 1 } },
};

interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  out: string;
}

function runCli(args: string[], workspace: string): Promise<CliRun> {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: build first (DEPVERDICT_BUILD_DIR=... npm run build).`);
  const out = join(workspace, 'out');
  const sample = (path: string) => join(REPO_ROOT, 'samples', path);
  const argv = [
    BUILT_CLI,
    'analyze',
    '--base-dir', sample('grouped-bump/base'),
    '--head-dir', sample('grouped-bump/head'),
    '--registry-snapshot', sample('registry'),
    '--out', out,
    '--quiet',
    ...args,
  ];
  // A minimal environment: no GitHub token, so the run stays offline apart from the loopback model.
  const env = { PATH: process.env.PATH ?? '', HOME: workspace, [KEY_VARIABLE]: CANARY_KEY };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr, out }));
  });
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const sortedKeys = (value: unknown) => Object.keys(value as Record<string, unknown>).sort();

let model: ScriptedModelServer;
let workspace: string;
/** Workspaces this file created; removed after each test. */
const workspaces: string[] = [];

beforeEach(async () => {
  model = await startScriptedModelServer({ phrase: MODEL_PHRASE, scenario: OPENROUTER_OK });
  workspace = mkdtempSync(join(tmpdir(), 'depverdict-cli-profile-'));
  workspaces.push(workspace);
});

afterEach(async () => {
  await model.close();
  for (const directory of workspaces.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('depverdict analyze with a model profile', () => {
  it('writes a manifest shaped like the extractive one, and a trace with requested and actual identity, usage and latency', async () => {
    const extractiveDirectory = mkdtempSync(join(tmpdir(), 'depverdict-cli-extractive-'));
    workspaces.push(extractiveDirectory);
    const extractive = await runCli(['--profile', 'extractive'], extractiveDirectory);
    expect(extractive.exitCode, extractive.stderr).toBe(0);

    const profileFile = installLoopbackProfile('openrouter', model.origin, workspace);
    const modelRun = await runCli(['--profile', profileFile, '--api-key-env', KEY_VARIABLE], workspace);
    expect(modelRun.exitCode, modelRun.stderr).toBe(0);
    expect(model.requests).toHaveLength(DEPENDENCIES.length);
    for (const request of model.requests) expect(request.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);

    const extractiveManifest = readJson(join(extractive.out, 'version-analysis.json'));
    const modelManifest = readJson(join(modelRun.out, 'version-analysis.json'));
    expect(sortedKeys(modelManifest)).toEqual(sortedKeys(extractiveManifest));
    const extractiveResults = extractiveManifest.results as Array<Record<string, unknown>>;
    const modelResults = modelManifest.results as Array<Record<string, unknown>>;
    expect(modelResults.map((result) => (result.dependency as { name: string }).name)).toEqual(DEPENDENCIES);
    expect(modelResults).toHaveLength(extractiveResults.length);
    const resultKeys = new Set(extractiveResults.map((result) => JSON.stringify(sortedKeys(result))));
    expect(resultKeys.size).toBe(1);
    for (const result of modelResults) {
      expect(JSON.stringify(sortedKeys(result))).toBe([...resultKeys][0]);
      // The same deterministic facts, whichever runtime analysed them.
      const twin = extractiveResults.find((other) => other.id === result.id);
      expect(result.versions).toEqual(twin?.versions);
      expect(result.evidence).toEqual(twin?.evidence);
      expect(result.status).toBe('analyzed');
      expect(result.summary).toBe(MODEL_PHRASE);
    }
    expect((modelManifest.runtime as Record<string, unknown>).requestedModel).toBe('openai/gpt-4o-mini');

    const trace = readJson(join(modelRun.out, 'trace.json'));
    const calls = trace.calls as Array<Record<string, unknown>>;
    expect(calls).toHaveLength(DEPENDENCIES.length);
    for (const call of calls) {
      expect(call).toMatchObject({
        requestedModel: 'openai/gpt-4o-mini',
        requestedProvider: 'OpenAI',
        actualModel: 'openai/gpt-4o-mini',
        actualProvider: 'OpenAI',
        identityVerified: true,
        attempts: 1,
        costUsd: 0.0003,
        usage: { inputTokens: 2000, outputTokens: 80, totalTokens: 2080, reasoningTokens: null, cachedInputTokens: null },
        error: null,
      });
      expect((call.latency as { totalMs: unknown }).totalMs).toEqual(expect.any(Number));
    }
    // The manifest stays portable: no telemetry in it.
    const manifestText = readFileSync(join(modelRun.out, 'version-analysis.json'), 'utf8');
    for (const telemetry of ['inputTokens', 'latency', 'costUsd', 'actualProvider']) expect(manifestText).not.toContain(telemetry);

    const comment = readFileSync(join(modelRun.out, 'comment.md'), 'utf8');
    expect(comment).toContain('route verified');
    for (const text of [modelRun.stdout, modelRun.stderr, manifestText, readFileSync(join(modelRun.out, 'trace.json'), 'utf8'), comment]) {
      expect(text).not.toContain(CANARY_KEY);
    }
  });

  it('answers a second run on the same change from the cache: no model request, and the trace says which results were reused and why', async () => {
    const profileFile = installLoopbackProfile('openrouter', model.origin, workspace);
    const cacheDirectory = join(workspace, 'a cache with spaces');
    const cached = ['--profile', profileFile, '--api-key-env', KEY_VARIABLE, '--cache-dir', cacheDirectory];
    const first = await runCli(cached, workspace);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(model.requests).toHaveLength(DEPENDENCIES.length);
    const resultsOf = (run: CliRun) => readJson(join(run.out, 'version-analysis.json')).results as unknown[];
    const firstResults = resultsOf(first);

    const second = await runCli(cached, workspace);
    expect(second.exitCode, second.stderr).toBe(0);
    expect(model.requests).toHaveLength(DEPENDENCIES.length);
    const trace = readJson(join(second.out, 'trace.json'));
    const calls = trace.calls as Array<{ reused: boolean; attempts: number; reuse: { key: string; basis: Record<string, string> } | null }>;
    expect(calls).toHaveLength(DEPENDENCIES.length);
    for (const call of calls) {
      expect(call.reused).toBe(true);
      expect(call.attempts).toBe(0);
      expect(Object.keys(call.reuse!.basis).sort()).toEqual(['contextId', 'from', 'package', 'profileDigest', 'promptVersion', 'schemaDigest', 'to', 'toolVersion']);
    }
    const analysis = (trace.phases as Array<{ name: string; counts: { requests: number; reused: number } }>).find((phase) => phase.name === 'analysis');
    expect(analysis?.counts).toEqual(expect.objectContaining({ requests: 0, reused: DEPENDENCIES.length }));
    expect(readFileSync(join(second.out, 'comment.md'), 'utf8')).toContain(`${DEPENDENCIES.length} results reused from an earlier run`);
    // The same published results, fresh or reused.
    expect(resultsOf(second)).toEqual(firstResults);

    // --no-reuse asks the model again.
    const fresh = await runCli([...cached, '--no-reuse'], workspace);
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    expect(model.requests).toHaveLength(2 * DEPENDENCIES.length);
  });

  it('fails closed with exit 1 when the route answers with another model, and writes the withheld results', async () => {
    model.setScenario({ ...OPENROUTER_OK, model: 'openai/gpt-4o' });
    const profileFile = installLoopbackProfile('openrouter', model.origin, workspace);
    const run = await runCli(['--profile', profileFile, '--api-key-env', KEY_VARIABLE], workspace);
    expect(run.exitCode).toBe(1);
    // README: a run that fails closed during the analysis prints the cause after the progress lines.
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(/^error: DepVerdict withheld its verdict \(IDENTITY_MISMATCH\): /);

    const manifest = readJson(join(run.out, 'version-analysis.json'));
    expect((manifest.failClosed as { code: string }).code).toBe('IDENTITY_MISMATCH');
    // The first deviating call fails closed; the rest are not sent (CANCELLED).
    const results = manifest.results as Array<{ status: string; error: { code: string } }>;
    expect(results.some((result) => result.error.code === 'IDENTITY_MISMATCH')).toBe(true);
    for (const result of results) {
      expect(result.status).toBe('failed');
      expect(['IDENTITY_MISMATCH', 'CANCELLED']).toContain(result.error.code);
    }
    const trace = readJson(join(run.out, 'trace.json'));
    const deviating = (trace.calls as Array<Record<string, unknown> & { error: { code: string } | null }>).filter((call) => call.error?.code === 'IDENTITY_MISMATCH');
    expect(deviating.length).toBeGreaterThanOrEqual(1);
    for (const call of deviating) {
      expect(call).toMatchObject({ requestedModel: 'openai/gpt-4o-mini', actualModel: 'openai/gpt-4o', error: { code: 'IDENTITY_MISMATCH' } });
    }
    const comment = readFileSync(join(run.out, 'comment.md'), 'utf8');
    expect(comment).toContain('IDENTITY_MISMATCH');
    for (const text of [comment, JSON.stringify(manifest), run.stdout]) expect(text).not.toContain(MODEL_PHRASE);
    for (const text of [run.stdout, run.stderr, comment, JSON.stringify(manifest), JSON.stringify(trace)]) expect(text).not.toContain(CANARY_KEY);
  });
});
