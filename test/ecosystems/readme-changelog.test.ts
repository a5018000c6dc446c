import { describe, expect, it } from 'vitest';
import { changelogPartOfReadme, isReadmeName } from '../../src/ecosystems/npm/readme-changelog.js';

const kept = (text: string | null): string[] => (text ?? '').split('\n').filter((line) => line.length > 0);

describe('changelogPartOfReadme', () => {
  it('keeps a setext "Changelog" part up to the next level-1 heading (pngjs 2.3.0)', () => {
    const readme = 'pngjs\n=====\n\nUsage\n-----\ncode\n\nChangelog\n============\n\n### 2.3.0 - 22/04/2016\n - Support for sync in node 0.10\n\nLicense\n=========\n\nMIT\n';
    expect(kept(changelogPartOfReadme(readme))).toEqual(['Changelog', '============', '### 2.3.0 - 22/04/2016', ' - Support for sync in node 0.10']);
  });

  it('keeps deeper headings inside the part and ends at one of the same level', () => {
    const readme = '# x\n\n## Release notes[⬆](#table-of-contents)\n\n### 4.2.0\n\nChanged a default.\n\n#### Details\n\nmore\n\n## Contributing\n\nPRs welcome.\n';
    expect(kept(changelogPartOfReadme(readme))).toEqual(['## Release notes[⬆](#table-of-contents)', '### 4.2.0', 'Changed a default.', '#### Details', 'more']);
  });

  it('ignores a heading inside a code fence and headings that only mention a changelog', () => {
    expect(changelogPartOfReadme('# x\n\n```md\n## Changelog\n### 1.0.0\n```\n')).toBeNull();
    expect(changelogPartOfReadme('# x\n\n## Generating a changelog\n\n### 1.0.0\n')).toBeNull();
    expect(changelogPartOfReadme('# x\n\n## History and Why MySQL2\n\n### 1.0.0\n')).toBeNull();
  });

  it('reads "Change Log", "Release History" and "Changes" headings, and CRLF text', () => {
    for (const title of ['Change Log', 'Release History', 'CHANGES', '**Changelog**']) {
      expect(changelogPartOfReadme(`# x\r\n\r\n## ${title}\r\n\r\n### 1.0.0\r\n- first\r\n`), title).not.toBeNull();
    }
  });
});

describe('isReadmeName', () => {
  it('accepts the names npm shows as a readme, and nothing else', () => {
    expect(['README.md', 'readme', 'Readme.markdown'].every(isReadmeName)).toBe(true);
    expect(['README.txt', 'README-old.md', 'CHANGELOG.md'].some(isReadmeName)).toBe(false);
  });
});
