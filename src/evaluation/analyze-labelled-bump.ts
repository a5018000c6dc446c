import { analyzeDependency, type AnalyzeDependencyOutput } from '../analysis/analyze-dependency.js';
import type { GitHubClient } from '../github/client.js';
import type { AnalysisResult } from '../analysis/types.js';
import type { DependencyFileSource } from '../bumps/types.js';
import type { NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { prepareContexts } from '../pipeline/run-pipeline.js';
import type { StructuredRuntime } from '../runtime/contract.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { bumpLabel, type LabelledBump } from './dataset.js';

/**
 * Runs one labelled bump through the same path a pull request takes: a manifest change is
 * detected, evidence is gathered from the registry (a recorded snapshot in evaluation),
 * the context is built and the runtime's candidate goes through parse, schema, trust and
 * review. Nothing is shortcut, so the score measures what users would get.
 */

export interface LabelledBumpSources {
  registry: NpmRegistryClient;
  registryUrl: string;
  runtime: StructuredRuntime;
  runId: string;
  /** GitHub (a fake serving recorded repository files, in evaluation); null reads the registry only. */
  github?: GitHubClient | null;
  logger?: Logger;
}

/** Detection did not see exactly the labelled bump: the dataset entry or detection is wrong. */
export class EvaluationInputError extends Error {
  override readonly name = 'EvaluationInputError';
}

const MANIFEST_PATH = 'package.json';

/** Base and head package.json that pin the dependency exactly, so detection sees from → to. */
export function manifestChangeOf(bump: Pick<LabelledBump, 'name' | 'from' | 'to'>): DependencyFileSource {
  const manifest = (version: string): string =>
    `${JSON.stringify({ name: 'depverdict-evaluation', version: '0.0.0', private: true, dependencies: { [bump.name]: version } }, null, 2)}\n`;
  const files = { base: manifest(bump.from), head: manifest(bump.to) };
  return {
    async changedPaths() {
      return [MANIFEST_PATH];
    },
    async read(side, path) {
      return path === MANIFEST_PATH ? files[side] : undefined;
    },
    describe(side) {
      return `${side} (${side === 'base' ? bump.from : bump.to})`;
    },
  };
}

/** A labelled bump with its evidence gathered once; each `analyse` asks the runtime again (repeats). */
export type PreparedLabelledBump =
  | { failed: AnalysisResult }
  | { analyse(runtime: StructuredRuntime, runId: string): Promise<AnalyzeDependencyOutput> };

/**
 * Detects the labelled bump and gathers its evidence. A registry or evidence failure is not
 * thrown: it comes back as a failed result (risk `unknown`), exactly as in a real run. `signal`
 * stops the gathering of a sample the evaluation no longer needs (it stopped early).
 */
export async function prepareLabelledBump(bump: LabelledBump, sources: Omit<LabelledBumpSources, 'runtime' | 'runId'>, signal?: AbortSignal): Promise<PreparedLabelledBump> {
  const logger = sources.logger ?? silentLogger;
  const { detection, prepared } = await prepareContexts({
    fileSource: manifestChangeOf(bump),
    registry: sources.registry,
    registryUrl: sources.registryUrl,
    github: sources.github ?? null,
    logger,
    ...(signal === undefined ? {} : { signal }),
  });
  const item = prepared[0];
  const detected = detection.bumps[0];
  if (prepared.length !== 1 || item === undefined || detected?.from !== bump.from || detected.to !== bump.to) {
    throw new EvaluationInputError(
      `${bumpLabel(bump)}: detection found ${prepared.length} analysable bump(s) instead of exactly this one; check the dataset entry.`,
    );
  }
  if ('failed' in item) return { failed: item.failed };
  return {
    analyse: (runtime, runId) =>
      analyzeDependency({ context: item.context, runtime, runId, knownVersions: item.knownVersions, registrySignals: item.signals }),
  };
}

/**
 * The analysis result for one labelled bump. A registry or evidence failure is not thrown: it
 * comes back as a failed result (risk `unknown`), exactly as in a real run, and scores as a miss.
 */
export async function analyzeLabelledBump(bump: LabelledBump, sources: LabelledBumpSources): Promise<AnalysisResult> {
  const prepared = await prepareLabelledBump(bump, sources);
  if ('failed' in prepared) return prepared.failed;
  return (await prepared.analyse(sources.runtime, sources.runId)).result;
}
