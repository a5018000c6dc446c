/**
 * End to end: locked routes and fail-closed identity through the BUILT action (dist/index.js
 * as a child process) against loopback fakes of GitHub, the npm registry, the artifact
 * service and a model endpoint scripted like OpenRouter, LiteLLM, a direct provider and a
 * development route. A matching route publishes the model's (grounded) analysis; every
 * identity or routing deviation withholds every verdict, names the stable code, and keeps
 * the model's text out of the comment, summary and manifest while the trace records
 * requested against actual identity.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeArtifactService } from '../fakes/fake-artifact-service.js';
import type { FakeGitHub } from '../fakes/fake-github-server.js';
import type { FakeNpmRegistry } from '../fakes/fake-npm-registry.js';
import { installLoopbackProfile, type LoopbackProfileName } from '../fixtures/profiles/loopback-profiles.js';
import { startScriptedModelServer, type RouteScenario, type ScriptedModelServer } from '../fixtures/profiles/scripted-model-server.js';
import { runBuiltAction, type ActionRun, samplePullRequest, startRunnerFakes } from './run-built-action.js';

const REPOSITORY = 'acme/webapp';
const BASE_SHA = 'c'.repeat(40);
const HEAD_SHA = 'd'.repeat(40);
const PR_NUMBER = 12;
const GITHUB_TOKEN = 'ghs_identityE2eToken0123456789abcdef';
/** The model API key; it must never appear in any output. */
const CANARY_KEY = 'sk-or-v1-canary-3f9a1c7e5b2d4086a1b2c3d4e5f60718';
const MARKER = '<!-- depverdict:comment v1 -->';
/** What the fake model writes as every summary: present when published, absent when withheld. */
const MODEL_PHRASE = 'Quokka ledger reports a calm and uneventful release train';
const DEPENDENCIES = ['@types/node', 'axios', 'express', 'lodash'];


const pullRequest = samplePullRequest({ number: PR_NUMBER, baseSha: BASE_SHA, headSha: HEAD_SHA });
const event = pullRequest.event;

/** Usage as OpenRouter reports it (with an authoritative cost). */
const USAGE = { prompt_tokens: 1234, completion_tokens: 56, total_tokens: 1290, cost: 0.00021 };
const OPENROUTER_OK: RouteScenario = {
  model: 'openai/gpt-4o-mini',
  provider: 'OpenAI',
  usage: USAGE,
  extra: { openrouter_metadata: { requested: 'openai/gpt-4o-mini', strategy: 'only', attempts: [{ provider: 'OpenAI', status: 200 }] } },
};
const LITELLM_HEADERS = {
  'x-litellm-model-id': 'azure-gpt-4o-mini-eastus',
  'x-litellm-model-group': 'depverdict-analysis',
  'x-litellm-call-id': 'call-e2e-1',
  'x-litellm-attempted-retries': '0',
  'x-litellm-attempted-fallbacks': '0',
  'x-litellm-response-cost': '0.00017',
  'x-litellm-model-api-base': 'https://internal-azure.example.test',
};
const LITELLM_OK: RouteScenario = { model: 'depverdict-analysis', headers: LITELLM_HEADERS, usage: { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940 } };

let github: FakeGitHub;
let registry: FakeNpmRegistry;
let artifacts: FakeArtifactService;
let model: ScriptedModelServer;
/** Workspaces this file created; removed after each test. */
const workspaces: string[] = [];

beforeEach(async () => {
  ({ github, registry, artifacts } = await startRunnerFakes({ repository: REPOSITORY, number: PR_NUMBER, pullRequest, token: GITHUB_TOKEN }));
  model = await startScriptedModelServer({ phrase: MODEL_PHRASE, scenario: OPENROUTER_OK });
});

afterEach(async () => {
  await Promise.all([github.close(), registry.close(), artifacts.close(), model.close()]);
  for (const workspace of workspaces.splice(0)) rmSync(workspace, { recursive: true, force: true });
});

interface Published {
  run: ActionRun;
  comment: string;
  manifest: {
    summary: { verdict: string };
    results: Array<{ dependency: { name: string }; status: string; summary: string; error: { code: string } | null; limitations: string[] }>;
    failClosed: { code: string } | null;
  };
  manifestText: string;
  trace: {
    profile: { id: string; mode: string; gateway: string; routingPolicyDigest: string | null };
    failClosed: { code: string; message: string } | null;
    calls: Array<Record<string, unknown> & { usage: Record<string, number | null> | null; latency: { totalMs: number | null }; error: { code: string } | null; warnings: string[] }>;
  };
  traceText: string;
}

/** Runs the built action with a loopback profile and the given route, and reads everything it published. */
async function runWith(profile: LoopbackProfileName, scenario: RouteScenario): Promise<Published> {
  model.setScenario(scenario);
  const workspace = mkdtempSync(join(tmpdir(), 'depverdict-identity-'));
  workspaces.push(workspace);
  const profileFile = installLoopbackProfile(profile, model.origin, workspace);
  const run = await runBuiltAction({
    repository: REPOSITORY,
    event,
    workspace,
    inputs: { 'github-token': GITHUB_TOKEN, profile: profileFile, 'api-key': CANARY_KEY, 'npm-registry': registry.url, 'output-dir': 'out' },
    env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', ...artifacts.env },
  });
  const comments = (github.state.repositories[REPOSITORY]?.comments[PR_NUMBER] ?? []).filter((comment) => comment.body.includes(MARKER));
  expect(comments, run.stdout + run.stderr).toHaveLength(1);
  const manifestText = readFileSync(join(workspace, 'out', 'version-analysis.json'), 'utf8');
  const traceText = readFileSync(join(workspace, 'out', 'trace.json'), 'utf8');
  // Both artifacts are uploaded whatever the outcome: a withheld run still explains itself.
  expect(artifacts.artifacts.map((artifact) => artifact.name).sort()).toEqual(['depverdict-trace', 'version-analysis']);
  return { run, comment: comments[0]!.body, manifest: JSON.parse(manifestText), manifestText, trace: JSON.parse(traceText), traceText };
}

function expectNoCanary(published: Published): void {
  const { run, comment, manifestText, traceText } = published;
  // `::add-mask::` is the runner command that masks a secret in every later log line; the
  // runner consumes it and never prints it. It is the one place the key may and must appear.
  const commands = run.stdout.split('\n');
  expect(commands).toContain(`::add-mask::${CANARY_KEY}`);
  const stdout = commands.filter((line) => !line.startsWith('::add-mask::')).join('\n');
  for (const [where, text] of Object.entries({ comment, summary: run.summary, stdout, stderr: run.stderr, manifest: manifestText, trace: traceText, outputs: JSON.stringify(run.outputs) })) {
    expect(text, `canary key leaked into ${where}`).not.toContain(CANARY_KEY);
  }
}

/** Every request carried the key from the api-key input and the model the profile locks. */
function expectRequestsSent(expectedModel: string): void {
  expect(model.requests).toHaveLength(DEPENDENCIES.length);
  for (const request of model.requests) {
    expect(request.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expect(request.body.model).toBe(expectedModel);
  }
}

describe('a route that matches its locked profile', () => {
  it('OpenRouter: publishes the analysis with the identity verified and traces requested and actual identity, usage, cost and latency', async () => {
    const published = await runWith('openrouter', OPENROUTER_OK);
    const { run, comment, manifest, trace } = published;
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('::error::');
    expect(run.outputs.verdict).not.toBe('withheld');

    // The provider lock and metadata opt-in travel in every request; the key comes from the api-key input.
    expectRequestsSent('openai/gpt-4o-mini');
    for (const request of model.requests) {
      expect(request.body.provider).toEqual({ only: ['openai'], allow_fallbacks: false, require_parameters: true });
      expect(request.body.transforms).toEqual([]);
      expect(request.body.models).toBeUndefined();
      expect(request.headers['x-openrouter-metadata']).toBe('enabled');
    }

    expect(comment).toContain('`openai/gpt-4o-mini`');
    expect(comment).toContain('`OpenAI`');
    expect(comment).toContain('route verified');
    expect(comment).not.toContain('unverified');
    // The grounded model summary is published (the contrast that makes the withheld cases meaningful).
    expect(comment).toContain(MODEL_PHRASE);
    expect(manifest.failClosed).toBeNull();
    expect(manifest.results.map((result) => result.dependency.name)).toEqual(DEPENDENCIES);
    for (const result of manifest.results) {
      expect(result.status).toBe('analyzed');
      expect(result.summary).toBe(MODEL_PHRASE);
    }

    expect(trace.failClosed).toBeNull();
    expect(trace.profile).toMatchObject({ id: 'e2e-openrouter-locked', mode: 'production', gateway: 'openrouter' });
    expect(trace.profile.routingPolicyDigest).toMatch(/^sha256:/);
    expect(trace.calls).toHaveLength(DEPENDENCIES.length);
    for (const call of trace.calls) {
      expect(call).toMatchObject({
        requestedModel: 'openai/gpt-4o-mini',
        requestedProvider: 'OpenAI',
        actualModel: 'openai/gpt-4o-mini',
        actualProvider: 'OpenAI',
        identityVerified: true,
        attempts: 1,
        fallbackOccurred: false,
        gatewayAttempts: 1,
        transforms: [],
        costUsd: 0.00021,
        error: null,
      });
      expect(call.generationId).toMatch(/^gen-e2e-\d+$/);
      expect(call.usage).toMatchObject({ inputTokens: 1234, outputTokens: 56, totalTokens: 1290 });
      expect(call.latency.totalMs).toEqual(expect.any(Number));
    }
    // The trace holds metadata, never the prompt or the model's text.
    expect(published.traceText).not.toContain(MODEL_PHRASE);
    expect(published.traceText).not.toContain('DEPVERDICT_CONTEXT_JSON');
    expectNoCanary(published);
  });

  it('LiteLLM: verifies the deployment from x-litellm-model-id and never records the internal api base', async () => {
    const published = await runWith('litellm', LITELLM_OK);
    const { run, comment, trace } = published;
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expectRequestsSent('depverdict-analysis');
    expect(comment).toContain('route verified');
    expect(comment).toContain('`azure-gpt-4o-mini-eastus`');
    for (const call of trace.calls) {
      expect(call).toMatchObject({
        requestedModel: 'depverdict-analysis',
        requestedProvider: 'azure-gpt-4o-mini-eastus',
        actualModel: 'depverdict-analysis',
        actualProvider: 'azure-gpt-4o-mini-eastus',
        identityVerified: true,
        gatewayAttempts: 1,
        fallbackOccurred: false,
        generationId: 'call-e2e-1',
        costUsd: 0.00017,
      });
      expect(call.gatewayDetails).toMatchObject({ 'x-litellm-model-group': 'depverdict-analysis' });
    }
    expect(published.traceText).not.toContain('internal-azure.example.test');
    expectNoCanary(published);
  });

  it('direct endpoint: a dated snapshot of the locked model passes the anchored pattern', async () => {
    const published = await runWith('direct', { model: 'gpt-4o-mini-2024-07-18' });
    expect(published.run.exitCode, published.run.stdout + published.run.stderr).toBe(0);
    expectRequestsSent('gpt-4o-mini');
    expect(published.comment).toContain('`gpt-4o-mini-2024-07-18`');
    expect(published.comment).toContain('route verified');
    for (const call of published.trace.calls) {
      expect(call).toMatchObject({ requestedModel: 'gpt-4o-mini', actualModel: 'gpt-4o-mini-2024-07-18', identityVerified: true });
    }
    expectNoCanary(published);
  });
});

interface FailClosedCase {
  name: string;
  profile: LoopbackProfileName;
  scenario: RouteScenario;
  code: 'IDENTITY_MISMATCH' | 'ROUTING_POLICY_VIOLATION';
  requested: { model: string; provider: string | null };
  actual: { model: string | null; provider: string | null };
}

const openRouterRequested = { model: 'openai/gpt-4o-mini', provider: 'OpenAI' };
const failClosedCases: FailClosedCase[] = [
  {
    name: 'a different actual model',
    profile: 'openrouter',
    scenario: { ...OPENROUTER_OK, model: 'openai/gpt-4o' },
    code: 'IDENTITY_MISMATCH',
    requested: openRouterRequested,
    actual: { model: 'openai/gpt-4o', provider: 'OpenAI' },
  },
  {
    name: 'a different provider',
    profile: 'openrouter',
    scenario: { ...OPENROUTER_OK, provider: 'Azure' },
    code: 'IDENTITY_MISMATCH',
    requested: openRouterRequested,
    actual: { model: 'openai/gpt-4o-mini', provider: 'Azure' },
  },
  {
    name: 'a fallback reported in openrouter_metadata',
    profile: 'openrouter',
    scenario: { ...OPENROUTER_OK, extra: { openrouter_metadata: { requested: 'openai/gpt-4o-mini', strategy: 'fallback', fallback_used: true } } },
    code: 'ROUTING_POLICY_VIOLATION',
    requested: openRouterRequested,
    actual: { model: 'openai/gpt-4o-mini', provider: 'OpenAI' },
  },
  {
    name: 'an extra attempt reported by the gateway',
    profile: 'openrouter',
    scenario: { ...OPENROUTER_OK, extra: { openrouter_metadata: { attempts: [{ provider: 'OpenAI', status: 503 }, { provider: 'OpenAI', status: 200 }] } } },
    code: 'ROUTING_POLICY_VIOLATION',
    requested: openRouterRequested,
    actual: { model: 'openai/gpt-4o-mini', provider: 'OpenAI' },
  },
  {
    name: 'an internal retry reported in x-litellm-attempted-retries',
    profile: 'litellm',
    scenario: { ...LITELLM_OK, headers: { ...LITELLM_HEADERS, 'x-litellm-attempted-retries': '1' } },
    code: 'ROUTING_POLICY_VIOLATION',
    requested: { model: 'depverdict-analysis', provider: 'azure-gpt-4o-mini-eastus' },
    actual: { model: 'depverdict-analysis', provider: 'azure-gpt-4o-mini-eastus' },
  },
  {
    name: 'a transform applied by the gateway',
    profile: 'openrouter',
    scenario: { ...OPENROUTER_OK, extra: { openrouter_metadata: { attempts: 1, transforms: ['middle-out'] } } },
    code: 'ROUTING_POLICY_VIOLATION',
    requested: openRouterRequested,
    actual: { model: 'openai/gpt-4o-mini', provider: 'OpenAI' },
  },
  {
    name: 'missing route metadata (no model, no provider) under a locked profile',
    profile: 'openrouter',
    scenario: { model: null, usage: USAGE },
    code: 'IDENTITY_MISMATCH',
    requested: openRouterRequested,
    actual: { model: null, provider: null },
  },
  {
    name: 'missing x-litellm-model-id under a locked LiteLLM profile',
    profile: 'litellm',
    scenario: { model: 'depverdict-analysis', headers: { 'x-litellm-call-id': 'call-e2e-2' } },
    code: 'IDENTITY_MISMATCH',
    requested: { model: 'depverdict-analysis', provider: 'azure-gpt-4o-mini-eastus' },
    actual: { model: 'depverdict-analysis', provider: null },
  },
  {
    name: 'a different model than the dated-snapshot pattern allows',
    profile: 'direct',
    scenario: { model: 'gpt-4o-mini-search-preview' },
    code: 'IDENTITY_MISMATCH',
    requested: { model: 'gpt-4o-mini', provider: null },
    actual: { model: 'gpt-4o-mini-search-preview', provider: null },
  },
];

describe('a route that deviates from its locked profile fails closed', () => {
  for (const testCase of failClosedCases) {
    it(`${testCase.name} → ${testCase.code}`, async () => {
      const published = await runWith(testCase.profile, testCase.scenario);
      const { run, comment, manifest, trace } = published;

      expect(run.exitCode, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toMatch(new RegExp(`::error::.*${testCase.code}`));
      expect(run.outputs.verdict).toBe('withheld');
      expect(run.outputs['requires-human-review']).toBe('true');
      // Identity errors are never retried, and the run stops sending requests after the first
      // one: at most the calls already in flight reach the route (never one per dependency more).
      expect(model.requests.length).toBeGreaterThanOrEqual(1);
      expect(model.requests.length).toBeLessThanOrEqual(DEPENDENCIES.length);

      // The comment says the verdict was withheld, with the code, and carries no model text.
      expect(comment).toMatch(/verdict withheld/i);
      expect(comment).toContain(testCase.code);
      expect(comment).toContain('No analysis is published');
      for (const [where, text] of Object.entries({ comment, summary: run.summary, manifest: published.manifestText, trace: published.traceText })) {
        expect(text, `model text leaked into ${where}`).not.toContain(MODEL_PHRASE);
      }
      expect(run.summary).toMatch(/withheld/i);

      // Every dependency is listed, failed with the stable code; no risk or findings survive.
      expect(manifest.summary.verdict).toBe('withheld');
      expect(manifest.failClosed?.code).toBe(testCase.code);
      expect(manifest.results.map((result) => result.dependency.name)).toEqual(DEPENDENCIES);
      // The dependency whose call deviated carries the code; the ones not sent (or cut off in
      // flight) are CANCELLED because the run failed closed.
      expect(manifest.results.some((result) => result.error?.code === testCase.code)).toBe(true);
      for (const result of manifest.results) {
        expect(result.status).toBe('failed');
        expect([testCase.code, 'CANCELLED']).toContain(result.error?.code);
        expect(result).toMatchObject({ riskLevel: 'unknown', findings: [], summaryEvidenceRefs: [], riskEvidenceRefs: [] });
      }

      // The trace records requested against actual identity for the call that deviated.
      expect(trace.failClosed?.code).toBe(testCase.code);
      const deviating = trace.calls.filter((call) => call.error?.code === testCase.code);
      expect(deviating.length).toBeGreaterThanOrEqual(1);
      for (const call of trace.calls) expect([testCase.code, 'CANCELLED']).toContain(call.error?.code);
      for (const call of deviating) {
        expect(call).toMatchObject({
          requestedModel: testCase.requested.model,
          requestedProvider: testCase.requested.provider,
          actualModel: testCase.actual.model,
          actualProvider: testCase.actual.provider,
          identityVerified: null,
          attempts: 1,
        });
        expect(call.error?.code).toBe(testCase.code);
        expect(call.latency.totalMs).toEqual(expect.any(Number));
      }
      expectNoCanary(published);
    });
  }
});

describe('a development profile', () => {
  it('publishes results from a route that cannot name its model, marked "unverified route" in the comment and trace', async () => {
    const published = await runWith('development', { model: null, usage: null });
    const { run, comment, manifest, trace } = published;
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expectRequestsSent('llama3.2:3b');
    expect(comment).toContain('unverified route (development profile)');
    expect(comment).toContain(MODEL_PHRASE);
    expect(manifest.failClosed).toBeNull();
    for (const result of manifest.results) expect(result.status).toBe('analyzed');

    expect(trace.profile.mode).toBe('development');
    for (const call of trace.calls) {
      expect(call).toMatchObject({ requestedModel: 'llama3.2:3b', actualModel: null, identityVerified: false, error: null });
      expect(call.warnings.join('\n')).toContain('unverified route');
      // No usage reported means unknown, never an invented 0.
      expect(call.usage).toEqual({ inputTokens: null, outputTokens: null, totalTokens: null, reasoningTokens: null, cachedInputTokens: null });
    }
    expectNoCanary(published);
  });
});
