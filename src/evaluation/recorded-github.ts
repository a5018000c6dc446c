import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { createGitHubClient, type GitHubClient } from '../github/client.js';

/**
 * GitHub as a dataset recorded it: the one GitHub client DepVerdict uses (Octokit), reading
 * repository files from `repository/<owner>/<repo>/<tag>/<path>` instead of the network. An
 * evaluation then takes the same path as a run with GitHub reachable — repository changelogs
 * are found by tag and file name exactly as `fetchRepositoryChangelog` finds them — and stays
 * hermetic. It is not a stand-in for the analysis: only the transport is replaced.
 *
 * What the recording holds, and so what this answers:
 * - `GET /repos/{o}/{r}`: a recorded repository (public; only public repositories are recorded);
 * - `GET /repos/{o}/{r}/contents/{path}?ref={tag}`: directory listings and file bytes at a
 *   recorded tag (raw or base64, as GitHub answers);
 * - `GET /repos/{o}/{r}/compare/{base}...{head}`: the commits recorded in
 *   `repository/<owner>/<repo>/.compare/<encoded base...head>.json` (GitHub's compare shape,
 *   oldest first, paged by `per_page`/`page`); 404 for a comparison not recorded;
 * - `GET /repos/{o}/{r}/commits?sha={tag}&path={folder}`: a monorepo package's folder history
 *   from a tag, recorded in `.commits/<encoded tag>/<encoded folder>.json` (newest first, the
 *   first 100); 404 for one not recorded;
 * - tags with a slash (`@scope/pkg@1.2.3`), recorded as one URL-encoded directory name;
 * - owner and repository names in any case (GitHub's are case-insensitive; recorded in lower case);
 * - a tag recorded with no changelog-candidate file holds only a `.tag` marker; files whose
 *   names start with a dot are the recording's own and never listed;
 * - `GET /repos/{o}/{r}/releases` and `GET /advisories`: empty. Release pages and GitHub
 *   advisories are not recorded (datasets/npm-labelled/README.md), so a dataset is scored on
 *   repository files, tarballs and registry data only;
 * - anything else: 404, as GitHub answers for what does not exist.
 */

const RECORDED_BASE_URL = 'https://recorded-github.invalid';
const RAW_MEDIA_TYPE = /application\/vnd\.github(\.v3)?\.raw/i;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

function notFound(): Response {
  return json(404, { message: 'Not Found (not in the recorded dataset)', status: '404' });
}

/** Git's blob SHA, so listings carry the same `sha` GitHub would. */
function blobSha(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * Path segments from the URL, refused when one could leave the recorded directory. Octokit
 * sends a contents path as one encoded segment (`packages%2Fjest`): it is split as GitHub does.
 */
function safeSegments(pathname: string): string[] | null {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => decodeURIComponent(segment).split('/'))
    .filter(Boolean);
  return segments.some((segment) => segment === '..' || segment === '.' || segment.includes('\\') || segment.includes('\0')) ? null : segments;
}

async function kindOf(path: string): Promise<'file' | 'dir' | null> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'dir' : info.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

async function contents(root: string, owner: string, repo: string, path: string[], ref: string | null, accept: string): Promise<Response> {
  if (ref === null || ref === '') return notFound();
  // A tag with a slash (`@scope/pkg@1.2.3`) is recorded as one URL-encoded directory name.
  const tagName = ref.includes('/') ? encodeURIComponent(ref) : ref;
  if (tagName === '.' || tagName === '..' || tagName.includes('\\') || tagName.includes('\0')) return notFound();
  const tagDirectory = join(root, owner, repo, tagName);
  if ((await kindOf(tagDirectory)) !== 'dir') return json(404, { message: `No commit found for the ref ${ref}`, status: '404' });
  const target = resolve(tagDirectory, ...path);
  if (target !== tagDirectory && !target.startsWith(`${tagDirectory}${sep}`)) return notFound();
  const kind = await kindOf(target);
  const relativePath = path.join('/');
  if (kind === 'dir') {
    const entries = await readdir(target, { withFileTypes: true });
    const listing = await Promise.all(
      entries
        .filter((entry) => (entry.isFile() || entry.isDirectory()) && !entry.name.startsWith('.'))
        .sort((left, right) => left.name.localeCompare(right.name))
        .map(async (entry) => {
          const entryPath = relativePath === '' ? entry.name : `${relativePath}/${entry.name}`;
          if (entry.isDirectory()) return { type: 'dir', name: entry.name, path: entryPath, sha: createHash('sha1').update(`${ref}:${entryPath}`).digest('hex'), size: 0 };
          const bytes = await readFile(join(target, entry.name));
          return { type: 'file', name: entry.name, path: entryPath, sha: blobSha(bytes), size: bytes.length };
        }),
    );
    return json(200, listing);
  }
  if (kind !== 'file' || path.some((segment) => segment.startsWith('.'))) return notFound();
  const bytes = await readFile(target);
  if (RAW_MEDIA_TYPE.test(accept)) return new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'application/vnd.github.raw' } });
  return json(200, { type: 'file', encoding: 'base64', size: bytes.length, name: path.at(-1), path: relativePath, sha: blobSha(bytes), content: bytes.toString('base64') });
}

/** Largest page GitHub's compare API serves. */
const MAX_COMPARE_PAGE = 250;

async function compare(root: string, owner: string, repo: string, basehead: string, query: URLSearchParams): Promise<Response> {
  const file = join(root, owner, repo, '.compare', `${encodeURIComponent(basehead)}.json`);
  if ((await kindOf(file)) !== 'file') return notFound();
  const recorded = JSON.parse(await readFile(file, 'utf8')) as { commits: unknown[]; total_commits: number } & Record<string, unknown>;
  const perPage = Math.min(MAX_COMPARE_PAGE, Math.max(1, Number(query.get('per_page') ?? MAX_COMPARE_PAGE) || MAX_COMPARE_PAGE));
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  return json(200, { ...recorded, commits: recorded.commits.slice((page - 1) * perPage, page * perPage) });
}

/** Largest page GitHub's commit list serves, and the most a recording keeps per tag and folder. */
const MAX_COMMIT_LIST_PAGE = 100;

/**
 * GitHub's commit list from a tag, filtered by a folder (`?sha=<tag>&path=<folder>`), newest
 * first: `.commits/<encoded tag>/<encoded folder>.json`. 404 for a tag or folder not recorded,
 * as GitHub answers for a ref that does not exist; unfiltered lists are not recorded.
 */
async function commitList(root: string, owner: string, repo: string, query: URLSearchParams): Promise<Response> {
  const tag = query.get('sha') ?? '';
  const folder = (query.get('path') ?? '').replace(/^\/+|\/+$/g, '');
  if (tag === '' || folder === '') return notFound();
  const file = join(root, owner, repo, '.commits', encodeURIComponent(tag), `${encodeURIComponent(folder)}.json`);
  if ((await kindOf(file)) !== 'file') return json(404, { message: `No commit found for SHA: ${tag}`, status: '404' });
  const recorded = JSON.parse(await readFile(file, 'utf8')) as unknown[];
  const perPage = Math.min(MAX_COMMIT_LIST_PAGE, Math.max(1, Number(query.get('per_page') ?? 30) || 30));
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  // Only the first page of 100 is recorded: a later one would be an answer made up, not recorded.
  if (page * perPage > MAX_COMMIT_LIST_PAGE && recorded.length >= MAX_COMMIT_LIST_PAGE) return notFound();
  return json(200, recorded.slice((page - 1) * perPage, page * perPage));
}

/** The fetch behind the recorded client: answers from `root` (the dataset's `repository/`). */
export function recordedGitHubFetch(root: string): (input: string | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = new URL(typeof input === 'string' ? input : input.href);
    // A comparison's `base...head` may hold slashes of its own (scoped tags): taken whole.
    const comparison = /^\/repos\/([^/]+)\/([^/]+)\/compare\/(.+)$/.exec(url.pathname);
    if (method === 'GET' && comparison !== null) {
      const [owner, repo] = [decodeURIComponent(comparison[1]!).toLowerCase(), decodeURIComponent(comparison[2]!).toLowerCase()];
      if (safeSegments(`/${owner}/${repo}`)?.length !== 2) return notFound();
      return compare(root, owner, repo, decodeURIComponent(comparison[3]!), url.searchParams);
    }
    const segments = safeSegments(url.pathname);
    if (method !== 'GET' || segments === null) return notFound();
    if (segments.length === 1 && segments[0] === 'advisories') return json(200, []);
    const [first, ownerAsAsked, repoAsAsked, ...rest] = segments;
    if (first !== 'repos' || ownerAsAsked === undefined || repoAsAsked === undefined) return notFound();
    // GitHub's owner and repository names are case-insensitive; recordings are kept in lower case.
    const owner = ownerAsAsked.toLowerCase();
    const repo = repoAsAsked.toLowerCase();
    if ((await kindOf(join(root, owner, repo))) !== 'dir') return notFound();
    if (rest.length === 0) return json(200, { full_name: `${owner}/${repo}`, name: repo, private: false, visibility: 'public' });
    if (rest.length === 1 && rest[0] === 'releases') return json(200, []);
    if (rest.length === 1 && rest[0] === 'commits') return commitList(root, owner, repo, url.searchParams);
    if (rest[0] === 'contents') {
      const accept = new Headers(init?.headers).get('accept') ?? '';
      return contents(root, owner, repo, rest.slice(1), url.searchParams.get('ref'), accept);
    }
    return notFound();
  };
}

/** A GitHubClient whose reads come from a recorded `repository/` directory; it never touches the network. */
export function createRecordedGitHubClient(repositoryDirectory: string): GitHubClient {
  return createGitHubClient({ token: null, baseUrl: RECORDED_BASE_URL, fetch: recordedGitHubFetch(resolve(repositoryDirectory)) });
}
