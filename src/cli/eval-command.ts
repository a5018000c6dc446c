import { join, resolve } from 'node:path';
import { DatasetError } from '../evaluation/dataset.js';
import { DatasetNotFoundError, loadEvaluationDataset, type EvaluationDataset } from '../evaluation/dataset-source.js';
import { buildBenchmark, renderBenchmarkMarkdown } from '../evaluation/benchmark.js';
import { runEvaluation, type EvaluationProgress, type StopKind } from '../evaluation/run-evaluation.js';
import { writeEvaluation } from '../evaluation/write-evaluation.js';
import type { Scorecard } from '../evaluation/scorecard.js';
import { createRuntime } from '../runtime/create-runtime.js';
import type { RuntimeOptions } from '../runtime/openai-compatible-runtime.js';
import { loadProfile } from '../runtime/profiles/load-profile.js';
import { writeFileAtomic } from '../shared/atomic-write.js';
import type { Logger } from '../shared/logger.js';
import { redact, sanitizeMessage } from '../shared/redaction.js';
import { DEPVERDICT_VERSION } from '../version.js';
import type { CliArguments } from './arguments.js';
import { OutputDirectoryError, prepareOutputDirectory } from './output-directory.js';

/**
 * `depverdict eval`: one profile → scorecard (+ approval.json when it passes); several →
 * a benchmark with one scorecard directory per profile. Exit 0 when every threshold passed
 * (for a benchmark: every profile), 2 when one did not, 1 when the run failed closed, the
 * endpoint could not serve it, or the dataset or a profile is unusable.
 */

export const BENCHMARK_JSON = 'benchmark.json';
export const BENCHMARK_MARKDOWN = 'benchmark.md';
/** Progress is printed at most this often, so short runs stay quiet. */
const PROGRESS_INTERVAL_MS = 5_000;

export interface EvalCommandContext {
  env: NodeJS.ProcessEnv;
  logger: Logger;
  apiKey: string | undefined;
  explicitKeySource: RuntimeOptions['explicitKeySource'];
  /** Where stdout goes (the scorecard or benchmark Markdown). */
  write: (text: string) => void;
  cwd: string;
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

function progressReporter(label: string, logger: Logger): (progress: EvaluationProgress) => void {
  let lastPrinted = 0;
  return (progress) => {
    const last = progress.done === progress.total;
    if (!last && progress.elapsedMs - lastPrinted < PROGRESS_INTERVAL_MS) return;
    lastPrinted = progress.elapsedMs;
    logger.info(`eval ${label}: ${progress.done}/${progress.total} samples, ${duration(progress.elapsedMs)} elapsed${last ? '' : `, about ${duration(progress.etaMs)} left`}`);
  };
}

interface ProfileRun {
  scorecard: Scorecard;
  stopKind: StopKind | null;
  jsonPath: string;
  approvalPath: string | null;
  markdown: string;
}

async function evaluateProfile(args: CliArguments, profileName: string, dataset: EvaluationDataset, outDir: string, context: EvalCommandContext): Promise<ProfileRun> {
  const profile = await loadProfile(profileName, { cwd: context.cwd });
  const runtime = createRuntime(profile, { apiKey: context.apiKey, explicitKeySource: context.explicitKeySource, env: context.env, logger: context.logger });
  const { scorecard, stopKind } = await runEvaluation({
    dataset,
    profile,
    runtime,
    repeats: args.repeats,
    limit: args.limit,
    maxRequests: args.maxRequests,
    maxCostUsd: args.maxCostUsd,
    toolVersion: DEPVERDICT_VERSION,
    now: () => new Date(),
    onProgress: progressReporter(profile.profile.id, context.logger),
    logger: context.logger,
  });
  const written = await writeEvaluation(scorecard, outDir);
  return { scorecard, stopKind, jsonPath: written.jsonPath, approvalPath: written.approvalPath, markdown: written.markdown };
}

function exitCodeOf(run: ProfileRun): number {
  if (run.scorecard.failedClosed !== null || run.stopKind === 'endpoint') return 1;
  return run.scorecard.passed ? 0 : 2;
}

function report(run: ProfileRun, logger: Logger): void {
  const { scorecard } = run;
  const summary = `eval ${scorecard.profile.id} on ${scorecard.dataset.name}: ${scorecard.passed ? 'PASSED' : 'NOT PASSED'} (${scorecard.scoredCount}/${scorecard.sampleCount} scored, ${scorecard.excludedCount} excluded; riskAccuracy ${scorecard.metrics.riskAccuracy?.toFixed(3) ?? 'n/a'})`;
  if (scorecard.passed) logger.info(`${summary}; wrote ${run.jsonPath} and ${run.approvalPath ?? ''}.`);
  else logger.error(`${summary}: ${scorecard.failures.join(' ')} Wrote ${run.jsonPath}.`);
}

export async function runEvalCommand(args: CliArguments, context: EvalCommandContext): Promise<number> {
  let dataset: EvaluationDataset;
  try {
    dataset = await loadEvaluationDataset(args.dataset!, { cwd: context.cwd });
  } catch (error) {
    if (error instanceof DatasetError || error instanceof DatasetNotFoundError) {
      context.logger.error(sanitizeMessage(error.message, 2000));
      return 1;
    }
    throw error;
  }
  context.logger.info(`Dataset ${dataset.name}: ${dataset.dataset.bumps.length} labelled bumps, ${dataset.registryDirectory ? 'recorded registry' : 'live npm registry'}, ${dataset.repositoryDirectory ? 'recorded repository files' : 'no repository files'}; digest ${dataset.digest}.`);
  const outDir = resolve(context.cwd, args.out === 'depverdict-out' ? 'depverdict-eval' : args.out);
  // Before any profile is asked (a model run costs money): a place the scorecards cannot go stops it now.
  try {
    await prepareOutputDirectory(outDir, context.cwd, 'scorecard.json and scorecard.md');
  } catch (error) {
    if (!(error instanceof OutputDirectoryError)) throw error;
    context.logger.error(sanitizeMessage(error.message, 2000));
    return 1;
  }

  const runs: ProfileRun[] = [];
  let worst = 0;
  for (const profileName of args.profiles) {
    const directory = args.profiles.length === 1 ? outDir : join(outDir, sanitizeDirectoryName(profileName));
    try {
      const run = await evaluateProfile(args, profileName, dataset, directory, context);
      report(run, context.logger);
      runs.push(run);
      worst = worseExit(worst, exitCodeOf(run));
    } catch (error) {
      // A profile that cannot run (bad file, missing key) is an error, never replaced by another.
      context.logger.error(`eval with profile ${profileName} could not run: ${sanitizeMessage((error as Error).message, 2000)}`);
      worst = 1;
    }
  }
  if (args.profiles.length === 1) {
    if (!args.quiet && runs[0]) context.write(runs[0].markdown);
    return worst;
  }
  if (runs.length > 0) {
    const benchmark = buildBenchmark(runs.map((run) => ({ scorecard: run.scorecard, scorecardPath: relativeTo(outDir, run.jsonPath) })), new Date().toISOString());
    const markdown = redact(renderBenchmarkMarkdown(benchmark));
    await writeFileAtomic(join(outDir, BENCHMARK_JSON), redact(`${JSON.stringify(benchmark, null, 2)}\n`));
    await writeFileAtomic(join(outDir, BENCHMARK_MARKDOWN), markdown);
    context.logger.info(`Benchmark of ${runs.length} profile(s): wrote ${join(outDir, BENCHMARK_MARKDOWN)} and ${BENCHMARK_JSON}.`);
    if (!args.quiet) context.write(markdown);
  }
  return worst;
}

/** 1 (failed) outranks 2 (threshold not passed), which outranks 0. */
function worseExit(left: number, right: number): number {
  return left === 1 || right === 1 ? 1 : Math.max(left, right);
}

/** A profile path or name as a directory name: `profiles/my.yml` → `profiles-my.yml`. */
function sanitizeDirectoryName(profile: string): string {
  return profile.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(0, 80) || 'profile';
}

function relativeTo(directory: string, path: string): string {
  return path.startsWith(`${directory}/`) ? path.slice(directory.length + 1) : path;
}
