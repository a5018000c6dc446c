import { CANDIDATE_SCHEMA } from '../analysis/candidate-schema.js';
import type { ProbeProfileKind } from './probe-profiles.js';
import {
  ISOLATION_SYSTEM_PROMPT,
  ISOLATION_USER_PROMPT,
  PROBE_SCHEMAS,
  TINY_SYSTEM_PROMPT,
  TINY_USER_PROMPT,
  TRUNCATION_TOKEN_BUDGET,
  TRUNCATION_USER_PROMPT,
} from './probe-schemas.js';
import type { ProbeId } from './types.js';

/**
 * The probe suite, in execution order. Order matters: a probe runs only after the probes
 * it is compared with, so a failure can be attributed (a `unique-items` failure means
 * something only when `array-items` passed).
 */

export type ProbeKind = 'schema' | 'truncation' | 'model-not-found' | 'identity' | 'usage';

export interface ProbeDefinition {
  id: ProbeId;
  feature: string;
  kind: ProbeKind;
  /** Probes that must PASS first; otherwise this one is SKIPPED_PREREQUISITE. */
  prerequisites: ProbeId[];
  profileKind: ProbeProfileKind;
  /** The probe's exact schema: sent as the request schema and used for local validation. */
  schema: Record<string, unknown>;
  systemPrompt: string;
  userPrompt: string;
  /** Output token cap for this probe only (the truncation probe). */
  maxOutputTokens?: number;
  /** Needs structured output mode jsonSchema (keyword probes make no sense otherwise). */
  needsJsonSchemaMode: boolean;
}

const isolation = { systemPrompt: ISOLATION_SYSTEM_PROMPT, userPrompt: ISOLATION_USER_PROMPT };

function keywordProbe(id: ProbeId, feature: string, schema: Record<string, unknown>, prerequisites: ProbeId[]): ProbeDefinition {
  return { id, feature, kind: 'schema', prerequisites, profileKind: 'isolation', schema, ...isolation, needsJsonSchemaMode: true };
}

export const PROBE_CATALOG: readonly ProbeDefinition[] = [
  { ...keywordProbe('baseline', 'minimal json_schema', PROBE_SCHEMAS.baseline, []), needsJsonSchemaMode: false },
  keywordProbe('array-items', 'array + items', PROBE_SCHEMAS.arrayItems, ['baseline']),
  keywordProbe('unique-items', 'array + items + uniqueItems', PROBE_SCHEMAS.uniqueItems, ['baseline', 'array-items']),
  keywordProbe('min-items', 'array + items + minItems', PROBE_SCHEMAS.minItems, ['baseline', 'array-items']),
  keywordProbe('pattern', 'anchored pattern', PROBE_SCHEMAS.pattern, ['baseline']),
  keywordProbe('enum', 'string enum', PROBE_SCHEMAS.enumeration, ['baseline']),
  keywordProbe('nested-object', 'nested strict object', PROBE_SCHEMAS.nestedObject, ['baseline']),
  keywordProbe('array-of-objects', 'array of strict objects', PROBE_SCHEMAS.arrayOfObjects, ['baseline', 'array-items', 'nested-object']),
  keywordProbe('exact-schema', 'exact candidate schema', CANDIDATE_SCHEMA, ['baseline']),
  { ...keywordProbe('declared-projection', 'declared projection of the candidate schema', CANDIDATE_SCHEMA, ['baseline']), profileKind: 'declared-projection' },
  // Its schema is decided at run time from the keywords confirmed incompatible.
  keywordProbe('recommended-projection', 'candidate schema without the incompatible keywords', CANDIDATE_SCHEMA, ['baseline', 'exact-schema']),
  {
    id: 'truncation',
    feature: `output token cap (${TRUNCATION_TOKEN_BUDGET} tokens)`,
    kind: 'truncation',
    prerequisites: ['baseline'],
    profileKind: 'isolation',
    schema: PROBE_SCHEMAS.baseline,
    systemPrompt: ISOLATION_SYSTEM_PROMPT,
    userPrompt: TRUNCATION_USER_PROMPT,
    maxOutputTokens: TRUNCATION_TOKEN_BUDGET,
    needsJsonSchemaMode: false,
  },
  { id: 'model-not-found', feature: 'unknown model id', kind: 'model-not-found', prerequisites: ['baseline'], profileKind: 'bogus-model', schema: PROBE_SCHEMAS.baseline, ...isolation, needsJsonSchemaMode: false },
  { id: 'identity-echo', feature: 'identity echo', kind: 'identity', prerequisites: ['baseline'], profileKind: 'isolation', schema: PROBE_SCHEMAS.baseline, ...isolation, needsJsonSchemaMode: false },
  {
    id: 'usage-sanity',
    feature: 'usage sanity (tiny prompt)',
    kind: 'usage',
    prerequisites: ['baseline'],
    profileKind: 'isolation',
    schema: PROBE_SCHEMAS.baseline,
    systemPrompt: TINY_SYSTEM_PROMPT,
    userPrompt: TINY_USER_PROMPT,
    needsJsonSchemaMode: false,
  },
];

/**
 * Otherwise identical probe pairs: `treatment` is `control` plus exactly `keyword`. A
 * rejected treatment with an accepted control confirms the keyword as the cause.
 * `droppable` keywords are ones a declared projection can remove from the candidate schema.
 */
export interface KeywordPair {
  subject: string;
  keyword: string;
  control: ProbeId;
  treatment: ProbeId;
  droppable: boolean;
  supportedText: string;
}

export const KEYWORD_PAIRS: readonly KeywordPair[] = [
  { subject: 'arrayWithItems', keyword: 'items', control: 'baseline', treatment: 'array-items', droppable: false, supportedText: 'array with items is supported' },
  { subject: 'uniqueItems', keyword: 'uniqueItems', control: 'array-items', treatment: 'unique-items', droppable: true, supportedText: 'uniqueItems is supported and enforced' },
  { subject: 'minItems', keyword: 'minItems', control: 'array-items', treatment: 'min-items', droppable: true, supportedText: 'minItems is supported and enforced' },
  { subject: 'pattern', keyword: 'pattern', control: 'baseline', treatment: 'pattern', droppable: true, supportedText: 'pattern is supported and enforced' },
  { subject: 'enum', keyword: 'enum', control: 'baseline', treatment: 'enum', droppable: true, supportedText: 'enum is supported and enforced' },
  { subject: 'nestedObject', keyword: 'properties', control: 'baseline', treatment: 'nested-object', droppable: false, supportedText: 'nested strict objects are supported' },
  { subject: 'arrayOfObjects', keyword: 'items', control: 'nested-object', treatment: 'array-of-objects', droppable: false, supportedText: 'arrays of strict nested objects are supported' },
];
