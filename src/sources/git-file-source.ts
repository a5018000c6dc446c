/**
 * DependencyFileSource over two commits of a local git repository. Refs are resolved to
 * commit SHAs once, up front, so a moving branch cannot change what is compared midway.
 * git runs through execFile (no shell); paths and refs are arguments, never shell text.
 */
import { execFile } from 'node:child_process';
import type { DependencyFileSource } from '../bumps/types.js';

export interface GitFileSourceOptions {
  repoDir: string;
  base: string;
  head: string;
  /**
   * Compare head with the merge base of base and head (what a pull request shows, `base...head`)
   * instead of with base itself, so changes made on the base branch since head branched off are
   * not reported as reverted by head.
   */
  mergeBase?: boolean;
}

/** Large monorepo lockfiles are tens of MiB; leave room above the 64 MiB detection limit. */
const MAX_OUTPUT_BYTES = 128 * 1024 * 1024;

export class GitFileSourceError extends Error {
  override readonly name = 'GitFileSourceError';
}

interface GitResult {
  stdout: string;
}

function git(repoDir: string, args: string[]): Promise<GitResult> {
  return new Promise((resolvePromise, reject) => {
    execFile('git', args, { cwd: repoDir, maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8', windowsHide: true }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr: String(stderr) }));
      else resolvePromise({ stdout: String(stdout) });
    });
  });
}

async function resolveCommit(repoDir: string, ref: string): Promise<string> {
  // A ref starting with "-" would be read as an option.
  if (ref === '' || ref.startsWith('-')) {
    throw new GitFileSourceError(`Git ref "${ref}" is not a valid ref name: pass a branch, tag or commit SHA`);
  }
  try {
    const { stdout } = await git(repoDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return stdout.trim();
  } catch (error) {
    if (isMissingRepository(error)) {
      throw new GitFileSourceError(`${repoDir} is not a git repository: run from a checkout or pass the repository directory`);
    }
    throw new GitFileSourceError(`Git ref "${ref}" does not exist in ${repoDir}: fetch it or check the name`);
  }
}

function isMissingRepository(error: unknown): boolean {
  const stderr = (error as { stderr?: string }).stderr ?? '';
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || /not a git repository/i.test(stderr);
}

async function findMergeBase(repoDir: string, base: string, head: string, baseName: string): Promise<string> {
  try {
    const { stdout } = await git(repoDir, ['merge-base', base, head]);
    return stdout.trim();
  } catch {
    throw new GitFileSourceError(`"${baseName}" and the head have no common ancestor in ${repoDir}: fetch more history (git fetch --unshallow) or pass a related base`);
  }
}

export async function createGitFileSource(options: GitFileSourceOptions): Promise<DependencyFileSource> {
  const { repoDir } = options;
  const head = await resolveCommit(repoDir, options.head);
  let base = await resolveCommit(repoDir, options.base);
  if (options.mergeBase) base = await findMergeBase(repoDir, base, head, options.base);
  const commits = { base, head };

  return {
    async changedPaths(): Promise<string[]> {
      // -z: NUL-separated, unquoted paths; --no-renames: a move is a delete and an add.
      const { stdout } = await git(repoDir, ['diff', '--name-only', '--no-renames', '-z', commits.base, commits.head, '--']);
      return stdout.split('\u0000').filter((path) => path !== '');
    },

    async read(side, path): Promise<string | undefined> {
      try {
        const { stdout } = await git(repoDir, ['show', `${commits[side]}:${path}`]);
        return stdout;
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr ?? '';
        if (/does not exist in|exists on disk, but not in|invalid object name/i.test(stderr)) return undefined;
        if (/maxBuffer/i.test((error as Error).message)) {
          throw new GitFileSourceError(`${path} at ${commits[side].slice(0, 12)} is larger than ${MAX_OUTPUT_BYTES} bytes`);
        }
        throw new GitFileSourceError(`git could not read ${path} at ${commits[side].slice(0, 12)}: ${stderr.trim().split('\n')[0] ?? 'unknown error'}`);
      }
    },

    describe(side): string {
      return commits[side].slice(0, 12);
    },
  };
}

/** At most this many commit messages are read for the cross-check. */
const MAX_COMMIT_MESSAGES = 250;

/**
 * Messages of the commits in head that base does not have (what a pull request would list),
 * newest first; used only to cross-check the bumps found in the files.
 */
export async function gitCommitMessages(options: { repoDir: string; base: string; head: string }): Promise<string[]> {
  const { stdout } = await git(options.repoDir, ['log', `--max-count=${MAX_COMMIT_MESSAGES}`, '--format=%B%x00', `${options.base}..${options.head}`, '--']);
  return stdout
    .split('\u0000')
    .map((message) => message.trim())
    .filter((message) => message !== '');
}
