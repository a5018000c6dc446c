import { quietRegistrySignals } from '../ecosystems/npm/registry-facts.js';
/**
 * Evidence for a GitHub Actions bump (`uses: owner/repo[/path]@ref`), all read through the one
 * GitHub client: the action repository's tags (its "registry": which releases exist and which
 * commit each names), SHA-pin checks, the action's interface (action.yml, or the reusable
 * workflow's `on.workflow_call`) at both refs, release notes and the repository changelog for
 * the releases in range, and advisories from GitHub's database for ecosystem `actions`.
 *
 * Throws only when the action repository itself cannot be read (missing, private, no GitHub
 * access): the caller turns that into a failed result for this bump alone.
 */
import { diffActionInterfaces, parseActionMetadata, parseReusableWorkflowInterface, type ActionInterface, type InterfaceChange } from '../ecosystems/github-actions/action-metadata.js';
import { releaseVersionsOf, resolveVersion, versionsBetween, type ResolvedVersion, type TagCommits } from '../ecosystems/github-actions/versions.js';
import { describeGitHubError, formatGitHubError, type GitHubClient } from '../github/client.js';
import type { Bump } from '../bumps/types.js';
import { packageIdOf } from '../bumps/types.js';
import type { ActionPinSignals, RegistrySignals } from '../analysis/types.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { PIN_MISMATCH_LOCATOR, RUNS_USING_LOCATOR } from './action-locators.js';
import { makeEvidenceItem } from './evidence-item.js';
import { analyzerDirectedTextWarnings } from './gather-evidence.js';
import { fetchAdvisories } from './github-advisories.js';
import { fetchReleaseNotes } from './github-release-notes.js';
import { fetchRepositoryChangelog, type RequestBudget } from './repository-changelog.js';
import type { EvidenceItem, EvidenceKind, EvidenceWarning, MissingInformation } from './types.js';

export const TAGS_SOURCE_ID = 'github-tags';
export const ACTION_METADATA_SOURCE_ID = 'github-action-metadata';

const TAGS_PER_PAGE = 100;
/** 1,000 tags: actions/checkout has about 100 after six years of releases. */
const MAX_TAG_PAGES = 10;
/** Real action.yml files are a few kilobytes; a larger one is not read. */
export const MAX_ACTION_METADATA_BYTES = 256 * 1024;

export interface ActionEvidenceSources {
  github: GitHubClient | null;
  /** Tokenless client for public repositories (CLI without a token), bounded by `publicGitHubBudget`. */
  publicGitHub?: GitHubClient | null;
  publicGitHubBudget?: RequestBudget;
  logger: Logger;
}

export interface GatheredActionEvidence {
  evidence: EvidenceItem[];
  missingInformation: MissingInformation[];
  warnings: EvidenceWarning[];
  /** The exact releases the two refs run (null when they could not be told). */
  resolved: { from: string | null; to: string | null };
  /** Releases in (resolved.from, resolved.to], semver-sorted. */
  versionsInRange: string[];
  /** Every release version the tags name: what trust accepts as a real version. */
  knownVersions: string[];
  fromExists: boolean;
  toExists: boolean;
  signals: RegistrySignals;
}

/** The action repository cannot be read; the message says why, for a person. */
export class ActionRepositoryError extends Error {
  override readonly name = 'ActionRepositoryError';
}

class BudgetExhausted extends Error {}

interface Target {
  owner: string;
  repo: string;
  /** Path of the action inside the repository ('' at the root), or the reusable workflow file. */
  path: string;
  reusableWorkflow: boolean;
  fullName: string;
}

function targetOf(bump: Bump): Target {
  const [owner = '', repo = '', ...rest] = bump.name.split('/');
  return { owner, repo, path: rest.join('/'), reusableWorkflow: bump.dependencyTypes.includes('reusableWorkflow'), fullName: `${owner}/${repo}` };
}

export async function gatherActionEvidence(bump: Bump, sources: ActionEvidenceSources): Promise<GatheredActionEvidence> {
  const action = bump.action;
  if (action === undefined || bump.from === null || bump.to === null) throw new ActionRepositoryError(`${bump.name} is not a GitHub Actions reference change`);
  const target = targetOf(bump);
  const octokit = sources.github ?? sources.publicGitHub ?? null;
  if (octokit === null) {
    throw new ActionRepositoryError(`${target.fullName} was not read: GitHub Actions bumps need the GitHub API (the action's tags and action.yml), and this run has no GitHub access.`);
  }
  const budget = sources.github === null ? sources.publicGitHubBudget : undefined;
  const spend = (): void => {
    if (budget === undefined) return;
    if (budget.remaining <= 0) throw new BudgetExhausted();
    budget.remaining -= 1;
  };
  const packageId = packageIdOf(bump);
  const missingInformation: MissingInformation[] = [];
  const warnings: EvidenceWarning[] = [];

  let tags: TagCommits;
  try {
    await ensurePublic(octokit, target, spend);
    tags = await listTags(octokit, target, spend);
  } catch (error) {
    if (error instanceof ActionRepositoryError) throw error;
    if (error instanceof BudgetExhausted) throw new ActionRepositoryError(`${target.fullName} was not read: without a GitHub token a run reads only some repositories, to stay within GitHub's unauthenticated limit of 60 requests an hour; set GITHUB_TOKEN.`);
    throw new ActionRepositoryError(`The tags of ${target.fullName} could not be read: ${formatGitHubError(describeGitHubError(error))}.`);
  }

  const from = resolveVersion(bump.from, action.fromPinned ? action.fromRef : null, tags);
  const to = resolveVersion(bump.to, action.toPinned ? action.toRef : null, tags);
  const fromCommitExists = action.fromPinned ? await commitExists(octokit, target, action.fromRef, tags, spend) : from.commit !== null;
  const toCommitExists = action.toPinned ? await commitExists(octokit, target, action.toRef, tags, spend) : to.commit !== null;
  for (const [side, label, resolved] of [['from', bump.from, from], ['to', bump.to, to]] as const) {
    if (resolved.basis === 'newest-under-label') {
      missingInformation.push({ code: 'VERSION_UNRESOLVED', message: `No release tag of ${target.fullName} shares the commit of ${label}; it was read as ${resolved.version ?? 'unknown'}, the newest release under it (${side} side).` });
    } else if (resolved.version === null) {
      missingInformation.push({ code: 'VERSION_UNRESOLVED', message: `The exact release ${label} of ${target.fullName} runs could not be told from its tags (${side} side).` });
    }
  }

  const knownVersions = releaseVersionsOf(tags);
  const versionsInRange = from.version !== null && to.version !== null ? inRange(knownVersions, from.version, to.version) : [];
  const evidence: EvidenceItem[] = [versionFact(bump, target, packageId, from, to, versionsInRange)];

  const pin = checkPins(bump, target, tags, { from, to, fromCommitExists, toCommitExists });
  if (pin.mismatch !== null) evidence.push(tagFact(packageId, target, PIN_MISMATCH_LOCATOR, `Pinned commit is not the release its comment names`, pin.mismatch, action.toRef));
  if (pin.baseMismatch !== null) warnings.push({ code: 'PIN_MISMATCH_AT_BASE', message: pin.baseMismatch });
  if (pin.pinningWeakened) {
    evidence.push(
      tagFact(packageId, target, 'fact/pinning-weakened', 'SHA pin replaced by a tag', `${target.fullName} was pinned to commit ${action.fromRef} and now names ${action.toRef}, which its maintainers (or anyone who takes over the repository) can re-point to other code.`, action.toRef),
    );
  }

  const interfaceDiff = await readInterfaceDiff(octokit, target, packageId, { from: from.commit ?? action.fromRef, to: to.commit ?? action.toRef }, to.version, spend, sources.logger).catch((error: unknown) => {
    if (error instanceof BudgetExhausted) return { evidence: [], missing: [{ code: 'ACTION_METADATA_UNAVAILABLE' as const, message: `The action.yml of ${target.fullName} was not read: this bump's share of the unauthenticated GitHub requests is used up; set GITHUB_TOKEN.` }] };
    throw error;
  });
  evidence.push(...interfaceDiff.evidence);
  missingInformation.push(...interfaceDiff.missing);

  if (from.version !== null && to.version !== null) {
    const repository = { owner: target.owner, repo: target.repo, directory: null };
    const packageName = target.fullName;
    const newerVersion = bump.direction === 'downgrade' ? from.version : to.version;
    const [releaseNotes, changelog, advisories] = await Promise.all([
      fetchReleaseNotes({ octokit: sources.github, repository, packageName, from: from.version, to: to.version, versionsInRange, logger: sources.logger, packageId }),
      fetchRepositoryChangelog({
        octokit,
        repository,
        packageName,
        from: from.version,
        to: to.version,
        newerVersion,
        logger: sources.logger,
        packageId,
        ...(budget === undefined ? {} : { budget }),
      }),
      fetchAdvisories({ octokit: sources.github, packageName, from: from.version, to: to.version, logger: sources.logger, ecosystem: 'actions', packageId }),
    ]);
    evidence.push(...releaseNotes.evidence, ...changelog.evidence, ...advisories.evidence);
    missingInformation.push(...releaseNotes.missing, ...changelog.missing, ...advisories.missing);
  } else {
    missingInformation.push({ code: 'RELEASE_NOTES_UNAVAILABLE', message: `Release notes, changelog and advisories of ${target.fullName} were not read: the releases ${bump.from} and ${bump.to} run could not both be told.` });
  }
  warnings.push(...analyzerDirectedTextWarnings(bump.name, evidence));

  const actionPin: ActionPinSignals = { mismatch: pin.mismatch, pinningWeakened: pin.pinningWeakened };
  return {
    evidence,
    missingInformation,
    warnings,
    resolved: { from: from.version, to: to.version },
    versionsInRange,
    knownVersions,
    fromExists: from.version !== null && fromCommitExists,
    toExists: to.version !== null && toCommitExists,
    signals: actionSignals(versionsInRange.length, actionPin),
  };
}

function inRange(versions: string[], from: string, to: string): string[] {
  // Downgrades read the releases given up: (to, from].
  return from === to ? [] : versionsBetween(versions, ...(compareVersions(from, to) < 0 ? ([from, to] as const) : ([to, from] as const)));
}

function compareVersions(left: string, right: string): number {
  const a = left.split(/[.-]/).map((part) => Number(part));
  const b = right.split(/[.-]/).map((part) => Number(part));
  for (let index = 0; index < 3; index++) if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) - (b[index] ?? 0);
  return 0;
}

/** npm-only signals stay empty: an action has no install scripts, provenance or publisher of its own here. */
function actionSignals(versionsInRange: number, actionPin: ActionPinSignals): RegistrySignals {
  return quietRegistrySignals({ versionsInRange, actionPin });
}

/**
 * A private action repository is refused: its files could end up in a public comment or a
 * remote model. A 404 means missing, or private and invisible to the token.
 */
async function ensurePublic(octokit: GitHubClient, target: Target, spend: () => void): Promise<void> {
  spend();
  try {
    const { data } = await octokit.rest.repos.get({ owner: target.owner, repo: target.repo });
    if (data.private) throw new ActionRepositoryError(`${target.fullName} is private: its files were not read, since they could end up in a public comment or a remote model.`);
  } catch (error) {
    if (error instanceof ActionRepositoryError) throw error;
    const info = describeGitHubError(error);
    if (info.status === 404) throw new ActionRepositoryError(`The action repository ${target.fullName} was not found (it does not exist, or it is private and the token cannot see it).`);
    throw error;
  }
}

async function listTags(octokit: GitHubClient, target: Target, spend: () => void): Promise<TagCommits> {
  const tags = new Map<string, string>();
  let pages = 0;
  spend();
  const iterator = octokit.paginate.iterator('GET /repos/{owner}/{repo}/tags', { owner: target.owner, repo: target.repo, per_page: TAGS_PER_PAGE });
  for await (const page of iterator) {
    pages += 1;
    for (const tag of page.data as Array<{ name?: unknown; commit?: { sha?: unknown } }>) {
      if (typeof tag.name !== 'string' || typeof tag.commit?.sha !== 'string' || !/^[0-9a-f]{40}$/i.test(tag.commit.sha)) continue;
      tags.set(tag.name, tag.commit.sha.toLowerCase());
    }
    if (pages >= MAX_TAG_PAGES) break;
    spend();
  }
  return tags;
}

/** A pinned SHA a tag names is known to exist; any other is asked for (404 and 422 mean "no such commit"). */
async function commitExists(octokit: GitHubClient, target: Target, sha: string, tags: TagCommits, spend: () => void): Promise<boolean> {
  if ([...tags.values()].includes(sha)) return true;
  spend();
  try {
    await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}', { owner: target.owner, repo: target.repo, ref: sha });
    return true;
  } catch (error) {
    const status = describeGitHubError(error).status;
    if (status === 404 || status === 422) return false;
    throw error;
  }
}

interface PinCheck {
  /** Head-side mismatch: the supply-chain signal. */
  mismatch: string | null;
  baseMismatch: string | null;
  pinningWeakened: boolean;
}

function checkPins(
  bump: Bump,
  target: Target,
  tags: TagCommits,
  sides: { from: ResolvedVersion; to: ResolvedVersion; fromCommitExists: boolean; toCommitExists: boolean },
): PinCheck {
  const action = bump.action!;
  const problem = (label: string, sha: string, resolved: ResolvedVersion, exists: boolean): string | null => {
    if (!exists) return `${target.fullName} is pinned to ${sha}, which is no commit of ${target.fullName} (the comment says ${label}).`;
    // The commit carries a release under the comment's label: the pin is what it says.
    if (resolved.version !== null && resolved.basis !== 'newest-under-label') return null;
    const tag = tags.has(label) ? label : tags.has(`v${label}`) ? `v${label}` : tags.has(label.replace(/^v/, '')) ? label.replace(/^v/, '') : undefined;
    const named = tag === undefined ? `there is no tag ${label}` : `${tag} is commit ${tags.get(tag)}`;
    return `The comment says ${label} but the pinned commit ${sha} is not that release (${named}).`;
  };
  return {
    mismatch: action.toPinned ? problem(bump.to!, action.toRef, sides.to, sides.toCommitExists) : null,
    baseMismatch: action.fromPinned ? problem(bump.from!, action.fromRef, sides.from, sides.fromCommitExists) : null,
    pinningWeakened: action.fromPinned && !action.toPinned,
  };
}

function tagFact(packageId: string, target: Target, locator: string, title: string, content: string, ref: string): EvidenceItem {
  return makeEvidenceItem({
    packageId,
    sourceId: TAGS_SOURCE_ID,
    kind: 'registryFact',
    locator,
    title: `${target.fullName} — ${title}`,
    sourceUrl: `https://github.com/${target.fullName}/tree/${encodeURIComponent(ref)}`,
    releaseVersions: [],
    content,
  });
}

function describeSide(label: string, resolved: ResolvedVersion): string {
  const commit = resolved.commit === null ? '' : ` (commit ${resolved.commit.slice(0, 12)})`;
  if (resolved.version === null) return `${label}${commit}, an unknown release`;
  if (resolved.basis === 'exact') return `${label}${commit}`;
  return `${label}${commit}, which is release ${resolved.version}`;
}

/** The semver fact the analyzers calibrate on (the same locator as an npm registry fact). */
function versionFact(bump: Bump, target: Target, packageId: string, from: ResolvedVersion, to: ResolvedVersion, versionsInRange: string[]): EvidenceItem {
  const kind = bump.direction === 'downgrade' ? `${bump.semverClass} downgrade` : `${bump.semverClass} version change`;
  const listed = versionsInRange.length === 0 ? 'no release in between' : `${versionsInRange.length} release(s) in range: ${versionsInRange.slice(-10).join(', ')}${versionsInRange.length > 10 ? ' (newest 10 shown)' : ''}`;
  return makeEvidenceItem({
    packageId,
    sourceId: TAGS_SOURCE_ID,
    kind: 'registryFact',
    locator: 'fact/semver-class',
    title: `${bump.name} ${bump.from} → ${bump.to}: ${kind}`,
    sourceUrl: `https://github.com/${target.fullName}/tags`,
    releaseVersions: [],
    content: `${bump.name} ${describeSide(bump.from!, from)} → ${describeSide(bump.to!, to)}: a ${kind}, by the repository's tags; ${listed}.`,
  });
}

const CHANGE_KIND: Record<InterfaceChange['kind'], EvidenceKind> = {
  'inputs-removed': 'apiSurface',
  'inputs-renamed': 'apiSurface',
  'inputs-now-required': 'apiSurface',
  'outputs-removed': 'apiSurface',
  'secrets-now-required': 'apiSurface',
  'runs-using': 'compatibility',
  'inputs-deprecated': 'deprecations',
};

/** The interface (action.yml or `on.workflow_call`) at both commits, and what changed, as evidence. */
async function readInterfaceDiff(
  octokit: GitHubClient,
  target: Target,
  packageId: string,
  refs: { from: string; to: string },
  toVersion: string | null,
  spend: () => void,
  logger: Logger,
): Promise<{ evidence: EvidenceItem[]; missing: MissingInformation[] }> {
  const candidates = target.reusableWorkflow ? [target.path] : ['action.yml', 'action.yaml'].map((name) => (target.path === '' ? name : `${target.path}/${name}`));
  const read = async (ref: string): Promise<{ path: string; metadata: ActionInterface } | string> => {
    for (const path of candidates) {
      const file = await readSmallFile(octokit, target, path, ref, spend);
      if (file.state === 'absent') continue;
      if (file.state === 'too-large') return `${path} of ${target.fullName} at ${ref.slice(0, 12)} is larger than ${MAX_ACTION_METADATA_BYTES} bytes; it was not read`;
      if (file.state === 'error') return `${path} of ${target.fullName} at ${ref.slice(0, 12)} could not be read: ${file.reason}`;
      try {
        return { path, metadata: target.reusableWorkflow ? parseReusableWorkflowInterface(file.text, path) : parseActionMetadata(file.text, path) };
      } catch (error) {
        return `${sanitizeMessage(error instanceof Error ? error.message : String(error))} (${target.fullName} at ${ref.slice(0, 12)})`;
      }
    }
    return `${target.fullName} has no ${candidates.join(' or ')} at ${ref.slice(0, 12)}`;
  };
  const [before, after] = [await read(refs.from), await read(refs.to)];
  const problems = [before, after].filter((side): side is string => typeof side === 'string');
  if (problems.length > 0 || typeof before === 'string' || typeof after === 'string') {
    logger.warning(`The interface of ${target.fullName} could not be compared: ${problems.join('; ')}`);
    return { evidence: [], missing: [{ code: 'ACTION_METADATA_UNAVAILABLE', message: `The inputs, outputs and runtime of ${target.fullName} could not be compared: ${problems.join('; ')}.` }] };
  }
  const sourceUrl = `https://github.com/${target.fullName}/blob/${encodeURIComponent(refs.to)}/${after.path.split('/').map(encodeURIComponent).join('/')}`;
  const evidence = diffActionInterfaces(before.metadata, after.metadata).map((change) =>
    makeEvidenceItem({
      packageId,
      sourceId: ACTION_METADATA_SOURCE_ID,
      kind: CHANGE_KIND[change.kind],
      locator: change.kind === 'runs-using' ? RUNS_USING_LOCATOR : `action-interface/${change.kind}`,
      title: `${after.path} — ${change.kind.replace(/-/g, ' ')}`,
      sourceUrl,
      releaseVersions: toVersion === null ? [] : [toVersion],
      content: change.sentence,
    }),
  );
  return { evidence, missing: [] };
}

type SmallFile = { state: 'text'; text: string } | { state: 'absent' } | { state: 'too-large' } | { state: 'error'; reason: string };

/**
 * One file through the contents API's JSON form, which states the size before any content is
 * decoded: GitHub returns content inline up to 1 MB and answers 403 `too_large` above that.
 */
async function readSmallFile(octokit: GitHubClient, target: Target, path: string, ref: string, spend: () => void): Promise<SmallFile> {
  spend();
  let data: unknown;
  try {
    ({ data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { owner: target.owner, repo: target.repo, path, ref }));
  } catch (error) {
    const info = describeGitHubError(error);
    if (info.status === 404) return { state: 'absent' };
    if (info.tooLarge) return { state: 'too-large' };
    return { state: 'error', reason: formatGitHubError(info) };
  }
  const file = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as { type?: unknown; size?: unknown; content?: unknown; encoding?: unknown };
  if (file.type !== 'file') return { state: 'error', reason: 'the path is not a file' };
  if (typeof file.size === 'number' && file.size > MAX_ACTION_METADATA_BYTES) return { state: 'too-large' };
  if (file.encoding !== 'base64' || typeof file.content !== 'string') return { state: 'too-large' };
  const bytes = Buffer.from(file.content.replace(/\s+/g, ''), 'base64');
  if (bytes.length > MAX_ACTION_METADATA_BYTES) return { state: 'too-large' };
  return { state: 'text', text: bytes.toString('utf8') };
}
