/**
 * Changelog text is untrusted and a tarball may ship a 2 MiB changelog. Trimming lines with
 * `/[ \t]+$/` backtracked quadratically on a long run of blanks followed by other text (about
 * 30 s for one 250 K-blank line), blocking the event loop. These inputs must finish quickly and
 * give the right text; the generous timeouts only catch a regression to quadratic work.
 */
import { describe, expect, it } from 'vitest';
import { changelogEvidence } from '../../src/evidence/changelog-evidence.js';
import { parseChangelog, selectSectionsInRange } from '../../src/evidence/changelog-sections.js';
import { MAX_SPLIT_INPUT_CHARS, splitByKind, withoutTrailingBlanks } from '../../src/evidence/section-kind.js';

const BLANKS = 250_000;

describe('trailing blanks are trimmed in linear time', () => {
  it('withoutTrailingBlanks trims spaces and tabs only, on a 2 MB line', { timeout: 20_000 }, () => {
    const line = `${' '.repeat(2_000_000)}x${' \t'.repeat(1000)}`;
    expect(withoutTrailingBlanks(line)).toBe(`${' '.repeat(2_000_000)}x`);
    expect(withoutTrailingBlanks(' '.repeat(2_000_000))).toBe('');
    expect(withoutTrailingBlanks('keep\u00a0')).toBe('keep\u00a0');
    expect(withoutTrailingBlanks('- item')).toBe('- item');
  });

  it('splitByKind on a section of long blank runs followed by text', { timeout: 20_000 }, () => {
    const body = ['## Breaking changes', `${' '.repeat(BLANKS)}x${' '.repeat(1000)}`, '- drop Node 14   '].join('\n');
    expect(body.length).toBeLessThan(MAX_SPLIT_INPUT_CHARS);
    const parts = splitByKind(body);
    expect(parts).toEqual([{ kind: 'breakingChanges', heading: 'Breaking changes', body: `${' '.repeat(BLANKS)}x\n- drop Node 14` }]);
  });

  it('a 2 MB changelog section of blanks parses and becomes bounded evidence', { timeout: 20_000 }, () => {
    const hostileLine = `${' '.repeat(BLANKS)}x${' '.repeat(BLANKS / 10)}`;
    const changelog = ['# Changelog', '', '## 2.0.0', '', ...Array.from({ length: 10 }, () => hostileLine), '', '## 1.0.0', '', '- first release'].join('\n');
    expect(changelog.length).toBeGreaterThan(2_000_000);
    const sections = parseChangelog(changelog);
    expect(sections.map((section) => section.version)).toEqual(['2.0.0', '1.0.0']);
    expect(sections[0]?.body.split('\n')).toHaveLength(10);

    const items = changelogEvidence({
      packageId: 'npm:demo',
      fileName: 'CHANGELOG.md',
      sourceUrl: 'https://www.npmjs.com/package/demo/v/2.0.0?activeTab=code',
      sections: selectSectionsInRange(sections, '1.0.0', '2.0.0'),
    });
    // Only the first MAX_SPLIT_INPUT_CHARS of the section are split; blank edges are dropped.
    expect(items).toHaveLength(1);
    expect(items[0]?.content).toBe('x');
  });

  it('a huge setext heading line keeps a bounded heading', { timeout: 20_000 }, () => {
    const sections = parseChangelog(['1.2.3 / 2024-01-02' + ' '.repeat(500_000) + 'x', '==================', '', '  * fix'].join('\n'));
    expect(sections.map((section) => [section.version, section.date, section.body])).toEqual([['1.2.3', '2024-01-02', '  * fix']]);
    expect(sections[0]?.heading.length).toBeLessThanOrEqual(300);
    expect(sections[0]?.heading).toBe('1.2.3 / 2024-01-02');
  });
});
