import * as core from '@actions/core';
import { randomUUID } from 'node:crypto';
import { createNpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { createAnswerStore } from '../pipeline/answer-reuse.js';
import { createPhaseClock, type PhaseClock } from '../shared/phase-clock.js';
import { decideExit } from '../pipeline/exit-policy.js';
import { failedRunOutcome, runPipeline, unboundRuntimeDescriptor } from '../pipeline/run-pipeline.js';
import { failClosedOf } from '../pipeline/fail-closed.js';
import type { RunOutcome } from '../report/run-outcome.js';
import { writeRunOutputs } from '../pipeline/write-outputs.js';
import { COMMENT_MARKER, renderJobSummary } from '../report/comment.js';
import { maxRisk } from '../report/verdict.js';
import { createRuntime } from '../runtime/create-runtime.js';
import { loadProfile } from '../runtime/profiles/load-profile.js';
import type { StructuredRuntime } from '../runtime/contract.js';
import type { Logger } from '../shared/logger.js';
import { installSecretMasker, redact, registerSecret, sanitizeMessage } from '../shared/redaction.js';
import { DEPVERDICT_VERSION } from '../version.js';
import { qualificationLine, requireQualification, runConformance } from '../conformance/index.js';
import { approvalLine, requireApproval } from '../evaluation/approval.js';
import { resolve } from 'node:path';
import { withTarballCache } from '../ecosystems/npm/tarball-cache.js';
import { createArtifactUploader } from './artifacts.js';
import { refuseConfigurationChangedByPullRequest } from './configuration-guard.js';
import { restoreEvidenceCache } from './evidence-cache.js';
import { parseActionConfig, type ActionConfig } from './config.js';
import { ArtifactNames, EXPLICIT_KEY_SOURCE, Outputs } from './constants.js';
import { MANIFEST_FILE, TRACE_FILE } from '../report/output-files.js';
import { createGitHubClient, type GitHubClient } from '../github/client.js';
import { createGitHubFileSource } from './github-file-source.js';
import { readCommitMessages, resolvePullRequest, type PullRequestTarget } from './pull-request-event.js';
import { upsertStickyComment } from './sticky-comment.js';
import { PUBLISH_GRACE_MS, type RunStop, stopOnTermination, stoppedRunFailClosed } from '../pipeline/run-stop.js';
import { exitCodeForSignal } from '../shared/termination-signals.js';
import { workspaceUsageSource } from './workspace-checkout.js';

const actionLogger: Logger = {
  debug: (message) => core.debug(redact(message)),
  info: (message) => core.info(redact(message)),
  warning: (message) => core.warning(redact(message)),
  error: (message) => core.error(redact(message)),
};

/**
 * The action's entry point. Phases: configure → analyse → publish. Publishing always runs,
 * so a failed run still writes its artifacts, summary and outputs; only then does the exit
 * policy decide whether the step fails.
 */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  installSecretMasker((secret) => core.setSecret(secret));
  const now = () => new Date();
  const runId = randomUUID();
  let config: ActionConfig;
  try {
    config = parseActionConfig((name) => core.getInput(name));
  } catch (error) {
    // Still publish what can be published (summary, files, artifacts) with default settings,
    // so the failure is visible where people look; no comment, since the inputs are in doubt.
    const message = sanitizeMessage((error as Error).message, 2000);
    actionLogger.error(message);
    const fallback = { ...parseActionConfig(() => ''), comment: false };
    const outcome = failedRunOutcome({
      runId,
      now,
      toolVersion: DEPVERDICT_VERSION,
      source: { repository: env.GITHUB_REPOSITORY ?? null, pullRequest: null, baseRef: 'unknown', headRef: 'unknown', headSha: null },
      runtime: unboundRuntimeDescriptor(core.getInput('profile') || 'extractive'),
      failClosed: { code: 'CONFIGURATION_ERROR', message },
    });
    await publish(fallback, outcome, null, null, null, env);
    // Failed, without a second ::error:: line: the cause was logged above, first.
    process.exitCode = core.ExitCode.Failure;
    return;
  }
  registerSecret(config.githubToken);
  registerSecret(config.apiKey);
  registerSecret(config.npmToken);

  if (config.mode === 'conformance') {
    await runConformanceMode(config, env);
    return;
  }

  // From here a cancel (SIGINT/SIGTERM) or the run's deadline stops the analysis, and the run
  // still publishes what it has: files, summary and outputs first, the comment if time allows.
  const { stop, termination } = stopOnTermination({ deadlineMs: config.timeout, logger: actionLogger, publishing: 'publishing' });
  const octokit: GitHubClient | null = config.githubToken
    ? createGitHubClient({ token: config.githubToken, baseUrl: env.GITHUB_API_URL, logger: actionLogger, run: stop })
    : null;
  const runUrl = env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
    ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
    : null;

  let pullRequest: PullRequestTarget | null = null;
  let outcome: RunOutcome;
  const phases = createPhaseClock();
  try {
    pullRequest = await resolvePullRequest({ env, pullRequestInput: config.pullRequest, octokit });
    outcome = await analyse(config, pullRequest, octokit, runId, now, env, stop, phases);
  } catch (error) {
    // A stop before any dependency was known: say why, not how the aborted request failed.
    const failClosed = stop.signal.aborted ? stoppedRunFailClosed(stop.signal) : failClosedOf(error);
    actionLogger.error(failClosed.message);
    outcome = failedRunOutcome({
      runId,
      now,
      toolVersion: DEPVERDICT_VERSION,
      source: {
        repository: env.GITHUB_REPOSITORY ?? null,
        pullRequest: pullRequest?.number ?? null,
        baseRef: pullRequest?.baseSha ?? 'unknown',
        headRef: pullRequest?.headSha ?? 'unknown',
        headSha: pullRequest?.headSha ?? null,
      },
      runtime: unboundRuntimeDescriptor(config.profile),
      failClosed,
    });
  }

  stop.dispose();
  // The analysis client is bound to the run's stop; publishing gets its own, so a stopped run
  // can still post (within a short budget after a cancel, as the runner kills soon after).
  const received = termination.received();
  const publishOctokit = config.githubToken
    ? createGitHubClient({ token: config.githubToken, baseUrl: env.GITHUB_API_URL, logger: actionLogger, ...(received ? { timeoutMs: CANCELLED_REQUEST_TIMEOUT_MS } : {}) })
    : null;
  phases.begin('publication');
  const published = await publish(config, outcome, pullRequest, publishOctokit, runUrl, env, received ? Date.now() + PUBLISH_GRACE_MS - 500 : null, phases);
  const decision = decideExit(published, config.failOn);
  if (decision.reason) core.setFailed(redact(decision.reason));
  const signal = termination.received();
  if (signal) {
    if (!decision.reason) core.setFailed(`The run was cancelled (${signal}).`);
    process.exitCode = exitCodeForSignal(signal);
  } else {
    termination.dispose();
  }
}

/** Per-request deadline for the comment after a cancel, so it cannot eat the whole grace period. */
const CANCELLED_REQUEST_TIMEOUT_MS = 1200;

async function analyse(
  config: ActionConfig,
  pullRequest: PullRequestTarget,
  octokit: GitHubClient | null,
  runId: string,
  now: () => Date,
  env: NodeJS.ProcessEnv,
  stop: RunStop,
  phases?: PhaseClock,
): Promise<RunOutcome> {
  if (!octokit) throw Object.assign(new Error('The "github-token" input is empty; DepVerdict reads the pull request files through the GitHub API. Pass ${{ github.token }}.'), { code: 'CONFIGURATION_ERROR' });
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const fileSource = createGitHubFileSource({
    octokit,
    owner: pullRequest.owner,
    repo: pullRequest.repo,
    pullNumber: pullRequest.number,
    baseSha: pullRequest.baseSha,
    headSha: pullRequest.headSha,
    logger: actionLogger,
  });
  await refuseConfigurationChangedByPullRequest(fileSource, workspace, { profile: config.profile, qualification: config.qualification, approval: config.approval });
  const profile = await loadProfile(config.profile, { cwd: workspace });
  if (config.qualification !== undefined) {
    const record = await requireQualification({ recordPath: resolve(workspace, config.qualification), label: config.qualification, profileDigest: profile.digest, profileId: profile.profile.id, profileRef: config.profile, adapter: profile.profile.adapter });
    actionLogger.info(qualificationLine(config.qualification, profile.profile.id, record));
  }
  if (config.approval !== undefined) {
    const approval = await requireApproval({ recordPath: resolve(workspace, config.approval), label: config.approval, profileDigest: profile.digest, profileId: profile.profile.id, profileRef: config.profile });
    actionLogger.info(approvalLine(config.approval, profile.profile.id, approval));
  }
  const runtime: StructuredRuntime = createRuntime(profile, { apiKey: config.apiKey, explicitKeySource: EXPLICIT_KEY_SOURCE, env, logger: actionLogger });
  actionLogger.info(`Profile ${runtime.descriptor.profileId} (${runtime.descriptor.adapter}, ${runtime.descriptor.mode}) digest ${runtime.descriptor.profileDigest}`);
  const evidenceCache = config.cache ? await restoreEvidenceCache(env, pullRequest.headSha, actionLogger) : null;
  const httpRegistry = createNpmRegistryClient({ registryUrl: config.npmRegistry, token: config.npmToken, logger: actionLogger, run: stop });
  // A private registry's tarballs are not shared through the repository's cache.
  const shareable = evidenceCache && !config.npmToken ? evidenceCache : null;
  const registry = shareable ? withTarballCache(httpRegistry, shareable.store, actionLogger) : httpRegistry;
  // Answers about a private registry's packages stay out of the shared cache, like its tarballs.
  const answers = shareable && config.reuse ? createAnswerStore(shareable.store) : null;
  const serverUrl = env.GITHUB_SERVER_URL ?? 'https://github.com';
  const usageSource = await workspaceUsageSource({
    workspace,
    headSha: pullRequest.headSha,
    treeUrl: serverUrl.startsWith('https://') ? `${serverUrl}/${pullRequest.owner}/${pullRequest.repo}/tree/${pullRequest.headSha}` : null,
  });
  const outcome = await runPipeline({
    usageSource,
    fileSource,
    registry,
    registryUrl: config.npmRegistry,
    github: octokit,
    runtime,
    logger: actionLogger,
    runId,
    now,
    toolVersion: DEPVERDICT_VERSION,
    answers,
    phases,
    source: {
      repository: `${pullRequest.owner}/${pullRequest.repo}`,
      pullRequest: pullRequest.number,
      baseRef: pullRequest.baseSha,
      headRef: pullRequest.headSha,
      headSha: pullRequest.headSha,
    },
    prText: {
      title: pullRequest.title,
      body: pullRequest.body,
      commitMessages: await readCommitMessages(octokit, pullRequest, (message) => actionLogger.debug(sanitizeMessage(message))),
    },
    signal: stop.signal,
  });
  await evidenceCache?.save();
  return outcome;
}

/**
 * `mode: conformance`: probe the profile's endpoint, write conformance.md and
 * conformance.json to output-dir, show the report in the job summary, and fail the step when
 * the record says the run failed (not executed, NON_CONFORMANT, or a declared capability not
 * observed).
 */
async function runConformanceMode(config: ActionConfig, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    const profile = await loadProfile(config.profile, { cwd: env.GITHUB_WORKSPACE ?? process.cwd() });
    const outcome = await runConformance({ profile, apiKey: config.apiKey, explicitKeySource: EXPLICIT_KEY_SOURCE, env, outDir: config.outputDir, logger: actionLogger, now: () => new Date() });
    core.setOutput(Outputs.conformanceVerdict, outcome.verdict);
    core.setOutput(Outputs.conformanceReportPath, outcome.jsonPath);
    try {
      await core.summary.addRaw(outcome.markdown, true).write();
    } catch (error) {
      actionLogger.warning(`Could not write the job summary: ${sanitizeMessage((error as Error).message)}`);
    }
    actionLogger.info(`Conformance ${outcome.verdict}: ${outcome.markdownPath}, record ${outcome.jsonPath}`);
    // conformance.json's `failed` decides, so the record and the step status never disagree.
    if (outcome.failed) core.setFailed(`Conformance ${outcome.verdict}: ${outcome.document.failure ?? 'failed'}; see ${outcome.markdownPath}`);
  } catch (error) {
    core.setFailed(`Conformance could not run: ${sanitizeMessage((error as Error).message, 1000)}`);
  }
}

/**
 * The PR's head right now: when someone pushed while this run analysed an older commit, the
 * comment says its verdict is stale instead of passing for the current head. Best effort.
 */
async function readCurrentHeadSha(pullRequest: PullRequestTarget | null, octokit: GitHubClient | null): Promise<string | null> {
  if (!pullRequest || !octokit) return null;
  try {
    const { data } = await octokit.rest.pulls.get({ owner: pullRequest.owner, repo: pullRequest.repo, pull_number: pullRequest.number });
    return data.head.sha;
  } catch (error) {
    actionLogger.debug(`Could not re-read the pull request head: ${sanitizeMessage((error as Error).message)}`);
    return null;
  }
}

/** Files, summary, comment, artifacts, outputs — each step failing on its own, as a warning. */
async function publish(
  config: ActionConfig,
  analysed: RunOutcome,
  pullRequest: PullRequestTarget | null,
  octokit: GitHubClient | null,
  runUrl: string | null,
  env: NodeJS.ProcessEnv,
  /** After a cancel: epoch ms by which publishing must be done; steps that may not fit are skipped. */
  publishBy: number | null = null,
  phases?: PhaseClock,
): Promise<RunOutcome> {
  const now = new Date();
  const timeLeft = (): number => (publishBy === null ? Number.POSITIVE_INFINITY : publishBy - Date.now());
  // After a cancel the head is not re-read: the comment says the run was cancelled anyway.
  const currentHeadSha = publishBy === null ? await readCurrentHeadSha(pullRequest, octokit) : null;
  // What is published may differ from what was analysed: results that fail validation, or
  // files that cannot be written, withhold the verdict (and so fail the step) instead of a
  // green check with nothing behind it.
  let outcome = analysed;
  let written: Awaited<ReturnType<typeof writeRunOutputs>> | null = null;
  try {
    // With upload-artifacts off, the comment names the files, not artifacts nobody uploads.
    written = await writeRunOutputs(analysed, { outputDir: config.outputDir, runUrl, now, currentHeadSha, phases, resultsIn: config.uploadArtifacts ? 'artifacts' : 'files' });
    outcome = written.outcome;
    if (outcome.failClosed && !analysed.failClosed) actionLogger.error(outcome.failClosed.message);
    core.setOutput(Outputs.manifestPath, written.manifestPath);
    core.setOutput(Outputs.tracePath, written.tracePath);
  } catch (error) {
    const message = `Could not write the result files to ${config.outputDir}: ${sanitizeMessage((error as Error).message)}`;
    actionLogger.error(message);
    outcome = { ...analysed, verdict: 'withheld', failClosed: analysed.failClosed ?? { code: 'UNKNOWN', message } };
  }

  try {
    const resultFiles = config.uploadArtifacts ? {} : { resultFiles: { manifest: MANIFEST_FILE, trace: TRACE_FILE } };
    await core.summary.addRaw(renderJobSummary(outcome, { artifactNames: ArtifactNames, runUrl, now, ...resultFiles }), true).write();
  } catch (error) {
    actionLogger.warning(`Could not write the job summary: ${sanitizeMessage((error as Error).message)}`);
  }

  // The outputs are set before the network steps, so a cancelled run that is killed while
  // commenting or uploading still leaves them; comment-url follows once known.
  core.setOutput(Outputs.verdict, outcome.verdict);
  core.setOutput(Outputs.maxRisk, maxRisk(outcome.results));
  core.setOutput(Outputs.requiresHumanReview, String(outcome.failClosed !== null || outcome.results.some((r) => r.humanReviewReasons.length > 0)));
  core.setOutput(Outputs.dependencyCount, String(outcome.results.length));

  let commentUrl = '';
  if (config.comment && written && pullRequest && octokit && timeLeft() < MIN_COMMENT_TIME_MS) {
    actionLogger.warning('The PR comment was not updated: too little time was left after the cancel. The job summary and result files have the outcome.');
  } else if (config.comment && written && pullRequest && octokit) {
    try {
      const posted = await upsertStickyComment({
        octokit,
        owner: pullRequest.owner,
        repo: pullRequest.repo,
        issueNumber: pullRequest.number,
        body: written.comment,
        marker: COMMENT_MARKER,
        logger: actionLogger,
      });
      if ('url' in posted) {
        commentUrl = posted.url;
        actionLogger.info(`Comment ${posted.action}: ${posted.url}`);
      }
    } catch (error) {
      actionLogger.warning(`Could not post the PR comment: ${sanitizeMessage((error as Error).message)}`);
    }
  }

  if (config.uploadArtifacts && written && timeLeft() < MIN_UPLOAD_TIME_MS) {
    actionLogger.warning(`The artifacts were not uploaded: too little time was left after the cancel. The files are in ${config.outputDir}.`);
  } else if (config.uploadArtifacts && written) {
    const uploader = createArtifactUploader(env);
    if (!uploader) {
      actionLogger.warning('The artifact service is not available (not running on a GitHub runner); the files stay in output-dir.');
    } else {
      for (const [name, path] of [
        [ArtifactNames.manifest, written.manifestPath],
        [ArtifactNames.trace, written.tracePath],
      ] as const) {
        try {
          await uploader.upload(name, path);
          actionLogger.info(`Uploaded artifact ${name}.`);
        } catch (error) {
          actionLogger.warning(`Could not upload artifact ${name}: ${sanitizeMessage((error as Error).message)}. The file is still at ${path}.`);
        }
      }
    }
  }

  core.setOutput(Outputs.commentUrl, commentUrl);
  return outcome;
}

/** Least time left (after a cancel) to try the sticky comment: listing and updating take two or three requests. */
const MIN_COMMENT_TIME_MS = 2500;
/** Least time left (after a cancel) to start uploading the two artifacts. */
const MIN_UPLOAD_TIME_MS = 1000;
