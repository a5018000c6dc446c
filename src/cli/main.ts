import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { DependencyFileSource } from '../bumps/types.js';
import { commentToPlainText, wantsColour } from '../report/plain-text.js';
import { createGitHubClient, type GitHubClient } from '../github/client.js';
import { normaliseRegistryUrl, type NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { assertRegistrySnapshot, createSnapshotRegistryClient } from '../ecosystems/npm/snapshot-registry.js';
import { decideExit } from '../pipeline/exit-policy.js';
import { failClosedOf } from '../pipeline/fail-closed.js';
import { failedRunOutcome, prepareContexts, runPipeline, unboundRuntimeDescriptor } from '../pipeline/run-pipeline.js';
import type { RunOutcome } from '../report/run-outcome.js';
import { writeRunOutputs } from '../pipeline/write-outputs.js';
import { RuntimeError } from '../runtime/contract.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { loadProfile } from '../runtime/profiles/load-profile.js';
import { assertDirectory, createDirectoryFileSource } from '../sources/directory-file-source.js';
import { createGitFileSource, gitCommitMessages } from '../sources/git-file-source.js';
import { createDirectoryTreeFiles } from '../sources/directory-tree-files.js';
import { createGitTreeFiles } from '../sources/git-tree-files.js';
import type { UsageSource } from '../usage/types.js';
import { findInstallRoot } from '../shared/install-root.js';
import type { Logger } from '../shared/logger.js';
import { redact, registerSecret, sanitizeMessage } from '../shared/redaction.js';
import { DEPVERDICT_VERSION } from '../version.js';
import { qualificationLine, requireQualification, runConformance } from '../conformance/index.js';
import { approvalLine, requireApproval } from '../evaluation/approval.js';
import { parseCliArguments, USAGE, type CliArguments } from './arguments.js';
import { runEvalCommand } from './eval-command.js';
import { stopOnTermination, stoppedRunFailClosed } from '../pipeline/run-stop.js';
import type { RunBounds } from '../shared/run-bounds.js';
import { exitCodeForSignal } from '../shared/termination-signals.js';
import { createAnswerStore } from '../pipeline/answer-reuse.js';
import type { CacheStore } from '../shared/cache-store.js';
import { createPhaseClock } from '../shared/phase-clock.js';
import { createCliRegistry, openCliCache } from './cache.js';
import { prepareOutputDirectory } from './output-directory.js';

/** The sample shipped with DepVerdict: a grouped bump and the registry data it needs, recorded. */
export const SAMPLE_DIRECTORY = join('samples', 'grouped-bump');
export const SAMPLE_REGISTRY_SNAPSHOT = join('samples', 'registry');

/**
 * How CLI users give a model API key explicitly (the profile's auth.secretEnv variable is read
 * in any case); named when a profile's key is missing. The CLI takes no key on the command
 * line, where it would land in shell history and process listings.
 */
const EXPLICIT_KEY_SOURCE = 'name the environment variable that holds it with --api-key-env NAME';

const stderrLogger: Logger = {
  debug: () => {},
  info: (message) => process.stderr.write(`${redact(message)}\n`),
  warning: (message) => process.stderr.write(`warning: ${redact(message)}\n`),
  error: (message) => process.stderr.write(`error: ${redact(message)}\n`),
};

interface Inputs {
  fileSource: DependencyFileSource;
  registry: NpmRegistryClient;
  registryUrl: string;
  github: GitHubClient | null;
  /** Without a token: a tokenless client that reads changelogs of public repositories. */
  publicGitHub?: GitHubClient | null;
  /** Why GitHub is not used when a token would not change it (--no-github, the sample). */
  githubOffReason?: string;
  baseRef: string;
  headRef: string;
  /** Commit analysed, when the head is a git commit (directories have none). */
  headSha: string | null;
  /** Text that describes the change, for the cross-check with the files. */
  prText?: { commitMessages: string[] };
  /** The head's files for the usage scan: the head commit's tree, or the head directory. */
  usageSource: UsageSource;
  /** The cache directory's store (tarballs, packuments, reusable answers); null without one. */
  cache: CacheStore | null;
}

/** The refs a run compares, as the user named them (the sample has fixed names). */
function refsOf(args: CliArguments): { baseRef: string; headRef: string } {
  if (args.sample) return { baseRef: 'sample/base', headRef: 'sample/head' };
  if (args.baseDir !== null && args.headDir !== null) return { baseRef: args.baseDir, headRef: args.headDir };
  return { baseRef: args.base ?? 'unknown', headRef: args.head ?? 'unknown' };
}

function sourceOf(args: CliArguments, headSha: string | null): RunOutcome['source'] {
  return { repository: null, pullRequest: null, ...refsOf(args), headSha };
}

/** `--no-github` turns GitHub off whatever the token: the missing-information lines say so. */
function githubOffOf(args: CliArguments): Pick<Inputs, 'githubOffReason'> {
  return args.noGitHub ? { githubOffReason: 'this run does not use GitHub (--no-github)' } : {};
}

async function resolveInputs(args: CliArguments, env: NodeJS.ProcessEnv, run?: RunBounds): Promise<Inputs> {
  const githubToken = env[args.githubTokenEnv] || undefined;
  registerSecret(githubToken);
  const github = githubToken && !args.noGitHub ? createGitHubClient({ token: githubToken, baseUrl: env.GITHUB_API_URL, logger: stderrLogger, run }) : null;
  // A recorded registry snapshot means an offline run: nothing is fetched from GitHub either.
  const publicGitHub = github === null && !args.noGitHub && !args.sample && !args.registrySnapshot ? createGitHubClient({ token: null, baseUrl: env.GITHUB_API_URL, logger: stderrLogger, run }) : null;
  if (args.sample) {
    const root = findInstallRoot();
    const snapshot = join(root, SAMPLE_REGISTRY_SNAPSHOT);
    return {
      fileSource: createDirectoryFileSource({ baseDir: join(root, SAMPLE_DIRECTORY, 'base'), headDir: join(root, SAMPLE_DIRECTORY, 'head') }),
      registry: createSnapshotRegistryClient({ directory: snapshot }),
      registryUrl: 'https://registry.npmjs.org',
      // The sample is offline and deterministic: no GitHub lookups even when a token is set.
      github: null,
      githubOffReason: 'the sample runs offline and never uses GitHub',
      ...refsOf(args),
      headSha: null,
      usageSource: { files: createDirectoryTreeFiles({ root: join(root, SAMPLE_DIRECTORY, 'head'), label: 'sample head' }), treeUrl: null },
      cache: null,
    };
  }
  // With a recorded registry snapshot the store only keeps reusable answers (the registry data is already local).
  const cache = await openCliCache(args, env, stderrLogger);
  // A snapshot that is not one is the run's first error, not one failure per bump.
  if (args.registrySnapshot) await assertRegistrySnapshot(resolve(args.registrySnapshot));
  const registry = args.registrySnapshot ? createSnapshotRegistryClient({ directory: resolve(args.registrySnapshot) }) : createCliRegistry(args.npmRegistry, cache, stderrLogger, run);
  if (args.baseDir && args.headDir) {
    // Checked before anything is printed or fetched, so a mistyped path is the first line of stderr.
    await assertDirectory(resolve(args.baseDir));
    await assertDirectory(resolve(args.headDir));
    return {
      fileSource: createDirectoryFileSource({ baseDir: resolve(args.baseDir), headDir: resolve(args.headDir) }),
      registry,
      registryUrl: args.npmRegistry,
      github,
      publicGitHub,
      ...githubOffOf(args),
      ...refsOf(args),
      headSha: null,
      usageSource: { files: createDirectoryTreeFiles({ root: resolve(args.headDir), label: `directory ${args.headDir}` }), treeUrl: null },
      cache,
    };
  }
  const repoDir = resolve(args.repo);
  const fileSource = await createGitFileSource({ repoDir, base: args.base!, head: args.head!, mergeBase: true });
  // Commit messages only cross-check the files (Dependabot and Renovate describe bumps there).
  const commitMessages = await gitCommitMessages({ repoDir, base: args.base!, head: args.head! }).catch(() => []);
  return {
    fileSource,
    registry,
    registryUrl: args.npmRegistry,
    github,
    publicGitHub,
    ...githubOffOf(args),
    ...refsOf(args),
    headSha: fileSource.describe('head'),
    prText: { commitMessages },
    // The head commit's tree from git's object store: the working tree is neither read nor touched.
    usageSource: { files: createGitTreeFiles({ repoDir, commit: fileSource.describe('head') }), treeUrl: null },
    cache,
  };
}

/** Runs one CLI invocation; returns the process exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let args: CliArguments;
  try {
    args = parseCliArguments(argv);
  } catch (error) {
    process.stderr.write(`depverdict: ${(error as Error).message}\nRun "depverdict --help" for usage.\n`);
    return 1;
  }
  if (args.command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.command === 'version') {
    process.stdout.write(`depverdict ${DEPVERDICT_VERSION}\n`);
    return 0;
  }
  // A registry URL that can never be used is the user's input to fix, named as such, not a
  // failure of the pull request's files later on. Checked here, not while parsing, so --help and
  // --version never load the registry client.
  try {
    normaliseRegistryUrl(args.npmRegistry);
  } catch (error) {
    // The value is not echoed: it may hold credentials; the message names only its origin.
    process.stderr.write(`depverdict: --npm-registry: ${(error as Error).message}\nRun "depverdict --help" for usage.\n`);
    return 1;
  }
  if (args.command === 'context') return runContextCommand(args, env);
  if (args.command === 'conformance') return runConformanceCommand(args, env);
  if (args.command === 'eval') return runEvalFromCli(args, env);
  return runAnalyzeCommand(args, env);
}

/**
 * Said once the inputs and the profile are known to be usable: printed before them, it would
 * push a setup error (the cause a script reads) off the first line of stderr.
 */
function noteTokenlessGitHub(args: CliArguments, inputs: Inputs): void {
  if (inputs.publicGitHub) {
    stderrLogger.info(`No ${args.githubTokenEnv}: changelogs of public repositories are read from GitHub without a token (60 requests an hour); release notes and GitHub advisories need a token.`);
  }
}

async function runContextCommand(args: CliArguments, env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const inputs = await resolveInputs(args, env);
    noteTokenlessGitHub(args, inputs);
    const { detection, prepared } = await prepareContexts({ ...inputs, logger: stderrLogger });
    await inputs.cache?.prune();
    const contexts = prepared.map((item) => ('failed' in item ? { failed: item.failed.id, error: item.failed.error } : item.context));
    process.stdout.write(`${JSON.stringify({ bumps: detection.bumps, warnings: detection.warnings, contexts }, null, 2)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`depverdict: ${sanitizeMessage((error as Error).message, 2000)}\n`);
    return 1;
  }
}

interface AnalyzeSetup {
  inputs: Inputs;
  runtime: ReturnType<typeof createRuntime>;
  source: RunOutcome['source'];
}

/** Everything analyze needs before the pipeline runs; each step may fail with a setup error. */
async function setUpAnalysis(args: CliArguments, env: NodeJS.ProcessEnv, run: RunBounds): Promise<AnalyzeSetup> {
  const inputs = await resolveInputs(args, env, run);
  const profile = await loadProfile(args.profile, { cwd: process.cwd() });
  if (args.qualification) {
    const record = await requireQualification({ recordPath: resolve(args.qualification), label: args.qualification, profileDigest: profile.digest, profileId: profile.profile.id, profileRef: args.profile, adapter: profile.profile.adapter });
    stderrLogger.info(qualificationLine(args.qualification, profile.profile.id, record));
  }
  if (args.approval) {
    const approval = await requireApproval({ recordPath: resolve(args.approval), label: args.approval, profileDigest: profile.digest, profileId: profile.profile.id, profileRef: args.profile });
    stderrLogger.info(approvalLine(args.approval, profile.profile.id, approval));
  }
  const runtime = createRuntime(profile, { apiKey: readApiKey(args, env), explicitKeySource: EXPLICIT_KEY_SOURCE, env, logger: stderrLogger });
  noteTokenlessGitHub(args, inputs);
  return { inputs, runtime, source: sourceOf(args, inputs.headSha) };
}

async function runAnalyzeCommand(args: CliArguments, env: NodeJS.ProcessEnv): Promise<number> {
  // Where the results go is checked first: a run whose files cannot be written should not run.
  try {
    await prepareOutputDirectory(args.out);
  } catch (error) {
    process.stderr.write(`depverdict: ${sanitizeMessage((error as Error).message, 2000)}\n`);
    return 1;
  }
  const runId = randomUUID();
  const now = () => new Date();

  let outcome: RunOutcome;
  // Printed on the first line; the exit decision below would only repeat it.
  let reported = false;
  let setup: AnalyzeSetup | null = null;
  // A cancel (SIGINT/SIGTERM) or the --deadline stops the analysis; what finished is still written.
  const { stop, termination } = stopOnTermination({ deadlineMs: args.deadlineMs, logger: stderrLogger, publishing: 'writing' });
  const phases = createPhaseClock();
  try {
    setup = await setUpAnalysis(args, env, stop);
    const answers = setup.inputs.cache !== null && !args.noReuse ? createAnswerStore(setup.inputs.cache) : null;
    outcome = await runPipeline({ ...setup.inputs, runtime: setup.runtime, logger: stderrLogger, runId, now, toolVersion: DEPVERDICT_VERSION, source: setup.source, signal: stop.signal, answers, phases });
  } catch (error) {
    // A setup problem (a bad profile, a missing key, a record that does not qualify the run, a
    // ref that does not exist) or an analysis that could not complete: the cause goes on the
    // first line, and — as the action does — the withheld run is still written to --out, so a
    // script that reads the files finds the reason there too.
    const failClosed = stop.signal.aborted ? stoppedRunFailClosed(stop.signal) : failClosedOf(error);
    process.stderr.write(`depverdict: ${failClosed.message}\n`);
    reported = true;
    outcome = failedRunOutcome({
      runId,
      now,
      toolVersion: DEPVERDICT_VERSION,
      source: setup?.source ?? sourceOf(args, null),
      runtime: setup?.runtime.descriptor ?? unboundRuntimeDescriptor(args.profile),
      failClosed,
    });
  }

  phases.begin('publication');
  try {
    const written = await writeRunOutputs(outcome, { outputDir: args.out, runUrl: null, now: now(), phases, resultsIn: 'files' });
    outcome = written.outcome;
    if (!args.quiet) process.stdout.write(printedComment(written.comment, args.format, env));
    stderrLogger.info(`Wrote ${written.manifestPath}, ${written.tracePath} and ${written.commentPath}.`);
  } catch (error) {
    stderrLogger.error(`Could not write results to ${args.out}: ${sanitizeMessage((error as Error).message)}`);
    return 1;
  } finally {
    stop.dispose();
  }
  // Kept within its size bound after every run; a failure here is only a warning from the store.
  await setup?.inputs.cache?.prune();
  const decision = decideExit(outcome, args.failOn);
  if (decision.reason && !reported) stderrLogger.error(decision.reason);
  const signal = termination.received();
  if (signal) return exitCodeForSignal(signal);
  termination.dispose();
  return decision.exitCode;
}


/** The comment (or conformance report) for stdout: as written (`--format markdown`), or as plain text for a terminal. */
function printedComment(markdown: string, format: CliArguments['format'], env: NodeJS.ProcessEnv): string {
  if (format === 'markdown') return `${markdown}\n`;
  return commentToPlainText(markdown, { colour: wantsColour(process.stdout, env) });
}

function readApiKey(args: CliArguments, env: NodeJS.ProcessEnv): string | undefined {
  if (!args.apiKeyEnv) return undefined;
  const apiKey = env[args.apiKeyEnv];
  if (!apiKey) throw new RuntimeError('CONFIGURATION_ERROR', `--api-key-env names ${args.apiKeyEnv}, but that environment variable is empty; export the model API key in it.`);
  registerSecret(apiKey);
  return apiKey;
}

async function runConformanceCommand(args: CliArguments, env: NodeJS.ProcessEnv): Promise<number> {
  try {
    // Before any probe is sent: a place the report cannot go stops the run now.
    await prepareOutputDirectory(args.out, process.cwd(), 'conformance.md and conformance.json');
    const profile = await loadProfile(args.profile, { cwd: process.cwd() });
    const outcome = await runConformance({ profile, apiKey: readApiKey(args, env), explicitKeySource: EXPLICIT_KEY_SOURCE, env, outDir: args.out, logger: stderrLogger, now: () => new Date() });
    if (!args.quiet) process.stdout.write(printedComment(outcome.markdown, args.format, env));
    stderrLogger.info(`Conformance ${outcome.verdict}: wrote ${outcome.markdownPath} and ${outcome.jsonPath}.`);
    // conformance.json's `failed` decides, so the record and the exit code never disagree.
    if (outcome.failed) stderrLogger.error(`Conformance ${outcome.verdict}: ${outcome.document.failure ?? 'failed'}.`);
    return outcome.failed ? 1 : 0;
  } catch (error) {
    stderrLogger.error(`Conformance could not run: ${sanitizeMessage((error as Error).message, 2000)}`);
    return 1;
  }
}

async function runEvalFromCli(args: CliArguments, env: NodeJS.ProcessEnv): Promise<number> {
  try {
    return await runEvalCommand(args, { env, logger: stderrLogger, apiKey: readApiKey(args, env), explicitKeySource: EXPLICIT_KEY_SOURCE, write: (text) => process.stdout.write(text), cwd: process.cwd() });
  } catch (error) {
    stderrLogger.error(`Evaluation could not run: ${sanitizeMessage((error as Error).message, 2000)}`);
    return 1;
  }
}
