/**
 * `depverdict eval` against model endpoints faked on loopback: one that answers well, one
 * that answers as another model, one rate-limited, one slow. The scorecards must say what
 * happened, exclude and count what broke the identity lock, and never pass on excluded samples.
 * The approval record a passing run writes must then gate `analyze --approval`.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { encodePackageName, type Packument } from '../../src/ecosystems/npm/packument.js';
import { normaliseRepository } from '../../src/ecosystems/npm/registry-facts.js';
import type { Benchmark } from '../../src/evaluation/benchmark.js';
import type { Scorecard } from '../../src/evaluation/scorecard.js';
import { loopbackProfileText } from '../fixtures/profiles/loopback-profiles.js';
import { startEvalModelServer, type EvalModelBehaviour, type EvalModelServer } from '../fakes/fake-eval-model-server.js';

const API_KEY = 'sk-eval-canary-5f1c2a9e7d';
const LABELLED_DIRECTORY = fileURLToPath(new URL('../../datasets/npm-labelled/', import.meta.url));
/**
 * Bumps of the shipped set whose release text the extractive rules read right, so a model that
 * answers like them scores perfectly: these tests are about endpoints, identity and budgets,
 * not about accuracy (that is extractive-accuracy.test.ts), and must not move when it does.
 */
const WELL_READ_BUMPS = ['express 4.21.2 5.1.0', 'uuid 10.0.0 11.0.0', 'helmet 7.2.0 8.0.0', 'helmet 6.2.0 7.0.0', 'http-errors 1.8.1 2.0.0', 'basic-auth 1.1.0 2.0.0'];
let workspace: string;
/** A dataset directory of those bumps, reading the shipped recorded registry and repository files. */
let dataset: string;
const servers: EvalModelServer[] = [];

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'depverdict-eval-models-'));
  dataset = join(workspace, 'well-read');
  await mkdir(dataset);
  const shipped = JSON.parse(await readFile(join(LABELLED_DIRECTORY, 'bumps.json'), 'utf8')) as { description: string; bumps: Array<{ name: string; from: string; to: string }> };
  const bumps = WELL_READ_BUMPS.map((key) => shipped.bumps.find((bump) => `${bump.name} ${bump.from} ${bump.to}` === key)!);
  await writeFile(join(dataset, 'bumps.json'), JSON.stringify({ description: 'Bumps of npm-labelled the extractive rules read right.', bumps }));
  await linkRecordedFilesOf(bumps, dataset);
});

/**
 * Links into `target` only the recorded files these bumps read: each package's packument,
 * advisories and two tarballs, and the recorded repositories of its owners. Linking the whole
 * shipped recording would work too, but every eval run digests every file of its dataset
 * (about 440 MB, seconds per run), and these tests run eval nine times.
 */
async function linkRecordedFilesOf(bumps: ReadonlyArray<{ name: string; from: string; to: string }>, target: string): Promise<void> {
  const registry = join(LABELLED_DIRECTORY, 'registry');
  const owners = new Set<string>();
  for (const folder of ['packuments', 'tarballs', 'advisories']) await mkdir(join(target, 'registry', folder), { recursive: true });
  await mkdir(join(target, 'repository'));
  const link = async (...path: string[]): Promise<void> => {
    // Two bumps of one package share its packument.
    if (existsSync(join(registry, ...path)) && !existsSync(join(target, 'registry', ...path))) await symlink(join(registry, ...path), join(target, 'registry', ...path));
  };
  for (const bump of bumps) {
    const encoded = encodePackageName(bump.name);
    const packument = JSON.parse(await readFile(join(registry, 'packuments', `${encoded}.json`), 'utf8')) as Packument;
    for (const repository of [packument.repository, packument.versions[bump.from]?.repository, packument.versions[bump.to]?.repository]) {
      const owner = normaliseRepository(repository).repository?.owner.toLowerCase();
      if (owner !== undefined) owners.add(owner);
    }
    await link('packuments', `${encoded}.json`);
    await link('advisories', `${encoded}.json`);
    await link('tarballs', `${encoded}-${bump.from}.tgz`);
    await link('tarballs', `${encoded}-${bump.to}.tgz`);
  }
  for (const owner of owners) {
    if (existsSync(join(LABELLED_DIRECTORY, 'repository', owner))) await symlink(join(LABELLED_DIRECTORY, 'repository', owner), join(target, 'repository', owner));
  }
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await rm(workspace, { recursive: true, force: true });
});

interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

async function runCli(argv: string[]): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const writeOut = process.stdout.write.bind(process.stdout);
  const writeErr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string) => (stdout.push(String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => (stderr.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    const exitCode = await main(argv, { OPENAI_API_KEY: API_KEY });
    return { exitCode, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
  }
}

/** The locked direct-provider fixture pointed at a fake; `timeoutMs` shortened for the slow one. */
async function profileFor(
  name: string,
  behaviour: EvalModelBehaviour,
  options: { otherModelRequests?: number; timeoutMs?: number; delayMs?: number; concurrency?: number } = {},
): Promise<{ path: string; server: EvalModelServer }> {
  const server = await startEvalModelServer({ behaviour, otherModelRequests: options.otherModelRequests, delayMs: options.delayMs });
  servers.push(server);
  let text = loopbackProfileText('direct', new URL(server.endpoint).origin).replace('id: e2e-direct-snapshot', `id: eval-${name}`);
  if (options.timeoutMs !== undefined) text = text.replace('timeoutMs: 20000', `timeoutMs: ${options.timeoutMs}`);
  if (options.concurrency !== undefined) text = text.replace('concurrency: 2', `concurrency: ${options.concurrency}`);
  const path = join(workspace, `${name}.yml`);
  await writeFile(path, text);
  return { path, server };
}

async function scorecardIn(directory: string): Promise<Scorecard> {
  return JSON.parse(await readFile(join(directory, 'scorecard.json'), 'utf8')) as Scorecard;
}

async function filesIn(directory: string): Promise<string> {
  const names = ['scorecard.json', 'scorecard.md', 'approval.json', 'benchmark.json', 'benchmark.md'];
  const texts = await Promise.all(names.map((name) => readFile(join(directory, name), 'utf8').catch(() => '')));
  return texts.join('\n');
}

describe('eval against loopback model endpoints', () => {
  it('a model that answers well under the locked identity passes, with tokens and latency per sample, and writes approval.json', async () => {
    const { path, server } = await profileFor('good', 'good');
    const out = join(workspace, 'good');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--repeats', '2', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(scorecard.failures).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(scorecard).toMatchObject({ passed: true, sampleCount: 6, scoredCount: 6, excludedCount: 0, requests: 12, tokens: { input: 14400, output: 1800 }, costUsd: null });
    expect(server.requests).toBe(12);
    expect(scorecard.metrics.determinism).toBe(1);
    expect(scorecard.samples[0]!.tokens).toEqual({ input: 2400, output: 300 });
    expect(scorecard.samples[0]!.latencyMs.every((value) => typeof value === 'number')).toBe(true);
    expect(JSON.parse(await readFile(join(out, 'approval.json'), 'utf8'))).toMatchObject({ approvalVersion: '2', profileId: 'eval-good', passed: true, datasetName: 'well-read', sampleCount: 6, datasetSampleCount: 6 });
    expect(await filesIn(out)).not.toContain(API_KEY);
    expect(run.stderr).not.toContain(API_KEY);
  });

  it('a route that answers as another model: every sample excluded and counted, never scored; the run does not pass', async () => {
    const { path } = await profileFor('other', 'other-model');
    const out = join(workspace, 'other');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--limit', '3', '--repeats', '2', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(run.exitCode).toBe(2);
    expect(scorecard).toMatchObject({ passed: false, scoredCount: 0, excludedCount: 3, failuresByCode: { IDENTITY_MISMATCH: 3 } });
    expect(scorecard.excluded.map((entry) => entry.code)).toEqual(['IDENTITY_MISMATCH', 'IDENTITY_MISMATCH', 'IDENTITY_MISMATCH']);
    expect(scorecard.excluded[0]!.reason).toMatch(/llama-3\.1-8b-instruct/);
    expect(scorecard.metrics.riskAccuracy).toBeNull();
    expect(scorecard.failures.join(' ')).toMatch(/No sample was scored/);
    await expect(readFile(join(out, 'approval.json'))).rejects.toThrow();
    expect(await readFile(join(out, 'scorecard.md'), 'utf8')).toContain('## Excluded samples (never scored)');
  });

  it('one answer from another model excludes that sample; the others score perfectly, and the run still does not pass', async () => {
    const { path } = await profileFor('once', 'other-model', { otherModelRequests: 1 });
    const out = join(workspace, 'once');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--repeats', '2', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(run.exitCode).toBe(2);
    expect(scorecard).toMatchObject({ passed: false, scoredCount: 5, excludedCount: 1 });
    expect(scorecard.thresholds.every((threshold) => threshold.passed)).toBe(true);
    expect(scorecard.failures).toHaveLength(1);
    expect(scorecard.failures[0]).toMatch(/1 sample\(s\) were excluded/);
  });

  it('a rate-limited endpoint: retries per the profile, then the run stops with a clear reason; what ran is scored and written', async () => {
    const { path, server } = await profileFor('limited', 'rate-limited');
    const out = join(workspace, 'limited');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--limit', '6', '--repeats', '2', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(run.exitCode).toBe(1);
    // Three in a row, then the stop: 3 samples, or 4 when the first two were asked together
    // (concurrency 2), whose failures count once. Each: 2 repeats × 2 attempts (retry.maxAttempts).
    // eval-scheduler.test.ts pins each interleaving exactly.
    expect([3, 4]).toContain(scorecard.scoredCount);
    expect(server.requests).toBe(scorecard.scoredCount * 4);
    expect(server.peakInFlight).toBeLessThanOrEqual(2);
    expect(scorecard).toMatchObject({ passed: false, sampleCount: 6, failuresByCode: { RATE_LIMITED: scorecard.scoredCount * 2 } });
    expect(scorecard.stoppedEarly?.reason).toMatch(/failed 3 samples in a row \(RATE_LIMITED\)/);
    expect(scorecard.metrics.schemaValidity).toBe(0);
    expect(run.stderr).toMatch(/NOT PASSED/);
  });

  it('a slow model: each call ends at the profile deadline as TIMEOUT, counted by code', async () => {
    const { path } = await profileFor('slow', 'slow', { timeoutMs: 200, delayMs: 5000 });
    const out = join(workspace, 'slow');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--limit', '5', '--repeats', '1', '--out', out]);
    const scorecard = await scorecardIn(out);
    // Three in a row stop the run: 3 samples, or 4 when the first two were asked together.
    expect(run.exitCode).toBe(1);
    expect([3, 4]).toContain(scorecard.scoredCount);
    expect(scorecard.failuresByCode).toEqual({ TIMEOUT: scorecard.scoredCount });
    expect(scorecard.samples.map((sample) => sample.predicted)).toEqual(Array.from({ length: scorecard.scoredCount }, () => ['unknown']));
    expect(scorecard.failures.join(' ')).toMatch(/determinism was not measured \(needs >= 1\); run with --repeats 2/);
  });

  it('a --limit run never passes and writes no approval.json, however well it scores, and says why', async () => {
    const out = join(workspace, 'limit');
    await mkdir(out, { recursive: true });
    await writeFile(join(out, 'approval.json'), '{"left": "by an earlier run"}');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', 'extractive', '--limit', '3', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(run.exitCode).toBe(2);
    expect(scorecard.thresholds.every((threshold) => threshold.passed)).toBe(true);
    expect(scorecard.failures).toEqual(["Only the first 3 of the dataset's 6 samples were selected (--limit); a profile is approved only on a run over the whole dataset."]);
    await expect(readFile(join(out, 'approval.json'))).rejects.toThrow();
  });

  it('--max-requests stops before a call could exceed the budget; the scorecard says so', async () => {
    const { path, server } = await profileFor('budget', 'good');
    const out = join(workspace, 'budget');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--limit', '4', '--repeats', '2', '--max-requests', '5', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(run.exitCode).toBe(2);
    expect(server.requests).toBeLessThanOrEqual(5);
    expect(scorecard.stoppedEarly?.reason).toMatch(/--max-requests 5 reached/);
    expect(scorecard.passed).toBe(false);
  });

  it("asks up to the profile's limits.concurrency samples at once, never more, and lists them in the dataset's order", async () => {
    const { path, server } = await profileFor('parallel', 'good', { delayMs: 500, concurrency: 4 });
    const out = join(workspace, 'parallel');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--repeats', '2', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(run.exitCode).toBe(0);
    expect(server.requests).toBe(12);
    // Each sample's evidence is ready at its own time, so how many overlap depends on the machine;
    // more than one shows the calls overlap, and more than four would break the profile's limit.
    expect(server.peakInFlight).toBeGreaterThan(1);
    expect(server.peakInFlight).toBeLessThanOrEqual(4);
    expect(scorecard.samples.map((sample) => sample.case)).toEqual(WELL_READ_BUMPS.map((key) => key.replace(/ (\S+)$/, ' → $1')));
  });

  it('--max-requests with samples in flight: each reserves its share first, so together they never pass the budget, and what they leave unused lets later samples run', async () => {
    // Two at once, each reserving 2 requests (1 repeat × retry.maxAttempts 2) and using 1.
    const { path, server } = await profileFor('budget-parallel', 'good', { delayMs: 100 });
    const out = join(workspace, 'budget-parallel');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--repeats', '1', '--max-requests', '5', '--out', out]);
    const scorecard = await scorecardIn(out);
    expect(run.exitCode).toBe(2);
    expect(server.peakInFlight).toBeLessThanOrEqual(2);
    // 4 samples used 4 requests; a fifth could make 2 more, which would pass 5.
    expect(server.requests).toBe(4);
    expect(scorecard.scoredCount).toBe(4);
    expect(scorecard.stoppedEarly?.reason).toBe("--max-requests 5 reached after 4 request(s): the next sample may make up to 2 (its repeats × the profile's retry.maxAttempts, 2).");
  });

  it('several --profile values make a benchmark: ranking, chart, table, per-profile scorecards', async () => {
    const good = await profileFor('bench-good', 'good');
    const other = await profileFor('bench-other', 'other-model');
    const out = join(workspace, 'bench');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', other.path, '--profile', good.path, '--profile', 'extractive', '--out', out]);
    expect(run.exitCode).toBe(2);
    const benchmark = JSON.parse(await readFile(join(out, 'benchmark.json'), 'utf8')) as Benchmark;
    // Passing profiles rank first; the two here are equally accurate, so latency orders them.
    expect(benchmark.entries.map((entry) => entry.rank)).toEqual([1, 2, 3]);
    expect(benchmark.entries.slice(0, 2).map((entry) => entry.profileId).sort()).toEqual(['eval-bench-good', 'extractive']);
    expect(benchmark.entries.map((entry) => entry.passed)).toEqual([true, true, false]);
    expect(benchmark.entries[2]!.profileId).toBe('eval-bench-other');
    expect(benchmark.entries[2]!.failuresByCode).toEqual({ IDENTITY_MISMATCH: 6 });
    const markdown = await readFile(join(out, 'benchmark.md'), 'utf8');
    expect(markdown).toContain('```mermaid\nxychart-beta');
    expect(markdown).toMatch(/x-axis \["(extractive|eval-bench-good)", "(extractive|eval-bench-good)", "eval-bench-other"\]/);
    expect(markdown).toMatch(/bar \[[0-9.]+, [0-9.]+, 0\.000\]/);
    expect(run.stdout).toContain('| rank | profile |');
    await expect(readFile(join(out, benchmark.entries[0]!.scorecard), 'utf8')).resolves.toContain('"passed": true');
  });
});

describe('bad input', () => {
  it('an unknown dataset name: exit 1 naming it and the shipped datasets', async () => {
    const run = await runCli(['eval', '--dataset', 'npm-labeled', '--profile', 'extractive', '--out', join(workspace, 'unknown')]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/Unknown dataset "npm-labeled" \(did you mean "npm-labelled"\?\); shipped datasets: npm-labelled/);
  });

  it('a dataset file that does not match its schema: exit 1 naming the entry and the problem', async () => {
    const path = join(workspace, 'bad-bumps.json');
    await writeFile(path, JSON.stringify({ bumps: [{ name: 'left-pad', from: '1.0.0', to: '1.1.0', quote: 'Adds a new option', reason: 'An additive minor release.' }] }));
    const run = await runCli(['eval', '--dataset', path, '--profile', 'extractive', '--out', join(workspace, 'bad')]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/bumps\[0\] \(left-pad\)\.expected/);
  });

  it('an endpoint that is down: the run stops with the cause, and the scorecard is written', async () => {
    const { path, server } = await profileFor('down', 'good');
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    const out = join(workspace, 'down');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', path, '--limit', '5', '--repeats', '1', '--out', out]);
    expect(run.exitCode).toBe(1);
    const scorecard = await scorecardIn(out);
    // Three in a row: 3 samples, or 4 when the first two were asked together.
    expect([{ NETWORK_ERROR: 3 }, { NETWORK_ERROR: 4 }]).toContainEqual(scorecard.failuresByCode);
    expect(scorecard.stoppedEarly?.reason).toMatch(/check that it is up/);
  });
});

describe('analyze --approval', () => {
  let approvalPath: string;

  beforeAll(async () => {
    const out = join(workspace, 'approve-extractive');
    const run = await runCli(['eval', '--dataset', dataset, '--profile', 'extractive', '--out', out]);
    expect(run.exitCode).toBe(0);
    approvalPath = join(out, 'approval.json');
  });

  it('runs when the record approves this profile, prompt, schema and DepVerdict version', async () => {
    const run = await runCli(['analyze', '--sample', '--quiet', '--approval', approvalPath, '--out', join(workspace, 'analyze-ok')]);
    expect(run.stderr).not.toMatch(/approval record/);
    expect(run.exitCode).toBe(0);
  });

  it('fails closed, naming both digests, when the record approves another profile', async () => {
    const record = JSON.parse(await readFile(approvalPath, 'utf8')) as Record<string, unknown>;
    const forged = join(workspace, 'other-approval.json');
    await writeFile(forged, JSON.stringify({ ...record, profileDigest: `sha256:${'0'.repeat(64)}` }));
    const run = await runCli(['analyze', '--sample', '--quiet', '--approval', forged, '--out', join(workspace, 'analyze-bad')]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`approves profile extractive with digest sha256:0{64}, but this run uses profile digest ${String(record.profileDigest)}`));
    const manifest = await readFile(join(workspace, 'analyze-bad', 'version-analysis.json'), 'utf8');
    expect(manifest).toContain('QUALIFICATION_MISSING');
  });

  it('fails closed when the record is of a --limit run (only a run over the whole dataset approves)', async () => {
    const record = JSON.parse(await readFile(approvalPath, 'utf8')) as Record<string, unknown>;
    const partial = join(workspace, 'partial-approval.json');
    await writeFile(partial, JSON.stringify({ ...record, sampleCount: 3 }));
    const run = await runCli(['analyze', '--sample', '--quiet', '--approval', partial, '--out', join(workspace, 'analyze-partial')]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/approval record .*partial-approval\.json is for a run over 3 of the dataset's 6 samples \(--limit\), and only a run over the whole dataset approves a profile/);
  });

  it('fails closed on a record of the first format, which cannot tell a --limit run apart', async () => {
    const { datasetSampleCount: _count, ...record } = JSON.parse(await readFile(approvalPath, 'utf8')) as Record<string, unknown>;
    const old = join(workspace, 'v1-approval.json');
    await writeFile(old, JSON.stringify({ ...record, approvalVersion: '1' }));
    const run = await runCli(['analyze', '--sample', '--quiet', '--approval', old, '--out', join(workspace, 'analyze-v1')]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/approval record .*v1-approval\.json is malformed \(approvalVersion: .*datasetSampleCount: .*\); run `depverdict eval/);
  });

  it('fails closed when the record is missing', async () => {
    const run = await runCli(['analyze', '--sample', '--quiet', '--approval', join(workspace, 'nope.json'), '--out', join(workspace, 'analyze-missing')]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/approval record .*nope\.json does not exist; run `depverdict eval/);
  });
});
