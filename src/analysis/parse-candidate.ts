import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { CANDIDATE_SCHEMA } from './candidate-schema.js';
import { parseJsonSafely, SafeJsonError } from './safe-json.js';
import type { Candidate } from './types.js';

/**
 * Steps 3 and 4 of the validation order (seed 000 §6): prototype-safe JSON parse, then exact
 * Ajv draft 2020-12 validation. Nothing reaches trust filtering without passing both.
 * Error messages name field paths and rules, never the model's text, so a failed result can
 * be published without carrying anything the model wrote.
 */

/** Largest candidate text accepted (UTF-8 bytes). The bounded schema allows roughly 40 KB. */
export const MAX_CANDIDATE_BYTES = 256 * 1024;
/** The schema nests four levels; anything far deeper is hostile. */
export const MAX_CANDIDATE_DEPTH = 16;
/** How many schema errors a message lists before summarising. */
const MAX_LISTED_ERRORS = 8;

export type CandidateOutputErrorCode = 'OUTPUT_JSON_INVALID' | 'OUTPUT_SCHEMA_INVALID';

export class CandidateOutputError extends Error {
  readonly code: CandidateOutputErrorCode;
  /** One line per problem, e.g. `/findings/0/evidenceRefs/0: must match pattern ...`. */
  readonly problems: string[];
  constructor(code: CandidateOutputErrorCode, message: string, problems: string[] = []) {
    super(message);
    this.name = 'CandidateOutputError';
    this.code = code;
    this.problems = problems;
  }
}

/** Property names the schema defines: the only object keys an error path may name. */
function schemaPropertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (schema === null || typeof schema !== 'object') return into;
  if (Array.isArray(schema)) {
    for (const item of schema) schemaPropertyNames(item, into);
    return into;
  }
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'properties' && value !== null && typeof value === 'object') for (const name of Object.keys(value)) into.add(name);
    schemaPropertyNames(value, into);
  }
  return into;
}

const SHOWN_KEYS: ReadonlySet<string> = schemaPropertyNames(CANDIDATE_SCHEMA);

let compiled: ValidateFunction | null = null;

/** Compiled once per process: strict mode also proves the schema itself is well-formed. */
function candidateValidator(): ValidateFunction {
  if (compiled === null) {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    compiled = ajv.compile(CANDIDATE_SCHEMA);
  }
  return compiled;
}

/**
 * A readable line per Ajv error. instancePath only contains schema-defined keys and array
 * indices (Ajv reports unknown keys at their parent), so no model text leaks through it.
 */
function describeSchemaError(error: ErrorObject): string {
  const path = error.instancePath === '' ? '(root)' : error.instancePath;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${path}: has a property the schema does not allow`;
    case 'enum':
      return `${path}: must be one of ${JSON.stringify((error.params as { allowedValues?: unknown[] }).allowedValues ?? [])}`;
    default:
      return `${path}: ${error.message ?? error.keyword}`;
  }
}

/** Exact schema validation of an already-parsed value. */
export function validateCandidate(value: unknown): Candidate {
  const validate = candidateValidator();
  if (validate(value)) return value as Candidate;
  const problems = (validate.errors ?? []).map(describeSchemaError);
  const listed = problems.slice(0, MAX_LISTED_ERRORS).join('; ');
  const more = problems.length > MAX_LISTED_ERRORS ? ` (and ${problems.length - MAX_LISTED_ERRORS} more)` : '';
  throw new CandidateOutputError('OUTPUT_SCHEMA_INVALID', `candidate does not match the schema: ${listed}${more}`, problems);
}

/** Parse then validate the complete output text of a runtime call. */
export function parseCandidate(outputText: string): Candidate {
  let value: unknown;
  try {
    value = parseJsonSafely(outputText, { maxBytes: MAX_CANDIDATE_BYTES, maxDepth: MAX_CANDIDATE_DEPTH, shownKeys: SHOWN_KEYS });
  } catch (error) {
    if (error instanceof SafeJsonError) {
      throw new CandidateOutputError('OUTPUT_JSON_INVALID', `candidate output rejected: ${error.message}`, [error.message]);
    }
    throw error;
  }
  return validateCandidate(value);
}
