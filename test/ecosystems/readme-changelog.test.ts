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

describe('changelogPartOfReadme on hostile and tricky READMEs (review 17)', () => {
  // Hang guards only: before the fix these took minutes (cubic and quadratic regexes).
  it('a heading line of 20,000 spaces, or a setext title of 80,000 link openers, is read in linear time', { timeout: 20_000 }, () => {
    expect(changelogPartOfReadme(`# slow\n\n# a${' '.repeat(20_000)}b\n`)).toBeNull();
    expect(changelogPartOfReadme(`${'[a]('.repeat(80_000)}\n---\n### 1.0.0\n- x\n`)).toBeNull();
    expect(changelogPartOfReadme(`${'## Changes\n'.repeat(50_000)}`)).toBeNull();
  });

  it('a changelog inside a longer code fence is an example, not the package\'s changelog', () => {
    const readme = '# mdtool\n\nExample input:\n\n````md\n```\n## Changelog\n\n### 2.0.0\n- BREAKING: removed `render()`\n```\n````\n\n## License\nMIT\n';
    expect(changelogPartOfReadme(readme)).toBeNull();
    const tildes = '# x\n\n~~~\n```\n## Changelog\n### 2.0.0\n- x\n~~~\n';
    expect(changelogPartOfReadme(tildes)).toBeNull();
  });

  it('tries every changelog-like heading, the stronger names first, until one holds version sections', () => {
    const readme = '# relfirst\n\n## Releases\n\nReleases are published to npm by CI.\n\n## Changelog\n\n### 1.1.0\n * BREAKING: dropped the callback API.\n';
    expect(kept(changelogPartOfReadme(readme))).toEqual(['## Changelog', '### 1.1.0', ' * BREAKING: dropped the callback API.']);
    const historyFirst = '# x\n\n## History\n\n### 0.1.0\nforked from y\n\n## Change Log\n\n### 2.0.0\n- removed z\n';
    expect(kept(changelogPartOfReadme(historyFirst))[0]).toBe('## Change Log');
  });

  it('an ordered list item over `---` is a list and a thematic break, not a heading that ends the part', () => {
    const readme = '# x\n\n## Changelog\n\n### 2.0.0\n1. Dropped Node 12\n---\n### 1.5.0\n1. Removed `bar()`\n\n## License\n';
    expect(kept(changelogPartOfReadme(readme))).toEqual(['## Changelog', '### 2.0.0', '1. Dropped Node 12', '---', '### 1.5.0', '1. Removed `bar()`']);
  });
});
