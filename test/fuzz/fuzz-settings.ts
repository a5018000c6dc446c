/**
 * TEST HELPER: how many cases each property runs. `npm test` runs a short, seeded pass (the same
 * cases every time, so a failure reproduces); `npm run fuzz` sets DEPVERDICT_FUZZ_RUNS (10,000
 * by default there) and may set DEPVERDICT_FUZZ_SEED to explore other cases. A failure prints
 * fast-check's seed and path, which reproduce it exactly.
 */
import fc from 'fast-check';

const DEFAULT_SEED = 20_261_130;

function positiveInteger(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`DEPVERDICT_FUZZ_RUNS/SEED must be a positive integer; got ${JSON.stringify(raw)}`);
  return value;
}

const configuredRuns = positiveInteger(process.env.DEPVERDICT_FUZZ_RUNS);
const configuredSeed = positiveInteger(process.env.DEPVERDICT_FUZZ_SEED);

/** True under `npm run fuzz`: tests may then allow more time. */
export const FUZZING = configuredRuns !== null;

/**
 * Parameters for fc.assert: `quickRuns` cases in `npm test` (sized so the whole suite adds a few
 * seconds), the configured number under `npm run fuzz`.
 */
export function fuzzParameters(quickRuns: number): fc.Parameters<unknown> {
  return { numRuns: configuredRuns ?? quickRuns, seed: configuredSeed ?? DEFAULT_SEED, endOnFailure: true };
}

/** Per-test timeout: generous under `npm run fuzz`, where each property runs 10,000 cases. */
export const FUZZ_TIMEOUT_MS = FUZZING ? 600_000 : 30_000;

/** Text as hostile input arrives: any code points, plus the characters parsers care about most. */
export function hostileText(maxLength = 400): fc.Arbitrary<string> {
  const interesting = fc.constantFrom('\n', '\r\n', '\t', ' ', '#', '##', '@', '"', "'", ':', '-', '*', '`', '```', '<', '>', '|', '[', ']', '(', ')', '{', '}', '\\', '__proto__', 'constructor', '\u0000', '\u202e', '\u200b', 'v1.2.3', '1.0.0', '^2.0.0', 'from', 'to', 'Bump', 'Updates', '<details>', '</details>', '<!--', '-->');
  const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), interesting, fc.string({ maxLength: 20 }));
  return fc.array(piece, { maxLength: Math.max(1, Math.floor(maxLength / 8)) }).map((pieces) => pieces.join('').slice(0, maxLength));
}
