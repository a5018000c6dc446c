import { RUNTIME_ERROR_CODES } from '../runtime/contract.js';

/**
 * JSON Schema (draft 2020-12) of `trace.json`, the redacted execution trace. Published as
 * docs/schemas/trace.schema.json (a test keeps the two equal). Closed objects everywhere:
 * the trace records identity, attempts, timings, usage and cost, and has no field where a
 * prompt, evidence text, raw body or header could be put.
 */

const NULLABLE_TEXT = { type: ['string', 'null'], maxLength: 1000 };
const TEXT = { type: 'string', maxLength: 1000 };
const NULLABLE_COUNT = { type: ['integer', 'null'], minimum: 0 };
const NULLABLE_DURATION = { type: ['number', 'null'], minimum: 0 };
const SCHEMA_MODE = { type: 'string', enum: ['jsonSchema', 'jsonMode', 'promptOnly'] };

function closedObject(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

const USAGE = {
  anyOf: [
    { type: 'null' },
    closedObject({
      inputTokens: NULLABLE_COUNT,
      outputTokens: NULLABLE_COUNT,
      totalTokens: NULLABLE_COUNT,
      reasoningTokens: NULLABLE_COUNT,
      cachedInputTokens: NULLABLE_COUNT,
    }),
  ],
};

/** What matched for a reused answer: everything that could have changed it. */
const REUSE = {
  anyOf: [
    { type: 'null' },
    closedObject({
      key: TEXT,
      basis: closedObject({
        package: TEXT,
        from: TEXT,
        to: TEXT,
        contextId: TEXT,
        profileDigest: TEXT,
        promptVersion: TEXT,
        schemaDigest: TEXT,
        toolVersion: TEXT,
      }),
      answeredAt: { type: ['string', 'null'], format: 'date-time' },
    }),
  ],
};

const COUNT = { type: 'integer', minimum: 0 };

/** Busy wall time per phase (phases overlap), with what the phase cost. */
const PHASE = closedObject({
  name: { type: 'string', enum: ['detection', 'registry', 'tarballs', 'repository', 'context', 'analysis', 'publication'] },
  startedAt: { type: ['string', 'null'], format: 'date-time' },
  ms: { type: 'number', minimum: 0 },
  counts: closedObject({ requests: COUNT, bytes: COUNT, cacheHits: COUNT, reused: COUNT }),
});

const CALL = closedObject({
  contextId: TEXT,
  task: TEXT,
  promptVersion: TEXT,
  schemaDigest: TEXT,
  schemaMode: SCHEMA_MODE,
  effectiveSchemaMode: { type: ['string', 'null'], enum: ['jsonSchema', 'jsonMode', 'promptOnly', 'none', null] },
  projection: NULLABLE_TEXT,
  sentSchemaDigest: NULLABLE_TEXT,
  requestedModel: NULLABLE_TEXT,
  requestedProvider: NULLABLE_TEXT,
  actualModel: NULLABLE_TEXT,
  actualProvider: NULLABLE_TEXT,
  identityVerified: { type: ['boolean', 'null'] },
  attempts: NULLABLE_COUNT,
  retries: NULLABLE_COUNT,
  fallbackOccurred: { type: ['boolean', 'null'] },
  gatewayAttempts: NULLABLE_COUNT,
  transforms: { type: 'array', items: TEXT },
  generationId: NULLABLE_TEXT,
  gatewayDetails: { type: 'object', maxProperties: 32, propertyNames: { maxLength: 100 }, additionalProperties: TEXT },
  finishReason: { type: ['string', 'null'], enum: ['stop', 'length', 'contentFilter', 'toolCalls', 'other', 'unknown', null] },
  latency: closedObject({ totalMs: NULLABLE_DURATION, firstByteMs: NULLABLE_DURATION }),
  usage: USAGE,
  costUsd: { type: ['number', 'null'], minimum: 0 },
  warnings: { type: 'array', items: TEXT },
  reused: { type: 'boolean' },
  reuse: REUSE,
  error: {
    anyOf: [
      { type: 'null' },
      closedObject({
        code: { type: 'string', enum: [...RUNTIME_ERROR_CODES] },
        message: TEXT,
        retryable: { type: 'boolean' },
        status: { type: ['integer', 'null'], minimum: 100, maximum: 599 },
      }),
    ],
  },
});

export const TRACE_SCHEMA: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://depverdict.dev/schemas/trace.schema.json',
  title: 'DepVerdict execution trace',
  ...closedObject({
    traceVersion: { const: '1' },
    runId: TEXT,
    generatedAt: { type: 'string', format: 'date-time' },
    generator: closedObject({ name: { const: 'depverdict' }, version: TEXT }),
    profile: closedObject({
      id: TEXT,
      digest: TEXT,
      adapter: TEXT,
      mode: { type: 'string', enum: ['development', 'evaluation', 'production'] },
      gateway: TEXT,
      routingPolicyDigest: NULLABLE_TEXT,
    }),
    failClosed: {
      anyOf: [
        { type: 'null' },
        closedObject({ code: { type: 'string', enum: [...RUNTIME_ERROR_CODES, 'INPUT_UNUSABLE', 'QUALIFICATION_MISSING'] }, message: TEXT }),
      ],
    },
    phases: { type: 'array', maxItems: 7, items: PHASE },
    calls: { type: 'array', items: CALL },
  }),
};
