import { contextFailedResult } from '../analysis/analyze-dependency.js';
import type { Bump } from '../bumps/types.js';
import { buildDependencyContext } from '../context/build-context.js';
import { gatherActionEvidence } from '../evidence/github-action-evidence.js';
import type { RequestBudget } from '../evidence/repository-changelog.js';
import type { GitHubClient } from '../github/client.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import type { PreparedContext } from './run-pipeline.js';

/**
 * The github-actions counterpart of the npm preparation in run-pipeline.ts: evidence from the
 * action repository (tags, pins, action.yml, release text, advisories), then the same context
 * builder. The repository's tags play the registry's part: they decide which versions exist.
 */
export async function prepareActionContext(
  bump: Bump,
  input: { github: GitHubClient | null; publicGitHub?: GitHubClient | null; logger: Logger },
  publicGitHubBudget: RequestBudget,
): Promise<PreparedContext> {
  try {
    const gathered = await gatherActionEvidence(bump, { github: input.github, publicGitHub: input.publicGitHub ?? null, publicGitHubBudget, logger: input.logger });
    if (gathered.signals.actionPin?.mismatch) input.logger.warning(`${bump.name}: ${gathered.signals.actionPin.mismatch}`);
    const context = buildDependencyContext({
      bump,
      versionsInRange: gathered.versionsInRange,
      fromExists: gathered.fromExists,
      toExists: gathered.toExists,
      evidence: gathered.evidence,
      missingInformation: gathered.missingInformation,
      warnings: gathered.warnings,
      resolvedVersions: gathered.resolved,
    });
    return { context, knownVersions: new Set(gathered.knownVersions), signals: gathered.signals };
  } catch (error) {
    const message = sanitizeMessage(error instanceof Error ? error.message : String(error));
    input.logger.warning(`${bump.name} ${bump.from} → ${bump.to}: evidence could not be gathered: ${message}`);
    return { failed: contextFailedResult(bump, 'CONTEXT_FAILED', message) };
  }
}
