/**
 * A bump rated low because its tarballs publish the same files: the comment names that basis
 * ("published files", not "registry facts only") and says why no review is asked, since release
 * notes could only describe changes the update does not ship.
 */
import { describe, expect, it } from 'vitest';
import { makeEvidenceItem } from '../../src/evidence/evidence-item.js';
import { PUBLISHED_FILES_SOURCE_ID, PUBLISHED_FILES_UNCHANGED } from '../../src/evidence/published-files-evidence.js';
import { renderDependencyDetails } from '../../src/report/dependency-details.js';
import { describeRiskBasis } from '../../src/report/risk-basis.js';
import { analysedResult, evidenceReference, NOW } from './outcome-fixtures.js';

const fact = makeEvidenceItem({
  packageId: 'npm:mlly',
  sourceId: PUBLISHED_FILES_SOURCE_ID,
  kind: 'registryFact',
  locator: PUBLISHED_FILES_UNCHANGED,
  title: 'npm tarballs — mlly 0.5.17 → 1.0.0 — published files unchanged',
  sourceUrl: 'https://www.npmjs.com/package/mlly/v/1.0.0?activeTab=code',
  releaseVersions: ['1.0.0'],
  content: 'mlly 1.0.0 publishes the same 12 file(s) as 0.5.17, byte for byte …',
});

function unchangedResult() {
  const base = analysedResult({ name: 'mlly', from: '0.5.17', to: '1.0.0', risk: 'low', semverClass: 'major' });
  return { ...base, evidence: [evidenceReference(fact)], riskEvidenceRefs: [fact.id], summaryEvidenceRefs: [fact.id], evidenceCoverage: 'none' as const };
}

describe('a bump that publishes the same files', () => {
  it('names its basis as the published files', () => {
    expect(describeRiskBasis(unchangedResult())).toBe('published files');
  });

  it('says why no review is asked', () => {
    const details = renderDependencyDetails(unchangedResult(), { includeAnalysis: true, now: NOW, failClosedCode: null, tracePlace: '`trace.json`', omitRegistryFacts: false });
    expect(details).toContain('**Risk** 🟢 low — basis: published files.');
    expect(details).toContain('**Why no review** — the new version publishes the same files as the old one');
  });
});
