/**
 * The comment as GitHub would render it: comment.md goes through a real GitHub-flavoured
 * Markdown renderer (marked, GFM on) with hostile text in every field that carries untrusted
 * data. Whatever the input: no raw HTML but our own tags, no link that is not ours, no
 * mention or issue reference left linkable, `<details>` balanced, tables intact.
 */
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../src/analysis/types.js';
import { renderComment, type CommentOptions } from '../../src/report/comment.js';
import { hostileResult, normalOutcome } from './outcome-fixtures.js';

const HOSTILE: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '</details></summary><details open><summary>fake',
  '[click me](https://evil.example/phish)',
  'see https://evil.example/x and www.evil.example',
  '<https://evil.example/auto>',
  'ping @octocat and @github/security-team',
  'fixes #1, octo/app#2 and GH-3',
  '| broken | table |\n| --- | --- |',
  'line one\n\n| x | y |\n\n# heading',
  '```\ncode fence\n```',
  '&lt;script&gt; &amp; &#x3C;b&#x3E;',
  '\u202etxet desrever\u202c and zero\u200bwidth',
  '<!-- hidden --> text',
  '![tracker](https://evil.example/pixel.png)',
  '`code` with ``double`` ticks and a lone `',
  '*emphasis* _and_ ~~strike~~ $math$',
];

const ALLOWED_TAGS = new Set(['details', 'summary', 'code', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'h3', 'br', 'hr', 'sub', 'blockquote', 'pre']);
const OUR_URLS = ['https://github.com/octo/app/actions/runs/77'];

const OPTIONS: CommentOptions = {
  artifactNames: { manifest: 'version-analysis', trace: 'depverdict-trace' },
  runUrl: 'https://github.com/octo/app/actions/runs/77',
  now: new Date('2026-11-30T12:00:00.000Z'),
};


function render(results: AnalysisResult[]): string {
  return marked.parse(renderComment(normalOutcome({ results }), OPTIONS), { gfm: true, async: false });
}

/** Text outside code elements: where GitHub would look for mentions and references. */
function textOutsideCode(html: string): string {
  return html.replace(/<code>[\s\S]*?<\/code>/g, '').replace(/<[^>]+>/g, ' ');
}

describe('comment.md through a GitHub-flavoured Markdown renderer', () => {
  const results = HOSTILE.map(hostileResult);
  const html = render(results);

  it('has no raw HTML but the tags the comment itself uses', () => {
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => match[1]!.toLowerCase()));
    expect([...tags].filter((tag) => !ALLOWED_TAGS.has(tag))).toEqual([]);
    // Escaped, such text is inert data (&lt;img … onerror…&gt; inside a code span); raw, it would be a tag.
    expect(html).not.toMatch(/<script|<img/i);
  });

  it('links only to evidence URLs and the run, never to text from a changelog', () => {
    const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    const allowed = new Set([...OUR_URLS, ...results.flatMap((result) => result.evidence.map((item) => item.sourceUrl))]);
    expect(hrefs.filter((href) => !allowed.has(href))).toEqual([]);
    expect(html).not.toContain('evil.example/phish"');
  });

  it('leaves no mention or issue reference GitHub would link', () => {
    const text = textOutsideCode(html);
    expect(text).not.toMatch(/(^|[^\w\u200b])@[A-Za-z0-9]/);
    expect(text).not.toMatch(/(^|[\s(])#\d/);
    expect(text).not.toMatch(/\bGH-\d/);
  });

  it('balances <details> and keeps every table row at the header width', () => {
    expect(html.match(/<details>/g)?.length).toBe(html.match(/<\/details>/g)?.length);
    for (const table of html.match(/<table>[\s\S]*?<\/table>/g) ?? []) {
      const rows = table.match(/<tr>[\s\S]*?<\/tr>/g) ?? [];
      const widths = rows.map((row) => (row.match(/<t[hd][ >]/g) ?? []).length);
      expect(new Set(widths).size, table.slice(0, 200)).toBe(1);
    }
  });
});
