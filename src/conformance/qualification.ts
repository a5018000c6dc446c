import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { CONFORMANCE_SUITE_VERSION, type ConformanceVerdict, type QualificationRecord } from './types.js';

/**
 * The analyze-mode qualification gate. A qualification record (the `qualification` member
 * of conformance.json, or a file holding just the record) says that *this* profile digest
 * passed conformance for *this* candidate schema and prompt version. Any drift — an edited
 * profile, a changed schema, a new prompt — voids it, and the reason names both digests so
 * a reader sees at once what changed and that conformance must be rerun.
 */

export interface QualificationExpectation {
  profileDigest: string;
  /** This run's profile id, when known: a record of another profile is named as such, not as an edit. */
  profileId?: string;
  /** The profile as the user named it (a shipped name or a file path), for the command the advice gives. */
  profileRef?: string;
  schemaDigest: string;
  promptVersion: string;
}

export type QualificationCheck = { ok: true; record: QualificationRecord } | { ok: false; reason: string };

/** Verdicts that qualify a profile for analyses: the candidate schema path works end to end. */
export const QUALIFYING_VERDICTS: readonly ConformanceVerdict[] = ['CONFORMANT', 'PARTIALLY_CONFORMANT'];

const MAX_RECORD_BYTES = 2 * 1024 * 1024;
const DIGEST = z.string().regex(/^sha256:[a-f0-9]{64}$/, 'must be a sha256: digest');

export const qualificationRecordSchema = z.strictObject({
  suiteVersion: z.string().min(1),
  profileId: z.string().min(1).max(64),
  profileDigest: DIGEST,
  schemaDigest: DIGEST,
  promptVersion: z.string().min(1).max(64),
  date: z.iso.datetime(),
  verdict: z.enum(['CONFORMANT', 'PARTIALLY_CONFORMANT', 'NON_CONFORMANT', 'INCONCLUSIVE']),
  declaredCapabilitiesObserved: z.boolean(),
});

/** What to do about a record that does not qualify the run, naming the profile (as given: a name or a path) when it is known. */
function rerunAdvice(profileRef: string | undefined): string {
  const profile = profileRef === undefined ? '<this profile>' : sanitizeMessage(profileRef, 200);
  return `run \`depverdict conformance --profile ${profile}\` (or the conformance workflow) and point --qualification (the qualification input in a workflow) at its new conformance.json`;
}

/** Validates already-read record text. Pure, for the CLI and tests. */
export function evaluateQualification(text: string, source: string, expected: QualificationExpectation): QualificationCheck {
  const rerun = rerunAdvice(expected.profileRef ?? expected.profileId);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: `qualification record ${source} is not valid JSON; ${rerun}` };
  }
  const candidate = data !== null && typeof data === 'object' && !Array.isArray(data) && 'qualification' in data ? (data as { qualification: unknown }).qualification : data;
  const parsed = qualificationRecordSchema.safeParse(candidate);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`).join('; ');
    return { ok: false, reason: `qualification record ${source} is malformed (${sanitizeMessage(problems, 300)}); ${rerun}` };
  }
  const record = parsed.data;
  if (record.suiteVersion !== CONFORMANCE_SUITE_VERSION) {
    return { ok: false, reason: `qualification record ${source} comes from conformance suite version ${sanitizeMessage(record.suiteVersion, 20)}, but this DepVerdict runs suite version ${CONFORMANCE_SUITE_VERSION}; ${rerun}` };
  }
  if (record.profileDigest !== expected.profileDigest) {
    const recorded = sanitizeMessage(record.profileId, 64);
    const why = expected.profileId !== undefined && expected.profileId !== record.profileId
      ? `it is a record of another profile than this run's ${sanitizeMessage(expected.profileId, 64)}`
      : 'the profile changed since conformance ran';
    return {
      ok: false,
      reason: `qualification record ${source} qualifies profile ${recorded} with digest ${record.profileDigest}, but this run's profile digest is ${expected.profileDigest} (${why}); ${rerun}`,
    };
  }
  if (record.schemaDigest !== expected.schemaDigest) {
    return {
      ok: false,
      reason: `qualification record ${source} was made for candidate schema ${record.schemaDigest}, but this DepVerdict uses candidate schema ${expected.schemaDigest}; ${rerun}`,
    };
  }
  if (record.promptVersion !== expected.promptVersion) {
    return { ok: false, reason: `qualification record ${source} was made for prompt version ${record.promptVersion}, but this DepVerdict uses prompt version ${expected.promptVersion}; ${rerun}` };
  }
  if (record.verdict === 'INCONCLUSIVE') {
    return { ok: false, reason: `qualification record ${source} says conformance for profile ${record.profileId} was not executed (its endpoint could not be reached), so it qualifies nothing; ${rerun}` };
  }
  if (!QUALIFYING_VERDICTS.includes(record.verdict)) {
    return {
      ok: false,
      reason: `qualification record ${source} says profile ${record.profileId} (${record.profileDigest}) is ${record.verdict} for candidate schema ${record.schemaDigest}: its endpoint cannot serve the candidate schema as declared; fix the profile (see the report's recommended projection) and ${rerun}`,
    };
  }
  if (!record.declaredCapabilitiesObserved) {
    return {
      ok: false,
      reason: `qualification record ${source} says a capability profile ${record.profileId} declares was not observed (its conformance job failed); fix the profile's declared capabilities and ${rerun}`,
    };
  }
  return { ok: true, record };
}

/**
 * Reads and checks a qualification record file; never throws for a missing or bad file.
 * `label` names the record in reasons (the path as the user gave it); reasons reach the PR
 * comment, so the runner's absolute filesystem path is never used there.
 */
export async function checkQualification(recordPath: string, expected: QualificationExpectation, label: string = recordPath): Promise<QualificationCheck> {
  const rerun = rerunAdvice(expected.profileRef ?? expected.profileId);
  let bytes: Buffer;
  try {
    bytes = await readFile(recordPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what = code === 'ENOENT' ? 'does not exist' : `could not be read (${code ?? 'unknown error'})`;
    return {
      ok: false,
      reason: `qualification record ${label} ${what}; analyses need a record for profile digest ${expected.profileDigest} and candidate schema ${expected.schemaDigest}: ${rerun}`,
    };
  }
  if (bytes.length > MAX_RECORD_BYTES) return { ok: false, reason: `qualification record ${label} is larger than ${MAX_RECORD_BYTES} bytes; it is not a conformance.json` };
  return evaluateQualification(bytes.toString('utf8'), label, expected);
}

/** The log line of an accepted record. */
export function qualificationLine(label: string, profileId: string, record: QualificationRecord): string {
  return `Qualification record ${label} matches profile ${profileId} (${record.verdict}).`;
}

/** A run whose qualification record does not qualify it: the verdict is withheld (QUALIFICATION_MISSING). */
export class QualificationError extends Error {
  readonly code = 'QUALIFICATION_MISSING';
  constructor(reason: string) {
    super(`The qualification record does not qualify this run: ${reason}`);
    this.name = 'QualificationError';
  }
}

/**
 * The analyze gate shared by the action and the CLI: the record must qualify this profile digest
 * for the candidate schema and prompt this DepVerdict uses. Returns the record, or throws a
 * QualificationError whose reason names what differs.
 */
export async function requireQualification(options: { recordPath: string; label: string; profileDigest: string; profileId?: string; profileRef?: string; adapter?: string }): Promise<QualificationRecord> {
  if (options.adapter === 'extractive') {
    throw new QualificationError(`qualification record ${options.label} cannot qualify the extractive profile: it sends no model requests, so conformance does not probe it and no record names it; remove --qualification (the qualification input in a workflow)`);
  }
  const expected = {
    profileDigest: options.profileDigest,
    schemaDigest: CANDIDATE_SCHEMA_DIGEST,
    promptVersion: PROMPT_VERSION,
    ...(options.profileId === undefined ? {} : { profileId: options.profileId }),
    ...(options.profileRef === undefined ? {} : { profileRef: options.profileRef }),
  };
  const check = await checkQualification(options.recordPath, expected, options.label);
  if (!check.ok) throw new QualificationError(check.reason);
  return check.record;
}
