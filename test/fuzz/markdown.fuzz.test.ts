/**
 * Property tests for the Markdown escaper, judged the way GitHub would show the result: the
 * whole comment, with one arbitrary string in every field that carries untrusted text, goes
 * through a real GFM renderer (marked). For any string: no raw HTML but the comment's own tags,
 * no link that is not ours, no live @mention or issue reference, balanced <details>, and tables
 * whose rows all have the header's width.
 */
import fc from 'fast-check';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { renderComment, renderJobSummary, type CommentOptions } from '../../src/report/comment.js';
import { codeSpan, escapeInline } from '../../src/report/markdown.js';
import { hostileResult, normalOutcome } from '../report/outcome-fixtures.js';
import { FUZZ_TIMEOUT_MS, fuzzParameters, hostileText } from './fuzz-settings.js';

const ALLOWED_TAGS = new Set(['details', 'summary', 'code', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'h3', 'br', 'hr', 'sub', 'blockquote', 'pre']);
const RUN_URL = 'https://github.com/octo/app/actions/runs/77';
const OPTIONS: CommentOptions = { artifactNames: { manifest: 'version-analysis', trace: 'depverdict-trace' }, runUrl: RUN_URL, now: new Date('2026-11-30T12:00:00.000Z') };

/** Markdown syntax, HTML, mentions, references and URLs, mixed with arbitrary text. */
const markdownHostile = fc
  .array(
    fc.oneof(
      hostileText(60),
      fc.constantFrom('<img src=x onerror=alert(1)>', '<script>', '</details>', '<details open>', '<summary>', '[x](https://evil.example/p)', '<https://evil.example>', 'https://evil.example/x', 'www.evil.example', '@octocat', '@org/team', '#12', 'org/repo#3', 'GH-4', '| a | b |', '\n| --- |\n', '![i](https://evil.example/i.png)', '&lt;b&gt;', '&#x3C;script&#x3E;', '`', '``', '\\', '<!--', '-->', '\u202e', '\u2028', '***', '~~', '$x$', '[^1]', '[ref]: https://evil.example'),
    ),
    { maxLength: 8 },
  )
  .map((pieces) => pieces.join(''));


function textOutsideCode(html: string): string {
  return html.replace(/<code>[\s\S]*?<\/code>/g, '').replace(/<[^>]+>/g, ' ');
}

/** The four promises, on rendered HTML; `allowedUrls` are the only link targets that may appear. */
function expectInert(html: string, allowedUrls: ReadonlySet<string>): void {
  const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => match[1]!.toLowerCase()));
  expect([...tags].filter((tag) => !ALLOWED_TAGS.has(tag))).toEqual([]);
  const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  expect(hrefs.filter((href) => !allowedUrls.has(href))).toEqual([]);
  const text = textOutsideCode(html);
  expect(text).not.toMatch(/(^|[^\w\u200b])@[A-Za-z0-9]/);
  expect(text).not.toMatch(/(^|[\s(])#\d/);
  expect(text).not.toMatch(/\bGH-\d/);
  expect(html.match(/<details>/g)?.length ?? 0).toBe(html.match(/<\/details>/g)?.length ?? 0);
  for (const table of html.match(/<table>[\s\S]*?<\/table>/g) ?? []) {
    const widths = (table.match(/<tr>[\s\S]*?<\/tr>/g) ?? []).map((row) => (row.match(/<t[hd][ >]/g) ?? []).length);
    expect(new Set(widths).size).toBe(1);
  }
}

const render = (markdown: string): string => marked.parse(markdown, { gfm: true, async: false });

describe('the Markdown escaper under arbitrary strings', () => {
  it('the whole comment and job summary stay inert with the string in every untrusted field', () => {
    fc.assert(
      fc.property(markdownHostile, (text) => {
        const results = [hostileResult(text, 0), hostileResult(text.split('').reverse().join(''), 1)];
        const allowed = new Set([RUN_URL, ...results.flatMap((result) => result.evidence.map((item) => item.sourceUrl))]);
        const outcome = normalOutcome({ results });
        expectInert(render(renderComment(outcome, OPTIONS)), allowed);
        expectInert(render(renderJobSummary(outcome, OPTIONS)), allowed);
      }),
      fuzzParameters(40),
    );
  }, FUZZ_TIMEOUT_MS);

  it('escapeInline and codeSpan stay one inert cell inside a table row', () => {
    fc.assert(
      fc.property(markdownHostile, (text) => {
        const html = render(`| a | b |\n|---|---|\n| ${escapeInline(text, 200)} | ${codeSpan(text, { inTable: true })} |\n\nafter ${escapeInline(text, 200)}\n`);
        expectInert(html, new Set());
      }),
      // The first case is a regression: `\|` in a table code span used to end the span and the cell.
      { ...fuzzParameters(300), examples: [['x\\|y <https://evil.example> @octocat']] },
    );
  }, FUZZ_TIMEOUT_MS);
});
