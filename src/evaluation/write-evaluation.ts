import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../shared/atomic-write.js';
import { sha256Hex } from '../shared/canonical-json.js';
import { redact } from '../shared/redaction.js';
import { approvalRecordOf, type ApprovalRecord } from './approval.js';
import { renderScorecardMarkdown } from './scorecard-markdown.js';
import type { Scorecard } from './scorecard.js';

export const SCORECARD_JSON = 'scorecard.json';
export const SCORECARD_MARKDOWN = 'scorecard.md';
export const APPROVAL_JSON = 'approval.json';

export interface WrittenEvaluation {
  jsonPath: string;
  markdownPath: string;
  markdown: string;
  /** approval.json, written only when the scorecard passed. */
  approvalPath: string | null;
  approval: ApprovalRecord | null;
}

/**
 * Writes scorecard.json and scorecard.md (atomically), and approval.json when the scorecard
 * passed. A failing run removes an approval.json left in the directory by an earlier run, so
 * the directory never holds an approval next to a scorecard that does not earn it.
 */
export async function writeEvaluation(scorecard: Scorecard, outDir: string): Promise<WrittenEvaluation> {
  const directory = resolve(outDir);
  // Nothing secret is collected; redaction is the last line of defence, as for every output.
  const json = redact(`${JSON.stringify(scorecard, null, 2)}\n`);
  const markdown = redact(renderScorecardMarkdown(scorecard));
  const jsonPath = join(directory, SCORECARD_JSON);
  const markdownPath = join(directory, SCORECARD_MARKDOWN);
  await writeFileAtomic(jsonPath, json);
  await writeFileAtomic(markdownPath, markdown);
  const approvalPath = join(directory, APPROVAL_JSON);
  if (!scorecard.passed) {
    await rm(approvalPath, { force: true });
    return { jsonPath, markdownPath, markdown, approvalPath: null, approval: null };
  }
  const approval = approvalRecordOf(scorecard, `sha256:${sha256Hex(json)}`);
  await writeFileAtomic(approvalPath, `${JSON.stringify(approval, null, 2)}\n`);
  return { jsonPath, markdownPath, markdown, approvalPath, approval };
}
