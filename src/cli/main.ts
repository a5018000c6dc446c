import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { DependencyFileSource } from '../bumps/types.js';
import { createGitHubClient, type GitHubClient } from '../action/github-client.js';
import { createNpmRegistryClient, type NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { createSnapshotRegistryClient } from '../ecosystems/npm/snapshot-registry.js';
import { decideExit } from '../pipeline/exit-policy.js';
import { failedRunOutcome, prepareContexts, runPipeline } from '../pipeline/run-pipeline.js';
import type { RunOutcome } from '../pipeline/types.js';
import { writeRunOutputs } from '../pipeline/write-outputs.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { loadProfile } from '../runtime/profiles/load-profile.js';
import { createDirectoryFileSource } from '../sources/directory-file-source.js';
import { createGitFileSource, gitCommitMessages } from '../sources/git-file-source.js';
import { findInstallRoot } from '../shared/install-root.js';
import type { Logger } from '../shared/logger.js';
import { redact, registerSecret, sanitizeMessage } from '../shared/redaction.js';
import { DEPVERDICT_VERSION } from '../version.js';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import { checkQualification, runConformance } from '../conformance/index.js';
import { parseCliArguments, USAGE, UsageError, type CliArguments } from './arguments.js';

/** The sample shipped with DepVerdict: a grouped bump and the registry data it needs, recorded. */
export const SAMPLE_DIRECTORY = join('samples', 'grouped-bump');
export const SAMPLE_REGISTRY_SNAPSHOT = join('samples', 'registry');

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
  baseRef: string;
  headRef: string;
  /** Commit analysed, when the head is a git commit (directories have none). */
  headSha: string | null;
  /** Text that describes the change, for the cross-check with the files. */
  prText?: { commitMessages: string[] };
}

async function resolveInputs(args: CliArguments, env: NodeJS.ProcessEnv): Promise<Inputs> {
  const githubToken = env[args.githubTokenEnv] || undefined;
  registerSecret(githubToken);
  const github = githubToken ? createGitHubClient({ token: githubToken, baseUrl: env.GITHUB_API_URL, logger: stderrLogger }) : null;
  // A recorded registry snapshot means an offline run: nothing is fetched from GitHub either.
  const publicGitHub = github === null && !args.sample && !args.registrySnapshot ? createGitHubClient({ token: null, baseUrl: env.GITHUB_API_URL, logger: stderrLogger }) : null;
  if (publicGitHub !== null) {
    stderrLogger.info(`No ${args.githubTokenEnv}: changelogs of public repositories are read from GitHub without a token (60 requests an hour); release notes and GitHub advisories need a token.`);
  }
  if (args.sample) {
    const root = findInstallRoot();
    const snapshot = join(root, SAMPLE_REGISTRY_SNAPSHOT);
    return {
      fileSource: createDirectoryFileSource({ baseDir: join(root, SAMPLE_DIRECTORY, 'base'), headDir: join(root, SAMPLE_DIRECTORY, 'head') }),
      registry: createSnapshotRegistryClient({ directory: snapshot }),
      registryUrl: 'https://registry.npmjs.org',
      // The sample is offline and deterministic: no GitHub lookups even when a token is set.
      github: null,
      baseRef: 'sample/base',
      headRef: 'sample/head',
      headSha: null,
    };
  }
  const registry = args.registrySnapshot
    ? createSnapshotRegistryClient({ directory: resolve(args.registrySnapshot) })
    : createNpmRegistryClient({ registryUrl: args.npmRegistry, logger: stderrLogger });
  if (args.baseDir && args.headDir) {
    return {
      fileSource: createDirectoryFileSource({ baseDir: resolve(args.baseDir), headDir: resolve(args.headDir) }),
      registry,
      registryUrl: args.npmRegistry,
      github,
      publicGitHub,
      baseRef: args.baseDir,
      headRef: args.headDir,
      headSha: null,
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
    baseRef: args.base!,
    headRef: args.head!,
    headSha: fileSource.describe('head'),
    prText: { commitMessages },
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
  if (args.command === 'context') return runContextCommand(args, env);
  if (args.command === 'conformance') return runConformanceCommand(args, env);
  return runAnalyzeCommand(args, env);
}

async function runContextCommand(args: CliArguments, env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const inputs = await resolveInputs(args, env);
    const { detection, prepared } = await prepareContexts({ ...inputs, logger: stderrLogger });
    const contexts = prepared.map((item) => ('failed' in item ? { failed: item.failed.id, error: item.failed.error } : item.context));
    process.stdout.write(`${JSON.stringify({ bumps: detection.bumps, warnings: detection.warnings, contexts }, null, 2)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`depverdict: ${sanitizeMessage((error as Error).message, 2000)}\n`);
    return 1;
  }
}

async function runAnalyzeCommand(args: CliArguments, env: NodeJS.ProcessEnv): Promise<number> {
  const runId = randomUUID();
  const now = () => new Date();

  // Setup problems (a ref that does not exist, a bad profile, a missing key) are the caller's
  // to fix at the keyboard: one clear line and exit 1, no result files.
  let setup: { inputs: Inputs; runtime: ReturnType<typeof createRuntime>; source: RunOutcome['source'] };
  try {
    const inputs = await resolveInputs(args, env);
    const profile = await loadProfile(args.profile, { cwd: process.cwd() });
    if (args.qualification) {
      const check = await checkQualification(
        resolve(args.qualification),
        { profileDigest: profile.digest, schemaDigest: CANDIDATE_SCHEMA_DIGEST, promptVersion: PROMPT_VERSION },
        args.qualification,
      );
      if (!check.ok) throw new Error(`The qualification record does not qualify this run: ${check.reason}`);
    }
    const runtime = createRuntime(profile, { apiKey: readApiKey(args, env), env, logger: stderrLogger });
    const source = { repository: null, pullRequest: null, baseRef: inputs.baseRef, headRef: inputs.headRef, headSha: inputs.headSha };
    setup = { inputs, runtime, source };
  } catch (error) {
    process.stderr.write(`depverdict: ${sanitizeMessage((error as Error).message, 2000)}\n`);
    return 1;
  }

  let outcome: RunOutcome;
  try {
    outcome = await runPipeline({ ...setup.inputs, runtime: setup.runtime, logger: stderrLogger, runId, now, toolVersion: DEPVERDICT_VERSION, source: setup.source });
  } catch (error) {
    // The analysis itself could not complete: still write what explains the run.
    const message = sanitizeMessage((error as Error).message, 2000);
    stderrLogger.error(message);
    outcome = failedRunOutcome({ runId, now, toolVersion: DEPVERDICT_VERSION, source: setup.source, runtime: setup.runtime.descriptor, failClosed: { code: 'INPUT_UNUSABLE', message } });
  }

  try {
    const written = await writeRunOutputs(outcome, { outputDir: args.out, runUrl: null, now: now() });
    outcome = written.outcome;
    if (!args.quiet) process.stdout.write(`${written.comment}\n`);
    stderrLogger.info(`Wrote ${written.manifestPath}, ${written.tracePath} and ${written.commentPath}.`);
  } catch (error) {
    stderrLogger.error(`Could not write results to ${args.out}: ${sanitizeMessage((error as Error).message)}`);
    return 1;
  }
  const decision = decideExit(outcome, args.failOn);
  if (decision.reason) stderrLogger.error(decision.reason);
  return decision.exitCode;
}

function readApiKey(args: CliArguments, env: NodeJS.ProcessEnv): string | undefined {
  if (!args.apiKeyEnv) return undefined;
  const apiKey = env[args.apiKeyEnv];
  if (!apiKey) throw new UsageError(`--api-key-env names ${args.apiKeyEnv}, but that environment variable is empty.`);
  registerSecret(apiKey);
  return apiKey;
}

async function runConformanceCommand(args: CliArguments, env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const profile = await loadProfile(args.profile, { cwd: process.cwd() });
    const outcome = await runConformance({ profile, apiKey: readApiKey(args, env), env, outDir: args.out, logger: stderrLogger, now: () => new Date() });
    if (!args.quiet) process.stdout.write(`${outcome.markdown}\n`);
    stderrLogger.info(`Conformance ${outcome.verdict}: wrote ${outcome.markdownPath} and ${outcome.jsonPath}.`);
    if (outcome.failed) stderrLogger.error('A capability the profile declares was not observed.');
    return outcome.failed || outcome.verdict === 'NON_CONFORMANT' ? 1 : 0;
  } catch (error) {
    stderrLogger.error(`Conformance could not run: ${sanitizeMessage((error as Error).message, 2000)}`);
    return 1;
  }
}
