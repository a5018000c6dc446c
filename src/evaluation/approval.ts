import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { APPROVAL_FAILURE_PREFIX } from '../report/verdict.js';
import { DEPVERDICT_VERSION } from '../version.js';
import type { Scorecard } from './scorecard.js';

/**
 * The approval record (approval.json): a passing evaluation binds the exact profile digest,
 * prompt version, candidate-schema digest, dataset digest and DepVerdict version to the
 * scorecard it passed with. `analyze --approval FILE` and the action input `approval` require
 * a record that matches the run; any change of profile (endpoint, model, provider, gateway,
 * routing), prompt, schema or DepVerdict version voids it, and the reason names both values.
 * Modelled on the conformance qualification record (src/conformance/qualification.ts).
 */

/** 2: `datasetSampleCount` added, so a record of a `--limit` run can be told apart and refused. */
export const APPROVAL_VERSION = '2';
const DIGEST = z.string().regex(/^sha256:[a-f0-9]{64}$/, 'must be a sha256: digest');
const MAX_RECORD_BYTES = 1024 * 1024;

export const approvalRecordSchema = z.strictObject({
  approvalVersion: z.literal(APPROVAL_VERSION),
  profileId: z.string().min(1).max(64),
  profileDigest: DIGEST,
  promptVersion: z.string().min(1).max(64),
  schemaDigest: DIGEST,
  datasetName: z.string().min(1).max(200),
  datasetDigest: DIGEST,
  toolVersion: z.string().min(1).max(64),
  scorecardDigest: DIGEST,
  date: z.iso.datetime(),
  passed: z.boolean(),
  sampleCount: z.number().int().min(1),
  /** Samples in the whole dataset; a record approves only a run over all of them. */
  datasetSampleCount: z.number().int().min(1),
  repeats: z.number().int().min(2),
});

export type ApprovalRecord = z.infer<typeof approvalRecordSchema>;

/** The record for a scorecard; only a passed scorecard gets one (the caller checks). */
export function approvalRecordOf(scorecard: Scorecard, scorecardDigest: string): ApprovalRecord {
  return {
    approvalVersion: APPROVAL_VERSION,
    profileId: scorecard.profile.id,
    profileDigest: scorecard.profile.digest,
    promptVersion: scorecard.promptVersion,
    schemaDigest: scorecard.candidateSchemaDigest,
    datasetName: scorecard.dataset.name,
    datasetDigest: scorecard.dataset.digest,
    toolVersion: scorecard.toolVersion,
    scorecardDigest,
    date: scorecard.createdAt,
    passed: scorecard.passed,
    sampleCount: scorecard.sampleCount,
    datasetSampleCount: scorecard.dataset.sampleCount,
    repeats: scorecard.repeats,
  };
}

export interface ApprovalExpectation {
  profileDigest: string;
  promptVersion: string;
  schemaDigest: string;
  toolVersion: string;
}

/** What to do about a record that does not approve the run, naming the profile (as given: a name or a path) when it is known. */
function rerunAdvice(profileRef: string | undefined): string {
  const profile = profileRef === undefined ? '<this profile>' : sanitizeMessage(profileRef, 200);
  return `run \`depverdict eval --profile ${profile} --dataset npm-labelled --repeats 2\` (or the depverdict-eval workflow) and point the approval input at its new approval.json`;
}

/** Checks already-read record text against the run. Pure. */
export function evaluateApproval(text: string, source: string, expected: ApprovalExpectation, profileId?: string, profileRef?: string): { ok: true; record: ApprovalRecord } | { ok: false; reason: string } {
  const rerun = rerunAdvice(profileRef ?? profileId);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: `approval record ${source} is not valid JSON; ${rerun}` };
  }
  const parsed = approvalRecordSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`).join('; ');
    return { ok: false, reason: `approval record ${source} is malformed (${sanitizeMessage(problems, 300)}); ${rerun}` };
  }
  const record = parsed.data;
  const mismatch = (what: string, recorded: string, current: string): string =>
    `approval record ${source} approves ${what} ${sanitizeMessage(recorded, 80)}, but this run uses ${current}; ${rerun}`;
  if (!record.passed) return { ok: false, reason: `approval record ${source} is for an evaluation that did not pass its thresholds; ${rerun}` };
  if (record.sampleCount !== record.datasetSampleCount) return { ok: false, reason: `approval record ${source} is for a run over ${record.sampleCount} of the dataset's ${record.datasetSampleCount} samples (--limit), and only a run over the whole dataset approves a profile; ${rerun}` };
  if (record.profileDigest !== expected.profileDigest) {
    const why = profileId !== undefined && profileId !== record.profileId ? `it is a record of another profile than this run's ${sanitizeMessage(profileId, 64)}` : 'the profile changed since it was evaluated';
    return { ok: false, reason: mismatch(`profile ${sanitizeMessage(record.profileId, 64)} with digest`, record.profileDigest, `profile digest ${expected.profileDigest} (${why})`) };
  }
  if (record.schemaDigest !== expected.schemaDigest) return { ok: false, reason: mismatch('candidate schema', record.schemaDigest, `candidate schema ${expected.schemaDigest}`) };
  if (record.promptVersion !== expected.promptVersion) return { ok: false, reason: mismatch('prompt version', record.promptVersion, `prompt version ${expected.promptVersion}`) };
  if (record.toolVersion !== expected.toolVersion) return { ok: false, reason: mismatch('DepVerdict version', record.toolVersion, `DepVerdict ${expected.toolVersion}`) };
  return { ok: true, record };
}

/**
 * The log line of an accepted record: what the approval rests on (the dataset and how much of it
 * was scored), since a PR run cannot read the dataset to check it.
 */
export function approvalLine(label: string, profileId: string, record: ApprovalRecord): string {
  const dataset = sanitizeMessage(record.datasetName, 200);
  return `Approval record ${label} matches profile ${profileId}: evaluated on ${dataset} (${record.sampleCount} samples, ${record.repeats} repeats) on ${record.date}.`;
}

/** A run whose approval record does not approve it: the verdict is withheld. */
export class ApprovalError extends Error {
  /** Reported like a missing qualification: the run is not vouched for, so it fails closed. */
  readonly code = 'QUALIFICATION_MISSING';
  constructor(reason: string) {
    super(`${APPROVAL_FAILURE_PREFIX}: ${reason}`);
    this.name = 'ApprovalError';
  }
}

/**
 * The analyze gate: reads the record, throws ApprovalError naming what differs. `profileRef` is
 * the profile as the user named it (a shipped name or a file path), for the command the advice gives.
 */
export async function requireApproval(options: { recordPath: string; label: string; profileDigest: string; profileId?: string; profileRef?: string }): Promise<ApprovalRecord> {
  const expected = { profileDigest: options.profileDigest, promptVersion: PROMPT_VERSION, schemaDigest: CANDIDATE_SCHEMA_DIGEST, toolVersion: DEPVERDICT_VERSION };
  let bytes: Buffer;
  try {
    bytes = await readFile(options.recordPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ApprovalError(`approval record ${options.label} ${code === 'ENOENT' ? 'does not exist' : `could not be read (${code ?? 'unknown error'})`}; ${rerunAdvice(options.profileRef ?? options.profileId)}`);
  }
  if (bytes.length > MAX_RECORD_BYTES) throw new ApprovalError(`approval record ${options.label} is larger than ${MAX_RECORD_BYTES} bytes; it is not an approval.json`);
  const check = evaluateApproval(bytes.toString('utf8'), options.label, expected, options.profileId, options.profileRef);
  if (!check.ok) throw new ApprovalError(check.reason);
  return check.record;
}
