/**
 * Bump contract (DESIGN §4). Bumps are decided locally from the files at base and head;
 * PR titles and bodies are only a cross-check and never change them.
 */

/** `npm` packages, and GitHub Actions `uses:` references (actions and reusable workflows). */
export type Ecosystem = 'npm' | 'github-actions';

/**
 * How the dependency is declared. `transitive` means it is only in the lockfile;
 * `packageManager` means package.json's `packageManager` field names it (npm, pnpm or yarn).
 */
export type DependencyType = 'prod' | 'dev' | 'peer' | 'optional' | 'transitive' | 'packageManager' | GitHubActionsDependencyType;

/**
 * A `uses:` reference: `action` for a step (in a workflow or a composite action),
 * `reusableWorkflow` for a job that calls `owner/repo/.github/workflows/x.yml@ref`.
 */
export type GitHubActionsDependencyType = 'action' | 'reusableWorkflow';

export type BumpDirection = 'upgrade' | 'downgrade' | 'added' | 'removed';

/** Semver class of from → to; `prerelease` when only the prerelease part changed. */
export type SemverClass = 'major' | 'minor' | 'patch' | 'prerelease' | 'unknown';

/** Where a version came from: a lockfile resolution is exact, a manifest range is not. */
export type VersionSource = 'lockfile' | 'manifest';

export interface Bump {
  ecosystem: Ecosystem;
  /** Package name as published, e.g. `@types/node`. */
  name: string;
  /** Resolved version at base; null when the dependency was added. */
  from: string | null;
  /** Resolved version at head; null when the dependency was removed. */
  to: string | null;
  /** Declared ranges (`^4.17.20`) at base and head, when a manifest declares the package. */
  fromSpec: string | null;
  toSpec: string | null;
  direction: BumpDirection;
  semverClass: SemverClass;
  /** Sorted, unique. A package may be prod in one workspace and dev in another. */
  dependencyTypes: DependencyType[];
  /** Repo-relative manifest paths (package.json) that declare it, sorted. Empty for transitive. */
  manifests: string[];
  /** Repo-relative lockfile paths where the version change was seen, sorted. */
  lockfiles: string[];
  /**
   * Repo-relative install paths of the copies a transitive change touched, sorted: the npm
   * lockfile's `packages` keys under its directory, e.g. `node_modules/lerna/node_modules/nx`.
   * They tell a nested copy from the direct dependency of the same name. Empty for direct
   * changes (`manifests` says where they are declared) and for pnpm and yarn lockfiles,
   * which record versions, not locations.
   */
  installPaths: string[];
  /** True when some manifest declares the package directly. */
  direct: boolean;
  versionSource: VersionSource;
  /** github-actions only: the refs as written and where they occur. Absent for npm. */
  action?: ActionReferenceChange;
}

/** How a `uses:` reference changed: the refs as written, SHA pins, and every place it occurs. */
export interface ActionReferenceChange {
  /** The ref after `@` at base and head (`v4`, a 40-hex commit SHA, a branch). */
  fromRef: string;
  toRef: string;
  /** True when the ref is a full commit SHA (the version then comes from the `# v4.1.1` comment). */
  fromPinned: boolean;
  toPinned: boolean;
  /** `path:line` of each occurrence at head, sorted. */
  locations: string[];
}

export interface DetectionWarning {
  code:
    | 'LOCKFILE_UNPARSEABLE'
    | 'LOCKFILE_UNSUPPORTED'
    | 'MANIFEST_UNPARSEABLE'
    | 'MANIFEST_ONE_SIDE'
    | 'VERSION_NOT_SEMVER'
    | 'FILE_TOO_LARGE'
    | 'PR_TEXT_DISAGREES'
    | 'FILE_UNAVAILABLE'
    | 'WORKFLOW_UNPARSEABLE'
    | 'ACTION_REFERENCE_UNUSABLE';
  /** The file or package the warning is about, so a user knows where to look. */
  subject: string;
  message: string;
}

export interface BumpDetection {
  /** Every change, sorted by (name, from, to). Use `isAnalysable` to pick what gets analysed. */
  bumps: Bump[];
  warnings: DetectionWarning[];
}

/**
 * Direct upgrades and downgrades are analysed; added, removed and transitive-only are listed.
 * A change between non-semver versions (git, file, workspace; semverClass `unknown`) is
 * listed with a VERSION_NOT_SEMVER warning: no registry release range exists to analyse.
 */
export function isAnalysable(bump: Bump): boolean {
  return (
    bump.direct &&
    (bump.direction === 'upgrade' || bump.direction === 'downgrade') &&
    bump.from !== null &&
    bump.to !== null &&
    bump.semverClass !== 'unknown'
  );
}

/** `npm:<name>` or `github-actions:<owner>/<repo>[/<path>]`: the package identity used in evidence IDs. */
export function packageIdOf(bump: Pick<Bump, 'ecosystem' | 'name'>): string {
  return `${bump.ecosystem}:${bump.name}`;
}

/** Files at the two sides of a change. Implemented over git, the GitHub API and two directories. */
export interface DependencyFileSource {
  /** Repo-relative POSIX paths that differ between base and head (any file; detection filters). */
  changedPaths(): Promise<string[]>;
  /** File text at one side; undefined when the file does not exist there. */
  read(side: 'base' | 'head', path: string): Promise<string | undefined>;
  /** Human label of a side for messages, e.g. a short SHA or a ref name. */
  describe(side: 'base' | 'head'): string;
  /**
   * True when base and head are one tree under two names (a directory and a link to it): nothing
   * can differ, and the detection line says the base was mistyped. Sources that cannot tell leave it out.
   */
  sameTree?(): Promise<boolean>;
}
