import type { DeploymentProfile } from '../runtime/profiles/profile-schema.js';
import { KEYWORD_PAIRS } from './probe-catalog.js';
import type { CapabilityComparison, ConformanceVerdict, ProbeId, ProbeResult } from './types.js';

/**
 * Declared vs observed. A profile is a promise (DESIGN §4: declared capabilities); the
 * probes are the observation. `failed` is exactly "something the profile promises was seen
 * not to hold" — an unobserved capability (skipped probe) is null, never a failure, and a
 * capability observed *better* than declared is not a failure either.
 */

function byId(results: readonly ProbeResult[]): ReadonlyMap<ProbeId, ProbeResult> {
  return new Map(results.map((result) => [result.id, result]));
}

/** PASS → true; a rejection or an unenforced answer → false; anything else → unknown. */
function schemaObserved(result: ProbeResult | undefined): boolean | null {
  if (result === undefined) return null;
  if (result.status === 'PASS') return true;
  if (result.status === 'FAIL' && (result.finding === 'rejected' || result.finding === 'not-enforced')) return false;
  return null;
}

function usageSucceeded(result: ProbeResult | undefined): boolean {
  return result !== undefined && (result.status === 'PASS' || result.finding === 'usage-suspect');
}

export function compareCapabilities(profile: DeploymentProfile, results: readonly ProbeResult[]): CapabilityComparison[] {
  const probes = byId(results);
  const rows: CapabilityComparison[] = [];
  const mode = profile.structuredOutput.mode;
  const baseline = probes.get('baseline');
  rows.push({ capability: `structuredOutput.${mode}`, declared: true, observed: schemaObserved(baseline), evidence: 'baseline', note: baseline?.diagnostic ?? '' });

  if (mode === 'jsonSchema') {
    const unsupported = new Set(profile.capabilities.jsonSchemaKeywords?.unsupported ?? []);
    for (const pair of KEYWORD_PAIRS) {
      const control = probes.get(pair.control);
      const treatment = probes.get(pair.treatment);
      // Without a passing control the treatment's result cannot be pinned on this keyword.
      const observed = control?.status === 'PASS' ? schemaObserved(treatment) : null;
      rows.push({
        capability: `jsonSchema.${pair.subject}`,
        // Structural keywords (items, nested objects) are implied by jsonSchema mode itself.
        declared: pair.droppable ? !unsupported.has(pair.keyword) : true,
        observed,
        evidence: pair.treatment,
        note: treatment?.finding === 'not-enforced' ? 'accepted but not enforced' : treatment?.finding === 'rejected' ? 'rejected' : '',
      });
    }
    const projection = profile.structuredOutput.projection;
    const effective: ProbeId = projection === undefined ? 'exact-schema' : 'declared-projection';
    rows.push({
      capability: 'candidateSchema',
      declared: true,
      observed: schemaObserved(probes.get(effective)),
      evidence: effective,
      note: projection === undefined ? 'the exact candidate schema as analyses send it' : `through the declared projection ${projection.name}`,
    });
  }

  const truncation = probes.get('truncation');
  rows.push({
    capability: 'maxOutputTokens',
    // Naming generation.maxTokensField is the profile's promise that the cap is honoured.
    declared: true,
    observed: truncation?.finding === 'cap-enforced' ? true : truncation?.finding === 'cap-ignored' ? false : null,
    evidence: 'truncation',
    note: `sent as ${profile.generation.maxTokensField}`,
  });

  const identity = probes.get('identity-echo');
  const identityRan = identity !== undefined && !identity.status.startsWith('SKIPPED') && identity.finding !== 'error';
  rows.push({
    capability: 'reportsRouteIdentity',
    declared: profile.capabilities.reportsRouteIdentity,
    observed: identityRan ? identity.status === 'PASS' || identity.finding === 'identity-mismatch' : null,
    evidence: 'identity-echo',
    note: identity?.finding === 'identity-mismatch' ? 'reported, but not the locked identity' : '',
  });
  // A mismatch on any probe (the baseline included) shows the lock does not hold, even when
  // identity-echo itself could not run.
  const mismatched = results.some((result) => result.finding === 'identity-mismatch');
  rows.push({
    capability: 'identityLock',
    // A development profile with allowUnknown promises no verified identity.
    declared: !profile.identity.allowUnknown,
    observed: mismatched ? false : identityRan ? identity.status === 'PASS' : null,
    evidence: 'identity-echo',
    note: profile.identity.allowUnknown ? 'identity.allowUnknown is true (development)' : '',
  });

  const usage = probes.get('usage-sanity');
  const usageRan = usageSucceeded(usage);
  const tokens = usage?.observations;
  const reportsUsage = usageRan && tokens !== undefined ? tokens.inputTokens != null || tokens.outputTokens != null || tokens.totalTokens != null : null;
  rows.push({ capability: 'reportsUsage', declared: profile.capabilities.reportsUsage, observed: reportsUsage, evidence: 'usage-sanity', note: '' });
  rows.push({
    capability: 'usageAccurate',
    declared: null,
    observed: reportsUsage === true ? usage?.status === 'PASS' : null,
    evidence: 'usage-sanity',
    note: usage?.finding === 'usage-suspect' ? usage.diagnostic : '',
  });
  rows.push({ capability: 'reportsCost', declared: profile.capabilities.reportsCost, observed: usageRan ? tokens?.costUsd != null : null, evidence: 'usage-sanity', note: '' });

  const unknownModel = probes.get('model-not-found');
  rows.push({
    capability: 'rejectsUnknownModel',
    declared: null,
    observed: unknownModel?.finding === 'unknown-model-rejected' ? true : unknownModel?.finding === 'unknown-model-accepted' ? false : null,
    evidence: 'model-not-found',
    note: '',
  });
  return rows;
}

/** True when a capability the profile declares was observed not to hold. */
export function declaredCapabilityMissing(capabilities: readonly CapabilityComparison[]): boolean {
  return capabilities.some((row) => row.declared === true && row.observed === false);
}

/** The capabilities the profile declares that the probes observed not to hold. */
export function missingDeclaredCapabilities(capabilities: readonly CapabilityComparison[]): string[] {
  return capabilities.filter((row) => row.declared === true && row.observed === false).map((row) => row.capability);
}

function probeFailure(result: ProbeResult | undefined, id: ProbeId): string {
  if (result === undefined) return `probe ${id} was not planned`;
  return `probe ${id} ended ${result.status}${result.diagnostic === '' ? '' : `: ${result.diagnostic}`}`;
}

export interface VerdictDecision {
  verdict: Exclude<ConformanceVerdict, 'INCONCLUSIVE'>;
  /** For NON_CONFORMANT, which rule decided it and the probe behind it; otherwise null. */
  reason: string | null;
}

/**
 * For a suite that was executed (a suite that never reached the endpoint is INCONCLUSIVE,
 * decided in report.ts). NON_CONFORMANT: analyses through this profile cannot work (baseline
 * or the candidate schema as the profile sends it fails, or a locked identity does not hold).
 * CONFORMANT: nothing declared is contradicted, every applicable probe ran, and every
 * failure is one the profile already declares (an unsupported keyword, or the exact schema
 * when a declared projection passed). Everything in between is PARTIALLY_CONFORMANT.
 */
export function decideVerdict(profile: DeploymentProfile, results: readonly ProbeResult[], capabilities: readonly CapabilityComparison[]): VerdictDecision {
  const probes = byId(results);
  const projection = profile.structuredOutput.projection;
  const effective: ProbeId = projection === undefined ? 'exact-schema' : 'declared-projection';
  const jsonSchema = profile.structuredOutput.mode === 'jsonSchema';
  const nonConformant = (reason: string): VerdictDecision => ({ verdict: 'NON_CONFORMANT', reason });
  const partially: VerdictDecision = { verdict: 'PARTIALLY_CONFORMANT', reason: null };
  const baseline = probes.get('baseline');
  if (baseline?.status !== 'PASS') return nonConformant(`the baseline structured-output request failed (${probeFailure(baseline, 'baseline')})`);
  if (jsonSchema && probes.get(effective)?.status !== 'PASS') {
    return nonConformant(`the candidate schema as the profile sends it failed (${probeFailure(probes.get(effective), effective)})`);
  }
  const mismatch = results.find((result) => result.finding === 'identity-mismatch');
  if (mismatch !== undefined) return nonConformant(`the locked identity does not hold (${probeFailure(mismatch, mismatch.id)})`);

  if (declaredCapabilityMissing(capabilities)) return partially;
  const unsupported = new Set(profile.capabilities.jsonSchemaKeywords?.unsupported ?? []);
  const explained = (result: ProbeResult): boolean => {
    if (result.id === 'exact-schema' && projection !== undefined) return true;
    const pair = KEYWORD_PAIRS.find((candidate) => candidate.treatment === result.id);
    return pair !== undefined && pair.droppable && unsupported.has(pair.keyword);
  };
  for (const result of results) {
    if (result.status === 'SKIPPED_BUDGET' || result.status === 'SKIPPED_PREREQUISITE') {
      // A projection probe skipped because it was not needed is not a gap.
      if (result.id === 'recommended-projection') continue;
      return partially;
    }
    if ((result.status === 'FAIL' || result.status === 'INCONCLUSIVE') && !explained(result)) return partially;
  }
  return { verdict: 'CONFORMANT', reason: null };
}
