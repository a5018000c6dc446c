import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERSION_ANALYSIS_SCHEMA } from '../../src/report/manifest-schema.js';
import { buildManifest, checkManifest, serialiseManifest, validateManifest, writeManifest } from '../../src/report/manifest.js';
import { ReportValidationError } from '../../src/report/report-error.js';
import { ROUTING_FAILURE, failedResult, normalOutcome, successfulCall } from './outcome-fixtures.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'depverdict-manifest-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('published schema', () => {
  it('docs/schemas/version-analysis.schema.json is exactly the schema the code validates with', async () => {
    const published: unknown = JSON.parse(await readFile(new URL('../../docs/schemas/version-analysis.schema.json', import.meta.url), 'utf8'));
    expect(published).toEqual(JSON.parse(JSON.stringify(VERSION_ANALYSIS_SCHEMA)));
  });
});

describe('buildManifest', () => {
  it('builds a manifest that validates, with summary counts from the results', () => {
    const manifest = buildManifest(normalOutcome());
    expect(checkManifest(manifest)).toEqual([]);
    expect(manifest.schemaVersion).toBe('1.6.0');
    expect(manifest.summary).toEqual({
      verdict: 'review',
      maxRisk: 'high',
      dependencyCount: 5,
      resultCount: 3,
      statusCounts: { analyzed: 3, failed: 0, skipped: 0 },
      riskCounts: { low: 2, medium: 0, high: 1, unknown: 0 },
      requiresHumanReview: 1,
    });
    expect(manifest.results.map((result) => result.id)).toEqual([...manifest.results.map((result) => result.id)].sort());
    expect(manifest.bumps.map((bump) => bump.name)).toContain('debug');
  });

  it('keeps telemetry out: no timings, usage, cost or attempts even when calls have them', () => {
    const outcome = normalOutcome({ runtime: successfulCall(normalOutcome().results[0]!).descriptor });
    const withCalls = { ...outcome, calls: outcome.results.map((result) => successfulCall(result)) };
    const text = serialiseManifest(buildManifest(withCalls));
    for (const word of ['totalMs', 'firstByteMs', 'inputTokens', 'costUsd', 'attempts', 'generationId', 'MODEL OUTPUT TEXT']) {
      expect(text).not.toContain(word);
    }
    expect(buildManifest(withCalls).promptVersion).toBe('2');
    expect(buildManifest(normalOutcome()).promptVersion).toBeNull();
  });

  it('publishes only schema fields even when a contract object carries extra ones', () => {
    const outcome = normalOutcome();
    const extended = {
      ...outcome,
      results: outcome.results.map((result) => ({ ...result, latencyMs: 12, rawBody: 'provider body' })),
      bumps: outcome.bumps.map((bump) => ({ ...bump, futureField: true })),
    };
    const manifest = buildManifest(extended);
    expect(checkManifest(manifest)).toEqual([]);
    expect(serialiseManifest(manifest)).not.toMatch(/latencyMs|rawBody|futureField/);
  });

  it('records a fail-closed run with its code and a withheld verdict', () => {
    const manifest = buildManifest(normalOutcome({ failClosed: ROUTING_FAILURE }));
    expect(checkManifest(manifest)).toEqual([]);
    expect(manifest.summary.verdict).toBe('withheld');
    expect(manifest.failClosed).toEqual({ code: ROUTING_FAILURE.code, message: ROUTING_FAILURE.message });
  });

  it('keeps the other results when one dependency failed', () => {
    const outcome = normalOutcome();
    const manifest = buildManifest({ ...outcome, results: [...outcome.results, failedResult('zod', '3.0.0', '3.1.0')] });
    expect(checkManifest(manifest)).toEqual([]);
    expect(manifest.summary.statusCounts).toEqual({ analyzed: 3, failed: 1, skipped: 0 });
    expect(manifest.results).toHaveLength(4);
  });
});

describe('validateManifest', () => {
  it('rejects a reference that is not in the result evidence', () => {
    const manifest = buildManifest(normalOutcome());
    manifest.results[0]!.summaryEvidenceRefs = [`sha256:${'9'.repeat(64)}`];
    expect(() => validateManifest(manifest)).toThrow(ReportValidationError);
    expect(checkManifest(manifest).join('\n')).toMatch(/results\/0\/summaryEvidenceRefs: reference sha256:9+ is not in this result's evidence/);
  });

  it('rejects unsorted or duplicate results and summary counts that do not match', () => {
    const manifest = buildManifest(normalOutcome());
    manifest.results.reverse();
    manifest.summary.riskCounts.high = 7;
    const problems = checkManifest(manifest).join('\n');
    expect(problems).toMatch(/sorted and unique/);
    expect(problems).toMatch(/summary\/riskCounts/);
  });

  it('rejects unknown fields (no telemetry can be added silently)', () => {
    const manifest = { ...buildManifest(normalOutcome()), latencyMs: 12 };
    expect(checkManifest(manifest).join('\n')).toMatch(/must NOT have additional properties/);
  });
});

describe('writeManifest', () => {
  it('writes byte-identical files for the same inputs apart from generatedAt', async () => {
    const first = buildManifest(normalOutcome());
    const second = buildManifest(normalOutcome({ generatedAt: '2026-12-01T08:00:00.000Z', results: [...normalOutcome().results].reverse() }));
    const firstPath = await writeManifest(join(directory, 'one'), first);
    const secondPath = await writeManifest(join(directory, 'two'), second);
    const firstText = await readFile(firstPath, 'utf8');
    const secondText = await readFile(secondPath, 'utf8');
    expect(firstText).not.toBe(secondText);
    expect(firstText.replace(/"generatedAt": "[^"]+"/, '')).toBe(secondText.replace(/"generatedAt": "[^"]+"/, ''));
    expect(firstText.endsWith('}\n')).toBe(true);
    expect(firstText.split('\n')[1]).toBe('  "bumps": [');
  });

  it('validates before writing: nothing reaches disk when the manifest is invalid', async () => {
    const manifest = buildManifest(normalOutcome());
    manifest.summary.resultCount = 99;
    await expect(writeManifest(directory, manifest)).rejects.toThrow(/version-analysis\.json failed validation: \/summary\/resultCount/);
    expect(await readdir(directory)).toEqual([]);
  });
});
