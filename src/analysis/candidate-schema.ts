import { digestOf } from '../shared/canonical-json.js';

/**
 * The exact candidate schema (JSON Schema draft 2020-12). It is the single authority for the
 * shape of what a model (or the extractive analyzer) returns: providers may receive a
 * declared projection of it, but local Ajv validation always uses this object unchanged.
 *
 * Unlike the original CLI's schema, every string and array is bounded, so a model cannot
 * push megabytes of text into the manifest or the PR comment, and `security` findings exist.
 * docs/schemas/candidate.schema.json is a copy of this object; a test keeps them equal.
 */

const EVIDENCE_REFERENCE = { type: 'string', pattern: '^sha256:[a-f0-9]{64}$' } as const;

function evidenceReferenceList(minItems: number, maxItems: number): Record<string, unknown> {
  return { type: 'array', minItems, maxItems, uniqueItems: true, items: { ...EVIDENCE_REFERENCE } };
}

export const CANDIDATE_SCHEMA: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'DepVerdict version analysis candidate',
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'summaryEvidenceRefs', 'riskLevel', 'riskEvidenceRefs', 'findings'],
  properties: {
    summary: { type: 'string', minLength: 1, maxLength: 1200 },
    summaryEvidenceRefs: evidenceReferenceList(0, 16),
    riskLevel: { type: 'string', enum: ['low', 'medium', 'high', 'unknown'] },
    riskEvidenceRefs: evidenceReferenceList(0, 16),
    findings: {
      type: 'array',
      minItems: 0,
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'kind', 'summary', 'appliesToVersions', 'evidenceRefs'],
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
          kind: { type: 'string', enum: ['breakingChange', 'deprecation', 'compatibility', 'security'] },
          summary: { type: 'string', minLength: 1, maxLength: 600 },
          appliesToVersions: {
            type: 'array',
            minItems: 0,
            maxItems: 20,
            uniqueItems: true,
            items: { type: 'string', minLength: 1, maxLength: 64 },
          },
          evidenceRefs: evidenceReferenceList(1, 8),
        },
      },
    },
  },
};

/** Schema name sent to providers; must match [a-zA-Z0-9_-]{1,64}. */
export const CANDIDATE_SCHEMA_NAME = 'depverdict_version_analysis';

/** Digest of the exact schema; recorded in the trace and checked by runtimes that care. */
export const CANDIDATE_SCHEMA_DIGEST = digestOf(CANDIDATE_SCHEMA);

/**
 * Version of the prompt text. "1" was the original CLI's prompt; "2" adds the untrusted-data
 * fence, the evidence-ID citation rules and the bounded schema; "3" says how to read `usage`
 * and `commitLog` evidence and adds the GitHub Actions rules. Bump it whenever prompt.ts
 * changes what a model reads, so traces, evaluations and approvals can tell runs apart.
 */
export const PROMPT_VERSION = '3';

export const ANALYSIS_TASK = 'version-analysis.v1';
