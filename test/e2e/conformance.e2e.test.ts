/**
 * End to end: conformance mode and the analyze-mode qualification gate through the BUILT
 * action (dist/index.js) and the BUILT CLI (dist/cli/index.js), as child processes.
 *
 * The endpoint is a loopback double scripted like OpenRouter with openai/gpt-4o-mini in the
 * seed compatibility report: any request whose JSON schema carries `uniqueItems` is refused
 * with HTTP 400, everything else passes. A child process cannot use runConformance's
 * onProbeStart hook, so the double recognises each probe from the request itself (the
 * bogus model id, the truncation and tiny prompts, the schema digest). The same double also
 * answers analysis requests (a grounded candidate read back from the DepVerdict context), so
 * one origin — and therefore one profile digest — serves both the conformance run that
 * writes the qualification record and the analysis that requires it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../../src/analysis/candidate-schema.js';
import { BOGUS_MODEL_ID, PROBE_SCHEMAS, TINY_USER_PROMPT, TRUNCATION_USER_PROMPT } from '../../src/conformance/probe-schemas.js';
import { parseProfile } from '../../src/runtime/profiles/load-profile.js';
import { digestOf } from '../../src/shared/canonical-json.js';
import { VALID_ANSWERS } from '../conformance/provider-behaviours.js';
import type { FakeArtifactService } from '../fakes/fake-artifact-service.js';
import type { FakeGitHub } from '../fakes/fake-github-server.js';
import type { FakeNpmRegistry } from '../fakes/fake-npm-registry.js';
import { completion, type CompletionOptions } from '../fakes/fake-openai-server.js';
import { loopbackProfileText } from '../fixtures/profiles/loopback-profiles.js';
import { groundedCandidate } from '../fixtures/profiles/scripted-model-server.js';
import { BUILT_ACTION, REPO_ROOT, runBuiltAction, type ActionRun, samplePullRequest, startRunnerFakes } from './run-built-action.js';

const BUILT_CLI = join(BUILT_ACTION, '..', 'cli', 'index.js');
const REPOSITORY = 'acme/webapp';
const BASE_SHA = 'e'.repeat(40);
const HEAD_SHA = 'f'.repeat(40);
const PR_NUMBER = 21;
const GITHUB_TOKEN = 'ghs_conformanceE2eToken0123456789abcd';
/** The model API key; the double echoes it in its 400 errors, and it must appear nowhere. */
const CANARY_KEY = 'sk-or-v1-conformance-canary-9b8a7c6d5e4f30211f2e3d4c';
const KEY_VARIABLE = 'DEPVERDICT_E2E_CONFORMANCE_KEY';
const MARKER = '<!-- depverdict:comment v1 -->';
const MODEL_PHRASE = 'Pangolin registry sees an orderly and quiet upgrade';
const DEPENDENCIES = ['@types/node', 'axios', 'express', 'lodash'];
/** Every probe runs once; no probe is retried although the fixture allows 2 attempts. */
const PROBE_REQUESTS = 14;

// ---------------------------------------------------------------------------------------
// TEST DOUBLE: an OpenRouter-like endpoint that answers each probe, and each analysis, by
// what the request is.

type RequestKind = 'analysis' | 'model-not-found' | 'truncation' | 'usage-sanity' | 'schema';

interface RecordedRequest {
  kind: RequestKind;
  authorization: string | undefined;
  model: unknown;
  /** For schema probes: whether the schema sent carried uniqueItems. */
  sentUniqueItems: boolean;
}

interface ScriptedEndpoint {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Identity and usage as OpenRouter reports them for the locked route of the fixture. */
const ROUTE: CompletionOptions = {
  model: 'openai/gpt-4o-mini',
  provider: 'OpenAI',
  id: 'gen-conformance-e2e',
  usage: { prompt_tokens: 38, completion_tokens: 9, total_tokens: 47, cost: 0.00012 },
  extra: { openrouter_metadata: { requested: 'openai/gpt-4o-mini', strategy: 'only', attempts: [{ provider: 'OpenAI', status: 200 }] } },
};

/** Probe schema digest → an answer that satisfies it (what an enforcing endpoint returns). */
const ANSWERS_BY_DIGEST = new Map<string, unknown>([
  [digestOf(PROBE_SCHEMAS.baseline), VALID_ANSWERS.baseline],
  [digestOf(PROBE_SCHEMAS.arrayItems), VALID_ANSWERS['array-items']],
  [digestOf(PROBE_SCHEMAS.minItems), VALID_ANSWERS['min-items']],
  [digestOf(PROBE_SCHEMAS.pattern), VALID_ANSWERS.pattern],
  [digestOf(PROBE_SCHEMAS.enumeration), VALID_ANSWERS.enum],
  [digestOf(PROBE_SCHEMAS.nestedObject), VALID_ANSWERS['nested-object']],
  [digestOf(PROBE_SCHEMAS.arrayOfObjects), VALID_ANSWERS['array-of-objects']],
]);

function userPromptOf(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<Record<string, unknown>>) : [];
  const user = messages.find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

function sentSchemaOf(body: Record<string, unknown>): Record<string, unknown> | undefined {
  return (body.response_format as { json_schema?: { schema?: Record<string, unknown> } } | undefined)?.json_schema?.schema;
}

function reply(body: Record<string, unknown>, record: RecordedRequest): { status: number; payload: unknown } {
  const prompt = userPromptOf(body);
  if (prompt.includes('DEPVERDICT_CONTEXT_JSON')) {
    record.kind = 'analysis';
    return { status: 200, payload: completion({ ...ROUTE, content: groundedCandidate(prompt, MODEL_PHRASE) }) };
  }
  if (body.model === BOGUS_MODEL_ID) {
    record.kind = 'model-not-found';
    return { status: 404, payload: { error: { code: 404, message: `No endpoints found for ${BOGUS_MODEL_ID}.` } } };
  }
  if (prompt === TRUNCATION_USER_PROMPT) {
    record.kind = 'truncation';
    return { status: 200, payload: completion({ ...ROUTE, finishReason: 'length', content: '{"answer":"one two thr' }) };
  }
  if (prompt === TINY_USER_PROMPT) {
    record.kind = 'usage-sanity';
    return { status: 200, payload: completion({ ...ROUTE, content: JSON.stringify(VALID_ANSWERS['usage-sanity']) }) };
  }
  record.kind = 'schema';
  const schema = sentSchemaOf(body);
  if (schema === undefined) return { status: 400, payload: { error: { code: 400, message: 'scripted endpoint: no json_schema in the request (test bug)' } } };
  record.sentUniqueItems = JSON.stringify(schema).includes('"uniqueItems"');
  if (record.sentUniqueItems) {
    // The seed report: OpenRouter refuses uniqueItems anywhere in the schema with HTTP 400.
    // The message echoes the caller's key, as a careless provider might; it must be redacted.
    return {
      status: 400,
      payload: {
        error: {
          code: 400,
          message: `Provider returned error (key ${CANARY_KEY})`,
          metadata: { provider_name: 'OpenAI', raw: '{"error":{"message":"Invalid schema for response_format: uniqueItems is not permitted"}}' },
        },
      },
    };
  }
  // The candidate schema (projected, without uniqueItems) gets an empty, valid candidate.
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const answer = 'summaryEvidenceRefs' in properties ? VALID_ANSWERS['declared-projection'] : ANSWERS_BY_DIGEST.get(digestOf(schema));
  if (answer === undefined) return { status: 400, payload: { error: { code: 400, message: 'scripted endpoint: unknown probe schema (test bug)' } } };
  return { status: 200, payload: completion({ ...ROUTE, content: JSON.stringify(answer) }) };
}

async function startScriptedEndpoint(): Promise<ScriptedEndpoint> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const authorization = request.headers.authorization;
      const record: RecordedRequest = { kind: 'schema', authorization, model: undefined, sentUniqueItems: false };
      let status: number;
      let payload: unknown;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        record.model = body.model;
        ({ status, payload } = reply(body, record));
      } catch (error) {
        status = 400;
        payload = { error: { code: 400, message: `scripted endpoint: ${(error as Error).message}` } };
      }
      requests.push(record);
      const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
      response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
      response.end(bytes);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

// ---------------------------------------------------------------------------------------
// Profiles: the OpenRouter loopback fixture, which declares the projection the report
// recommends (drop uniqueItems) and lists uniqueItems as unsupported, and variants of it.

type ProfileVariant =
  /** The fixture as shipped: projection openai-strict, uniqueItems declared unsupported. */
  | 'projected'
  /** The seed report's configuration: no projection, uniqueItems (implicitly) declared supported. */
  | 'unprojected'
  /** The projection is declared, but uniqueItems is still declared supported. */
  | 'projected-claims-unique-items';

const PROJECTION_LINES = '  projection:\n    name: openai-strict\n    dropKeywords: [uniqueItems]\n';
const UNSUPPORTED_LINES = '  jsonSchemaKeywords:\n    unsupported: [uniqueItems]\n';

function without(text: string, lines: string): string {
  if (!text.includes(lines)) throw new Error(`the OpenRouter loopback fixture no longer contains:\n${lines}`);
  return text.replace(lines, '');
}

function profileText(variant: ProfileVariant, origin: string): string {
  const fixture = loopbackProfileText('openrouter', origin);
  switch (variant) {
    case 'projected':
      return fixture;
    case 'unprojected':
      return without(without(fixture, PROJECTION_LINES), UNSUPPORTED_LINES).replace('id: e2e-openrouter-locked', 'id: e2e-openrouter-unprojected');
    case 'projected-claims-unique-items':
      return without(fixture, UNSUPPORTED_LINES).replace('id: e2e-openrouter-locked', 'id: e2e-openrouter-claims-unique');
  }
}

/** Writes the profile into `directory` (outside the PR's changed files); returns its file name and digest. */
function installProfile(variant: ProfileVariant, origin: string, directory: string): { file: string; digest: string } {
  const file = `profile-${variant}.yml`;
  const text = profileText(variant, origin);
  writeFileSync(join(directory, file), text);
  return { file, digest: parseProfile(text, file).digest };
}

// ---------------------------------------------------------------------------------------
// Shared state and helpers.


const pullRequest = samplePullRequest({ number: PR_NUMBER, baseSha: BASE_SHA, headSha: HEAD_SHA });
const event = pullRequest.event;

let endpoint: ScriptedEndpoint;
let workspace: string;
/** Directories this file created; removed after each test. */
const directories: string[] = [];

function newDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  directories.push(directory);
  return directory;
}

beforeEach(async () => {
  endpoint = await startScriptedEndpoint();
  workspace = newDirectory('depverdict-conformance-e2e-');
});

afterEach(async () => {
  await endpoint.close();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const probeRequests = () => endpoint.requests.filter((request) => request.kind !== 'analysis');
const analysisRequests = () => endpoint.requests.filter((request) => request.kind === 'analysis');

interface ConformanceJson {
  verdict: string;
  failed: boolean;
  configuration: { profileId: string; profileDigest: string; endpointOrigin: string };
  capabilities: Array<{ capability: string; declared: boolean | null; observed: boolean | null }>;
  probes: Array<{ id: string; status: string; httpStatus: number | null; diagnostic: string }>;
  requests: { used: number; budget: number; retries: number; fallbacks: number };
  qualification: { profileId: string; profileDigest: string; schemaDigest: string; promptVersion: string; verdict: string };
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const capability = (document: ConformanceJson, name: string) => document.capabilities.find((row) => row.capability === name);
const probeStatuses = (document: ConformanceJson) => Object.fromEntries(document.probes.map((probe) => [probe.id, probe.status]));

/** Runs the built action in conformance mode, as a scheduled job would (no token, no PR). */
function runConformanceAction(profileFile: string, outputDir = 'conformance-out'): Promise<ActionRun> {
  return runBuiltAction({
    repository: REPOSITORY,
    event: {},
    workspace,
    inputs: { mode: 'conformance', profile: profileFile, 'api-key': CANARY_KEY, 'output-dir': outputDir },
    env: { GITHUB_EVENT_NAME: 'schedule' },
  });
}

/** The canary key only on the `::add-mask::` line, nowhere else. */
function expectNoCanary(texts: Record<string, string>, stdout: string): void {
  const lines = stdout.split('\n');
  const unmasked = lines.filter((line) => !line.startsWith('::add-mask::')).join('\n');
  for (const [where, text] of Object.entries({ ...texts, stdout: unmasked })) {
    expect(text, `canary key leaked into ${where}`).not.toContain(CANARY_KEY);
  }
}

// ---------------------------------------------------------------------------------------

describe('the built action in conformance mode', () => {
  it('fails the step when the profile declares what the endpoint refuses (the seed report, no projection declared)', async () => {
    const profile = installProfile('unprojected', endpoint.origin, workspace);
    const run = await runConformanceAction(profile.file);

    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    // The step's error says why, as conformance.json's `failure` does: the rule that made it NON_CONFORMANT, then the broken claims.
    expect(run.stdout).toMatch(
      /^::error::Conformance NON_CONFORMANT: the candidate schema as the profile sends it failed \(probe exact-schema ended FAIL: HTTP 400 INVALID_REQUEST.*\); a capability the profile declares was not observed \(jsonSchema\.uniqueItems, candidateSchema\); see \/\S*\/conformance-out\/conformance\.md$/m,
    );
    expect(run.outputs['conformance-verdict']).toBe('NON_CONFORMANT');
    const jsonPath = join(workspace, 'conformance-out', 'conformance.json');
    const markdownPath = join(workspace, 'conformance-out', 'conformance.md');
    expect(resolve(workspace, run.outputs['conformance-report-path']!)).toBe(jsonPath);
    expect(existsSync(markdownPath)).toBe(true);
    // Conformance mode publishes no analysis outputs.
    expect(run.outputs.verdict).toBeUndefined();

    // The job summary is the Markdown report, verbatim.
    const markdown = readFileSync(markdownPath, 'utf8');
    expect(run.summary.trim()).toBe(markdown.trim());
    expect(run.summary).toContain('# Structured Output Conformance Report');
    // Provider text in the reason is escaped as Markdown (hence the loose middle).
    expect(run.summary).toMatch(/^Verdict: \*\*NON_CONFORMANT\*\* — the candidate schema as the profile sends it failed .*; a capability the profile declares was not observed .*uniqueItems, candidateSchema\\?\)$/m);
    expect(run.summary).toContain('- uniqueItems: CONFIRMED incompatible, because probe `array-items` passed and the otherwise identical probe `unique-items` failed \\(HTTP 400\\)\\.');
    expect(run.summary).toContain('recursively removes only `uniqueItems`');
    expect(run.summary).toMatch(/\| jsonSchema\.uniqueItems \| yes \| no \*\*NOT OBSERVED\*\* \|/);
    expect(run.summary).toMatch(/\| candidateSchema \| yes \| no \*\*NOT OBSERVED\*\* \|/);
    expect(run.summary).toContain(`- Probe requests: ${PROBE_REQUESTS}/${PROBE_REQUESTS}.`);
    expect(run.summary).toContain(`Profile digest: ${profile.digest}`);

    const document = readJson<ConformanceJson>(jsonPath);
    expect(document).toMatchObject({ verdict: 'NON_CONFORMANT', failed: true });
    expect(document.configuration).toMatchObject({ profileId: 'e2e-openrouter-unprojected', profileDigest: profile.digest, endpointOrigin: endpoint.origin });
    expect(probeStatuses(document)).toMatchObject({
      baseline: 'PASS',
      'array-items': 'PASS',
      'unique-items': 'FAIL',
      'exact-schema': 'FAIL',
      'declared-projection': 'SKIPPED_NOT_DECLARED',
      'recommended-projection': 'PASS',
      truncation: 'PASS',
      'model-not-found': 'PASS',
      'identity-echo': 'PASS',
      'usage-sanity': 'PASS',
    });
    expect(capability(document, 'jsonSchema.uniqueItems')).toMatchObject({ declared: true, observed: false });
    expect(capability(document, 'candidateSchema')).toMatchObject({ declared: true, observed: false });
    expect(document.requests).toMatchObject({ used: PROBE_REQUESTS, budget: PROBE_REQUESTS, retries: 0, fallbacks: 0 });
    expect(document.qualification).toMatchObject({ profileDigest: profile.digest, schemaDigest: CANDIDATE_SCHEMA_DIGEST, promptVersion: PROMPT_VERSION, verdict: 'NON_CONFORMANT' });

    // One request per executed probe, every one with the key from the api-key input; the
    // two schemas with uniqueItems (unique-items, exact-schema) were the ones refused.
    expect(endpoint.requests).toHaveLength(PROBE_REQUESTS);
    for (const request of endpoint.requests) expect(request.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expect(endpoint.requests.filter((request) => request.sentUniqueItems)).toHaveLength(2);

    // The provider echoed the key in its 400 error: it is redacted everywhere.
    expect(document.probes.find((probe) => probe.id === 'unique-items')!.diagnostic).toContain('***');
    expect(run.stdout.split('\n')).toContain(`::add-mask::${CANARY_KEY}`);
    expectNoCanary(
      { summary: run.summary, markdown, json: readFileSync(jsonPath, 'utf8'), stderr: run.stderr, outputs: JSON.stringify(run.outputs) },
      run.stdout,
    );
  });

  it('fails the step on a declared-but-not-observed capability even when the verdict is only PARTIALLY_CONFORMANT', async () => {
    const profile = installProfile('projected-claims-unique-items', endpoint.origin, workspace);
    const run = await runConformanceAction(profile.file);

    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^::error::Conformance PARTIALLY_CONFORMANT: a capability the profile declares was not observed/m);
    expect(run.outputs['conformance-verdict']).toBe('PARTIALLY_CONFORMANT');
    const document = readJson<ConformanceJson>(resolve(workspace, run.outputs['conformance-report-path']!));
    expect(document).toMatchObject({ verdict: 'PARTIALLY_CONFORMANT', failed: true });
    // The candidate schema works through the declared projection; only the uniqueItems claim is false.
    expect(capability(document, 'candidateSchema')).toMatchObject({ declared: true, observed: true });
    expect(capability(document, 'jsonSchema.uniqueItems')).toMatchObject({ declared: true, observed: false });
    expect(run.summary).toMatch(/\| jsonSchema\.uniqueItems \| yes \| no \*\*NOT OBSERVED\*\* \|/);
  });

  it('passes with verdict CONFORMANT when the profile declares the recommended projection', async () => {
    const profile = installProfile('projected', endpoint.origin, workspace);
    const run = await runConformanceAction(profile.file, 'reports');

    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('::error::');
    expect(run.outputs['conformance-verdict']).toBe('CONFORMANT');
    const jsonPath = join(workspace, 'reports', 'conformance.json');
    expect(resolve(workspace, run.outputs['conformance-report-path']!)).toBe(jsonPath);
    const markdown = readFileSync(join(workspace, 'reports', 'conformance.md'), 'utf8');
    expect(run.summary.trim()).toBe(markdown.trim());
    expect(run.summary).toContain('Verdict: **CONFORMANT**');
    expect(run.summary).not.toContain('NOT OBSERVED');
    expect(run.summary).toContain(
      '- exactSchema: CONFIRMED — the unchanged exact schema was rejected \\(HTTP 400\\) while the declared projection openai\\-strict \\(drops uniqueItems\\) passed\\.',
    );

    const document = readJson<ConformanceJson>(jsonPath);
    expect(document).toMatchObject({ verdict: 'CONFORMANT', failed: false });
    expect(probeStatuses(document)).toMatchObject({
      'unique-items': 'FAIL',
      'exact-schema': 'FAIL',
      'declared-projection': 'PASS',
      'recommended-projection': 'SKIPPED_NOT_DECLARED',
    });
    expect(capability(document, 'jsonSchema.uniqueItems')).toMatchObject({ declared: false, observed: false });
    expect(document.qualification).toMatchObject({ profileId: 'e2e-openrouter-locked', profileDigest: profile.digest, verdict: 'CONFORMANT' });
    expect(endpoint.requests).toHaveLength(PROBE_REQUESTS);
    expectNoCanary({ summary: run.summary, markdown, json: readFileSync(jsonPath, 'utf8'), stderr: run.stderr }, run.stdout);
  });

  it('refuses the extractive profile, which sends no model requests, with an error and no report', async () => {
    const run = await runConformanceAction('extractive');
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^::error::Conformance could not run: .*extractive/m);
    expect(run.outputs['conformance-verdict']).toBeUndefined();
    expect(existsSync(join(workspace, 'conformance-out', 'conformance.json'))).toBe(false);
    expect(endpoint.requests).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------

describe('the qualification gate in analyze mode (built action)', () => {
  let github: FakeGitHub;
  let registry: FakeNpmRegistry;
  let artifacts: FakeArtifactService;

  beforeEach(async () => {
    ({ github, registry, artifacts } = await startRunnerFakes({ repository: REPOSITORY, number: PR_NUMBER, pullRequest, token: GITHUB_TOKEN }));
  });

  afterEach(async () => {
    await Promise.all([github.close(), registry.close(), artifacts.close()]);
  });

  function runAnalyze(profileFile: string, qualification: string): Promise<ActionRun> {
    return runBuiltAction({
      repository: REPOSITORY,
      event,
      workspace,
      inputs: { 'github-token': GITHUB_TOKEN, profile: profileFile, 'api-key': CANARY_KEY, 'npm-registry': registry.url, 'output-dir': 'out', qualification },
      env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', ...artifacts.env },
    });
  }

  const stickyComments = () => (github.state.repositories[REPOSITORY]?.comments[PR_NUMBER] ?? []).filter((comment) => comment.body.includes(MARKER));

  it('proceeds with the conformance.json that conformance mode wrote for this profile', async () => {
    const profile = installProfile('projected', endpoint.origin, workspace);
    const conformance = await runConformanceAction(profile.file, 'conformance');
    expect(conformance.exitCode, conformance.stdout + conformance.stderr).toBe(0);
    expect(probeRequests()).toHaveLength(PROBE_REQUESTS);

    const run = await runAnalyze(profile.file, 'conformance/conformance.json');
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('::error::');
    expect(run.stdout).toContain('Qualification record conformance/conformance.json matches profile e2e-openrouter-locked (CONFORMANT).');
    expect(run.outputs.verdict).not.toBe('withheld');
    expect(run.outputs['dependency-count']).toBe(String(DEPENDENCIES.length));

    // The analysis went to the qualified endpoint and its grounded text is published.
    expect(analysisRequests()).toHaveLength(DEPENDENCIES.length);
    const comments = stickyComments();
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(MODEL_PHRASE);
    expect(comments[0]!.body).toContain('route verified');
    const manifest = readJson<{ failClosed: unknown; results: Array<{ status: string }> }>(run.outputs['manifest-path']!);
    expect(manifest.failClosed).toBeNull();
    expect(manifest.results.map((result) => result.status)).toEqual(DEPENDENCIES.map(() => 'analyzed'));
    expectNoCanary({ comment: comments[0]!.body, summary: run.summary, stderr: run.stderr, manifest: JSON.stringify(manifest) }, run.stdout);
  });

  it('fails closed, withholding the verdict, with a record for a different profile digest', async () => {
    const profile = installProfile('projected', endpoint.origin, workspace);
    const conformance = await runConformanceAction(profile.file, 'conformance');
    expect(conformance.exitCode, conformance.stdout + conformance.stderr).toBe(0);
    // A record that is otherwise valid and CONFORMANT, but for another profile (the unprojected variant).
    const otherDigest = installProfile('unprojected', endpoint.origin, newDirectory('depverdict-other-profile-')).digest;
    expect(otherDigest).not.toBe(profile.digest);
    const record = readJson<ConformanceJson>(join(workspace, 'conformance', 'conformance.json'));
    record.qualification.profileDigest = otherDigest;
    writeFileSync(join(workspace, 'conformance', 'other-profile.json'), JSON.stringify(record, null, 2));
    const probesBefore = endpoint.requests.length;

    const run = await runAnalyze(profile.file, 'conformance/other-profile.json');
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.verdict).toBe('withheld');
    expect(run.outputs['requires-human-review']).toBe('true');
    expect(run.stdout).toMatch(/::error::.*qualification record/i);
    // Nothing was sent to the model: the gate runs before the runtime is built.
    expect(endpoint.requests).toHaveLength(probesBefore);
    expect(analysisRequests()).toHaveLength(0);

    const comments = stickyComments();
    expect(comments).toHaveLength(1);
    const comment = comments[0]!.body;
    expect(comment).toMatch(/verdict withheld/i);
    expect(comment).toContain('QUALIFICATION_MISSING');
    expect(comment).toContain('the profile has no passing conformance qualification');
    expect(comment).toContain('Run conformance for this profile first (`depverdict conformance`, or the conformance workflow)');
    expect(comment).toContain(otherDigest);
    expect(comment).toContain(profile.digest);
    expect(run.summary).toMatch(/withheld/i);
    expect(run.summary).toContain('QUALIFICATION_MISSING');

    const manifest = readJson<{ summary: { verdict: string }; failClosed: { code: string; message: string } | null }>(join(workspace, 'out', 'version-analysis.json'));
    expect(manifest.summary.verdict).toBe('withheld');
    expect(manifest.failClosed?.code).toBe('QUALIFICATION_MISSING');
    expect(manifest.failClosed?.message).toContain(`with digest ${otherDigest}, but this run's profile digest is ${profile.digest}`);
    const trace = readJson<{ failClosed: { code: string } | null }>(join(workspace, 'out', 'trace.json'));
    expect(trace.failClosed?.code).toBe('QUALIFICATION_MISSING');
    // A withheld run still explains itself through both artifacts.
    expect(artifacts.artifacts.map((artifact) => artifact.name).sort()).toEqual(['depverdict-trace', 'version-analysis']);
    expectNoCanary({ comment, summary: run.summary, stderr: run.stderr }, run.stdout);
  });

  it('fails closed when the qualification record does not exist', async () => {
    const profile = installProfile('projected', endpoint.origin, workspace);
    const run = await runAnalyze(profile.file, 'conformance/missing.json');
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.verdict).toBe('withheld');
    const manifest = readJson<{ failClosed: { code: string; message: string } | null }>(join(workspace, 'out', 'version-analysis.json'));
    expect(manifest.failClosed?.code).toBe('QUALIFICATION_MISSING');
    expect(manifest.failClosed?.message).toContain('does not exist');
    expect(manifest.failClosed?.message).toContain(profile.digest);
    expect(endpoint.requests).toHaveLength(0);
  });

  it('refuses a qualification record that the pull request itself changes', async () => {
    const profile = installProfile('projected', endpoint.origin, workspace);
    const conformance = await runConformanceAction(profile.file, 'conformance');
    expect(conformance.exitCode, conformance.stdout + conformance.stderr).toBe(0);
    const forged = readFileSync(join(workspace, 'conformance', 'conformance.json'), 'utf8');
    // The same (valid) record, but the PR adds it: a PR must not vouch for its own configuration.
    github.state.repositories[REPOSITORY]!.commits[HEAD_SHA] = { ...pullRequest.commits[HEAD_SHA], 'conformance/conformance.json': forged };
    const probesBefore = endpoint.requests.length;

    const run = await runAnalyze(profile.file, 'conformance/conformance.json');
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.outputs.verdict).toBe('withheld');
    expect(run.stdout).toMatch(/::error::.*This pull request changes conformance\/conformance\.json, the file named by the "qualification" input/);
    const manifest = readJson<{ failClosed: { code: string } | null }>(join(workspace, 'out', 'version-analysis.json'));
    expect(manifest.failClosed?.code).toBe('CONFIGURATION_ERROR');
    expect(endpoint.requests).toHaveLength(probesBefore);
  });
});

// ---------------------------------------------------------------------------------------

interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[]): Promise<CliRun> {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: build first (DEPVERDICT_BUILD_DIR=... npm run build).`);
  // A minimal environment: no GitHub token, so the run stays offline apart from the loopback endpoint.
  const env = { PATH: process.env.PATH ?? '', HOME: workspace, [KEY_VARIABLE]: CANARY_KEY };
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => done({ exitCode, stdout, stderr }));
  });
}

const samplePath = (path: string) => join(REPO_ROOT, 'samples', path);
const analyzeArgs = (profileFile: string, out: string) => [
  'analyze',
  '--base-dir', samplePath('grouped-bump/base'),
  '--head-dir', samplePath('grouped-bump/head'),
  '--registry-snapshot', samplePath('registry'),
  '--profile', profileFile,
  '--api-key-env', KEY_VARIABLE,
  '--out', out,
  '--quiet',
];

describe('the built CLI', () => {
  it('conformance: prints the report, writes both files and exits 1 when a declared capability is not observed', async () => {
    const profile = installProfile('unprojected', endpoint.origin, workspace);
    const run = await runCli(['conformance', '--profile', profile.file, '--api-key-env', KEY_VARIABLE, '--out', 'reports']);

    expect(run.exitCode, run.stderr).toBe(1);
    // Plain text for a terminal: no heading marks, emphasis or Markdown escapes.
    expect(run.stdout).toMatch(/^Structured Output Conformance Report$/m);
    expect(run.stdout).toContain('Verdict: NON_CONFORMANT');
    expect(run.stdout).toContain('uniqueItems: CONFIRMED incompatible');
    expect(run.stdout).not.toMatch(/\\[.()_]/);
    expect(run.stderr).toMatch(/^error: Conformance NON_CONFORMANT: the candidate schema as the profile sends it failed .*; a capability the profile declares was not observed \(jsonSchema\.uniqueItems, candidateSchema\)\.$/m);
    expect(run.stderr).toMatch(/Conformance NON_CONFORMANT: wrote \/\S*\/reports\/conformance\.md and \/\S*\/reports\/conformance\.json\./);
    const markdown = readFileSync(join(workspace, 'reports', 'conformance.md'), 'utf8');
    expect(markdown).toContain('# Structured Output Conformance Report');
    const document = readJson<ConformanceJson>(join(workspace, 'reports', 'conformance.json'));
    expect(document).toMatchObject({ verdict: 'NON_CONFORMANT', failed: true });
    expect(document.qualification.profileDigest).toBe(profile.digest);
    expect(endpoint.requests).toHaveLength(PROBE_REQUESTS);
    for (const request of endpoint.requests) expect(request.authorization).toBe(`Bearer ${CANARY_KEY}`);
    for (const [where, text] of Object.entries({ stdout: run.stdout, stderr: run.stderr, markdown, json: JSON.stringify(document) })) {
      expect(text, `canary key leaked into ${where}`).not.toContain(CANARY_KEY);
    }
    // --format markdown prints conformance.md exactly.
    const asWritten = await runCli(['conformance', '--profile', profile.file, '--api-key-env', KEY_VARIABLE, '--out', 'reports-md', '--format', 'markdown']);
    expect(asWritten.stdout.trim()).toBe(readFileSync(join(workspace, 'reports-md', 'conformance.md'), 'utf8').trim());
  });

  it('conformance: exits 0 for a conformant profile, and analyze --qualification accepts its record', async () => {
    const profile = installProfile('projected', endpoint.origin, workspace);
    const conformance = await runCli(['conformance', '--profile', profile.file, '--api-key-env', KEY_VARIABLE, '--out', 'reports']);
    expect(conformance.exitCode, conformance.stderr).toBe(0);
    expect(conformance.stdout).toContain('Verdict: CONFORMANT');
    expect(conformance.stderr).not.toContain('error:');
    expect(existsSync(join(workspace, 'reports', 'conformance.md'))).toBe(true);
    expect(readJson<ConformanceJson>(join(workspace, 'reports', 'conformance.json'))).toMatchObject({ verdict: 'CONFORMANT', failed: false });

    const analyze = await runCli([...analyzeArgs(profile.file, 'out'), '--qualification', 'reports/conformance.json']);
    expect(analyze.exitCode, analyze.stderr).toBe(0);
    expect(analysisRequests()).toHaveLength(DEPENDENCIES.length);
    const manifest = readJson<{ failClosed: unknown; results: Array<{ summary: string }> }>(join(workspace, 'out', 'version-analysis.json'));
    expect(manifest.failClosed).toBeNull();
    expect(manifest.results.map((result) => result.summary)).toEqual(DEPENDENCIES.map(() => MODEL_PHRASE));
  });

  it('analyze --qualification with a record for another profile: the cause naming both digests first, exit 1, a withheld run in --out', async () => {
    const profile = installProfile('projected', endpoint.origin, workspace);
    const conformance = await runCli(['conformance', '--profile', profile.file, '--api-key-env', KEY_VARIABLE, '--out', 'reports', '--quiet']);
    expect(conformance.exitCode, conformance.stderr).toBe(0);
    const otherDigest = installProfile('unprojected', endpoint.origin, newDirectory('depverdict-other-profile-')).digest;
    const record = readJson<ConformanceJson>(join(workspace, 'reports', 'conformance.json'));
    record.qualification.profileDigest = otherDigest;
    mkdirSync(join(workspace, 'records'));
    writeFileSync(join(workspace, 'records', 'mismatched.json'), JSON.stringify(record));
    const requestsBefore = endpoint.requests.length;

    const run = await runCli([...analyzeArgs(profile.file, 'out'), '--qualification', 'records/mismatched.json']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^depverdict: The qualification record does not qualify this run: qualification record .*records\/mismatched\.json qualifies profile e2e-openrouter-locked/);
    expect(lines[0]).toContain(`with digest ${otherDigest}, but this run's profile digest is ${profile.digest}`);
    expect(lines[0]).toContain('(the profile changed since conformance ran)');
    // The command names the profile as it was given: here a file path (its id would not load).
    expect(lines[0]).toContain(`run \`depverdict conformance --profile ${profile.file}\` (or the conformance workflow)`);
    // Said once; then where the withheld run was written, as the action writes it.
    expect(lines.slice(1), run.stderr).toEqual([expect.stringMatching(/^Wrote \/\S*\/out\/version-analysis\.json, /)]);
    const manifest = readJson<{ summary: { verdict: string }; results: unknown[]; failClosed: { code: string; message: string } }>(join(workspace, 'out', 'version-analysis.json'));
    expect(manifest).toMatchObject({ summary: { verdict: 'withheld' }, results: [], failClosed: { code: 'QUALIFICATION_MISSING' } });
    expect(manifest.failClosed.message).toContain(otherDigest);
    expect(existsSync(join(workspace, 'out', 'trace.json'))).toBe(true);
    expect(readFileSync(join(workspace, 'out', 'comment.md'), 'utf8')).toContain('QUALIFICATION_MISSING');
    expect(endpoint.requests).toHaveLength(requestsBefore);
    expect(run.stderr).not.toContain(CANARY_KEY);
  });
});
