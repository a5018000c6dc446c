import { parse, type ParserPlugin } from '@babel/parser';

/**
 * Parses one source file with Babel's parser (the project's parser for type declarations too),
 * choosing the grammar from the extension: TypeScript for .ts/.mts/.cts, TypeScript + JSX for
 * .tsx, JavaScript with JSX for the rest (plain .js often holds JSX in React projects). Vue and
 * Svelte files contribute their `<script>` blocks, each parsed on its own and placed at its line.
 * Error recovery is on, so one bad statement does not hide the imports above and below it; a
 * file that still cannot be parsed is reported, never guessed at.
 */

export type Program = { type: 'Program'; body: unknown[] };

export interface ParsedSource {
  /** One program per script block (one for ordinary files). */
  programs: Array<{ program: Program; lineOffset: number }>;
  /** Blocks that could not be parsed at all. */
  failures: number;
}

export const SOURCE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx', '.vue', '.svelte'] as const;

export function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash ? path.slice(dot).toLowerCase() : '';
}

export function isSourcePath(path: string): boolean {
  return (SOURCE_EXTENSIONS as readonly string[]).includes(extensionOf(path));
}

function pluginsFor(extension: string, lang: string | null): ParserPlugin[] {
  const typescript = lang === 'ts' || lang === 'tsx' || ['.ts', '.mts', '.cts', '.tsx'].includes(extension);
  if (!typescript) return ['jsx'];
  return extension === '.tsx' || lang === 'tsx' ? ['typescript', 'jsx'] : ['typescript'];
}

function parseProgram(text: string, plugins: ParserPlugin[]): Program | null {
  try {
    const file = parse(text, {
      sourceType: 'unambiguous',
      errorRecovery: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: true,
      allowUndeclaredExports: true,
      // Comments are never read here; attaching them to nodes costs about a fifth of the parse.
      attachComment: false,
      plugins,
    });
    return file.program as unknown as Program;
  } catch {
    // `.js` files written in TypeScript or with Flow annotations: one retry with the TS grammar.
    if (!plugins.includes('typescript')) return parseProgram(text, ['typescript', 'jsx']);
    return null;
  }
}

/**
 * `<script>` blocks of a single-file component, with their first line. The component's markup
 * is not parsed: only the blocks a bundler would compile as JavaScript or TypeScript.
 */
export function scriptBlocks(text: string): Array<{ code: string; lang: string | null; lineOffset: number }> {
  const blocks: Array<{ code: string; lang: string | null; lineOffset: number }> = [];
  const lower = text.toLowerCase();
  let position = 0;
  while (blocks.length < 8) {
    const open = lower.indexOf('<script', position);
    if (open < 0) break;
    const tagEnd = lower.indexOf('>', open);
    if (tagEnd < 0) break;
    const next = lower.charAt(open + 7);
    // `<scripts>` or `<script-x>` is another element.
    if (next !== '>' && next !== ' ' && next !== '\n' && next !== '\t' && next !== '\r') {
      position = open + 7;
      continue;
    }
    const close = lower.indexOf('</script', tagEnd);
    if (close < 0) break;
    const attributes = text.slice(open + 7, tagEnd);
    const lang = /\blang\s*=\s*["']?(tsx?|jsx?)\b/i.exec(attributes)?.[1]?.toLowerCase() ?? null;
    const code = text.slice(tagEnd + 1, close);
    let lineOffset = 0;
    for (let index = text.indexOf('\n'); index >= 0 && index <= tagEnd; index = text.indexOf('\n', index + 1)) lineOffset += 1;
    blocks.push({ code, lang, lineOffset });
    position = close + 8;
  }
  return blocks;
}

export function parseSource(path: string, text: string): ParsedSource {
  const extension = extensionOf(path);
  const result: ParsedSource = { programs: [], failures: 0 };
  if (extension === '.vue' || extension === '.svelte') {
    for (const block of scriptBlocks(text)) {
      const program = parseProgram(block.code, pluginsFor(extension, block.lang));
      if (program === null) result.failures += 1;
      else result.programs.push({ program, lineOffset: block.lineOffset });
    }
    return result;
  }
  const program = parseProgram(text, pluginsFor(extension, null));
  if (program === null) result.failures += 1;
  else result.programs.push({ program, lineOffset: 0 });
  return result;
}
