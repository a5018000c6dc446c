import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parseJsonSafely, SafeJsonError } from '../analysis/safe-json.js';

/**
 * Local validation of a probe answer against the probe's exact schema. An HTTP 200 proves
 * only that the endpoint accepted the request; whether it *enforced* the schema is decided
 * here. The result names violated keywords and instance paths, never the model's text.
 */

export interface LocalValidation {
  valid: boolean;
  /** Violated schema keywords, sorted and unique (e.g. `uniqueItems`). */
  violatedKeywords: string[];
  /** Short problem lines (`/tags: uniqueItems`), bounded, free of model text. */
  problems: string[];
}

/** Probe answers are tiny; anything larger is not an answer to the probe. */
const LIMITS = { maxBytes: 256 * 1024, maxDepth: 32 };
const MAX_PROBLEMS = 5;

const compiled = new WeakMap<object, ValidateFunction>();
let ajv: Ajv2020 | null = null;

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached;
  // Strict mode also proves each probe schema is itself well-formed draft 2020-12.
  ajv ??= new Ajv2020({ strict: true, allErrors: true });
  const validate = ajv.compile(schema);
  compiled.set(schema, validate);
  return validate;
}

export function validateProbeOutput(outputText: string, schema: Record<string, unknown>): LocalValidation {
  let parsed: unknown;
  try {
    parsed = parseJsonSafely(outputText, LIMITS);
  } catch (error) {
    const reason = error instanceof SafeJsonError ? error.reason : 'syntax';
    return { valid: false, violatedKeywords: ['json'], problems: [`(root): the answer is not usable JSON (${reason})`] };
  }
  const validate = validatorFor(schema);
  if (validate(parsed)) return { valid: true, violatedKeywords: [], problems: [] };
  const errors = validate.errors ?? [];
  // instancePath holds only schema-defined keys and indices, so no model text leaks through it.
  const problems = errors.slice(0, MAX_PROBLEMS).map((error) => `${error.instancePath === '' ? '(root)' : error.instancePath}: ${error.keyword}`);
  const violatedKeywords = [...new Set(errors.map((error) => error.keyword))].sort();
  return { valid: false, violatedKeywords, problems };
}
