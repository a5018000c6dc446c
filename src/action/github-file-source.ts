import type { DependencyFileSource } from '../bumps/types.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { collectPages, describeGitHubError, formatGitHubError, type GitHubClient } from '../github/client.js';

/**
 * Dependency files of a pull request read through the GitHub REST API, so the action needs no
 * checkout: the changed-file list from `pulls/{n}/files`, file text at the base and head SHAs
 * from `contents` (raw media type, up to 100 MB), and the Git blobs API when contents refuses a
 * large file.
 */

/** GitHub stops listing a pull request's files at 3000; later files are invisible to the API. */
export const GITHUB_PULL_FILES_CAP = 3000;
/** GitHub's own ceiling for the raw contents and blobs APIs. */
export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;

const RAW_MEDIA_TYPE = 'application/vnd.github.raw+json';

export type Side = 'base' | 'head';

export interface GitHubFileSourceOptions {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
  baseSha: string;
  headSha: string;
  logger: Logger;
  /** Larger files fail with a clear error instead of being read whole. */
  maxFileBytes?: number;
}

/** A file could not be read (or listed); names the file, the side and what to do. */
export class GitHubFileSourceError extends Error {
  readonly path: string | null;
  readonly side: Side | null;
  readonly status: number | null;
  constructor(message: string, details: { path: string | null; side: Side | null; status: number | null; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.name = 'GitHubFileSourceError';
    this.path = details.path;
    this.side = details.side;
    this.status = details.status;
  }
}

interface DirectoryEntry {
  type?: unknown;
  name?: unknown;
  sha?: unknown;
  size?: unknown;
}

export function createGitHubFileSource(options: GitHubFileSourceOptions): DependencyFileSource {
  const { octokit, owner, repo, pullNumber, logger } = options;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const shaOf = (side: Side): string => (side === 'base' ? options.baseSha : options.headSha);
  const label = (side: Side): string => `${side} (${shaOf(side).slice(0, 7)})`;
  // Head blob SHAs come free with the file list and save a directory listing on fallback.
  const headBlobShas = new Map<string, string>();
  let changedPathsPromise: Promise<string[]> | null = null;
  const sideChecks = new Map<Side, Promise<void>>();

  async function listChangedPaths(): Promise<string[]> {
    let files: Array<{ filename: string; previous_filename?: string; sha?: string | null }>;
    try {
      // GitHub lists at most 3,000 files of a pull request: the bound is GitHub's own.
      files = (await collectPages(octokit.paginate.iterator(octokit.rest.pulls.listFiles, { owner, repo, pull_number: pullNumber, per_page: 100 }))).items;
    } catch (error) {
      const info = describeGitHubError(error);
      const hint = info.status === 403 || info.status === 404
        ? ' Give the workflow token `pull-requests: read` and `contents: read` permissions.'
        : '';
      throw new GitHubFileSourceError(
        `Could not list the files of pull request #${pullNumber} in ${owner}/${repo}: ${formatGitHubError(info)}.${hint}`,
        { path: null, side: null, status: info.status, cause: error },
      );
    }
    if (files.length >= GITHUB_PULL_FILES_CAP) {
      logger.warning(
        `Pull request #${pullNumber} changes ${GITHUB_PULL_FILES_CAP} or more files; GitHub lists only the first ${GITHUB_PULL_FILES_CAP}, ` +
          'so dependency files beyond them are not analysed. Split the pull request or run DepVerdict on a checkout (CLI).',
      );
    }
    const paths = new Set<string>();
    for (const file of files) {
      paths.add(file.filename);
      if (typeof file.sha === 'string' && file.sha.length > 0) headBlobShas.set(file.filename, file.sha);
      // A renamed manifest must be compared against its old name at base.
      if (file.previous_filename) paths.add(file.previous_filename);
    }
    return [...paths].sort();
  }

  async function readRaw(side: Side, path: string): Promise<{ kind: 'text'; text: string } | { kind: 'absent' } | { kind: 'too-large' }> {
    let response: { data: unknown; headers: Record<string, unknown> };
    try {
      response = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        owner,
        repo,
        path,
        ref: shaOf(side),
        headers: { accept: RAW_MEDIA_TYPE },
        // The body stays a stream so the byte cap holds while reading, not after.
        request: { parseSuccessResponseBody: false },
      });
    } catch (error) {
      const info = describeGitHubError(error);
      if (info.status === 404) {
        await ensureSideReadable(side, path);
        return { kind: 'absent' };
      }
      if (info.tooLarge) return { kind: 'too-large' };
      throw readError(side, path, info.status, formatGitHubError(info), error);
    }
    const data = response.data;
    let bytes: Buffer;
    if (isReadableStream(data)) {
      const read = await readStreamBounded(data, maxFileBytes, side, path);
      if (read === null) throw tooLargeError(side, path);
      bytes = read;
    } else if (typeof data === 'string') {
      bytes = Buffer.from(data, 'utf8');
    } else {
      throw readError(side, path, null, 'GitHub answered with an unexpected body', undefined);
    }
    const contentType = String(response.headers['content-type'] ?? '');
    // The raw media type yields the file itself; JSON means GitHub described something else
    // (a directory listing, a submodule) instead of returning file bytes.
    if (/application\/json/i.test(contentType)) return describeNonFile(bytes, side, path);
    return { kind: 'text', text: bytes.toString('utf8') };
  }

  function describeNonFile(bytes: Buffer, side: Side, path: string): { kind: 'too-large' } {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw readError(side, path, null, 'GitHub answered with JSON that could not be parsed', undefined);
    }
    if (Array.isArray(parsed)) throw readError(side, path, null, 'the path is a directory, not a file', undefined);
    const object = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { type?: unknown; encoding?: unknown };
    // A JSON file description with encoding "none" means the raw type was ignored for a large file.
    if (object.type === 'file' && object.encoding === 'none') return { kind: 'too-large' };
    const type = typeof object.type === 'string' ? sanitizeMessage(object.type, 40) : 'unknown';
    throw readError(side, path, null, `the path is a ${type}, not a regular file`, undefined);
  }

  /**
   * GitHub answers 404 both for a missing file and for a repository or commit the token cannot
   * see. The first 404 at a side is therefore checked against the repository root at that SHA,
   * so a missing `contents: read` permission fails loudly instead of looking like "no files".
   */
  function ensureSideReadable(side: Side, path: string): Promise<void> {
    let check = sideChecks.get(side);
    if (!check) {
      check = octokit
        .request('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path: '', ref: shaOf(side) })
        .then(
          () => undefined,
          (error: unknown) => {
            const info = describeGitHubError(error);
            const reason = info.status === 404 ? 'the repository or commit is not visible to the token' : formatGitHubError(info);
            throw readError(side, path, info.status ?? 404, reason, error);
          },
        );
      sideChecks.set(side, check);
    }
    return check;
  }

  async function blobShaAt(side: Side, path: string): Promise<string | undefined> {
    if (side === 'head' && headBlobShas.has(path)) return headBlobShas.get(path);
    const slash = path.lastIndexOf('/');
    const directory = slash < 0 ? '' : path.slice(0, slash);
    const name = path.slice(slash + 1);
    let listing: unknown;
    try {
      const response = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { owner, repo, path: directory, ref: shaOf(side) });
      listing = response.data;
    } catch (error) {
      const info = describeGitHubError(error);
      if (info.status === 404) return undefined;
      throw readError(side, path, info.status, `listing its directory failed: ${formatGitHubError(info)}`, error);
    }
    if (!Array.isArray(listing)) return undefined;
    const entry = (listing as DirectoryEntry[]).find((candidate) => candidate.name === name && candidate.type === 'file');
    return typeof entry?.sha === 'string' ? entry.sha : undefined;
  }

  async function readBlob(side: Side, path: string): Promise<string | undefined> {
    const sha = await blobShaAt(side, path);
    if (sha === undefined) return undefined;
    let data: { content?: unknown; encoding?: unknown; size?: unknown };
    try {
      const response = await octokit.rest.git.getBlob({ owner, repo, file_sha: sha });
      data = response.data as typeof data;
    } catch (error) {
      const info = describeGitHubError(error);
      throw readError(side, path, info.status, `the Git blobs API failed: ${formatGitHubError(info)}`, error);
    }
    if (typeof data.size === 'number' && data.size > maxFileBytes) throw tooLargeError(side, path);
    if (typeof data.content !== 'string') throw readError(side, path, null, 'the Git blobs API returned no content', undefined);
    if (data.encoding === 'base64') return Buffer.from(data.content.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (data.encoding === 'utf-8' || data.encoding === 'utf8') return data.content;
    throw readError(side, path, null, `the Git blobs API returned an unknown encoding "${sanitizeMessage(String(data.encoding), 40)}"`, undefined);
  }

  function readError(side: Side, path: string, status: number | null, reason: string, cause: unknown): GitHubFileSourceError {
    const hint =
      status === 401
        ? ' Check the github-token input.'
        : status === 403 || status === 404
          ? ' Give the workflow token the `contents: read` permission.'
          : status !== null && status >= 500
            ? ' GitHub had a server error; re-run the job.'
            : '';
    return new GitHubFileSourceError(
      `Could not read ${path} at ${label(side)} of ${owner}/${repo}: ${reason}.${hint}`,
      { path, side, status, cause },
    );
  }

  function tooLargeError(side: Side, path: string): GitHubFileSourceError {
    return new GitHubFileSourceError(
      `${path} at ${label(side)} is larger than ${maxFileBytes} bytes, the most DepVerdict reads through the GitHub API. ` +
        'Run DepVerdict on a checkout (CLI) to analyse it.',
      { path, side, status: null },
    );
  }

  return {
    changedPaths() {
      // Listing once serves every caller, and fills the head blob SHAs used by the fallback.
      changedPathsPromise ??= listChangedPaths();
      return changedPathsPromise;
    },
    async read(side, path) {
      const raw = await readRaw(side, path);
      if (raw.kind === 'text') return raw.text;
      if (raw.kind === 'absent') return undefined;
      logger.debug(`${path} at ${label(side)} is too large for the contents API; reading it through the Git blobs API.`);
      return readBlob(side, path);
    },
    describe(side) {
      return label(side);
    },
  };
}

function isReadableStream(value: unknown): value is AsyncIterable<Uint8Array> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** Reads a body up to maxBytes; null when it is larger (the stream is cancelled). */
async function readStreamBounded(stream: AsyncIterable<Uint8Array>, maxBytes: number, side: Side, path: string): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength;
      // Leaving the loop early cancels the underlying stream.
      if (size > maxBytes) return null;
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    throw new GitHubFileSourceError(`Could not read ${path} at ${side}: the connection to GitHub failed while reading the file.`, {
      path,
      side,
      status: null,
      cause: error,
    });
  }
  return Buffer.concat(chunks);
}
