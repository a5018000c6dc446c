/**
 * Whether GITHUB_WORKSPACE holds a checkout of the pull request's head, for the usage scan.
 * DepVerdict itself needs no checkout (it reads manifests through the API), so a workflow
 * without `actions/checkout` gets an honest "not scanned" instead of a scan of whatever is there.
 * Accepted: HEAD is the head commit, or HEAD is the merge commit `actions/checkout` makes for a
 * pull_request event (refs/pull/N/merge), one of whose parents is the head. git runs through
 * execFile (no shell) with read-only commands.
 */
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { createDirectoryTreeFiles } from '../sources/directory-tree-files.js';
import type { UsageSource } from '../usage/types.js';

export const NO_CHECKOUT = 'not scanned: no checkout of the head (add actions/checkout)';

function git(directory: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd: directory, encoding: 'utf8', maxBuffer: 1024 * 1024, windowsHide: true, timeout: 10_000 }, (error, stdout) => (error ? reject(error) : resolve(String(stdout).trim())));
  });
}

/** The parents of a commit, read from the commit object itself (a shallow clone keeps them there). */
async function parentsOf(directory: string, commit: string): Promise<string[]> {
  const text = await git(directory, ['cat-file', 'commit', commit]);
  const parents: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') break;
    if (line.startsWith('parent ')) parents.push(line.slice('parent '.length).trim());
  }
  return parents;
}

export async function workspaceUsageSource(options: { workspace: string; headSha: string; treeUrl: string | null }): Promise<UsageSource> {
  const { workspace, headSha } = options;
  let head: string;
  let topLevel: string;
  try {
    head = await git(workspace, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
    topLevel = await git(workspace, ['rev-parse', '--show-toplevel']);
  } catch {
    return { notScanned: NO_CHECKOUT };
  }
  // A workspace inside some other repository is not a checkout of this one.
  const [workspaceReal, topReal] = await Promise.all([realpath(workspace).catch(() => workspace), realpath(topLevel).catch(() => topLevel)]);
  if (workspaceReal !== topReal) return { notScanned: NO_CHECKOUT };
  const files = createDirectoryTreeFiles({ root: workspace, label: `checkout ${head.slice(0, 12)}` });
  if (head === headSha) return { files, treeUrl: options.treeUrl };
  const parents = await parentsOf(workspace, head).catch(() => []);
  if (parents.length === 2 && parents[1] === headSha) {
    return { files: createDirectoryTreeFiles({ root: workspace, label: `checkout ${head.slice(0, 12)} (the head merged into the base)` }), treeUrl: options.treeUrl };
  }
  return {
    notScanned: `not scanned: the checkout in the workspace is ${head.slice(0, 12)}, not the pull request head ${headSha.slice(0, 12)} (check out the head with actions/checkout)`,
  };
}
