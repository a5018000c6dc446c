import semver from 'semver';
import { z } from 'zod';
import { consensusLabel } from './label-agreement.js';

/**
 * The labelled evaluation set: real npm bumps, each with the risk level a reviewer gives
 * after reading the package's own release text, and a quote from that text as justification.
 * The file is data written by hand, so it is validated strictly: an unknown key, a
 * non-semver version or a duplicate bump is an error naming the entry, never skipped.
 */

/** Labels a reviewer can give. `unknown` is not a label: every entry is judged from its text. */
export const EXPECTED_RISK_LEVELS = ['high', 'medium', 'low'] as const;
export type ExpectedRisk = (typeof EXPECTED_RISK_LEVELS)[number];

const semverString = z
  .string()
  .max(64)
  .refine((value) => semver.valid(value) === value, { message: 'must be an exact semver version such as 1.2.3' });

/**
 * Where the label's quote comes from. `tarball-changelog` (the default when absent) is the
 * changelog inside the target tarball; `repository-changelog` a changelog file in the source
 * repository at the target's tag (recorded under `repository/` when `recorded` names it);
 * `release-notes`, `commits` and `advisory` are the GitHub release page, the commit log between
 * the tags, or the advisory page, named by `url`.
 */
const labelSourceSchema = z.strictObject({
  kind: z.enum(['tarball-changelog', 'repository-changelog', 'release-notes', 'commits', 'advisory']),
  url: z.url({ protocol: /^https$/ }).max(500),
  repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/).optional(),
  tag: z.string().min(1).max(100).optional(),
  /** Path, relative to the dataset directory, of a recorded file that contains the quote. */
  recorded: z.string().regex(/^repository\/[\w./@+%-]+$/).refine((path) => !path.split('/').includes('..'), 'must stay inside repository/').optional(),
});

/** One reviewer's independent reading of the bump's release text. */
const independentLabelSchema = z.strictObject({
  label: z.enum(EXPECTED_RISK_LEVELS),
  /** Who read it: the reviewer's output file as merged (`wave12/second-1`); absent for the first reviewer. */
  by: z.string().regex(/^[\w.-]{1,40}\/[\w.-]{1,60}$/).optional(),
  /** Why, in that reviewer's words (the first reviewer's reason is the entry's `reason`). */
  reason: z.string().min(10).max(600).optional(),
});

const labelledBumpSchema = z.strictObject({
  name: z.string().min(1).max(214),
  from: semverString,
  to: semverString,
  expected: z.enum(EXPECTED_RISK_LEVELS),
  /** An exact substring of the label's source (the target tarball's changelog by default). */
  quote: z.string().min(8).max(400),
  /** Why the quote gives this label, in the reviewer's words. */
  reason: z.string().min(10).max(600),
  /** The target version fixes a published vulnerability. */
  security: z.boolean().optional(),
  /** CVE / GHSA IDs the target fixes. */
  advisories: z.array(z.string().regex(/^(?:CVE-\d{4}-\d{4,}|GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})$/)).max(20).optional(),
  /** Whether the target tarball ships a changelog file, as checked when the bump was chosen. */
  tarballChangelog: z.boolean().optional(),
  source: labelSourceSchema.optional(),
  /**
   * Independent readings, first reviewer first, when the bump was labelled more than once. Each
   * reviewer read only the release text, never another's label or any analyzer's output.
   * `expected` is then their consensus: the two agree, or a third reading decides (the median
   * of three). `quote` and `reason` stay the first reviewer's.
   */
  labels: z.array(independentLabelSchema).min(2).max(3).optional(),
});

/**
 * Most bumps a dataset may hold. The shipped npm-labelled set passed 1,000 with wave 27 and
 * 2,000 with wave 61; each entry is a few KB at most, so this keeps a dataset file to about ten
 * MB in memory, and a model profile's eval to this many calls per repeat (`--max-requests` and
 * `--max-cost` bound it further, and `--limit` runs a first part). A larger set is better split
 * by purpose than run whole.
 */
export const MAX_LABELLED_BUMPS = 3000;

const datasetSchema = z.strictObject({
  description: z.string().max(2000).optional(),
  bumps: z.array(labelledBumpSchema).min(1).max(MAX_LABELLED_BUMPS),
});

export type LabelledBump = z.infer<typeof labelledBumpSchema>;
export interface LabelledDataset {
  description: string | null;
  bumps: LabelledBump[];
}

/** The dataset file cannot be used; `problems` say which entry and what to fix. */
export class DatasetError extends Error {
  override readonly name = 'DatasetError';
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`The labelled dataset ${source} is invalid: ${problems.slice(0, 10).join('; ')}${problems.length > 10 ? ` (and ${problems.length - 10} more)` : ''}. Fix the file and run again.`);
  }
}

/** `express 4.21.2 → 5.1.0`: how an entry is named in messages and tables. */
export function bumpLabel(bump: Pick<LabelledBump, 'name' | 'from' | 'to'>): string {
  return `${bump.name} ${bump.from} → ${bump.to}`;
}

function pathOf(path: ReadonlyArray<PropertyKey>, input: unknown): string {
  // Name the entry by package when possible: "bumps[3] (helmet)" is findable in the file.
  if (path[0] === 'bumps' && typeof path[1] === 'number' && typeof input === 'object' && input !== null) {
    const entries = (input as { bumps?: unknown }).bumps;
    const entry = Array.isArray(entries) ? (entries[path[1]] as { name?: unknown } | undefined) : undefined;
    const name = typeof entry?.name === 'string' ? ` (${entry.name.slice(0, 80)})` : '';
    const rest = path.slice(2).map(String).join('.');
    return `bumps[${path[1]}]${name}${rest ? `.${rest}` : ''}`;
  }
  return path.length > 0 ? path.map(String).join('.') : '(root)';
}

/** Parses and validates the dataset text; `source` names the file in errors. */
export function parseLabelledDataset(text: string, source: string): LabelledDataset {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new DatasetError(source, [`not valid JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const parsed = datasetSchema.safeParse(input);
  if (!parsed.success) {
    throw new DatasetError(
      source,
      parsed.error.issues.map((issue) => `${pathOf(issue.path, input)}: ${issue.message}`),
    );
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  parsed.data.bumps.forEach((bump, index) => {
    const label = `bumps[${index}] (${bumpLabel(bump)})`;
    // Only upgrades are labelled: a downgrade's release text describes what is being undone.
    if (!semver.gt(bump.to, bump.from)) problems.push(`${label}: "to" must be newer than "from"`);
    const key = `${bump.name}@${bump.from}..${bump.to}`;
    if (seen.has(key)) problems.push(`${label}: duplicate entry`);
    seen.add(key);
    if (bump.labels !== undefined) {
      // A third reading exists only to decide a split; one reader reads a bump once. Either
      // slip (a merge run twice) would let a duplicate outvote the first reviewer.
      if (bump.labels.length === 3 && bump.labels[0]!.label === bump.labels[1]!.label) problems.push(`${label}: a third reading in "labels" is only for a split, but the first two agree`);
      const readers = bump.labels.flatMap((reading) => (reading.by === undefined ? [] : [reading.by]));
      if (new Set(readers).size !== readers.length) problems.push(`${label}: two readings in "labels" by the same reader`);
      const consensus = consensusLabel(bump.labels.map((reading) => reading.label));
      if (consensus === null) problems.push(`${label}: the two readings in "labels" disagree; add a third reading to decide`);
      else if (consensus !== bump.expected) problems.push(`${label}: "expected" must be the consensus of "labels" (${consensus}), not ${bump.expected}`);
    }
  });
  if (problems.length > 0) throw new DatasetError(source, problems);
  return { description: parsed.data.description ?? null, bumps: parsed.data.bumps };
}

/**
 * The dataset format as a JSON Schema (draft 2020-12), published as
 * docs/schemas/evaluation-dataset.schema.json for people writing their own datasets. What JSON
 * Schema cannot say is checked by parseLabelledDataset too: versions are exact semver, `to` is
 * newer than `from`, and no bump appears twice.
 */
export function datasetJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(datasetSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
