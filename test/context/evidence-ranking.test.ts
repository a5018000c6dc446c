import { describe, expect, it } from 'vitest';
import { compareEvidence } from '../../src/context/build-context.js';
import { changelogEvidence } from '../../src/evidence/changelog-evidence.js';
import { makeEvidenceItem } from '../../src/evidence/evidence-item.js';
import type { EvidenceItem } from '../../src/evidence/types.js';

/**
 * How evidence is ordered before the context bounds cut it: what a reviewer decides on first,
 * a release's credits last (review 13: ten axios "Contributors to this release" parts had taken
 * the place of 1.7.0's Features in a 1.6.8 → 1.7.9 context).
 */

const section = (version: string, body: string) => ({ version, heading: version, date: null, body, line: 1 });

function axiosLikeChangelog(): EvidenceItem[] {
  return changelogEvidence({
    packageId: 'npm:axios',
    fileName: 'CHANGELOG.md',
    sourceUrl: 'https://www.npmjs.com/package/axios/v/1.7.9',
    sections: [
      section('1.7.9', '### Bug Fixes\n\n- fix a header\n\n### Contributors to this release\n\n- <img src="https://avatars.example/1"> someone'),
      section('1.7.0', '### Features\n\n- **adapter:** add fetch adapter\n\n### Contributors to this release\n\n- <img src="https://avatars.example/2"> someone else'),
    ],
  });
}

const titles = (items: EvidenceItem[]): string[] => [...items].sort(compareEvidence).map((item) => item.title);

describe('evidence ranking', () => {
  it('puts a release\'s credits after every other part, even an older release\'s Features', () => {
    expect(titles(axiosLikeChangelog())).toEqual([
      'CHANGELOG.md — 1.7.9 — Bug Fixes',
      'CHANGELOG.md — 1.7.0 — Features',
      'CHANGELOG.md — 1.7.9 — Contributors to this release',
      'CHANGELOG.md — 1.7.0 — Contributors to this release',
    ]);
  });

  it('ranks credits below the commit log too, and reads them from the heading\'s slug only', () => {
    const commitLog = makeEvidenceItem({
      packageId: 'npm:axios',
      sourceId: 'github-commits',
      kind: 'commitLog',
      locator: 'commits/v1.6.8...v1.7.9',
      title: 'Commits v1.6.8...v1.7.9',
      sourceUrl: 'https://github.com/axios/axios/compare/v1.6.8...v1.7.9',
      releaseVersions: [],
      content: 'fix: a header',
    });
    const releaseCredits = makeEvidenceItem({
      packageId: 'npm:axios',
      sourceId: 'github-release',
      kind: 'releaseNotes',
      locator: 'release/v1.7.9/new-contributors',
      title: 'Release v1.7.9 — New Contributors',
      sourceUrl: 'https://github.com/axios/axios/releases/tag/v1.7.9',
      releaseVersions: ['1.7.9'],
      content: '## New Contributors\n\n- @someone made their first contribution',
    });
    // A heading that only starts with the word is an ordinary part.
    const guide = makeEvidenceItem({
      packageId: 'npm:axios',
      sourceId: 'npm-tarball',
      kind: 'changelog',
      locator: 'CHANGELOG.md#1.7.9/contributors-guide-rewritten',
      title: 'CHANGELOG.md — 1.7.9 — Contributors guide rewritten',
      sourceUrl: 'https://www.npmjs.com/package/axios/v/1.7.9',
      releaseVersions: ['1.7.9'],
      content: '### Contributors guide rewritten',
    });
    expect(titles([releaseCredits, commitLog, guide])).toEqual([
      'CHANGELOG.md — 1.7.9 — Contributors guide rewritten',
      'Commits v1.6.8...v1.7.9',
      'Release v1.7.9 — New Contributors',
    ]);
  });
});
