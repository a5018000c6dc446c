/**
 * TEST DOUBLE: a fake GitHub REST API on a real node:http server bound to 127.0.0.1 (random
 * port). It implements only what DepVerdict calls, with GitHub's documented shapes, so both
 * unit tests (Octokit with `baseUrl: fake.url`) and the end-to-end test of the built action
 * (`GITHUB_API_URL=fake.url`) talk real HTTP to it.
 *
 * Endpoints
 * - GET  /repos/{o}/{r}/pulls/{n}                 PR metadata (head/base SHAs, title, body)
 * - GET  /repos/{o}/{r}/pulls/{n}/commits         paginated commit messages (seeded `commitMessages`)
 * - GET  /repos/{o}/{r}/pulls/{n}/files           paginated (per_page ≤ 100, Link header),
 *                                                 capped at 3000 files like GitHub
 * - GET  /repos/{o}/{r}/contents/{path}?ref=      raw media type (`application/vnd.github.raw+json`
 *                                                 or `.raw`) → file bytes as application/vnd.github.raw; JSON → base64 object;
 *                                                 directory → JSON array of entries; files larger
 *                                                 than `contentsLimitBytes` → 403 `too_large`
 * - GET  /repos/{o}/{r}/git/blobs/{sha}           base64, lines wrapped at 60 like GitHub
 * - GET  /repos/{o}/{r}                           visibility (`private` from the seed, default public)
 * - GET  /repos/{o}/{r}/releases                  paginated, in seeded order (seed newest first)
 * - GET  /repos/{o}/{r}/compare/{base}...{head}  commits between two refs from the seeded `compares`
 *                                                 (oldest first, per_page/page), 404 when not seeded
 * - GET  /repos/{o}/{r}/commits?sha=&path=        a seeded folder's commits reachable from a tag, newest
 *                                                 first, paginated; 404 for an unknown tag
 * - GET  /repos/{o}/{r}/tags                      paginated `[{name, commit: {sha}}]` from the seeded `tags`
 *                                                 (tag → commit SHA), in seeded order
 * - GET  /repos/{o}/{r}/commits/{ref}             `{sha}` for a seeded commit or tag; 422 "No commit
 *                                                 found for SHA" otherwise (GitHub's answer for an unknown SHA)
 *   Contents `?ref=` accepts a seeded tag as well as a commit SHA.
 * - GET  /advisories?ecosystem=&affects=          global advisories, filtered by name[@version]
 * - GET  /repos/{o}/{r}/issues/{n}/comments       paginated
 * - POST /repos/{o}/{r}/issues/{n}/comments       {body} → 201
 * - PATCH /repos/{o}/{r}/issues/comments/{id}     {body} → 200
 *
 * Behaviours tests switch on through `state`:
 * - `state.tokenMode = 'read-only'` → every write answers 403 "Resource not accessible by
 *   integration" (the fork / Dependabot token);
 * - `state.requiredToken` → requests without `Authorization: token|Bearer <it>` get 401;
 * - `state.faults` → the next matching requests answer a primary rate limit (403, remaining 0),
 *   a secondary rate limit (429 + retry-after) or a 5xx;
 * - every request is appended to `requests` (method, path, query, headers, parsed body).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import semver from 'semver';

export interface FakeRelease {
  tag_name: string;
  name?: string;
  body?: string | null;
  draft?: boolean;
  prerelease?: boolean;
  /** Defaults to https://github.com/{o}/{r}/releases/tag/{tag}. */
  html_url?: string;
  published_at?: string | null;
}

export interface FakeAdvisoryVulnerability {
  package: { ecosystem: string; name: string };
  vulnerable_version_range: string;
  first_patched_version: string | null;
}

export interface FakeAdvisory {
  ghsa_id: string;
  cve_id?: string | null;
  summary: string;
  severity: 'low' | 'medium' | 'high' | 'critical' | 'unknown';
  html_url?: string;
  withdrawn_at?: string | null;
  vulnerabilities: FakeAdvisoryVulnerability[];
}

export interface FakeUser {
  login: string;
  type: 'Bot' | 'User';
}

export interface FakeComment {
  id: number;
  body: string;
  user: FakeUser;
  html_url: string;
  created_at: string;
  updated_at: string;
}

export interface FakePull {
  baseSha: string;
  headSha: string;
  title?: string;
  body?: string;
  headRef?: string;
  baseRef?: string;
  /** Commit messages of the PR, oldest first (GET pulls/{n}/commits). */
  commitMessages?: string[];
  /** new path → old path, reported as `renamed` with `previous_filename`. */
  renames?: Record<string, string>;
  /** Explicit file list; when absent it is computed from the two commits. */
  files?: Array<{ filename: string; status: string; previous_filename?: string }>;
}

export interface FakeRepository {
  /** Commit SHA → (repo-relative path → file content). */
  commits?: Record<string, Record<string, string | Buffer>>;
  pulls?: Record<number, FakePull>;
  releases?: FakeRelease[];
  /** Tag name → commit SHA (GET /repos/{o}/{r}/tags, and `?ref=<tag>` for contents). */
  tags?: Record<string, string>;
  /** Visibility answered by GET /repos/{o}/{r}; public by default. */
  private?: boolean;
  /** Issue / PR number → comments, oldest first. */
  comments?: Record<number, Array<Omit<FakeComment, 'html_url' | 'created_at' | 'updated_at'> & Partial<FakeComment>>>;
  /** `base...head` → commit messages between the two refs, oldest first (GET /repos/{o}/{r}/compare/{basehead}). */
  compares?: Record<string, string[]>;
  /** Folder → the commits that touch it, and which of them each tag reaches (GET /repos/{o}/{r}/commits?sha=&path=). */
  folderHistories?: Record<string, FakeFolderHistory>;
}

/**
 * One folder's history: commit messages oldest first, and per tag either how many of them it
 * reaches (a linear history: the first N) or exactly which (by index, for a tag on another branch).
 */
export interface FakeFolderHistory {
  commits: string[];
  tags: Record<string, number | number[]>;
}

export interface FakeGitHubSeed {
  /** `owner/repo` → repository state. */
  repositories?: Record<string, FakeRepository>;
  advisories?: FakeAdvisory[];
  /** Who the token acts as when it writes. */
  botUser?: FakeUser;
  tokenMode?: 'read-write' | 'read-only';
  requiredToken?: string;
  /** Contents API answers 403 too_large above this size (bytes). Default 1 MB. */
  contentsLimitBytes?: number;
  /** When true the advisories endpoint ignores the version in `affects` (a lenient server). */
  advisoriesIgnoreVersion?: boolean;
}

export interface FakeFault {
  /** Matched against `METHOD /path` (path without query), e.g. /GET \/repos\/.*\/releases/. */
  match: RegExp;
  kind: 'rate-limit' | 'secondary-rate-limit' | 'server-error';
  /** How many matching requests fail; then the fault is removed. Default 1. */
  times?: number;
}

export interface FakeGitHubState {
  repositories: Record<string, Required<Pick<FakeRepository, 'commits' | 'pulls' | 'releases' | 'tags' | 'compares' | 'folderHistories'>> & { comments: Record<number, FakeComment[]> }>;
  advisories: FakeAdvisory[];
  botUser: FakeUser;
  tokenMode: 'read-write' | 'read-only';
  requiredToken: string | undefined;
  contentsLimitBytes: number;
  advisoriesIgnoreVersion: boolean;
  faults: FakeFault[];
  nextCommentId: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeGitHub {
  /** Base URL to use as Octokit `baseUrl` or GITHUB_API_URL, e.g. http://127.0.0.1:40123. */
  url: string;
  state: FakeGitHubState;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const GITHUB_FILES_LIST_CAP = 3000;
const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
const MAX_COMMENT_CHARS = 65_536;
const FIXED_TIME = '2024-01-01T00:00:00Z';

/** GitHub's blob SHA: sha1 of `blob <size>\0<content>`. */
export function gitBlobSha(content: string | Buffer): string {
  // Large seeded lockfiles are hashed on every listing; strings are cached (Buffers are rare).
  if (typeof content === 'string') {
    const cached = blobShaCache.get(content);
    if (cached !== undefined) return cached;
  }
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  const sha = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  if (typeof content === 'string') blobShaCache.set(content, sha);
  return sha;
}
const blobShaCache = new Map<string, string>();

class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

function notFound(message = 'Not Found'): HttpAnswer {
  return new HttpAnswer(404, { message, documentation_url: 'https://docs.github.com/rest', status: '404' });
}

function buildState(seed: FakeGitHubSeed): FakeGitHubState {
  const repositories: FakeGitHubState['repositories'] = {};
  let nextCommentId = 1000;
  for (const [fullName, repository] of Object.entries(seed.repositories ?? {})) {
    const comments: Record<number, FakeComment[]> = {};
    for (const [issue, list] of Object.entries(repository.comments ?? {})) {
      comments[Number(issue)] = list.map((comment) => {
        nextCommentId = Math.max(nextCommentId, comment.id + 1);
        return {
          html_url: `https://github.com/${fullName}/pull/${issue}#issuecomment-${comment.id}`,
          created_at: FIXED_TIME,
          updated_at: FIXED_TIME,
          ...comment,
        };
      });
    }
    repositories[fullName] = {
      commits: repository.commits ?? {},
      pulls: repository.pulls ?? {},
      releases: repository.releases ?? [],
      tags: repository.tags ?? {},
      compares: repository.compares ?? {},
      folderHistories: repository.folderHistories ?? {},
      comments,
    };
  }
  return {
    repositories,
    advisories: seed.advisories ?? [],
    botUser: seed.botUser ?? { login: 'github-actions[bot]', type: 'Bot' },
    tokenMode: seed.tokenMode ?? 'read-write',
    requiredToken: seed.requiredToken,
    contentsLimitBytes: seed.contentsLimitBytes ?? 1024 * 1024,
    advisoriesIgnoreVersion: seed.advisoriesIgnoreVersion ?? false,
    faults: [],
    nextCommentId,
  };
}

export async function startFakeGitHub(seed: FakeGitHubSeed = {}): Promise<FakeGitHub> {
  const state = buildState(seed);
  const seedPrivacy = new Map(Object.entries(seed.repositories ?? {}).map(([name, repository]) => [name, repository.private ?? false]));
  const requests: RecordedRequest[] = [];
  let baseUrl = '';

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A bug in the fake must be loud in the test output, not a hung request.
      send(response, new HttpAnswer(500, { message: `fake GitHub error: ${String(error)}` }));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', baseUrl);
    const method = (request.method ?? 'GET').toUpperCase();
    const rawBody = await readBody(request);
    let body: unknown = undefined;
    if (rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        body = rawBody.toString('utf8');
      }
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });
    send(response, route(method, url, headers, body));
  }

  function route(method: string, url: URL, headers: Record<string, string>, body: unknown): HttpAnswer {
    if (state.requiredToken !== undefined) {
      const authorization = headers['authorization'] ?? '';
      const presented = authorization.replace(/^(token|bearer)\s+/i, '');
      if (presented !== state.requiredToken) return new HttpAnswer(401, { message: 'Bad credentials', status: '401' });
    }
    const fault = takeFault(`${method} ${url.pathname}`);
    if (fault) return fault;

    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments[0] === 'advisories' && segments.length === 1 && method === 'GET') return listAdvisories(url);
    if (segments[0] !== 'repos' || segments.length < 3) return notFound();
    const fullName = `${segments[1]}/${segments[2]}`;
    const repository = state.repositories[fullName];
    if (!repository) return notFound();
    const rest = segments.slice(3);
    if (rest.length === 0 && method === 'GET') {
      const isPrivate = Boolean(seedPrivacy.get(fullName));
      return new HttpAnswer(200, { full_name: fullName, name: segments[2], private: isPrivate, visibility: isPrivate ? 'private' : 'public' });
    }

    if (rest[0] === 'pulls' && rest.length === 2 && method === 'GET') return getPull(fullName, repository, Number(rest[1]));
    if (rest[0] === 'pulls' && rest[2] === 'commits' && rest.length === 3 && method === 'GET') {
      const pull = repository.pulls[Number(rest[1])];
      if (!pull) return notFound();
      const messages = pull.commitMessages ?? [];
      return paginate(url, messages.map((message, index) => ({ sha: createHash('sha1').update(`${index}:${message}`).digest('hex'), commit: { message } })));
    }
    if (rest[0] === 'pulls' && rest[2] === 'files' && rest.length === 3 && method === 'GET') {
      return listPullFiles(fullName, repository, Number(rest[1]), url);
    }
    if (rest[0] === 'contents' && method === 'GET') {
      // Paths keep their slashes: everything after /contents/ is the path.
      const path = rest.slice(1).join('/');
      return getContents(fullName, repository, path, url.searchParams.get('ref'), headers['accept'] ?? '');
    }
    if (rest[0] === 'git' && rest[1] === 'blobs' && rest.length === 3 && method === 'GET') return getBlob(fullName, repository, rest[2] ?? '');
    if (rest[0] === 'tags' && rest.length === 1 && method === 'GET') {
      return paginate(url, Object.entries(repository.tags).map(([name, sha]) => ({ name, commit: { sha, url: `${baseUrl}/repos/${fullName}/commits/${sha}` } })));
    }
    if (rest[0] === 'commits' && rest.length === 1 && method === 'GET') return listFolderCommits(fullName, repository.folderHistories, url);
    if (rest[0] === 'commits' && rest.length === 2 && method === 'GET') {
      const sha = resolveRef(repository, rest[1] ?? '');
      if (sha === undefined) return new HttpAnswer(422, { message: `No commit found for SHA: ${rest[1] ?? ''}`, status: '422' });
      return new HttpAnswer(200, { sha, html_url: `https://github.com/${fullName}/commit/${sha}` });
    }
    if (rest[0] === 'compare' && rest.length === 2 && method === 'GET') return compareRefs(fullName, repository.compares, rest[1] ?? '', url);
    if (rest[0] === 'releases' && rest.length === 1 && method === 'GET') {
      return paginate(url, repository.releases.map((release, index) => releaseJson(fullName, release, index)));
    }
    if (rest[0] === 'issues' && rest[2] === 'comments' && rest.length === 3) {
      const issue = Number(rest[1]);
      if (method === 'GET') return paginate(url, repository.comments[issue] ?? []);
      if (method === 'POST') return createComment(fullName, repository, issue, body);
    }
    if (rest[0] === 'issues' && rest[1] === 'comments' && rest.length === 3 && method === 'PATCH') {
      return updateComment(repository, Number(rest[2]), body);
    }
    return notFound();
  }

  function takeFault(signature: string): HttpAnswer | null {
    const index = state.faults.findIndex((fault) => fault.match.test(signature));
    if (index < 0) return null;
    const fault = state.faults[index]!;
    const remaining = (fault.times ?? 1) - 1;
    if (remaining <= 0) state.faults.splice(index, 1);
    else fault.times = remaining;
    // GitHub's primary limit is per hour: the window usually resets much later than any client waits.
    const resetEpoch = String(Math.floor(Date.now() / 1000) + 3600);
    if (fault.kind === 'rate-limit') {
      return new HttpAnswer(
        403,
        { message: 'API rate limit exceeded for installation ID 1.', documentation_url: 'https://docs.github.com/rest/rate-limit', status: '403' },
        { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetEpoch, 'x-ratelimit-resource': 'core' },
      );
    }
    if (fault.kind === 'secondary-rate-limit') {
      return new HttpAnswer(429, { message: 'You have exceeded a secondary rate limit.', status: '429' }, { 'retry-after': '30' });
    }
    return new HttpAnswer(502, { message: 'Server Error' });
  }

  function getPull(fullName: string, repository: FakeGitHubState['repositories'][string], number: number): HttpAnswer {
    const pull = repository.pulls[number];
    if (!pull) return notFound();
    return new HttpAnswer(200, {
      number,
      state: 'open',
      title: pull.title ?? `Pull request ${number}`,
      body: pull.body ?? '',
      html_url: `https://github.com/${fullName}/pull/${number}`,
      user: { login: 'dependabot[bot]', type: 'Bot' },
      head: { sha: pull.headSha, ref: pull.headRef ?? 'feature', repo: { full_name: fullName } },
      base: { sha: pull.baseSha, ref: pull.baseRef ?? 'main', repo: { full_name: fullName } },
    });
  }

  function listPullFiles(fullName: string, repository: FakeGitHubState['repositories'][string], number: number, url: URL): HttpAnswer {
    const pull = repository.pulls[number];
    if (!pull) return notFound();
    const files = (pull.files ?? computePullFiles(repository, pull)).slice(0, GITHUB_FILES_LIST_CAP).map((file) => {
      const content = repository.commits[pull.headSha]?.[file.filename];
      return {
        sha: content === undefined ? '0000000000000000000000000000000000000000' : gitBlobSha(content),
        filename: file.filename,
        status: file.status,
        additions: 1,
        deletions: 1,
        changes: 2,
        blob_url: `https://github.com/${fullName}/blob/${pull.headSha}/${file.filename}`,
        raw_url: `https://github.com/${fullName}/raw/${pull.headSha}/${file.filename}`,
        contents_url: `${baseUrl}/repos/${fullName}/contents/${file.filename}?ref=${pull.headSha}`,
        ...(file.previous_filename !== undefined ? { previous_filename: file.previous_filename } : {}),
      };
    });
    return paginate(url, files, 30);
  }

  function getContents(
    fullName: string,
    repository: FakeGitHubState['repositories'][string],
    path: string,
    ref: string | null,
    accept: string,
  ): HttpAnswer {
    const commitSha = ref === null ? Object.keys(repository.commits)[0] : (resolveRef(repository, ref) ?? ref);
    const tree = commitSha === undefined ? undefined : repository.commits[commitSha];
    if (!tree) return notFound(`No commit found for the ref ${ref ?? ''}`);
    const file = tree[path];
    if (file === undefined) {
      const prefix = path === '' ? '' : `${path}/`;
      const entries = new Map<string, { type: 'file' | 'dir'; content?: string | Buffer }>();
      for (const [candidate, content] of Object.entries(tree)) {
        if (!candidate.startsWith(prefix)) continue;
        const [name, ...deeper] = candidate.slice(prefix.length).split('/');
        if (name === undefined || name === '') continue;
        entries.set(name, deeper.length > 0 ? { type: 'dir' } : { type: 'file', content });
      }
      if (entries.size === 0) return notFound();
      // GitHub lists a directory as JSON whatever media type was asked for.
      return new HttpAnswer(
        200,
        [...entries.entries()]
          .sort(([left], [right]) => left.localeCompare(right))
          .map(([name, entry]) => ({
            type: entry.type,
            name,
            path: `${prefix}${name}`,
            sha: entry.content === undefined ? createHash('sha1').update(`${commitSha}:${prefix}${name}`).digest('hex') : gitBlobSha(entry.content),
            size: entry.content === undefined ? 0 : Buffer.byteLength(entry.content),
            url: `${baseUrl}/repos/${fullName}/contents/${prefix}${name}?ref=${commitSha}`,
          })),
      );
    }
    const bytes = Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8');
    if (bytes.length > state.contentsLimitBytes) {
      return new HttpAnswer(403, {
        message:
          'This API returns blobs up to 1 MB in size. The requested blob is too large to fetch via the API, but you can use the Git Data API to request blobs up to 100 MB in size.',
        errors: [{ resource: 'Blob', field: 'data', code: 'too_large' }],
        documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
        status: '403',
      });
    }
    if (/application\/vnd\.github(\.v3)?\.raw/i.test(accept)) {
      // Production GitHub labels raw file bytes with its own vendor media type.
      return new HttpAnswer(200, bytes, { 'content-type': 'application/vnd.github.raw' });
    }
    return new HttpAnswer(200, {
      type: 'file',
      encoding: 'base64',
      size: bytes.length,
      name: path.split('/').pop(),
      path,
      sha: gitBlobSha(bytes),
      content: wrapBase64(bytes.toString('base64')),
    });
  }

  function getBlob(fullName: string, repository: FakeGitHubState['repositories'][string], sha: string): HttpAnswer {
    for (const tree of Object.values(repository.commits)) {
      for (const content of Object.values(tree)) {
        if (gitBlobSha(content) !== sha) continue;
        const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
        return new HttpAnswer(200, {
          sha,
          node_id: `B_${sha.slice(0, 12)}`,
          size: bytes.length,
          url: `${baseUrl}/repos/${fullName}/git/blobs/${sha}`,
          content: wrapBase64(bytes.toString('base64')),
          encoding: 'base64',
        });
      }
    }
    return notFound();
  }

  function createComment(fullName: string, repository: FakeGitHubState['repositories'][string], issue: number, body: unknown): HttpAnswer {
    const denied = denyWrite();
    if (denied) return denied;
    const text = readCommentBody(body);
    if (text instanceof HttpAnswer) return text;
    const id = state.nextCommentId++;
    const comment: FakeComment = {
      id,
      body: text,
      user: { ...state.botUser },
      html_url: `https://github.com/${fullName}/pull/${issue}#issuecomment-${id}`,
      created_at: FIXED_TIME,
      updated_at: FIXED_TIME,
    };
    (repository.comments[issue] ??= []).push(comment);
    return new HttpAnswer(201, comment);
  }

  function updateComment(repository: FakeGitHubState['repositories'][string], id: number, body: unknown): HttpAnswer {
    const denied = denyWrite();
    if (denied) return denied;
    const text = readCommentBody(body);
    if (text instanceof HttpAnswer) return text;
    for (const list of Object.values(repository.comments)) {
      const comment = list.find((candidate) => candidate.id === id);
      if (comment) {
        comment.body = text;
        comment.updated_at = FIXED_TIME;
        return new HttpAnswer(200, comment);
      }
    }
    return notFound();
  }

  function denyWrite(): HttpAnswer | null {
    if (state.tokenMode !== 'read-only') return null;
    return new HttpAnswer(403, {
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com/rest/issues/comments',
      status: '403',
    });
  }

  function listAdvisories(url: URL): HttpAnswer {
    const ecosystem = url.searchParams.get('ecosystem');
    const affects = (url.searchParams.get('affects') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        // `@scope/name@1.2.3`: the version separator is the last `@` after position 0.
        const at = entry.lastIndexOf('@');
        return at > 0 ? { name: entry.slice(0, at), version: entry.slice(at + 1) } : { name: entry, version: null };
      });
    const matches = state.advisories.filter((advisory) =>
      advisory.vulnerabilities.some((vulnerability) => {
        if (ecosystem && vulnerability.package.ecosystem !== ecosystem) return false;
        if (affects.length === 0) return true;
        return affects.some((wanted) => {
          if (wanted.name !== vulnerability.package.name) return false;
          if (wanted.version === null || state.advisoriesIgnoreVersion) return true;
          const range = vulnerability.vulnerable_version_range.replace(/,\s*/g, ' ');
          return semver.validRange(range) !== null && semver.satisfies(wanted.version, range);
        });
      }),
    );
    return paginate(
      url,
      matches.map((advisory) => ({
        ghsa_id: advisory.ghsa_id,
        cve_id: advisory.cve_id ?? null,
        url: `${baseUrl}/advisories/${advisory.ghsa_id}`,
        html_url: advisory.html_url ?? `https://github.com/advisories/${advisory.ghsa_id}`,
        summary: advisory.summary,
        severity: advisory.severity,
        type: 'reviewed',
        withdrawn_at: advisory.withdrawn_at ?? null,
        vulnerabilities: advisory.vulnerabilities,
      })),
    );
  }

  /**
   * GitHub's compare: commits oldest first, paged by per_page (default 250) and page, with
   * `total_commits` for the whole range and a `files` list this fake keeps small; 404 for an
   * unknown ref, as GitHub answers.
   */
  function compareRefs(fullName: string, compares: Record<string, string[]>, basehead: string, url: URL): HttpAnswer {
    const messages = compares[basehead];
    if (messages === undefined) return new HttpAnswer(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/commits/commits#compare-two-commits', status: '404' });
    const perPage = Math.min(250, Math.max(1, Number(url.searchParams.get('per_page') ?? 250) || 250));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const commits = messages.map((message, index) => {
      const sha = createHash('sha1').update(`${basehead}:${index}:${message}`).digest('hex');
      return { sha, html_url: `https://github.com/${fullName}/commit/${sha}`, commit: { message } };
    });
    return new HttpAnswer(200, {
      html_url: `https://github.com/${fullName}/compare/${basehead}`,
      status: 'ahead',
      ahead_by: messages.length,
      behind_by: 0,
      total_commits: messages.length,
      commits: commits.slice((page - 1) * perPage, page * perPage),
      files: [{ filename: 'index.js', status: 'modified', additions: 1, deletions: 1, changes: 2 }],
    });
  }

  /**
   * GitHub's commit list from a ref, filtered by `path`: the seeded folder's commits the tag
   * reaches, newest first, paged (per_page ≤ 100). An unknown ref answers 404 "No commit found for
   * SHA", as GitHub does; only seeded folders are listed (a list without `path` is not served).
   */
  function listFolderCommits(fullName: string, histories: Record<string, FakeFolderHistory>, url: URL): HttpAnswer {
    const tag = url.searchParams.get('sha') ?? '';
    const history = histories[url.searchParams.get('path') ?? ''];
    const reached = history?.tags[tag];
    if (history === undefined || reached === undefined) {
      return new HttpAnswer(404, { message: `No commit found for SHA: ${tag}`, documentation_url: 'https://docs.github.com/rest/commits/commits#list-commits', status: '404' });
    }
    const indexes = typeof reached === 'number' ? history.commits.slice(0, reached).map((_, index) => index) : reached;
    const newestFirst = [...indexes].sort((left, right) => right - left).map((index) => {
      const sha = createHash('sha1').update(`${url.searchParams.get('path')}:${index}`).digest('hex');
      return { sha, html_url: `https://github.com/${fullName}/commit/${sha}`, commit: { message: history.commits[index] ?? '' } };
    });
    return paginate(url, newestFirst);
  }

  function paginate(url: URL, items: unknown[], defaultPerPage = 30): HttpAnswer {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? defaultPerPage) || defaultPerPage));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const lastPage = Math.max(1, Math.ceil(items.length / perPage));
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const pageUrl = (target: number): string => {
      const link = new URL(url.toString());
      link.searchParams.set('per_page', String(perPage));
      link.searchParams.set('page', String(target));
      return link.toString();
    };
    const links: string[] = [];
    if (page < lastPage) links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(lastPage)}>; rel="last"`);
    if (page > 1) links.push(`<${pageUrl(1)}>; rel="first"`, `<${pageUrl(page - 1)}>; rel="prev"`);
    return new HttpAnswer(200, slice, links.length > 0 ? { link: links.join(', ') } : {});
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    url: baseUrl,
    state,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A commit SHA the repository holds (files or a tag's target), or the commit a tag names. */
function resolveRef(repository: FakeGitHubState['repositories'][string], ref: string): string | undefined {
  if (repository.commits[ref] !== undefined || Object.values(repository.tags).includes(ref)) return ref;
  return repository.tags[ref];
}

function computePullFiles(
  repository: FakeGitHubState['repositories'][string],
  pull: FakePull,
): Array<{ filename: string; status: string; previous_filename?: string }> {
  const base = repository.commits[pull.baseSha] ?? {};
  const head = repository.commits[pull.headSha] ?? {};
  const renames = pull.renames ?? {};
  const renamedFrom = new Set(Object.values(renames));
  const files: Array<{ filename: string; status: string; previous_filename?: string }> = [];
  const paths = [...new Set([...Object.keys(base), ...Object.keys(head)])].sort();
  for (const path of paths) {
    const previous = renames[path];
    if (previous !== undefined) {
      files.push({ filename: path, status: 'renamed', previous_filename: previous });
      continue;
    }
    if (renamedFrom.has(path)) continue;
    const before = base[path];
    const after = head[path];
    if (before === undefined) files.push({ filename: path, status: 'added' });
    else if (after === undefined) files.push({ filename: path, status: 'removed' });
    else if (gitBlobSha(before) !== gitBlobSha(after)) files.push({ filename: path, status: 'modified' });
  }
  return files;
}

function releaseJson(fullName: string, release: FakeRelease, index: number): Record<string, unknown> {
  return {
    id: index + 1,
    tag_name: release.tag_name,
    name: release.name ?? release.tag_name,
    body: release.body ?? null,
    draft: release.draft ?? false,
    prerelease: release.prerelease ?? false,
    html_url: release.html_url ?? `https://github.com/${fullName}/releases/tag/${encodeURIComponent(release.tag_name)}`,
    published_at: release.published_at ?? FIXED_TIME,
    created_at: release.published_at ?? FIXED_TIME,
  };
}

function readCommentBody(body: unknown): string | HttpAnswer {
  const text = typeof body === 'object' && body !== null ? (body as { body?: unknown }).body : undefined;
  if (typeof text !== 'string' || text.length === 0) {
    return new HttpAnswer(422, { message: 'Validation Failed', errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }] });
  }
  if (text.length > MAX_COMMENT_CHARS) {
    return new HttpAnswer(422, {
      message: 'Validation Failed',
      errors: [{ resource: 'IssueComment', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }],
    });
  }
  return text;
}

function wrapBase64(encoded: string): string {
  return (encoded.match(/.{1,60}/g) ?? []).join('\n') + '\n';
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_REQUEST_BODY_BYTES) throw new Error('request body larger than the fake accepts');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, answer: HttpAnswer): void {
  if (response.headersSent) return;
  const headers: Record<string, string> = {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4999',
    'x-github-api-version-selected': '2022-11-28',
    ...answer.headers,
  };
  if (Buffer.isBuffer(answer.body)) {
    response.writeHead(answer.status, { 'content-type': 'application/octet-stream', ...headers });
    response.end(answer.body);
    return;
  }
  response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(answer.body));
}
