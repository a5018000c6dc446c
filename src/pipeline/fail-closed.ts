import { sanitizeMessage } from '../shared/redaction.js';
import type { FailClosed } from '../report/run-outcome.js';

/**
 * Why a run that could not start withholds its verdict, from the error that stopped it. The
 * action and the CLI both publish this through failedRunOutcome, so a configuration problem
 * reads the same in their trace, manifest and comment.
 */
export function failClosedOf(error: unknown): FailClosed {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    code: code === 'CONFIGURATION_ERROR' || code === 'QUALIFICATION_MISSING' ? code : 'INPUT_UNUSABLE',
    message: sanitizeMessage(error instanceof Error ? error.message : String(error), 1000),
  };
}
