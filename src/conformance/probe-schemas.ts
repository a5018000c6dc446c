/**
 * The probe schemas and the fixed isolation prompt. Each keyword probe is the baseline (or
 * `array-items`) plus exactly one change, and every keyword probe sends the *same* prompt,
 * so when one of a pair passes and the other fails, the single difference is the cause.
 *
 * The prompt deliberately asks for answers that *violate* the constrained probes (a lower
 * case code where a pattern wants capitals, a repeated list item under uniqueItems, three
 * items under minItems 4, a word outside the enum). An endpoint that enforces the keyword
 * must override the request; one that merely accepts it returns the violation, which local
 * Ajv validation then exposes as "accepted but not enforced".
 */

type Schema = Record<string, unknown>;

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

function strictObject(properties: Record<string, Schema>): Schema {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

function root(properties: Record<string, Schema>): Schema {
  return { $schema: DRAFT, ...strictObject(properties) };
}

const ANSWER: Schema = { type: 'string' };
const TAGS: Schema = { type: 'array', items: { type: 'string' } };

export const PROBE_SCHEMAS = {
  baseline: root({ answer: ANSWER }),
  arrayItems: root({ answer: ANSWER, tags: TAGS }),
  uniqueItems: root({ answer: ANSWER, tags: { ...TAGS, uniqueItems: true } }),
  minItems: root({ answer: ANSWER, tags: { ...TAGS, minItems: 4 } }),
  pattern: root({ answer: { type: 'string', pattern: '^[A-Z]{3}$' } }),
  enumeration: root({ answer: { type: 'string', enum: ['LOW', 'MEDIUM', 'HIGH'] } }),
  nestedObject: root({ answer: ANSWER, detail: strictObject({ note: { type: 'string' } }) }),
  arrayOfObjects: root({ answer: ANSWER, entries: { type: 'array', items: strictObject({ note: { type: 'string' } }) } }),
} as const satisfies Record<string, Schema>;

/** Shared by every keyword probe; its content is never written to a report. */
export const ISOLATION_SYSTEM_PROMPT = 'You are a structured-output conformance probe. Reply with one JSON object only.';
export const ISOLATION_USER_PROMPT =
  'Put the text abcd in every string field. In every list of strings, list alpha, alpha, beta (exactly three items, alpha repeated). In every list of objects, give one object.';

/** Asks for far more than 16 tokens, so an honoured cap must end in finish_reason length. */
export const TRUNCATION_USER_PROMPT = 'In the answer field, write the English words for every number from one to three hundred, separated by spaces.';
/** The maximum output tokens the truncation probe allows. */
export const TRUNCATION_TOKEN_BUDGET = 16;

/** A prompt of a few tokens: a report of thousands of prompt tokens can only be inflation. */
export const TINY_SYSTEM_PROMPT = 'Reply with JSON.';
export const TINY_USER_PROMPT = 'answer: ok';
/** Prompt-token count at or above which a tiny prompt's usage is called inflated (9Router adds ~2000). */
export const INFLATED_PROMPT_TOKENS = 2000;

/**
 * A model id no endpoint serves. The slash keeps gateways that treat slash-less names as
 * fallback lists (9Router combos) from expanding it into real models.
 */
export const BOGUS_MODEL_ID = 'depverdict-conformance/no-such-model-7f3a9c';

export const PROBE_SCHEMA_NAME = 'depverdict_conformance_probe';
