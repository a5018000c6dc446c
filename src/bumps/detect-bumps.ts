/**
 * Bump detection: every dependency change between the base and head of a change set,
 * decided from manifests and lockfiles only. PR text is parsed separately and can only
 * add PR_TEXT_DISAGREES warnings. One unusable file yields a warning for that file and
 * never loses the results from the others.
 */
import semver from 'semver';
import { sanitizeMessage } from '../shared/redaction.js';
import { DependencyFileError } from './dependency-file-error.js';
import { directoryOf, isInsideRepository, isManifestPath, joinPath, lockfileFormatOf, manifestPathIn, type LockfileFormat } from './dependency-files.js';
import type { LockfileSnapshot } from './lockfiles/lockfile-snapshot.js';
import { parseNpmLockfile } from './lockfiles/npm-lockfile.js';
import { parsePnpmLockfile } from './lockfiles/pnpm-lockfile.js';
import { parseYarnLockfile } from './lockfiles/yarn-lockfile.js';
import { parseManifest, type Manifest } from './manifest.js';
import type { PackageManagerField } from './package-manager.js';
import { findDisagreements, parseClaimedBumps, type PullRequestText } from './pr-text.js';
import type { Bump, BumpDetection, DependencyFileSource, DependencyType, DetectionWarning, VersionSource } from './types.js';
import { classifyChange, versionFromSpec } from './version-change.js';
import { detectWorkflowBumps } from './workflow-bumps.js';

export interface DetectBumpsOptions {
  prText?: PullRequestText;
  /** Files larger than this are skipped with FILE_TOO_LARGE. */
  maxFileBytes?: number;
  /** Called with every lockfile parsed, so later steps reuse the parse (lockfile integrity). */
  onLockfileParsed?: (side: 'base' | 'head', path: string, snapshot: LockfileSnapshot) => void;
}

/** Real monorepo lockfiles reach tens of MiB; beyond this something is wrong. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Bounds how many workspace manifests a (possibly hostile) lockfile can make us read. */
const MAX_MANIFESTS = 5000;

type Side = 'base' | 'head';
const SIDES: readonly Side[] = ['base', 'head'];

/** A file at one side: parsed, not there, or there but unusable (a warning was recorded). */
type Loaded<T> = { state: 'present'; value: T } | { state: 'absent' } | { state: 'unusable' };

const PARSERS: Record<LockfileFormat, (path: string, text: string) => LockfileSnapshot> = {
  npm: parseNpmLockfile,
  pnpm: parsePnpmLockfile,
  yarn: parseYarnLockfile,
};

/** One declaration resolved at one side. */
interface DirectRecord {
  /** A dependency field, or the `packageManager` field (which may name a package also declared as a dependency). */
  field: 'dependencies' | 'packageManager';
  manifest: string;
  name: string;
  spec: string;
  types: DependencyType[];
  version: string;
  versionSource: VersionSource;
  lockfile: string | null;
}

/** A change before changes with the same (name, from, to) are merged into one Bump. */
interface Change {
  name: string;
  from: string | null;
  to: string | null;
  fromSpec: string | null;
  toSpec: string | null;
  types: DependencyType[];
  manifests: string[];
  lockfiles: string[];
  installPaths: string[];
  direct: boolean;
  versionSource: VersionSource;
}

/**
 * Per lockfile and side: the versions its direct declarations resolve to, by package name.
 * `null` marks a name the lockfile could not resolve for some declaration at that side: its
 * direct copy cannot be told from the others, so none of them is reported as transitive.
 */
type DirectResolutions = Map<string, Record<Side, Map<string, Set<string> | null>>>;

export async function detectBumps(source: DependencyFileSource, options: DetectBumpsOptions = {}): Promise<BumpDetection> {
  const detection = new Detection(source, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES, options.onLockfileParsed);
  const bumps = await detection.run();
  const warnings = detection.warnings();
  if (options.prText !== undefined) warnings.push(...findDisagreements(parseClaimedBumps(options.prText), bumps, detection.baseVersions()));
  // GitHub Actions references live in other files; npm bumps come first, each list in its own order.
  const actions = await detectWorkflowBumps(source, await source.changedPaths());
  return { bumps: [...bumps, ...actions.bumps], warnings: [...warnings, ...actions.warnings] };
}

class Detection {
  private readonly warningList = new Map<string, DetectionWarning>();
  private changed = new Set<string>();
  /** Unchanged files are identical at both sides, so they are read once. */
  private readonly texts = new Map<string, Promise<string | undefined | null>>();
  /** Every version of each package at base, direct or installed anywhere: what a PR may call "from". */
  private readonly versionsAtBase = new Map<string, Set<string>>();

  constructor(
    private readonly source: DependencyFileSource,
    private readonly maxFileBytes: number,
    private readonly onLockfileParsed?: DetectBumpsOptions['onLockfileParsed'],
  ) {}

  warnings(): DetectionWarning[] {
    return [...this.warningList.values()];
  }

  baseVersions(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.versionsAtBase;
  }

  async run(): Promise<Bump[]> {
    const changedPaths = await this.source.changedPaths();
    this.changed = new Set(changedPaths.filter((path) => isManifestPath(path) || lockfileFormatOf(path) !== undefined));

    const lockfilePaths = await this.lockfilePaths();
    const lockfiles = new Map<string, Record<Side, Loaded<LockfileSnapshot>>>();
    for (const path of lockfilePaths) {
      const sides = await this.loadBothSides(path, (text) => PARSERS[lockfileFormatOf(path) as LockfileFormat](path, text));
      lockfiles.set(path, sides);
      for (const side of SIDES) {
        const loaded = sides[side];
        if (loaded.state === 'present') this.onLockfileParsed?.(side, path, loaded.value);
      }
    }

    const manifests = await this.loadManifests(lockfiles);
    const { records, directResolutions, unclassifiable } = this.resolveDirect(manifests, lockfiles);
    this.collectBaseVersions(records.base, lockfiles);
    const changes = [...directChanges(records), ...transitiveChanges(lockfiles, directResolutions, unclassifiable)];
    // Merging breaks ties by the first change: make "first" independent of read order.
    changes.sort((left, right) => compareText(left.manifests.join('\n'), right.manifests.join('\n')));
    const bumps = mergeChanges(changes);
    for (const bump of bumps) this.warnIfNotSemver(bump);
    return bumps;
  }

  /** Changed lockfiles, plus the lockfile that governs each changed manifest. */
  private async lockfilePaths(): Promise<string[]> {
    const paths = new Set([...this.changed].filter((path) => lockfileFormatOf(path) !== undefined));
    for (const manifestPath of [...this.changed].filter(isManifestPath)) {
      // Walk up from the manifest; the nearest directory with a lockfile governs it.
      let directory = directoryOf(manifestPath);
      for (;;) {
        let found = false;
        for (const name of ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock']) {
          const candidate = joinPath(directory, name);
          if (paths.has(candidate) || (!this.changed.has(candidate) && (await this.readText('head', candidate)) !== undefined)) {
            paths.add(candidate);
            found = true;
          }
        }
        if (found || directory === '') break;
        directory = directoryOf(directory);
      }
    }
    return [...paths].sort();
  }

  private async loadManifests(lockfiles: Map<string, Record<Side, Loaded<LockfileSnapshot>>>): Promise<Map<string, Record<Side, Loaded<Manifest>>>> {
    const wanted = new Set([...this.changed].filter(isManifestPath));
    for (const [path, sides] of lockfiles) {
      const lockfileDirectory = directoryOf(path);
      wanted.add(manifestPathIn(lockfileDirectory));
      for (const side of SIDES) {
        const loaded = sides[side];
        if (loaded.state !== 'present') continue;
        for (const importer of loaded.value.importerDirectories) this.addManifestPath(wanted, joinPath(lockfileDirectory, importer, 'package.json'));
      }
    }
    const manifests = new Map<string, Record<Side, Loaded<Manifest>>>();
    // Workspace lists may name more manifests; follow them until nothing new appears.
    let pending = [...wanted];
    while (pending.length > 0) {
      const next: string[] = [];
      for (const path of pending) {
        if (manifests.has(path)) continue;
        const loaded = await this.loadBothSides(path, (text) => parseManifest(path, text));
        manifests.set(path, loaded);
        for (const side of SIDES) {
          const manifest = loaded[side];
          if (manifest.state !== 'present') continue;
          for (const pattern of manifest.value.workspacePatterns) {
            // Globs cannot be expanded without a directory listing; changed manifests under them are already included.
            if (/[*?[\]{}!]/.test(pattern)) continue;
            const candidate = joinPath(directoryOf(path), pattern, 'package.json');
            if (!manifests.has(candidate) && !wanted.has(candidate) && this.addManifestPath(wanted, candidate)) next.push(candidate);
          }
        }
      }
      pending = next;
    }
    for (const [path, sides] of manifests) this.warnIfOneSided(path, sides);
    return manifests;
  }

  private collectBaseVersions(baseRecords: DirectRecord[], lockfiles: Map<string, Record<Side, Loaded<LockfileSnapshot>>>): void {
    const add = (name: string, version: string): void => {
      const versions = this.versionsAtBase.get(name);
      if (versions === undefined) this.versionsAtBase.set(name, new Set([version]));
      else versions.add(version);
    };
    for (const record of baseRecords) add(record.name, record.version);
    for (const sides of lockfiles.values()) {
      if (sides.base.state !== 'present') continue;
      for (const [name, versions] of sides.base.value.installed) for (const version of versions) add(name, version);
    }
  }

  private addManifestPath(wanted: Set<string>, path: string): boolean {
    if (!isInsideRepository(path) || !isManifestPath(path)) return false;
    if (wanted.size >= MAX_MANIFESTS) {
      // One warning, not one per skipped path: the subject is the limit, not a file.
      this.warn({
        code: 'FILE_UNAVAILABLE',
        subject: 'workspace manifests',
        message: `More than ${MAX_MANIFESTS} workspace manifests are named by the lockfiles and manifests; the rest were not read. Check the lockfile for bogus workspace entries.`,
      });
      return false;
    }
    wanted.add(path);
    return true;
  }

  private warnIfOneSided(path: string, sides: Record<Side, Loaded<Manifest>>): void {
    for (const [present, absent] of [['head', 'base'], ['base', 'head']] as const) {
      if (sides[present].state === 'present' && sides[absent].state === 'absent') {
        const outcome = present === 'head' ? 'added' : 'removed';
        this.warn({
          code: 'MANIFEST_ONE_SIDE',
          subject: path,
          message: `${path} exists at ${present} (${this.source.describe(present)}) but not at ${absent} (${this.source.describe(absent)}): its dependencies are reported as ${outcome}. If the project moved, review it as a new project.`,
        });
      }
    }
  }

  /** Resolves every declaration of every usable manifest at both sides. */
  private resolveDirect(
    manifests: Map<string, Record<Side, Loaded<Manifest>>>,
    lockfiles: Map<string, Record<Side, Loaded<LockfileSnapshot>>>,
  ): { records: Record<Side, DirectRecord[]>; directResolutions: DirectResolutions; unclassifiable: Set<string> } {
    const records: Record<Side, DirectRecord[]> = { base: [], head: [] };
    const directResolutions: DirectResolutions = new Map();
    // Lockfiles governed by a manifest unreadable at both sides: nothing says which of their
    // changes are direct, so none of them is reported as transitive.
    const unclassifiable = new Set<string>();
    for (const [path, sides] of manifests) {
      const governing = governingLockfile(path, lockfiles);
      // A manifest unusable at one side would turn every dependency into an added/removed one.
      if (sides.base.state === 'unusable' || sides.head.state === 'unusable') {
        // What the readable side declares is still direct: its lockfile changes must not pass for
        // transitive ones, nor be reported at all (the warning about the unreadable manifest
        // already says its changes are unknown).
        if (governing === undefined) continue;
        if (sides.base.state !== 'present' && sides.head.state !== 'present') unclassifiable.add(governing.path);
        for (const side of SIDES) {
          const loaded = sides[side];
          if (loaded.state !== 'present') continue;
          for (const declaration of loaded.value.declarations.values()) {
            for (const either of SIDES) recordResolution(directResolutions, governing.path, either, declaration.name, directCopyWithoutManifest(governing, either, declaration));
          }
        }
        continue;
      }
      for (const side of SIDES) {
        const loaded = sides[side];
        if (loaded.state !== 'present') continue;
        const snapshot = governing?.snapshots[side];
        for (const declaration of loaded.value.declarations.values()) {
          const locked = snapshot?.resolveDirect(governing?.importer ?? '', declaration.name, declaration.spec);
          if (governing !== undefined && snapshot !== undefined) recordResolution(directResolutions, governing.path, side, declaration.name, locked);
          records[side].push({
            field: 'dependencies',
            manifest: path,
            name: declaration.name,
            spec: declaration.spec,
            types: declaration.types,
            version: locked ?? versionFromSpec(declaration.spec),
            versionSource: locked === undefined ? 'manifest' : 'lockfile',
            lockfile: locked === undefined ? null : (governing?.path ?? null),
          });
        }
      }
      const managers = this.packageManagerRecords(path, sides);
      for (const side of SIDES) records[side].push(...managers[side]);
    }
    return { records, directResolutions, unclassifiable };
  }

  /**
   * The `packageManager` field at both sides as declarations. It pins an exact version, and no
   * lockfile records the package manager itself. A field unreadable at one side would turn the
   * other side's into an added or removed package manager, so then neither side counts; when
   * the field changed, a warning says the change was not analysed.
   */
  private packageManagerRecords(path: string, sides: Record<Side, Loaded<Manifest>>): Record<Side, DirectRecord[]> {
    const fieldAt = (side: Side): PackageManagerField | undefined => {
      const loaded = sides[side];
      return loaded.state === 'present' ? loaded.value.packageManager : undefined;
    };
    const records: Record<Side, DirectRecord[]> = { base: [], head: [] };
    const changed = fieldAt('base')?.raw !== fieldAt('head')?.raw;
    const unreadable = SIDES.filter((side) => fieldAt(side)?.valid === false);
    for (const side of unreadable) {
      const field = fieldAt(side);
      if (!changed || field?.valid !== false) continue;
      this.warn({
        code: 'MANIFEST_UNPARSEABLE',
        subject: path,
        message: `${path} at ${side} (${this.source.describe(side)}): ${field.problem}, so the package manager change is not analysed. Fix the field (Corepack reads it the same way).`,
      });
    }
    if (unreadable.length > 0) return records;
    for (const side of SIDES) {
      const field = fieldAt(side);
      if (field?.valid !== true) continue;
      records[side].push({ field: 'packageManager', manifest: path, name: field.packageName, spec: field.raw, types: ['packageManager'], version: field.version, versionSource: 'manifest', lockfile: null });
    }
    return records;
  }

  /** Reads one file at both sides and parses it; failures become warnings for this file only. */
  private async loadBothSides<T>(path: string, parse: (text: string) => T): Promise<Record<Side, Loaded<T>>> {
    const result = {} as Record<Side, Loaded<T>>;
    for (const side of SIDES) {
      const text = await this.readText(side, path);
      if (text === undefined) result[side] = { state: 'absent' };
      else if (text === null) result[side] = { state: 'unusable' };
      else result[side] = this.parseOrWarn(side, path, text, parse);
    }
    return result;
  }

  private parseOrWarn<T>(side: Side, path: string, text: string, parse: (text: string) => T): Loaded<T> {
    try {
      return { state: 'present', value: parse(text) };
    } catch (error) {
      if (error instanceof DependencyFileError) {
        this.warn({ code: error.code, subject: path, message: `${error.message} (at ${side}, ${this.source.describe(side)})` });
      } else {
        this.warn({ code: 'LOCKFILE_UNPARSEABLE', subject: path, message: `${path} at ${side} (${this.source.describe(side)}) could not be read: fix or regenerate the file` });
      }
      return { state: 'unusable' };
    }
  }

  /** Text of a file; undefined when absent, null when present but unusable (warned). */
  private readText(side: Side, path: string): Promise<string | undefined | null> {
    const key = this.changed.has(path) ? `${side}\u0000${path}` : path;
    let pending = this.texts.get(key);
    if (pending === undefined) {
      pending = this.readTextUncached(this.changed.has(path) ? side : 'head', path);
      this.texts.set(key, pending);
    }
    return pending;
  }

  private async readTextUncached(side: Side, path: string): Promise<string | undefined | null> {
    let text: string | undefined;
    try {
      text = await this.source.read(side, path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.warn({ code: 'FILE_UNAVAILABLE', subject: path, message: `${path} could not be read at ${side} (${this.source.describe(side)}): ${reason}` });
      return null;
    }
    if (text === undefined) return undefined;
    const size = Buffer.byteLength(text, 'utf8');
    if (size > this.maxFileBytes) {
      this.warn({
        code: 'FILE_TOO_LARGE',
        subject: path,
        message: `${path} at ${side} is ${size} bytes, over the ${this.maxFileBytes}-byte limit, so it was skipped: raise the file size limit if it is genuine`,
      });
      return null;
    }
    return text;
  }

  private warnIfNotSemver(bump: Bump): void {
    const versions = [bump.from, bump.to].filter((version): version is string => version !== null);
    if (versions.every((version) => semver.valid(version) !== null)) return;
    this.warn({
      code: 'VERSION_NOT_SEMVER',
      subject: bump.name,
      message: `${bump.name} changed from ${bump.from ?? 'none'} to ${bump.to ?? 'none'}, which is not a semver version (git, file, link, workspace or tag dependency): it is listed but not analysed`,
    });
  }

  private warn(warning: DetectionWarning): void {
    const safe = { code: warning.code, subject: sanitizeMessage(warning.subject, 500), message: sanitizeMessage(warning.message, 1000) };
    const key = `${safe.code}\u0000${safe.subject}\u0000${safe.message}`;
    if (!this.warningList.has(key)) this.warningList.set(key, safe);
  }
}

interface Governing {
  path: string;
  importer: string;
  snapshots: Record<Side, LockfileSnapshot | undefined>;
}

/**
 * The lockfile that resolves a manifest: the nearest one at or above its directory that
 * lists the manifest's directory as a project. None when that lockfile is unusable at a
 * side, so both sides fall back to manifest ranges instead of mixing sources.
 */
function governingLockfile(manifestPath: string, lockfiles: Map<string, Record<Side, Loaded<LockfileSnapshot>>>): Governing | undefined {
  const manifestDirectory = directoryOf(manifestPath);
  const candidates = [...lockfiles.keys()]
    .filter((path) => {
      const directory = directoryOf(path);
      return directory === '' || manifestDirectory === directory || manifestDirectory.startsWith(`${directory}/`);
    })
    // Deepest directory first: the nearest lockfile wins.
    .sort((left, right) => directoryOf(right).length - directoryOf(left).length || (left < right ? -1 : 1));
  for (const path of candidates) {
    const sides = lockfiles.get(path) as Record<Side, Loaded<LockfileSnapshot>>;
    const lockfileDirectory = directoryOf(path);
    const importer = lockfileDirectory === '' ? manifestDirectory : manifestDirectory.slice(lockfileDirectory.length + 1);
    const covers = SIDES.some((side) => {
      const loaded = sides[side];
      return loaded.state === 'present' && (importer === '' || loaded.value.format === 'yarn' || loaded.value.importerDirectories.has(importer));
    });
    if (!covers) continue;
    if (sides.base.state === 'unusable' || sides.head.state === 'unusable') return undefined;
    return {
      path,
      importer,
      snapshots: {
        base: sides.base.state === 'present' ? sides.base.value : undefined,
        head: sides.head.state === 'present' ? sides.head.value : undefined,
      },
    };
  }
  return undefined;
}

function directChanges(records: Record<Side, DirectRecord[]>): Change[] {
  const key = (record: DirectRecord): string => `${record.manifest}\u0000${record.field}\u0000${record.name}`;
  const baseByKey = new Map(records.base.map((record) => [key(record), record]));
  const headByKey = new Map(records.head.map((record) => [key(record), record]));
  const changes: Change[] = [];
  for (const recordKey of new Set([...baseByKey.keys(), ...headByKey.keys()])) {
    const before = baseByKey.get(recordKey);
    const after = headByKey.get(recordKey);
    const reference = (after ?? before) as DirectRecord;
    const from = before?.version ?? null;
    const to = after?.version ?? null;
    if (classifyChange(from, to) === undefined) continue;
    changes.push({
      name: reference.name,
      from,
      to,
      fromSpec: before?.spec ?? null,
      toSpec: after?.spec ?? null,
      types: uniqueSorted([...(before?.types ?? []), ...(after?.types ?? [])]),
      manifests: [reference.manifest],
      lockfiles: uniqueSorted([before?.lockfile, after?.lockfile].filter((path): path is string => typeof path === 'string')),
      installPaths: [],
      direct: true,
      versionSource: [before, after].every((record) => record === undefined || record.versionSource === 'lockfile') ? 'lockfile' : 'manifest',
    });
  }
  return changes;
}

/**
 * The version of a workspace's direct copy of `declaration` at `side`, read from the lockfile
 * alone, for a manifest unreadable at one side. npm and pnpm lockfiles find it by the
 * workspace's path, whatever the spec; a yarn lockfile keys it by the spec, which the unreadable
 * side may have changed, so there the copy stays unknown (undefined). Knowing it keeps every
 * other copy of the name in a shared lockfile (nested under another workspace or package)
 * classified as transitive, instead of all of them being left out.
 */
function directCopyWithoutManifest(governing: Governing, side: Side, declaration: { name: string; spec: string }): string | undefined {
  const snapshot = governing.snapshots[side];
  if (snapshot === undefined || snapshot.format === 'yarn') return undefined;
  return snapshot.resolveDirect(governing.importer, declaration.name, declaration.spec);
}

function recordResolution(resolutions: DirectResolutions, lockfile: string, side: Side, name: string, version: string | undefined): void {
  let sides = resolutions.get(lockfile);
  if (sides === undefined) {
    sides = { base: new Map(), head: new Map() };
    resolutions.set(lockfile, sides);
  }
  const versions = sides[side].get(name);
  if (version === undefined) sides[side].set(name, null);
  else if (versions === undefined) sides[side].set(name, new Set([version]));
  else versions?.add(version);
}

/**
 * Version changes of the copies no direct declaration resolves to, per usable lockfile: the
 * dependencies of dependencies, including nested copies of a package that is also direct
 * (lerna 10 bringing `node_modules/lerna/node_modules/nx` 23 while the root pins nx 22).
 *
 * A version counts as changed only when it entered or left the lockfile's tree as a whole: a
 * copy that merely moved (hoisted before, nested now) brings nothing new to review.
 */
function transitiveChanges(lockfiles: Map<string, Record<Side, Loaded<LockfileSnapshot>>>, directResolutions: DirectResolutions, unclassifiable: ReadonlySet<string>): Change[] {
  const changes: Change[] = [];
  for (const [path, sides] of lockfiles) {
    if (unclassifiable.has(path)) continue;
    if (sides.base.state === 'unusable' || sides.head.state === 'unusable') continue;
    const before = sides.base.state === 'present' ? sides.base.value : undefined;
    const after = sides.head.state === 'present' ? sides.head.value : undefined;
    const direct = directResolutions.get(path);
    for (const name of new Set([...(before?.installed.keys() ?? []), ...(after?.installed.keys() ?? [])])) {
      // `undefined`: nothing declares the name at that side; `null`: its direct copy is unknown.
      const directBefore = direct?.base.get(name);
      const directAfter = direct?.head.get(name);
      if (directBefore === null || directAfter === null) continue;
      const beforeVersions = before?.installed.get(name) ?? new Set<string>();
      const afterVersions = after?.installed.get(name) ?? new Set<string>();
      const removed = [...beforeVersions].filter((version) => directBefore?.has(version) !== true && !afterVersions.has(version));
      const added = [...afterVersions].filter((version) => directAfter?.has(version) !== true && !beforeVersions.has(version));
      for (const [from, to] of pairVersions(removed, added)) {
        const installPaths = [...installPathsOf(before, name, from), ...installPathsOf(after, name, to)].map((installPath) => joinPath(directoryOf(path), installPath));
        changes.push({ name, from, to, fromSpec: null, toSpec: null, types: ['transitive'], manifests: [], lockfiles: [path], installPaths, direct: false, versionSource: 'lockfile' });
      }
    }
  }
  return changes;
}

function installPathsOf(snapshot: LockfileSnapshot | undefined, name: string, version: string | null): string[] {
  return version === null ? [] : (snapshot?.installPaths.get(name)?.get(version) ?? []);
}

/**
 * Pairs versions that disappeared with versions that appeared, within the same major
 * first (a nested copy of v1 moving to v1.x is not the v2 copy moving), then in order.
 * Unpaired ones are plain removals or additions.
 */
export function pairVersions(removed: string[], added: string[]): Array<[string | null, string | null]> {
  const remainingRemoved = [...removed].sort(semver.compare);
  const remainingAdded = [...added].sort(semver.compare);
  const pairs: Array<[string | null, string | null]> = [];
  for (const version of [...remainingAdded]) {
    const index = remainingRemoved.findIndex((candidate) => semver.major(candidate) === semver.major(version));
    if (index < 0) continue;
    pairs.push([remainingRemoved[index] as string, version]);
    remainingRemoved.splice(index, 1);
    remainingAdded.splice(remainingAdded.indexOf(version), 1);
  }
  while (remainingRemoved.length > 0 && remainingAdded.length > 0) pairs.push([remainingRemoved.shift() as string, remainingAdded.shift() as string]);
  for (const version of remainingRemoved) pairs.push([version, null]);
  for (const version of remainingAdded) pairs.push([null, version]);
  return pairs;
}

/** Same package, same from → to, same directness: one bump listing every manifest and lockfile. */
function mergeChanges(changes: Change[]): Bump[] {
  const groups = new Map<string, Change[]>();
  for (const change of changes) {
    const key = [change.name, change.from ?? '', change.to ?? '', String(change.direct)].join('\u0000');
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [change]);
    else group.push(change);
  }
  const bumps: Bump[] = [];
  for (const group of groups.values()) {
    const first = group[0] as Change;
    const classification = classifyChange(first.from, first.to);
    if (classification === undefined) continue;
    const specs = representativeSpecs(group);
    bumps.push({
      ecosystem: 'npm',
      name: first.name,
      from: first.from,
      to: first.to,
      fromSpec: specs.fromSpec,
      toSpec: specs.toSpec,
      direction: classification.direction,
      semverClass: classification.semverClass,
      dependencyTypes: uniqueSorted(group.flatMap((change) => change.types)),
      manifests: uniqueSorted(group.flatMap((change) => change.manifests)),
      lockfiles: uniqueSorted(group.flatMap((change) => change.lockfiles)),
      installPaths: uniqueSorted(group.flatMap((change) => change.installPaths)),
      direct: first.direct,
      versionSource: majorityVersionSource(group),
    });
  }
  return bumps.sort(compareBumps);
}

/**
 * The declared ranges a merged bump reports. A manifest whose range did not move (`^7.0.0`,
 * satisfied by both versions) says nothing about the bump, so manifests whose range changed
 * come first, and among them the from → to pair most of them share. Ties keep the earliest
 * change, which the caller orders by manifest path, so the choice is the same on every run.
 */
function representativeSpecs(group: Change[]): Pick<Change, 'fromSpec' | 'toSpec'> {
  const changedSpecs = group.filter((change) => change.fromSpec !== change.toSpec);
  const candidates = changedSpecs.length > 0 ? changedSpecs : group;
  const counts = new Map<string, { specs: Pick<Change, 'fromSpec' | 'toSpec'>; count: number }>();
  for (const change of candidates) {
    const key = JSON.stringify([change.fromSpec, change.toSpec]);
    const entry = counts.get(key);
    if (entry === undefined) counts.set(key, { specs: { fromSpec: change.fromSpec, toSpec: change.toSpec }, count: 1 });
    else entry.count += 1;
  }
  let best: { specs: Pick<Change, 'fromSpec' | 'toSpec'>; count: number } | undefined;
  // Map iteration follows insertion order, so a strict `>` keeps the earliest on a tie.
  for (const entry of counts.values()) if (best === undefined || entry.count > best.count) best = entry;
  return (best as { specs: Pick<Change, 'fromSpec' | 'toSpec'> }).specs;
}

/**
 * Where most of the merged changes read their versions. One manifest outside any lockfile
 * does not make a bump resolved by the lockfile for eighteen others "manifest"; a tie says
 * `manifest`, the weaker claim.
 */
function majorityVersionSource(group: Change[]): VersionSource {
  const fromLockfile = group.filter((change) => change.versionSource === 'lockfile').length;
  return fromLockfile > group.length - fromLockfile ? 'lockfile' : 'manifest';
}

function compareBumps(left: Bump, right: Bump): number {
  return (
    compareText(left.name, right.name) ||
    compareText(left.from ?? '', right.from ?? '') ||
    compareText(left.to ?? '', right.to ?? '') ||
    Number(right.direct) - Number(left.direct) ||
    compareText(left.manifests.join('\n'), right.manifests.join('\n'))
  );
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function uniqueSorted<T extends string>(values: T[]): T[] {
  return [...new Set(values)].sort(compareText);
}
