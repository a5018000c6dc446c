/**
 * The terminal rendering of the comment: same content, none of GitHub's escapes, nothing a
 * terminal would interpret.
 */
import { describe, expect, it } from 'vitest';
import { codeSpan, escapeInline, escapeInlineWithCode } from '../../src/report/markdown.js';
import { commentToPlainText, wantsColour } from '../../src/report/plain-text.js';
import { renderComment, type CommentOptions } from '../../src/report/comment.js';
import { analysedResult, normalOutcome } from './outcome-fixtures.js';

describe('commentToPlainText', () => {
  it('undoes Markdown escapes, entities, zero-width spaces and code fences, so copied names and URLs are real', () => {
    const markdown = [
      `| ${codeSpan('@types/node', { inTable: true })} | ${escapeInline('8.3.2 (1 evidence item) <b> @octocat #12', 200)} |`,
      `- [${escapeInline('CHANGELOG.md — 5.0.0', 80)}](https://github.com/expressjs/express/blob/v5.0.0/History.md)`,
      '<details><summary><code>express</code> <code>4.21.2</code> → <code>5.1.0</code> — high</summary>',
      '**Summary.** text',
      '</details>',
    ].join('\n');
    const plain = commentToPlainText(markdown);
    expect(plain).toContain('| @types/node | 8.3.2 (1 evidence item) <b> @octocat #12 |');
    expect(plain).toContain('- CHANGELOG.md — 5.0.0 <https://github.com/expressjs/express/blob/v5.0.0/History.md>');
    expect(plain).toContain('express 4.21.2 → 5.1.0 — high');
    expect(plain).toContain('Summary. text');
    expect(plain).not.toMatch(/[\u200b\\]|<details>|<summary>|<code>|\*\*/);
  });

  it('a whole rendered comment reads as plain text, table and all', () => {
    const outcome = normalOutcome({ results: [analysedResult({ name: '@scope/pkg', from: '1.0.0', to: '2.0.0', risk: 'high', reasons: ['HIGH_RISK'], findingSummary: 'Remove `legacy()` -- use `modern()`' })] });
    const plain = commentToPlainText(renderComment(outcome, { artifactNames: { manifest: 'version-analysis', trace: 'depverdict-trace' }, runUrl: null, now: new Date('2026-11-30T12:00:00Z') } as CommentOptions));
    expect(plain).toContain('@scope/pkg');
    expect(plain).toContain('1.0.0 → 2.0.0');
    expect(plain).not.toMatch(/[\u200b]|\\\.|<\/?details>|<!--/);
  });

  it('never passes a control character to the terminal', () => {
    expect(commentToPlainText('before\u001b]0;pwned\u0007after\u009b31m')).toBe('before]0;pwnedafter31m\n');
  });

  it('colours risk labels only when asked, and asks only on a TTY without NO_COLOR', () => {
    expect(commentToPlainText('| x | 🔴 high |', { colour: true })).toContain('\u001b[31m🔴 high\u001b[0m');
    expect(commentToPlainText('| x | 🔴 high |', { colour: false })).not.toContain('\u001b');
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
  });
});

describe('escaped backticks', () => {
  it('a finding that quotes code keeps its backticks and loses only the escapes', () => {
    const markdown = `- Breaking change (5.0.0): ${escapeInline("`res.status()` accepts only integers; `res.redirect('back')` is gone", 300)}`;
    expect(commentToPlainText(markdown)).toBe("- Breaking change (5.0.0): `res.status()` accepts only integers; `res.redirect('back')` is gone\n");
  });

  it('code a finding quotes keeps its backticks when rendered as code too; escapes and code are read as CommonMark reads them (review 18b)', () => {
    const markdown = `- Breaking change (5.0.0): ${escapeInlineWithCode("`res.status()` accepts only integers; `res.redirect('back')` is gone", 300)}`;
    expect(commentToPlainText(markdown)).toBe("- Breaking change (5.0.0): `res.status()` accepts only integers; `res.redirect('back')` is gone\n");
    // An escaped backslash before a span, and a backslash that ends a span.
    expect(commentToPlainText(`${escapeInlineWithCode('a\\`x` b', 100)}`)).toBe('a\\`x` b\n');
    expect(commentToPlainText('`foo\\` bar')).toBe('foo\\ bar\n');
    // The terminal's placeholders cannot be smuggled in from release text.
    expect(commentToPlainText(escapeInlineWithCode('x \ue0000\ue001 y `z`', 100))).toBe('x 0 y `z`\n');
  });
});
