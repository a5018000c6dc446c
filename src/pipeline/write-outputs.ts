import { join, resolve } from 'node:path';
import { COMMENT_FILE, MANIFEST_FILE, TRACE_FILE, ArtifactNames } from '../action/constants.js';
import { renderComment } from '../report/comment.js';
import { buildManifest, writeManifest } from '../report/manifest.js';
import { buildTrace, writeTrace } from '../report/trace.js';
import { writeFileAtomic } from '../shared/atomic-write.js';
import type { RunOutcome } from './types.js';

export interface WrittenOutputs {
  manifestPath: string;
  tracePath: string;
  commentPath: string;
  comment: string;
}

/**
 * Writes the two artifacts and the rendered comment into one directory. The trace is written
 * first and on its own: when the manifest fails validation the trace still explains the run.
 */
export async function writeRunOutputs(
  outcome: RunOutcome,
  options: { outputDir: string; runUrl: string | null; now: Date; currentHeadSha?: string | null },
): Promise<WrittenOutputs> {
  const directory = resolve(options.outputDir);
  const tracePath = join(directory, TRACE_FILE);
  const manifestPath = join(directory, MANIFEST_FILE);
  const commentPath = join(directory, COMMENT_FILE);
  await writeTrace(directory, buildTrace(outcome));
  await writeManifest(directory, buildManifest(outcome));
  const comment = renderComment(outcome, { artifactNames: ArtifactNames, runUrl: options.runUrl, now: options.now, currentHeadSha: options.currentHeadSha ?? null });
  await writeFileAtomic(commentPath, comment);
  return { manifestPath, tracePath, commentPath, comment };
}
