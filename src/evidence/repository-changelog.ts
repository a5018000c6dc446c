import { describeGitHubError, formatGitHubError, type GitHubClient } from '../github/client.js';
import { rankChangelogName } from '../ecosystems/npm/tarball-changelog.js';
import type { GitHubRepository } from '../ecosystems/types.js';
import type { Logger } from '../shared/logger.js';
import { changelogEvidence } from './changelog-evidence.js';
import { parseChangelog, sectionsWithText, selectSectionsInRange } from './changelog-sections.js';
import { candidateTags, tagNamesOf } from './github-release-notes.js';
import type { EvidenceItem, MissingInformation } from './types.js';

/**
 * The changelog in the package's source repository, for packages whose npm tarball ships none
 * (about a third of popular packages: commander, semver, mime, nanoid…). The repository and
 * its `directory` come from the registry, never from the PR; the file is read at the tag of the
 * target version through the contents API, with the same parser and section selection as a
 * tarball changelog, and a locator that names repository, tag and path.
 *
 * Requests are few on purpose (the CLI may read without a token, 60 requests an hour): one to
 * refuse private repositories, one directory listing per tag spelling tried (at most
 * {@link MAX_TAG_ATTEMPTS} with a token, two without), one more listing for a monorepo root, one file read; for a tag that
 * names the package, whose root changelog lacks the range, one listing and one read more in
 * `packages/<name>/`.
 */

export const REPOSITORY_SOURCE_ID = 'github-repository';
/** Largest changelog read; the biggest real ones (e.g. babel's) stay well below this. */
export const MAX_REPOSITORY_CHANGELOG_BYTES = 2 * 1024 * 1024;
const MAX_TAG_ATTEMPTS = 6;
const RAW_MEDIA_TYPE = 'application/vnd.github.raw+json';

export interface RepositoryChangelogRequest {
  octokit: GitHubClient | null;
  repository: GitHubRepository | null;
  packageName: string;
  from: string;
  to: string;
  /** The newer side (`from` for a downgrade): its tag holds the history of the whole interval. */
  newerVersion: string;
  logger: Logger;
  /**
   * Requests this read may still make (its share of the run's allowance). Set for tokenless
   * reads: GitHub allows 60 unauthenticated requests an hour, and a grouped PR must not spend them all.
   */
  budget?: RequestBudget;
  /** Identity in evidence IDs; `npm:<packageName>` unless another ecosystem says otherwise. */
  packageId?: string;
}

/** An allowance of GitHub requests for one bump's tokenless reads; `remaining` goes down as requests are made. */
export interface RequestBudget {
  remaining: number;
  readonly total: number;
}

/** A rate limit (403 or 429) holds for the rest of the run: the allowance is spent, so nothing more is asked. */
export function spendOnRateLimit(budget: RequestBudget | undefined, status: number | null): void {
  if (budget !== undefined && (status === 403 || status === 429)) budget.remaining = 0;
}

/**
 * A bump's say in a run's tokenless allowance: it claims a share once it knows whether it needs
 * GitHub, and says when it is done with GitHub, which returns what it did not spend. Shares are
 * granted in a fixed order, not by timing (src/pipeline/tokenless-budget.ts).
 */
export interface AllowanceClaim {
  claim(needsGitHub: boolean): Promise<RequestBudget>;
  /** No more GitHub reads: declines if it never claimed, returns the unspent share if it holds one. Idempotent. */
  done(): void;
}

/** Tokenless runs spend at most this many requests on repository changelogs. */
export const UNAUTHENTICATED_REQUEST_BUDGET = 40;

class BudgetExhausted extends Error {}

export interface RepositoryChangelogResult {
  evidence: EvidenceItem[];
  missing: MissingInformation[];
  /**
   * Set when the repository was confirmed public and the newer version's tag was found: the
   * commit log between the tags can then be read with one more request (evidence/commit-log.ts).
   */
  publicTag?: string;
}

interface DirectoryEntry {
  type: string;
  name: string;
  path: string;
  size: number;
}

function unavailable(message: string): RepositoryChangelogResult {
  return { evidence: [], missing: [{ code: 'REPOSITORY_CHANGELOG_UNAVAILABLE', message }] };
}

/**
 * Tag spellings to try, in the order most likely to exist: a single-package repository is
 * tagged `v1.2.3` or `1.2.3`; a monorepo either per package (`@scope/pkg@1.2.3`, changesets' and
 * lerna's independent mode) or once for all its packages (`v1.2.3`: jest, typescript-eslint,
 * babel), so both kinds come first, then a scoped package's bare name (`plugin-react@6.1.0`),
 * release-please's `pkg-v1.2.3` and the folder's `folder-v1.2.3`. A miss costs one listing each,
 * so at most {@link MAX_TAG_ATTEMPTS} are tried with a token (two without).
 */
export function tagsToTry(packageName: string, version: string, directory: string): string[] {
  const all = candidateTags(packageName, version, directory);
  // [bare name, folder when it differs]: rollup/plugins tags after the folder (`node-resolve-v16.0.0`).
  const [bareName, folder] = tagNamesOf(packageName, directory);
  const folderTag = folder !== undefined ? [`${folder}-v${version}`] : [];
  // A scoped package's bare name tags it too: vitejs/vite-plugin-react tags `plugin-react@6.1.0`.
  const bareNameTag = bareName !== packageName ? [`${bareName}@${version}`] : [];
  const first = directory !== '' ? [`${packageName}@${version}`, `v${version}`, ...bareNameTag, `${bareName}-v${version}`, ...folderTag] : [`v${version}`, version];
  return [...new Set([...first, ...all])].slice(0, MAX_TAG_ATTEMPTS);
}

function asEntries(data: unknown): DirectoryEntry[] | null {
  if (!Array.isArray(data)) return null;
  return data.filter(
    (entry): entry is DirectoryEntry =>
      typeof entry === 'object' && entry !== null && typeof entry.name === 'string' && typeof entry.path === 'string' && typeof entry.type === 'string',
  );
}

/** The best-ranked changelog file of a listing (same preference as in tarballs). */
function bestChangelog(entries: DirectoryEntry[]): DirectoryEntry | null {
  const ranked = entries
    .filter((entry) => entry.type === 'file')
    .map((entry) => ({ entry, rank: rankChangelogName(entry.name) }))
    .filter((candidate): candidate is { entry: DirectoryEntry; rank: NonNullable<ReturnType<typeof rankChangelogName>> } => candidate.rank !== null)
    .sort(
      (left, right) =>
        left.rank.nameRank - right.rank.nameRank ||
        left.rank.suffixRank - right.rank.suffixRank ||
        left.rank.extensionRank - right.rank.extensionRank ||
        (left.entry.name < right.entry.name ? -1 : left.entry.name > right.entry.name ? 1 : 0),
    );
  return ranked[0]?.entry ?? null;
}

/** Octokit hands raw bodies over as a string, or an ArrayBuffer for GitHub's raw media type. */
function rawText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  return null;
}

/** The changelog in `packages/<bare name>/` at `tag`, or null when that folder has none (or does not exist). */
async function changelogInPackagesFolder(
  octokit: GitHubClient,
  where: { owner: string; repo: string; tag: string; packageName: string },
  spend: () => void,
): Promise<DirectoryEntry | null> {
  const [bareName] = tagNamesOf(where.packageName);
  spend();
  try {
    const listing = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { owner: where.owner, repo: where.repo, path: `packages/${bareName}`, ref: where.tag });
    return bestChangelog(asEntries(listing.data) ?? []);
  } catch (error) {
    if (describeGitHubError(error).status === 404) return null;
    throw error;
  }
}

type ChangelogRead = { kind: 'sections'; sections: ReturnType<typeof selectSectionsInRange> } | { kind: 'unreadable'; message: string };

/** Reads one changelog file at `tag` (within the size limit) and selects its sections in range. */
async function readChangelogSections(
  octokit: GitHubClient,
  where: { owner: string; repo: string; tag: string; file: DirectoryEntry; from: string; to: string; packageName: string },
  spend: () => void,
): Promise<ChangelogRead> {
  const { owner, repo, tag, file } = where;
  const fullName = `${owner}/${repo}`;
  if (file.size > MAX_REPOSITORY_CHANGELOG_BYTES) {
    return { kind: 'unreadable', message: `${file.path} in ${fullName} at ${tag} is ${file.size} bytes, above the ${MAX_REPOSITORY_CHANGELOG_BYTES}-byte limit; it was not read.` };
  }
  spend();
  const content = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path: file.path, ref: tag, headers: { accept: RAW_MEDIA_TYPE } });
  const text = rawText(content.data);
  if (text === null || text.length > MAX_REPOSITORY_CHANGELOG_BYTES) return { kind: 'unreadable', message: `${file.path} in ${fullName} at ${tag} did not come back as text.` };
  return { kind: 'sections', sections: selectSectionsInRange(parseChangelog(text, where.packageName), where.from, where.to) };
}

export async function fetchRepositoryChangelog(request: RepositoryChangelogRequest): Promise<RepositoryChangelogResult> {
  const { octokit, repository, packageName, from, to, newerVersion, logger } = request;
  if (repository === null) return { evidence: [], missing: [] };
  const fullName = `${repository.owner}/${repository.repo}`;
  if (octokit === null) return unavailable(`The changelog in ${fullName} was not read: no GitHub access.`);
  const { owner, repo } = repository;
  const directory = repository.directory ?? '';
  const budget = request.budget;
  const spend = (): void => {
    if (budget === undefined) return;
    if (budget.remaining <= 0) throw new BudgetExhausted();
    budget.remaining -= 1;
  };
  try {
    spend();
    const { data: info } = await octokit.rest.repos.get({ owner, repo });
    if (info.private) return unavailable(`The changelog in ${fullName} was not read: the repository is private, and its text could end up in a public comment or a remote model.`);

    let tag: string | null = null;
    let entries: DirectoryEntry[] = [];
    // Without a token, only the two commonest spellings: requests are scarce.
    const tags = tagsToTry(packageName, newerVersion, directory).slice(0, budget === undefined ? undefined : 2);
    for (const candidate of tags) {
      spend();
      try {
        const response = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path: directory, ref: candidate });
        entries = asEntries(response.data) ?? [];
        tag = candidate;
        break;
      } catch (error) {
        if (describeGitHubError(error).status !== 404) throw error;
      }
    }
    if (tag === null) return unavailable(`No tag for ${packageName} ${newerVersion} was found in ${fullName} (tried ${tags.join(', ')}), so its changelog could not be read at that version.`);

    let file = bestChangelog(entries);
    // A tag that names the package (`pinia@2.2.0`) is a monorepo's even when the registry gives
    // no `directory`; such monorepos keep each package's changelog in `packages/<name>/`.
    const tagNamesPackage = directory === '' && tag !== `v${newerVersion}` && tag !== newerVersion;
    if (file === null && tagNamesPackage) file = await changelogInPackagesFolder(octokit, { owner, repo, tag, packageName }, spend);
    if (file === null && directory !== '') {
      // Monorepos often keep one changelog at the root for every package.
      spend();
      const root = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path: '', ref: tag });
      file = bestChangelog(asEntries(root.data) ?? []);
    }
    const foundTag = tag;
    const withTag = (result: RepositoryChangelogResult): RepositoryChangelogResult => ({ ...result, publicTag: foundTag });
    if (file === null) return withTag(unavailable(`${fullName} has no changelog file at ${tag}${directory ? ` (looked in ${directory}/ and the root)` : ''}.`));
    let read = await readChangelogSections(octokit, { owner, repo, tag, file, from, to, packageName }, spend);
    // socket.io keeps a root CHANGELOG.md for its old single-package history and writes new
    // releases in packages/socket.io/CHANGELOG.md: a root file without the range (or too large to
    // read) is not the end.
    // Without a registry `directory`, a root file's path has no folder; one from packages/ has.
    const readAtRoot = !file.path.includes('/');
    if ((read.kind === 'unreadable' || read.sections.length === 0) && tagNamesPackage && readAtRoot) {
      const packageFile = await changelogInPackagesFolder(octokit, { owner, repo, tag, packageName }, spend);
      if (packageFile !== null) {
        const packageRead = await readChangelogSections(octokit, { owner, repo, tag, file: packageFile, from, to, packageName }, spend);
        if (packageRead.kind === 'sections' && packageRead.sections.length > 0) {
          file = packageFile;
          read = packageRead;
        }
      }
    }
    if (read.kind === 'unreadable') return withTag(unavailable(read.message));
    const { sections, none } = sectionsWithText(read.sections);
    if (sections.length === 0) {
      return withTag({ evidence: [], missing: [{ code: 'CHANGELOG_NO_SECTIONS_IN_RANGE', message: `${file.path} in ${fullName} at ${tag} ${none}.` }] });
    }
    const evidence = changelogEvidence({
      packageId: request.packageId ?? `npm:${packageName}`,
      sourceId: REPOSITORY_SOURCE_ID,
      fileName: `${fullName}/${file.path}@${tag}`,
      title: file.path,
      sourceUrl: `https://github.com/${fullName}/blob/${encodeURIComponent(tag)}/${file.path.split('/').map(encodeURIComponent).join('/')}`,
      sections,
    });
    return { evidence, missing: [], publicTag: tag };
  } catch (error) {
    if (error instanceof BudgetExhausted) {
      return unavailable(
        `The changelog in ${fullName} was not read: without a GitHub token a run reads GitHub for only some packages, to stay within GitHub's unauthenticated limit of 60 requests an hour; set GITHUB_TOKEN to read all of them.`,
      );
    }
    const info = describeGitHubError(error);
    spendOnRateLimit(budget, info.status);
    const reason = info.status === 404 ? `repository ${fullName} was not found or is private` : formatGitHubError(info);
    logger.warning(`The changelog in ${fullName} for ${packageName} is unavailable: ${reason}`);
    return unavailable(`The changelog in ${fullName} could not be read: ${reason}.`);
  }
}
