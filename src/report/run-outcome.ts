import type { Bump, DetectionWarning } from '../bumps/types.js';
import type { AnalysisResult } from '../analysis/types.js';
import type { RuntimeCallOutcome, RuntimeDescriptor, RuntimeErrorCode } from '../runtime/contract.js';
import type { PhaseTiming } from '../shared/phase-clock.js';

/** Why a run withheld its verdict. A fail-closed run publishes no analysis. */
export interface FailClosed {
  code: RuntimeErrorCode | 'INPUT_UNUSABLE' | 'QUALIFICATION_MISSING';
  /** A sentence a person understands, with what to do. No secrets, no raw bodies. */
  message: string;
  /** Requested against actual identity, when the failure is about identity or routing. */
  identity?: { requestedModel: string | null; requestedProvider: string | null; actualModel: string | null; actualProvider: string | null; attempts: number | null };
}

export type Verdict = 'proceed' | 'review' | 'blocked' | 'withheld';

/** Everything one run produced; the report layer renders it, the action and CLI publish it. */
export interface RunOutcome {
  runId: string;
  /** ISO time the run finished; the only clock value in the manifest. */
  generatedAt: string;
  tool: { name: 'depverdict'; version: string };
  source: { repository: string | null; pullRequest: number | null; baseRef: string; headRef: string; headSha: string | null };
  runtime: RuntimeDescriptor;
  /** Every change detected, analysed or not. */
  bumps: Bump[];
  detectionWarnings: DetectionWarning[];
  /** One per analysable bump, sorted by id. */
  results: AnalysisResult[];
  /** One per runtime call (trace data; never in the manifest). */
  calls: RuntimeCallOutcome[];
  verdict: Verdict;
  failClosed: FailClosed | null;
  /** Busy wall time per phase, when the run was measured (trace and job summary only). */
  phases?: PhaseTiming[];
}
