/**
 * GitHub Actions bumps: `uses:` references whose ref changed between base and head, in
 * workflows (`.github/workflows/*.yml|yaml`: `jobs.<id>.steps[*].uses`, and `jobs.<id>.uses`
 * for reusable workflows) and in composite actions anywhere (`action.yml|yaml`:
 * `runs.steps[*].uses`). Files are read with the YAML library, which gives each value its line
 * and its trailing comment (where a SHA pin names its version). One unusable file or reference
 * becomes a warning for it alone.
 */
import { posix } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Scalar, type YAMLMap } from 'yaml';
import { parseActionReference, type ActionReference } from '../ecosystems/github-actions/action-reference.js';
import { classifyActionChange } from '../ecosystems/github-actions/versions.js';
import { sanitizeMessage } from '../shared/redaction.js';
import type { Bump, DependencyFileSource, DetectionWarning, GitHubActionsDependencyType } from './types.js';

type Side = 'base' | 'head';

/** Workflow files larger than this are no workflow anyone wrote by hand. */
export const MAX_WORKFLOW_BYTES = 1024 * 1024;

export function isWorkflowPath(path: string): boolean {
  return posix.dirname(path) === '.github/workflows' && /\.ya?ml$/i.test(path);
}

export function isActionMetadataPath(path: string): boolean {
  const name = posix.basename(path);
  return (name === 'action.yml' || name === 'action.yaml') && !path.split('/').includes('node_modules');
}

type UsableReference = Extract<ActionReference, { kind: 'action' | 'reusableWorkflow' }>;

/** One `uses:` at one side: where it is (stable across sides), what it says, and its line. */
interface Occurrence {
  path: string;
  /** `jobs.build.steps[2]`, `jobs.call`, `runs.steps[0]`: how base and head occurrences are paired. */
  position: string;
  line: number;
  reference: UsableReference;
}

interface Unusable {
  path: string;
  line: number;
  value: string;
  reason: string;
}

export async function detectWorkflowBumps(source: DependencyFileSource, changedPaths: readonly string[]): Promise<{ bumps: Bump[]; warnings: DetectionWarning[] }> {
  const warnings = new Map<string, DetectionWarning>();
  const warn = (warning: DetectionWarning): void => {
    warnings.set(`${warning.code}\u0000${warning.subject}\u0000${warning.message}`, warning);
  };
  const changes: Array<{ from: Occurrence; to: Occurrence }> = [];
  const paths = [...new Set(changedPaths)].filter((path) => isWorkflowPath(path) || isActionMetadataPath(path)).sort();
  for (const path of paths) {
    const sides = { base: await readSide(source, 'base', path, warn), head: await readSide(source, 'head', path, warn) };
    if (sides.base === null || sides.head === null) continue;
    for (const unusable of sides.head.unusable) {
      warn({
        code: 'ACTION_REFERENCE_UNUSABLE',
        subject: `${path}:${unusable.line}`,
        message: sanitizeMessage(`uses: ${unusable.value} at ${path}:${unusable.line} is not analysed: ${unusable.reason}.`, 500),
      });
    }
    changes.push(...pairChanges(sides.base.occurrences, sides.head.occurrences));
  }
  const bumps = mergeIntoBumps(changes, warn);
  return { bumps, warnings: [...warnings.values()] };
}

async function readSide(
  source: DependencyFileSource,
  side: Side,
  path: string,
  warn: (warning: DetectionWarning) => void,
): Promise<{ occurrences: Occurrence[]; unusable: Unusable[] } | null> {
  let text: string | undefined;
  try {
    text = await source.read(side, path);
  } catch (error) {
    warn({ code: 'FILE_UNAVAILABLE', subject: path, message: sanitizeMessage(error instanceof Error ? error.message : String(error), 500) });
    return null;
  }
  // A file added or removed has nothing to compare: its references are new or gone, not bumped.
  if (text === undefined) return { occurrences: [], unusable: [] };
  if (Buffer.byteLength(text, 'utf8') > MAX_WORKFLOW_BYTES) {
    warn({ code: 'FILE_TOO_LARGE', subject: path, message: `${path} at ${source.describe(side)} is larger than ${MAX_WORKFLOW_BYTES} bytes; its uses: references were not read.` });
    return null;
  }
  return readReferences(path, text, side, source, warn);
}

function readReferences(path: string, text: string, side: Side, source: DependencyFileSource, warn: (warning: DetectionWarning) => void): { occurrences: Occurrence[]; unusable: Unusable[] } | null {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  if (document.errors.length > 0) {
    const line = document.errors[0]?.linePos?.[0]?.line;
    warn({
      code: 'WORKFLOW_UNPARSEABLE',
      subject: path,
      message: `${path} at ${source.describe(side)} is not valid YAML${line === undefined ? '' : ` (line ${line})`}: its uses: references could not be read. Fix the file; GitHub cannot run it either.`,
    });
    return null;
  }
  const occurrences: Occurrence[] = [];
  const unusable: Unusable[] = [];
  const visit = (node: unknown, position: string, level: 'step' | 'job'): void => {
    if (!isMap(node)) return;
    const uses = (node as YAMLMap).get('uses', true) as Scalar | undefined;
    if (!isScalar(uses) || typeof uses.value !== 'string') return;
    const line = uses.range === undefined || uses.range === null ? 0 : lineCounter.linePos(uses.range[0]).line;
    const reference = parseActionReference(uses.value, uses.comment ?? undefined, level);
    if (reference.kind === 'action' || reference.kind === 'reusableWorkflow') occurrences.push({ path, position, line, reference });
    else if (reference.kind === 'unusable') unusable.push({ path, line, value: uses.value.slice(0, 200), reason: reference.reason });
  };
  const visitSteps = (steps: unknown, prefix: string): void => {
    if (!isSeq(steps)) return;
    steps.items.forEach((step, index) => visit(step, `${prefix}.steps[${index}]`, 'step'));
  };
  if (isWorkflowPath(path)) {
    const jobs = document.get('jobs', true);
    if (isMap(jobs)) {
      for (const pair of jobs.items) {
        const jobId = isScalar(pair.key) ? String(pair.key.value) : '';
        visit(pair.value, `jobs.${jobId}`, 'job');
        if (isMap(pair.value)) visitSteps(pair.value.get('steps', true), `jobs.${jobId}`);
      }
    }
  } else {
    const runs = document.get('runs', true);
    if (isMap(runs)) visitSteps(runs.get('steps', true), 'runs');
  }
  return { occurrences, unusable };
}

/**
 * Pairs base and head occurrences at the same position with the same action; a changed ref is
 * a change. Steps inserted or removed move positions, so what is left is paired by action name
 * in file order.
 */
function pairChanges(base: Occurrence[], head: Occurrence[]): Array<{ from: Occurrence; to: Occurrence }> {
  const pairs: Array<{ from: Occurrence; to: Occurrence }> = [];
  const unpairedBase = new Set(base);
  const unpairedHead: Occurrence[] = [];
  for (const after of head) {
    const before = base.find((candidate) => unpairedBase.has(candidate) && candidate.position === after.position && candidate.reference.name === after.reference.name);
    if (before === undefined) {
      unpairedHead.push(after);
      continue;
    }
    unpairedBase.delete(before);
    pairs.push({ from: before, to: after });
  }
  for (const after of unpairedHead) {
    const before = [...unpairedBase].find((candidate) => candidate.reference.name === after.reference.name);
    if (before === undefined) continue;
    unpairedBase.delete(before);
    pairs.push({ from: before, to: after });
  }
  return pairs.filter(({ from, to }) => from.reference.ref !== to.reference.ref);
}

/** The version a side stands for: its tag, or for a SHA pin the version its comment names. */
function versionLabel(reference: UsableReference): string | null {
  if (reference.refKind === 'sha') return reference.commentVersion;
  return reference.ref;
}

function mergeIntoBumps(changes: Array<{ from: Occurrence; to: Occurrence }>, warn: (warning: DetectionWarning) => void): Bump[] {
  const groups = new Map<string, Array<{ from: Occurrence; to: Occurrence }>>();
  for (const change of changes) {
    const from = versionLabel(change.from.reference) ?? change.from.reference.ref;
    const to = versionLabel(change.to.reference) ?? change.to.reference.ref;
    const key = [change.to.reference.name, from, to].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  const bumps: Bump[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const fromReference = first.from.reference;
    const toReference = first.to.reference;
    const fromLabel = versionLabel(fromReference);
    const toLabel = versionLabel(toReference);
    const from = fromLabel ?? fromReference.ref;
    const to = toLabel ?? toReference.ref;
    const locations = uniqueSorted(group.map(({ to: occurrence }) => `${occurrence.path}:${occurrence.line}`));
    const classification = fromLabel !== null && toLabel !== null ? classifyActionChange(fromLabel, toLabel) : undefined;
    if (classification === undefined) warnUnversioned(fromReference, toReference, fromLabel, toLabel, locations, warn);
    const type: GitHubActionsDependencyType = toReference.kind === 'reusableWorkflow' ? 'reusableWorkflow' : 'action';
    bumps.push({
      ecosystem: 'github-actions',
      name: toReference.name,
      from,
      to,
      fromSpec: fromReference.ref,
      toSpec: toReference.ref,
      // A re-pin to another commit of the same version (`# v4` → `# v4`) is still a change.
      direction: classification?.direction ?? 'upgrade',
      semverClass: classification?.semverClass ?? 'unknown',
      dependencyTypes: [type],
      manifests: uniqueSorted(group.map(({ to: occurrence }) => occurrence.path)),
      lockfiles: [],
      installPaths: [],
      direct: true,
      versionSource: 'manifest',
      action: {
        fromRef: fromReference.ref,
        toRef: toReference.ref,
        fromPinned: fromReference.refKind === 'sha',
        toPinned: toReference.refKind === 'sha',
        locations,
      },
    });
  }
  return bumps.sort((left, right) => compareText(left.name, right.name) || compareText(left.from ?? '', right.from ?? '') || compareText(left.to ?? '', right.to ?? ''));
}

/** Why a changed reference cannot be analysed as a version change, said for that reference alone. */
function warnUnversioned(from: UsableReference, to: UsableReference, fromLabel: string | null, toLabel: string | null, locations: string[], warn: (warning: DetectionWarning) => void): void {
  const subject = `${to.name}@${to.ref}`.slice(0, 300);
  const where = locations.slice(0, 3).join(', ');
  const problems: string[] = [];
  for (const [side, reference, label] of [['base', from, fromLabel], ['head', to, toLabel]] as const) {
    if (label !== null && reference.refKind !== 'other') continue;
    if (reference.refKind === 'sha') {
      problems.push(
        reference.commentUnreadable
          ? `at ${side} it is pinned to ${reference.ref.slice(0, 12)} with a comment that names no version`
          : `at ${side} it is pinned to ${reference.ref.slice(0, 12)} with no version comment`,
      );
    } else {
      problems.push(`at ${side} its ref ${reference.ref} is neither a version tag nor a commit SHA (a branch or another tag)`);
    }
  }
  if (problems.length === 0) problems.push(`${fromLabel ?? from.ref} and ${toLabel ?? to.ref} name the same version`);
  warn({
    code: 'ACTION_REFERENCE_UNUSABLE',
    subject,
    message: sanitizeMessage(`${to.name} changed (${where}) but is not analysed as a version change: ${problems.join('; ')}. Pin it to a release tag, or to a commit SHA with a "# vX.Y.Z" comment.`, 700),
  });
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function uniqueSorted(values: string[]): string[] {
  return [...new Set(values)].sort(compareText);
}
