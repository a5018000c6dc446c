import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { DependencyFileSource } from '../bumps/types.js';

/** Shipped profiles are named by a bare word; anything else is a path in the repository. */
const BARE_PROFILE_NAME = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Refuses configuration that the pull request under analysis modifies. The workflow reads the
 * profile and the qualification record from its checkout, which for a pull_request event is the
 * PR's own merge commit: a PR could otherwise point the profile at another endpoint (receiving
 * the API key), relax its identity lock, or forge the qualification record that vouches for it.
 * Configuration changes must land on the base branch first, through their own review.
 */
export async function refuseConfigurationChangedByPullRequest(
  fileSource: DependencyFileSource,
  workspace: string,
  configuration: { profile: string; qualification?: string; approval?: string },
): Promise<void> {
  const candidates = [
    BARE_PROFILE_NAME.test(configuration.profile) ? null : { input: 'profile', path: configuration.profile },
    configuration.qualification === undefined ? null : { input: 'qualification', path: configuration.qualification },
    configuration.approval === undefined ? null : { input: 'approval', path: configuration.approval },
  ].filter((entry): entry is { input: string; path: string } => entry !== null);
  if (candidates.length === 0) return;
  const changed = new Set(await fileSource.changedPaths());
  for (const { input, path } of candidates) {
    const repositoryPath = relative(workspace, resolve(workspace, path)).split(sep).join('/');
    if (repositoryPath.startsWith('..') || isAbsolute(repositoryPath)) continue;
    if (changed.has(repositoryPath)) {
      throw Object.assign(
        new Error(
          `This pull request changes ${repositoryPath}, the file named by the "${input}" input. DepVerdict does not use configuration modified by the pull request it analyses; merge that change separately, then rerun.`,
        ),
        { code: 'CONFIGURATION_ERROR' },
      );
    }
  }
}
