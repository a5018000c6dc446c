import { describe, expect, it } from 'vitest';
import { codeSpan, escapeHtmlText, escapeInline, escapeInlineWithCode, safeLink } from '../../src/report/markdown.js';

/** Drops the zero-width spaces the escaper inserts, to look at what a reader sees. */
const visible = (text: string): string => text.replace(/\u200b/g, '');

describe('escapeInline', () => {
  it('renders HTML inert', () => {
    const out = escapeInline('<script>alert(1)</script> & <b>bold</b>', 200);
    expect(out).not.toMatch(/<|>/);
    expect(out).toContain('&lt;script&gt;');
    expect(out).toContain('&amp;');
  });

  it('removes images, Markdown and HTML', () => {
    const out = escapeInline('see ![tracker](https://evil.example/pixel.png) and <img src="https://evil.example/x.png">', 200);
    expect(out).not.toContain('evil.example/pixel');
    expect(out).not.toMatch(/<img/i);
    expect(out).not.toContain('![');
  });

  it('renders the text\'s own code spans as code, and escapes everything around them (review 18)', () => {
    expect(escapeInlineWithCode('`res.status()` accepts only integers, thanks @octocat (#12)', 200)).toBe('`` res.status() `` accepts only integers, thanks @\u200Boctocat \\(\\#\u200B12\\)');
    // Inside code nothing is live on GitHub; outside, brackets and links stay escaped.
    expect(escapeInlineWithCode('see [x](https://evil.example) and `[y](https://evil.example)`', 200)).toBe('see \\[x\\]\\(https:/\u200B/evil\\.example\\) and `` [y](https://evil.example) ``');
    // A double-backtick span holds a backtick; an unmatched run stays literal and later spans still open.
    expect(escapeInlineWithCode('``a`b`` then ``` alone and `c`', 200)).toBe('`` a`b `` then \\`\\`\\` alone and `` c ``');
    // A span cannot be closed early by its own text, and HTML in it stays text.
    expect(escapeInlineWithCode('`<script>alert(1)</script>`', 200)).toBe('`` <script>alert(1)</script> ``');
    expect(escapeInlineWithCode('no code here: 5.0.0', 200)).toBe(escapeInline('no code here: 5.0.0', 200));
  });

  it('redacts secrets and bounds the length inside code spans too', () => {
    const token = `ghp_${'a'.repeat(36)}`;
    expect(escapeInlineWithCode(`use \`${token}\` here`, 200)).not.toContain(token);
    expect(Array.from(escapeInlineWithCode(`\`${'x'.repeat(500)}\``, 100)).length).toBeLessThanOrEqual(110);
  });

  it('keeps image syntax inside a code span as code, and still drops images between spans', () => {
    expect(escapeInlineWithCode('Support `![alt](src)` in links', 200)).toBe('Support `` ![alt](src) `` in links');
    expect(escapeInlineWithCode('see ![logo](https://evil.example/x.png) and <img src=x> `a`', 200)).toBe('see logo and `` a ``');
    expect(escapeInlineWithCode('![x](javascript:alert(1)) then `code`', 200)).toBe('x then `` code ``');
  });

  it('removes an image whose destination holds parentheses whole, leaving no stray parenthesis', () => {
    expect(escapeInline('before ![x](javascript:alert(1)) after', 200)).toBe('before x after');
    expect(escapeInline('![logo](https://evil.example/a_(b).png)', 200)).toBe('logo');
  });

  it('breaks @mentions, issue references and cross-repo references', () => {
    const out = escapeInline('thanks @octocat and @org/team, fixes #123, GH-45 and octo/repo#9', 200);
    expect(out).not.toMatch(/@[a-z]/i);
    expect(out).not.toMatch(/#\d/);
    expect(out).not.toMatch(/GH-\d/);
    expect(visible(out)).toContain('@octocat');
  });

  it('keeps a table cell intact: pipes escaped, newlines removed', () => {
    const out = escapeInline('a | b\n| --- |\nc\r\nd', 200);
    expect(out).not.toMatch(/\n|\r/);
    expect(out).not.toMatch(/(^|[^\\])\|/);
  });

  it('cannot form a link, even a javascript: one', () => {
    const out = escapeInline('[click me](javascript:alert(1)) and https://evil.example and www.evil.example', 200);
    expect(out).not.toMatch(/(^|[^\\])\[/);
    expect(out).not.toMatch(/(^|[^\\])\(/);
    expect(out).not.toContain('https://');
    expect(out).not.toMatch(/www\./);
  });

  it('drops control and bidi override characters', () => {
    const out = escapeInline('safe\u202Eevil\u2066x\u0007y\u200bz', 200);
    expect(out).toBe('safeevilxyz');
  });

  it('bounds a 200 KB line with an ellipsis', () => {
    const out = escapeInline('a'.repeat(200_000), 500);
    expect(out.length).toBe(500);
    expect(out.endsWith('…')).toBe(true);
  });

  it('never splits a surrogate pair at the bound', () => {
    const out = escapeInline('😀'.repeat(10), 5);
    expect(Array.from(out)).toHaveLength(5);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('escapeHtmlText', () => {
  it('escapes HTML without backslashes (Markdown is not parsed in HTML blocks)', () => {
    expect(escapeHtmlText('<b>x</b> & @user', 100)).toBe('&lt;b&gt;x&lt;/b&gt; &amp; @\u200buser');
  });
});

describe('codeSpan', () => {
  it('cannot be closed early by backticks in the text', () => {
    expect(codeSpan('1.0.0`<b>')).toBe('`` 1.0.0`<b> ``');
    expect(codeSpan('a``b')).toBe('``` a``b ```');
  });

  it('escapes pipes in table cells and removes newlines', () => {
    expect(codeSpan('^1 || ^2\nx', { inTable: true })).toBe('`^1 \\|\\| ^2 x`');
    expect(codeSpan('^1 || ^2')).toBe('`^1 || ^2`');
  });
});

describe('safeLink', () => {
  it('links only https URLs the caller allows', () => {
    const allowed = new Set(['https://www.npmjs.com/package/express']);
    expect(safeLink('evidence', 'https://www.npmjs.com/package/express', allowed)).toBe('[evidence](https://www.npmjs.com/package/express)');
    expect(safeLink('evidence', 'https://evil.example/', allowed)).toBe('evidence');
    expect(safeLink('x', 'javascript:alert(1)')).toBe('x');
    expect(safeLink('x', 'http://example.com/')).toBe('x');
    expect(safeLink('x', 'https://user:pass@example.com/')).toBe('x');
  });

  it('percent-encodes characters that would end the link early', () => {
    expect(safeLink('x', 'https://example.com/a)b(c')).toBe('[x](https://example.com/a%29b%28c)');
  });
});
