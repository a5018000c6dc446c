import { join, resolve } from 'node:path';
import { COMMENT_FILE, MANIFEST_FILE, TRACE_FILE, ArtifactNames } from '../report/output-files.js';
import { renderComment } from '../report/comment.js';
import { buildManifest, writeManifest } from '../report/manifest.js';
import { ReportValidationError } from '../report/report-error.js';
import { buildTrace, writeTrace } from '../report/trace.js';
import { writeFileAtomic } from '../shared/atomic-write.js';
import { sanitizeMessage } from '../shared/redaction.js';
import type { RunOutcome } from '../report/run-outcome.js';
import type { PhaseClock } from '../shared/phase-clock.js';

export interface WrittenOutputs {
  manifestPath: string;
  tracePath: string;
  commentPath: string;
  comment: string;
  /**
   * The outcome that was published. It differs from the input only when the results failed
   * schema validation: then the verdict is withheld and the reason is published instead.
   */
  outcome: RunOutcome;
}

/**
 * Writes the two artifacts and the rendered comment into one directory. The trace is written
 * first and on its own, so it explains the run whatever happens next. When the manifest fails
 * validation (results that break a bound), nothing unvalidated is published: the run is turned
 * into a withheld verdict that says why, and that is written and commented instead — the step
 * then fails through the exit policy rather than going green with no output.
 */
export async function writeRunOutputs(
  outcome: RunOutcome,
  options: {
    outputDir: string;
    runUrl: string | null;
    now: Date;
    currentHeadSha?: string | null;
    phases?: PhaseClock;
    /** Where readers find the full results: the uploaded artifacts (action) or the files written here (CLI). */
    resultsIn?: 'artifacts' | 'files';
  },
): Promise<WrittenOutputs> {
  // The trace is written first, so its figures end here: publication covers what came before.
  if (options.phases) outcome = { ...outcome, phases: options.phases.snapshot() };
  const directory = resolve(options.outputDir);
  const tracePath = join(directory, TRACE_FILE);
  const manifestPath = join(directory, MANIFEST_FILE);
  const commentPath = join(directory, COMMENT_FILE);
  await writeTrace(directory, buildTrace(outcome));
  let published = outcome;
  try {
    await writeManifest(directory, buildManifest(outcome));
  } catch (error) {
    if (!(error instanceof ReportValidationError)) throw error;
    published = {
      ...outcome,
      results: [],
      verdict: 'withheld',
      failClosed: {
        code: 'INPUT_UNUSABLE',
        message: sanitizeMessage(`The analysis results could not be published because they failed validation — ${error.message}`, 1000),
      },
    };
    await writeManifest(directory, buildManifest(published));
  }
  const comment = renderComment(published, {
    artifactNames: ArtifactNames,
    runUrl: options.runUrl,
    now: options.now,
    currentHeadSha: options.currentHeadSha ?? null,
    ...(options.resultsIn === 'files' ? { resultFiles: { manifest: MANIFEST_FILE, trace: TRACE_FILE } } : {}),
  });
  await writeFileAtomic(commentPath, comment);
  return { manifestPath, tracePath, commentPath, comment, outcome: published };
}
