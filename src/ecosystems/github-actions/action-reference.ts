/**
 * What a `uses:` value refers to. GitHub's syntax (docs: "Using pre-written building blocks in
 * your workflow", "Reusing workflows"):
 * - `owner/repo@ref` or `owner/repo/path@ref`: an action in a public repository (path for an
 *   action in a subdirectory);
 * - `owner/repo/.github/workflows/file.yml@ref`: a reusable workflow (job-level `uses:` only);
 * - `./path`: an action or workflow in the same repository, versioned with it (no bump);
 * - `docker://image:tag`: a container image, not an action repository (no action bump).
 * The ref is a tag, a branch or a full commit SHA; a SHA pin usually carries the version it
 * stands for in a trailing comment (Dependabot and Renovate write `# v4.1.1`).
 *
 * The value and its comment come from a file in the pull request: untrusted. Names are kept
 * only when they are plain GitHub owner/repository names and paths without `..`.
 */

export type ActionReference =
  | {
      kind: 'action' | 'reusableWorkflow';
      owner: string;
      repo: string;
      /** Path inside the repository, '' for an action at its root. */
      path: string;
      /** `owner/repo` or `owner/repo/path`. */
      name: string;
      ref: string;
      refKind: RefKind;
      /** The version a SHA pin's comment names (`v4.1.1`), or null. */
      commentVersion: string | null;
      /** True when there was a comment that names no version (`# pinned`, `# main`). */
      commentUnreadable: boolean;
    }
  | { kind: 'local' | 'docker' }
  | { kind: 'unusable'; reason: string };

/** `sha`: a full 40-hex commit SHA; `version`: a version-like tag (`v4`, `v4.1`, `4.1.1`); `other`: a branch or another tag. */
export type RefKind = 'sha' | 'version' | 'other';

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPOSITORY = /^[A-Za-z0-9._-]{1,100}$/;
const PATH_SEGMENT = /^[A-Za-z0-9._-]{1,255}$/;
const FULL_SHA = /^[0-9a-f]{40}$/i;
/** `v4`, `v4.1`, `4.1.1`, `v5.0.0-beta.1`: a version-like tag. */
export const VERSION_TAG = /^v?\d{1,9}(?:\.\d{1,9}){0,2}(?:-[0-9A-Za-z.-]{1,64})?$/;
const REF = /^[A-Za-z0-9._\-/+]{1,255}$/;
const MAX_COMMENT_LENGTH = 200;

export function isFullSha(ref: string): boolean {
  return FULL_SHA.test(ref);
}

export function isVersionTag(ref: string): boolean {
  return VERSION_TAG.test(ref);
}

export function parseActionReference(value: string, comment: string | undefined, level: 'step' | 'job'): ActionReference {
  const text = value.trim();
  if (text.startsWith('./') || text.startsWith('.\\')) return { kind: 'local' };
  if (text.toLowerCase().startsWith('docker://')) return { kind: 'docker' };
  if (text.includes('${{')) return { kind: 'unusable', reason: 'the reference is an expression, resolved only when the workflow runs' };
  const at = text.lastIndexOf('@');
  if (at <= 0) return { kind: 'unusable', reason: 'the reference names no ref (expected owner/repo@ref)' };
  const [owner = '', repo = '', ...path] = text.slice(0, at).split('/');
  const ref = text.slice(at + 1);
  if (!OWNER.test(owner) || !REPOSITORY.test(repo) || repo === '.' || repo === '..') {
    return { kind: 'unusable', reason: 'the reference is not owner/repo[/path]@ref' };
  }
  if (path.some((segment) => !PATH_SEGMENT.test(segment) || segment === '.' || segment === '..')) {
    return { kind: 'unusable', reason: 'the action path is not a plain path inside the repository' };
  }
  if (!REF.test(ref) || ref.includes('..')) return { kind: 'unusable', reason: 'the ref is not a plain tag, branch or commit SHA' };
  const joinedPath = path.join('/');
  const reusable = /^\.github\/workflows\/[^/]+\.ya?ml$/i.test(joinedPath);
  if (level === 'job' && !reusable) return { kind: 'unusable', reason: 'a job-level uses: must name a reusable workflow in .github/workflows/' };
  const refKind: RefKind = isFullSha(ref) ? 'sha' : isVersionTag(ref) ? 'version' : 'other';
  const commentVersion = versionInComment(comment);
  return {
    kind: reusable ? 'reusableWorkflow' : 'action',
    owner,
    repo,
    path: joinedPath,
    name: joinedPath === '' ? `${owner}/${repo}` : `${owner}/${repo}/${joinedPath}`,
    ref: refKind === 'sha' ? ref.toLowerCase() : ref,
    refKind,
    commentVersion,
    commentUnreadable: comment !== undefined && comment.trim() !== '' && commentVersion === null,
  };
}

/**
 * The version a trailing comment names: Dependabot's `# v4.1.1`, Renovate's `# v4.1.1` and
 * its older `# tag=v4.1.1` / `# renovate: tag=v4.1.1`, and `# pin @v4.1.1`. Only the first
 * word after such a prefix counts, and only when it is version-like.
 */
export function versionInComment(comment: string | undefined): string | null {
  if (comment === undefined) return null;
  const text = comment.trim().slice(0, MAX_COMMENT_LENGTH);
  const word = text
    .replace(/^#\s*/, '')
    .replace(/^renovate:\s*/i, '')
    .replace(/^(?:tag|version)\s*[=:]\s*/i, '')
    .replace(/^pin\s+/i, '')
    .replace(/^@/, '')
    .split(/\s+/)[0];
  return word !== undefined && isVersionTag(word) ? word : null;
}
