/**
 * Property tests for the untrusted text DepVerdict reads: pull request titles, bodies and commit
 * messages (a cross-check only), and changelog sections from tarballs and repositories. Whatever
 * the text, parsing never throws, never invents a package or version that is not in the text,
 * and keeps its structural promises (sections in range, lines from the input).
 */
import fc from 'fast-check';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ownLines } from '../../src/bumps/pr-own-text.js';
import { parseClaimedBumps } from '../../src/bumps/pr-text.js';
import { ChangelogRangeError, parseChangelog, selectSectionsInRange } from '../../src/evidence/changelog-sections.js';
import { changeLineOf } from '../../src/evidence/commit-log.js';
import { changelogPartOfReadme } from '../../src/ecosystems/npm/readme-changelog.js';
import { FUZZ_TIMEOUT_MS, fuzzParameters, hostileText } from './fuzz-settings.js';

const QUICK_RUNS = 200;

const name = fc.constantFrom('express', '@types/node', 'lodash', 'left-pad', '__proto__', '@scope/pkg');
const version = fc.oneof(fc.constantFrom('1.0.0', '2.0.0', '5.1.0', '0.0.1-beta.1', 'v3', '4.17'), fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map((parts) => parts.join('.')));
/** Bot-shaped PR text (Dependabot, Renovate) interleaved with hostile text. */
const botLine = fc.oneof(
  fc.tuple(name, version, version).map(([n, a, b]) => `Bump ${n} from ${a} to ${b}`),
  fc.tuple(name, version, version).map(([n, a, b]) => `Updates \`${n}\` from ${a} to ${b}`),
  fc.tuple(name, version).map(([n, b]) => `Update dependency ${n} to v${b}`),
  fc.tuple(name, version, version).map(([n, a, b]) => `| [${n}](https://x) | \`${a}\` -> \`${b}\` |`),
  fc.constantFrom('<details>', '</details>', '<blockquote>', '```', '> quoted', '<!-- c -->', '<!--'),
);
const prText = fc.array(fc.oneof(botLine, hostileText(120)), { maxLength: 12 }).map((lines) => lines.join('\n'));

function isSubsequence(part: string, whole: string): boolean {
  let position = 0;
  for (const character of part) {
    position = whole.indexOf(character, position);
    if (position < 0) return false;
    position += character.length;
  }
  return true;
}

describe('pull request text under arbitrary input', () => {
  it('parseClaimedBumps never throws and only claims packages named in the text', () => {
    fc.assert(
      fc.property(prText, prText, fc.array(prText, { maxLength: 3 }), (title, body, commitMessages) => {
        const claims = parseClaimedBumps({ title, body, commitMessages });
        const all = [title, body, ...commitMessages].join('\n');
        for (const claim of claims) {
          expect(typeof claim.name).toBe('string');
          expect(claim.name.length).toBeGreaterThan(0);
          expect(all.toLowerCase()).toContain(claim.name.toLowerCase());
          for (const value of [claim.from, claim.to, claim.directory]) if (value !== null) expect(typeof value).toBe('string');
        }
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);

  it('ownLines never throws, invents no text, and keeps nothing of a quote or comment delimiter', () => {
    fc.assert(
      fc.property(prText, (text) => {
        const lines = ownLines(text);
        for (const line of lines) {
          expect(typeof line).toBe('string');
          expect(line).not.toMatch(/^ {0,3}>/);
          expect(line).not.toMatch(/<!--|-->|<\/?(details|blockquote)\b[^<>]{0,200}>/i);
          // Quoted parts are cut out of a line, joining what surrounded them: what remains is a
          // subsequence of the input, never text of its own.
          expect(isSubsequence(line, text)).toBe(true);
        }
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);
});

const changelog = fc
  .array(
    fc.oneof(
      version.map((v) => `## ${v}`),
      version.map((v) => `# [${v}](https://x/compare) (2024-01-02)`),
      version.map((v) => `**${v}**`),
      version.map((v) => `${v} / 2023-05-06\n==================`),
      fc.constantFrom('### Breaking Changes', '- fixed a thing', '', '* deprecated `foo`', '## Unreleased', '---'),
      hostileText(80),
    ),
    { maxLength: 20 },
  )
  .map((lines) => lines.join('\n'));

describe('changelog sections under arbitrary input', () => {
  it('parseChangelog never throws; every section has a valid version, a line in the text and a body from it', () => {
    fc.assert(
      fc.property(changelog, (text) => {
        const sections = parseChangelog(text);
        const lineCount = text.split(/\r\n?|\n/).length;
        for (const section of sections) {
          expect(semver.valid(section.version)).toBe(section.version);
          expect(section.line).toBeGreaterThanOrEqual(1);
          expect(section.line).toBeLessThanOrEqual(lineCount);
          expect(section.date === null || /^\d{4}-\d{2}-\d{2}$/.test(section.date)).toBe(true);
          for (const bodyLine of section.body.split('\n')) if (bodyLine !== '') expect(text.replace(/\r\n?/g, '\n')).toContain(bodyLine);
        }
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);

  it('selectSectionsInRange keeps exactly the versions in (from, to], ascending, once each; bad bounds are a named error', () => {
    fc.assert(
      fc.property(changelog, version, version, (text, from, to) => {
        const sections = parseChangelog(text);
        let selected;
        try {
          selected = selectSectionsInRange(sections, from, to);
        } catch (error) {
          expect(error).toBeInstanceOf(ChangelogRangeError);
          return;
        }
        // The bounds as the selection read them (it accepts `v3`-style partial versions).
        const clean = (value: string): string => semver.clean(value) ?? semver.coerce(value)!.version;
        const [lower, upper] = semver.lte(clean(from), clean(to)) ? [clean(from), clean(to)] : [clean(to), clean(from)];
        const versions = selected.map((section) => section.version);
        expect(new Set(versions).size).toBe(versions.length);
        expect([...versions].sort(semver.compare)).toEqual(versions);
        for (const selectedVersion of versions) {
          expect(semver.gt(selectedVersion, lower)).toBe(true);
          expect(semver.lte(selectedVersion, upper)).toBe(true);
        }
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);

  it('changeLineOf never throws; a change line is one bounded line without control characters, from the message', () => {
    const message = fc.oneof(
      hostileText(400),
      fc.tuple(fc.integer({ min: 1, max: 99999 }), hostileText(80), hostileText(200)).map(([number, title, body]) => `Merge pull request #${number} from a/b\n\n${title}\n\n${body}`),
      fc.tuple(hostileText(80), hostileText(120)).map(([subject, footer]) => `${subject}\n\nBREAKING CHANGE: ${footer}`),
    );
    fc.assert(
      fc.property(message, (text) => {
        const line = changeLineOf(text);
        if (line === null) return;
        for (const part of [line.subject, ...line.footers]) {
          expect(part.length).toBeLessThanOrEqual(200);
          // eslint-disable-next-line no-control-regex -- asserting the absence of control characters is the point
          expect(part).not.toMatch(/[\u0000-\u001f\u007f]/);
          expect(part.trim()).toBe(part);
        }
        expect(line.subject.length).toBeGreaterThan(0);
        expect(line.footers.length).toBeLessThanOrEqual(2);
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);

  it("a README's changelog part keeps the README's lines in place, blanks the rest, and holds version sections", () => {
    const readmeLine = fc.oneof(
      fc.constantFrom('## Changelog', '## Releases', 'History', '=======', '-------', '````md', '```', '~~~', '## License', '1. item', '# Title'),
      changelog,
    );
    fc.assert(
      fc.property(fc.array(readmeLine, { maxLength: 16 }).map((lines) => lines.join('\n')), (text) => {
        const part = changelogPartOfReadme(text);
        if (part === null) return;
        const lines = text.replace(/\r\n?/g, '\n').split('\n');
        const kept = part.split('\n');
        expect(kept).toHaveLength(lines.length);
        kept.forEach((line, index) => expect(line === '' || line === lines[index]).toBe(true));
        expect(parseChangelog(part).length).toBeGreaterThan(0);
      }),
      fuzzParameters(QUICK_RUNS),
    );
  }, FUZZ_TIMEOUT_MS);
});
