import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeRunOutputs } from '../../src/pipeline/write-outputs.js';
import { validateManifest } from '../../src/report/manifest.js';
import { NOW, analysedResult, normalOutcome, quietSignals } from '../report/outcome-fixtures.js';

describe('writing the run outputs', () => {
  it('writes the trace, a valid manifest and the comment for a normal run', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-outputs-'));
    const written = await writeRunOutputs(normalOutcome(), { outputDir: directory, runUrl: null, now: NOW });
    expect(written.outcome.failClosed).toBeNull();
    validateManifest(JSON.parse(readFileSync(written.manifestPath, 'utf8')));
    expect(readFileSync(written.commentPath, 'utf8')).toBe(written.comment);
  });

  it('withholds the verdict, instead of publishing nothing, when results break the manifest bounds', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-outputs-'));
    const hostile = analysedResult({
      name: 'left-pad',
      from: '1.0.0',
      to: '1.0.1',
      risk: 'low',
      signals: quietSignals({ installScriptsAdded: ['postinstall'], licenseChanged: { from: 'MIT', to: 'x'.repeat(5000) } }),
    });
    const written = await writeRunOutputs(normalOutcome({ results: [hostile] }), { outputDir: directory, runUrl: null, now: NOW });
    expect(written.outcome.verdict).toBe('withheld');
    expect(written.outcome.failClosed?.message).toMatch(/failed validation/);
    const manifest = JSON.parse(readFileSync(written.manifestPath, 'utf8'));
    validateManifest(manifest);
    expect(manifest.summary.verdict).toBe('withheld');
    expect(written.comment).toMatch(/withheld/);
    expect(readFileSync(written.tracePath, 'utf8')).toContain('"runId"');
  });
});
