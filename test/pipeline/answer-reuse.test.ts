import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { createAnswerStore } from '../../src/pipeline/answer-reuse.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import { renderComment } from '../../src/report/comment.js';
import { ArtifactNames } from '../../src/report/output-files.js';
import { buildTrace, checkTrace } from '../../src/report/trace.js';
import { RuntimeError, type RuntimeDescriptor } from '../../src/runtime/contract.js';
import { openCacheStore, type CacheStore } from '../../src/shared/cache-store.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createPhaseClock } from '../../src/shared/phase-clock.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';
import { FAKE_DESCRIPTOR, ScriptedRuntime, successWith } from '../analysis/fake-runtime.js';

const samples = resolve(import.meta.dirname, '../../samples');

/** A schema-valid candidate that cites the first evidence ID of the prompt it answers. */
function candidateFor(userPrompt: string): string {
  const ref = /sha256:[0-9a-f]{64}/.exec(userPrompt)?.[0];
  return JSON.stringify({ summary: 'Registry facts only.', summaryEvidenceRefs: ref ? [ref] : [], riskLevel: 'low', riskEvidenceRefs: ref ? [ref] : [], findings: [] });
}

const newStore = async (): Promise<CacheStore> => (await openCacheStore(mkdtempSync(join(tmpdir(), 'depverdict-answers-'))))!;

function runSample(runtime: ScriptedRuntime, store: CacheStore | null, toolVersion = '0.0.0-test', phases = createPhaseClock()) {
  return runPipeline({
    fileSource: createDirectoryFileSource({ baseDir: resolve(samples, 'grouped-bump/base'), headDir: resolve(samples, 'grouped-bump/head') }),
    registry: createSnapshotRegistryClient({ directory: resolve(samples, 'registry') }),
    registryUrl: 'https://registry.npmjs.org',
    github: null,
    runtime,
    logger: silentLogger,
    runId: 'run-1',
    now: () => new Date('2025-01-01T00:00:00.000Z'),
    toolVersion,
    source: { repository: null, pullRequest: null, baseRef: 'base', headRef: 'head', headSha: null },
    answers: store === null ? null : createAnswerStore(store),
    phases,
  });
}

const answering = (descriptor: RuntimeDescriptor = FAKE_DESCRIPTOR) => new ScriptedRuntime((request) => successWith(candidateFor(request.userPrompt)), descriptor);

describe('answer reuse across runs', () => {
  it('answers a second run on the same change from the store: no request, the same results, and the trace says why', async () => {
    const store = await newStore();
    const first = await runSample(answering(), store);
    const again = answering();
    const clock = createPhaseClock();
    const second = await runSample(again, store, '0.0.0-test', clock);

    expect(first.calls).toHaveLength(4);
    expect(again.requests).toHaveLength(0);
    expect(second.results).toEqual(first.results);
    const trace = buildTrace(second);
    expect(checkTrace(trace)).toEqual([]);
    expect(trace.calls.every((call) => call.reused && call.attempts === 0 && call.usage !== null && call.usage.totalTokens === null)).toBe(true);
    const reuse = trace.calls[0]!.reuse!;
    expect(reuse.key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(reuse.basis).toEqual({
      package: expect.any(String),
      from: expect.any(String),
      to: expect.any(String),
      contextId: trace.calls[0]!.contextId,
      profileDigest: FAKE_DESCRIPTOR.profileDigest,
      promptVersion: trace.calls[0]!.promptVersion,
      schemaDigest: trace.calls[0]!.schemaDigest,
      toolVersion: '0.0.0-test',
    });
    expect(reuse.answeredAt).toBe('2025-01-01T00:00:00.000Z');
    expect(buildTrace(first).calls.every((call) => !call.reused && call.reuse === null)).toBe(true);
    const analysis = clock.snapshot().find((phase) => phase.name === 'analysis');
    expect(analysis?.counts).toMatchObject({ requests: 0, reused: 4 });
    const comment = renderComment(second, { artifactNames: ArtifactNames, runUrl: null, now: new Date('2025-01-02T00:00:00Z') });
    expect(comment).toContain('4 results reused from an earlier run');
    expect(renderComment(first, { artifactNames: ArtifactNames, runUrl: null, now: new Date('2025-01-02T00:00:00Z') })).not.toContain('reused');
  });

  it.each([
    ['another profile', () => ({ runtime: answering({ ...FAKE_DESCRIPTOR, profileDigest: `sha256:${'1'.repeat(64)}` }), toolVersion: '0.0.0-test' })],
    ['another DepVerdict version', () => ({ runtime: answering(), toolVersion: '0.0.1-test' })],
  ])('never reuses across %s', async (_label, variant) => {
    const store = await newStore();
    await runSample(answering(), store);
    const { runtime, toolVersion } = variant();
    await runSample(runtime, store, toolVersion);
    expect(runtime.requests).toHaveLength(4);
  });

  it('asks fresh when reuse is off (--no-reuse / reuse: false)', async () => {
    const store = await newStore();
    await runSample(answering(), store);
    const runtime = answering();
    await runSample(runtime, null);
    expect(runtime.requests).toHaveLength(4);
  });

  it('stores nothing from a run that failed closed', async () => {
    const store = await newStore();
    let calls = 0;
    const failing = new ScriptedRuntime((request) => (++calls === 2 ? new RuntimeError('IDENTITY_MISMATCH', 'another model answered') : successWith(candidateFor(request.userPrompt))));
    const outcome = await runSample(failing, store);
    expect(outcome.failClosed?.code).toBe('IDENTITY_MISMATCH');
    expect(readdirSync(join(store.directory, 'v1')).includes('answers')).toBe(false);
  });

  it('never reuses a stored answer that fails validation now: it is discarded and the runtime asked', async () => {
    const store = await newStore();
    await runSample(answering(), store);
    const directory = join(store.directory, 'v1', 'answers');
    for (const name of readdirSync(directory)) {
      const payload = (await store.read('answers', name))!;
      const answer = JSON.parse(payload.toString('utf8')) as { outputText: string };
      answer.outputText = '{"summary": "not the schema"}';
      await store.write('answers', name, Buffer.from(JSON.stringify(answer)));
    }
    writeFileSync(join(directory, readdirSync(directory)[0]!), 'garbage');
    const runtime = answering();
    const outcome = await runSample(runtime, store);
    expect(runtime.requests).toHaveLength(4);
    expect(outcome.results.every((result) => result.status === 'analyzed')).toBe(true);
    expect(outcome.calls.some((call) => call.reuse)).toBe(false);
  });

  it('does not reuse deterministic (extractive) results: they cost no request', async () => {
    const store = await newStore();
    const extractive = () => answering({ ...FAKE_DESCRIPTOR, deterministic: true });
    await runSample(extractive(), store);
    const runtime = extractive();
    await runSample(runtime, store);
    expect(runtime.requests).toHaveLength(4);
  });
});
