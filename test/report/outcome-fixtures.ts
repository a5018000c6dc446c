/**
 * TEST-ONLY fixtures: hand-built RunOutcome values for the report layer's tests. They are not
 * produced by the pipeline; they model what it produces (express/axios/@types/node like the
 * comment mockup) and let each test swap in hostile text, failures or a fail-closed run.
 */
import type { AnalysisResult, EvidenceReference, RegistrySignals } from '../../src/analysis/types.js';
import { quietRegistrySignals } from '../../src/ecosystems/npm/registry-facts.js';
import type { Bump } from '../../src/bumps/types.js';
import { makeEvidenceItem } from '../../src/evidence/evidence-item.js';
import type { EvidenceItem } from '../../src/evidence/types.js';
import type { FailClosed, RunOutcome } from '../../src/report/run-outcome.js';
import type { RuntimeCallOutcome, RuntimeDescriptor } from '../../src/runtime/contract.js';
import { computeVerdict } from '../../src/report/verdict.js';

export const NOW = new Date('2026-11-30T12:00:00.000Z');
export const HEAD_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
export const CONTEXT_DIGEST = (seed: string): string => `sha256:${seed.repeat(64).slice(0, 64)}`;

export function evidenceReference(item: EvidenceItem): EvidenceReference {
  return {
    id: item.id,
    kind: item.kind,
    sourceId: item.sourceId,
    title: item.title,
    sourceUrl: item.sourceUrl,
    releaseVersions: item.releaseVersions,
    contentDigest: item.contentDigest,
  };
}

export function evidenceFor(name: string, version: string, content: string, url?: string): EvidenceItem {
  return makeEvidenceItem({
    packageId: `npm:${name}`,
    sourceId: 'npm-tarball',
    kind: 'changelog',
    locator: `CHANGELOG.md#${version}`,
    title: `CHANGELOG.md — ${version}`,
    sourceUrl: url ?? `https://www.npmjs.com/package/${name}/v/${version}`,
    releaseVersions: [version],
    content,
  });
}

export function quietSignals(overrides: Partial<RegistrySignals> = {}): RegistrySignals {
  return quietRegistrySignals({ versionsInRange: 3, targetPublishedAt: '2026-10-01T00:00:00.000Z', ...overrides });
}

export function analysedResult(options: {
  name: string;
  from: string;
  to: string;
  risk: AnalysisResult['riskLevel'];
  summary?: string;
  findingSummary?: string | null;
  reasons?: AnalysisResult['humanReviewReasons'];
  types?: AnalysisResult['dependency']['dependencyTypes'];
  semverClass?: AnalysisResult['versions']['semverClass'];
  signals?: RegistrySignals | null;
  evidenceUrl?: string;
}): AnalysisResult {
  const evidence = evidenceFor(options.name, options.to, `## ${options.to}\n- notes for ${options.name}`, options.evidenceUrl);
  const findingSummary = options.findingSummary === undefined ? null : options.findingSummary;
  return {
    id: `npm:${options.name}@${options.from}..${options.to}`,
    status: 'analyzed',
    contextId: CONTEXT_DIGEST(options.name.length.toString(16)),
    dependency: { ecosystem: 'npm', name: options.name, dependencyTypes: options.types ?? ['prod'], manifests: ['package.json'] },
    versions: { from: options.from, to: options.to, direction: 'upgrade', semverClass: options.semverClass ?? 'minor', inRange: [options.to] },
    summary: options.summary ?? `${options.name} ${options.to} changes documented in the changelog.`,
    summaryEvidenceRefs: [evidence.id],
    riskLevel: options.risk,
    riskEvidenceRefs: options.risk === 'unknown' ? [] : [evidence.id],
    findings:
      findingSummary === null
        ? []
        : [{ id: 'finding-1', kind: 'breakingChange', summary: findingSummary, appliesToVersions: [options.to], evidenceRefs: [evidence.id] }],
    evidence: [evidenceReference(evidence)],
    evidenceCoverage: 'sufficient',
    missingInformation: [],
    registrySignals: options.signals === undefined ? quietSignals() : options.signals,
    validation: { schemaValid: true, trustIssues: [] },
    humanReviewReasons: options.reasons ?? [],
    nextAction: (options.reasons ?? []).length > 0 ? 'reviewBeforeMerge' : 'proceed',
    error: null,
    limitations: ['extractive: no model read the text'],
  };
}

export function failedResult(name: string, from: string, to: string, message = 'request to https://api.example timed out'): AnalysisResult {
  return {
    ...analysedResult({ name, from, to, risk: 'unknown' }),
    status: 'failed',
    summary: '',
    summaryEvidenceRefs: [],
    riskEvidenceRefs: [],
    findings: [],
    evidence: [],
    evidenceCoverage: 'none',
    missingInformation: [{ code: 'CHANGELOG_NOT_IN_TARBALL', message: 'No CHANGELOG file in the package tarball.' }],
    humanReviewReasons: ['ANALYSIS_FAILED'],
    nextAction: 'retryAnalysis',
    error: { code: 'TIMEOUT', message },
    validation: { schemaValid: null, trustIssues: [] },
  };
}

export function bumpOf(result: AnalysisResult): Bump {
  return {
    ecosystem: 'npm',
    name: result.dependency.name,
    from: result.versions.from,
    to: result.versions.to,
    fromSpec: `^${result.versions.from}`,
    toSpec: `^${result.versions.to}`,
    direction: result.versions.direction,
    semverClass: result.versions.semverClass,
    dependencyTypes: result.dependency.dependencyTypes,
    manifests: ['package.json'],
    lockfiles: ['package-lock.json'],
    installPaths: [],
    direct: true,
    versionSource: 'lockfile',
  };
}

export const EXTRACTIVE_DESCRIPTOR: RuntimeDescriptor = {
  profileId: 'extractive',
  profileDigest: CONTEXT_DIGEST('e'),
  adapter: 'extractive',
  mode: 'production',
  requestedIdentity: { model: null, provider: null },
  routingPolicyDigest: null,
  gateway: 'none',
  concurrency: 4,
  deterministic: true,
};

export const MODEL_DESCRIPTOR: RuntimeDescriptor = {
  profileId: 'openrouter-gpt',
  profileDigest: CONTEXT_DIGEST('f'),
  adapter: 'openai-compatible',
  mode: 'production',
  requestedIdentity: { model: 'openai/gpt-5.5', provider: 'OpenAI' },
  routingPolicyDigest: CONTEXT_DIGEST('d'),
  gateway: 'openrouter',
  concurrency: 2,
  deterministic: false,
};

/** A successful model call for one result's context, with realistic telemetry. */
export function successfulCall(result: AnalysisResult, descriptor: RuntimeDescriptor = MODEL_DESCRIPTOR): RuntimeCallOutcome {
  return {
    runId: 'run-1',
    contextId: result.contextId ?? CONTEXT_DIGEST('0'),
    task: 'version-analysis.v1',
    promptVersion: '2',
    schemaDigest: CONTEXT_DIGEST('c'),
    schemaMode: 'jsonSchema',
    descriptor,
    success: {
      contractVersion: '1',
      outputText: '{"summary":"MODEL OUTPUT TEXT"}',
      finishReason: 'stop',
      requestedIdentity: descriptor.requestedIdentity,
      actualIdentity: descriptor.requestedIdentity,
      identityVerified: true,
      usage: { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, reasoningTokens: null, cachedInputTokens: null, costUsd: 0.0042 },
      timings: { totalMs: 1834.6, firstByteMs: 912.2 },
      execution: {
        attempts: 1,
        retries: 0,
        effectiveSchemaMode: 'jsonSchema',
        projection: null,
        sentSchemaDigest: CONTEXT_DIGEST('c'),
        route: { gateway: 'openrouter', fallbackOccurred: false, gatewayAttempts: 1, transforms: [], generationId: 'gen-123' },
      },
      warnings: [],
    },
    error: null,
    failureTelemetry: null,
  };
}

/** A three-bump outcome like the mockup, plus an added and a transitive change and a warning. */
export function normalOutcome(overrides: Partial<RunOutcome> = {}): RunOutcome {
  const results = [
    analysedResult({
      name: 'express',
      from: '4.21.2',
      to: '5.1.0',
      risk: 'high',
      semverClass: 'major',
      summary: '5.0.0 removes long-deprecated methods and changes path matching.',
      findingSummary: 'app.del() removed; use app.delete()',
      reasons: ['HIGH_RISK'],
      signals: quietSignals({ enginesChanged: { from: { node: '>= 0.10.0' }, to: { node: '>= 18' } } }),
    }),
    analysedResult({ name: 'axios', from: '1.6.8', to: '1.7.9', risk: 'low' }),
    analysedResult({ name: '@types/node', from: '20.12.7', to: '20.17.10', risk: 'low', types: ['dev'] }),
  ].sort((left, right) => (left.id < right.id ? -1 : 1));
  const extraBumps: Bump[] = [
    { ...bumpOf(results[0]!), name: 'left-pad', from: null, to: '1.3.0', fromSpec: null, direction: 'added', semverClass: 'unknown' },
    { ...bumpOf(results[0]!), name: 'debug', from: '4.3.4', to: '4.4.0', fromSpec: null, toSpec: null, direct: false, dependencyTypes: ['transitive'], manifests: [] },
  ];
  const bumps = [...results.map(bumpOf), ...extraBumps].sort((left, right) => (left.name < right.name ? -1 : 1));
  const base: RunOutcome = {
    runId: 'run-1',
    generatedAt: '2026-11-30T12:00:00.000Z',
    tool: { name: 'depverdict', version: '1.0.0' },
    source: { repository: 'octo/app', pullRequest: 42, baseRef: 'main', headRef: 'dependabot/npm/express-5.1.0', headSha: HEAD_SHA },
    runtime: EXTRACTIVE_DESCRIPTOR,
    bumps,
    detectionWarnings: [{ code: 'PR_TEXT_DISAGREES', subject: 'PR title', message: 'The title names express 5.0.0; the lockfile says 5.1.0.' }],
    results,
    calls: [],
    verdict: computeVerdict(results, null),
    failClosed: null,
    ...overrides,
  };
  return { ...base, verdict: computeVerdict(base.results, base.failClosed) };
}

export const ROUTING_FAILURE: FailClosed = {
  code: 'ROUTING_POLICY_VIOLATION',
  message: 'The gateway routed the call to SomeOtherProvider, which the profile does not allow.',
  identity: { requestedModel: 'openai/gpt-5.5', requestedProvider: 'OpenAI', actualModel: 'openai/gpt-5.5', actualProvider: 'SomeOtherProvider', attempts: 2 },
};

/** A result whose every untrusted field (summary, finding, titles, registry strings, messages) carries `text`. */
export function hostileResult(text: string, index: number): AnalysisResult {
  const base = analysedResult({
    name: `pkg-${index}`,
    from: '1.0.0',
    to: '2.0.0',
    risk: 'high',
    summary: text,
    findingSummary: text,
    reasons: ['HIGH_RISK'],
    signals: quietSignals({ targetDeprecated: text, publisherChanged: { from: text, to: 'b' } }),
    evidenceUrl: `https://www.npmjs.com/package/pkg-${index}/v/2.0.0`,
  });
  return {
    ...base,
    evidence: base.evidence.map((item) => ({ ...item, title: text })),
    missingInformation: [{ code: 'CHANGELOG_NOT_IN_TARBALL', message: text }],
    limitations: [text],
  };
}
