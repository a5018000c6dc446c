/**
 * Property tests for the documents DepVerdict receives from others: registry packuments
 * (validated before use) and the model's output (a candidate: prototype-safe JSON parse, then
 * the exact schema). Whatever arrives, validation answers with a result or its own typed
 * error — never a crash, never a prototype reached, never an unvalidated value let through.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandidateOutputError, MAX_CANDIDATE_DEPTH, parseCandidate, validateCandidate } from '../../src/analysis/parse-candidate.js';
import { parseJsonSafely, SafeJsonError } from '../../src/analysis/safe-json.js';
import { parseJsonDroppingProtoKeys, parsePackument } from '../../src/ecosystems/npm/packument.js';
import { FUZZ_TIMEOUT_MS, fuzzParameters, hostileText } from './fuzz-settings.js';

const QUICK_RUNS = 200;
const SHA = fc.stringMatching(/^[0-9a-f]{64}$/).map((hex) => `sha256:${hex}`);

/** JSON text as it arrives: any JSON, with `__proto__` and `constructor` keys spliced in as own keys. */
function hostileJsonText(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.tuple(value, fc.boolean()).map(([document, splice]) => {
    const text = JSON.stringify(document) ?? 'null';
    return splice ? text.replace(/"(name|summary|versions|dist)"/, '"__proto__"') : text;
  });
}

const packumentish = fc.record(
  {
    name: fc.oneof(fc.constant('left-pad'), fc.string({ maxLength: 12 })),
    'dist-tags': fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), fc.anything()),
    time: fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), fc.string())), fc.anything()),
    versions: fc.dictionary(
      fc.oneof(fc.constantFrom('1.0.0', '2.0.0', '__proto__', 'constructor'), fc.string({ maxLength: 8 })),
      fc.oneof(fc.record({ name: fc.constant('left-pad'), version: fc.string({ maxLength: 8 }), dist: fc.anything(), scripts: fc.anything(), engines: fc.anything() }, { requiredKeys: [] }), fc.anything()),
      { maxKeys: 5 },
    ),
    repository: fc.oneof(fc.string({ maxLength: 30 }), fc.record({ type: fc.string(), url: fc.string(), directory: fc.anything() }, { requiredKeys: [] }), fc.anything()),
  },
  { requiredKeys: [] },
);

describe('packument validation under arbitrary documents', () => {
  it('parsePackument never throws, and a document it accepts names the package asked for', () => {
    fc.assert(
      fc.property(fc.oneof(hostileJsonText(packumentish), hostileJsonText(fc.anything()), hostileText()), (text) => {
        let data: unknown;
        try {
          data = parseJsonDroppingProtoKeys(text);
        } catch (error) {
          expect(error).toBeInstanceOf(SyntaxError);
          return;
        }
        const result = parsePackument(data, 'left-pad');
        if (!result.ok) {
          expect(typeof result.problem).toBe('string');
          return;
        }
        expect(result.packument.name).toBe('left-pad');
        expect(Object.getPrototypeOf(result.packument.versions)).toBeNull();
        for (const manifest of Object.values(result.packument.versions)) expect(typeof manifest).toBe('object');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);
});

const finding = fc.record({
  id: fc.string({ maxLength: 20 }),
  kind: fc.constantFrom('breakingChange', 'deprecation', 'compatibility', 'security', 'other'),
  summary: fc.string({ maxLength: 60 }),
  appliesToVersions: fc.array(fc.constantFrom('1.0.0', '2.0.0', 'x'), { maxLength: 3 }),
  evidenceRefs: fc.array(fc.oneof(SHA, fc.string({ maxLength: 10 })), { maxLength: 3 }),
});
/** Near-valid candidates: the right keys with values drawn around the schema's edges, plus extras. */
const candidateish = fc.record(
  {
    summary: fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null)),
    summaryEvidenceRefs: fc.array(fc.oneof(SHA, fc.string({ maxLength: 10 })), { maxLength: 3 }),
    riskLevel: fc.constantFrom('low', 'medium', 'high', 'unknown', 'critical', ''),
    riskEvidenceRefs: fc.array(SHA, { maxLength: 2 }),
    findings: fc.array(finding, { maxLength: 3 }),
    extra: fc.anything(),
  },
  { requiredKeys: ['summary', 'summaryEvidenceRefs', 'riskLevel', 'riskEvidenceRefs', 'findings'] },
);
const deeplyNested = fc.integer({ min: 1, max: 40 }).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`);

describe('the model-output parser under arbitrary output', () => {
  it('parseCandidate returns a schema-valid candidate or throws CandidateOutputError, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(hostileJsonText(candidateish), hostileJsonText(fc.anything()), hostileText(), deeplyNested), (text) => {
        let candidate;
        try {
          candidate = parseCandidate(text);
        } catch (error) {
          expect(error).toBeInstanceOf(CandidateOutputError);
          expect((error as CandidateOutputError).message.length).toBeLessThan(2000);
          return;
        }
        // What comes out is exactly what the schema accepts.
        expect(validateCandidate(candidate)).toBe(candidate);
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);

  it('parseJsonSafely agrees with JSON.parse within its limits, and refuses prototype keys and excess depth', () => {
    fc.assert(
      fc.property(fc.oneof(hostileJsonText(fc.anything()), hostileText(), deeplyNested), (text) => {
        let expected: unknown;
        let valid = true;
        try {
          expected = JSON.parse(text);
        } catch {
          valid = false;
        }
        try {
          const value = parseJsonSafely(text, { maxBytes: 64 * 1024, maxDepth: MAX_CANDIDATE_DEPTH });
          expect(valid).toBe(true);
          expect(value).toEqual(expected);
          expect(text).not.toContain('"__proto__"');
        } catch (error) {
          expect(error).toBeInstanceOf(SafeJsonError);
          const reason = (error as SafeJsonError).reason;
          if (reason === 'syntax') expect(valid).toBe(false);
          // Its message never quotes the text (model output may carry anything).
          expect((error as SafeJsonError).message).not.toContain(text.length > 12 ? text : '\u0000never');
        }
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);
});
