import { describe, expect, it, vi } from 'vitest';
import { parseCliArguments, UsageError } from '../../src/cli/arguments.js';
import { main } from '../../src/cli/main.js';

describe('CLI arguments', () => {
  it('parses analyze on git refs with defaults', () => {
    expect(parseCliArguments(['analyze', '--repo', '/tmp/x', '--base', 'main', '--head', 'HEAD'])).toMatchObject({
      command: 'analyze',
      repo: '/tmp/x',
      base: 'main',
      head: 'HEAD',
      profile: 'extractive',
      out: 'depverdict-out',
      failOn: 'never',
      npmRegistry: 'https://registry.npmjs.org',
    });
  });

  it('accepts the sample, directory pairs and conformance', () => {
    expect(parseCliArguments(['analyze', '--sample']).sample).toBe(true);
    expect(parseCliArguments(['context', '--base-dir', 'a', '--head-dir', 'b'])).toMatchObject({ command: 'context', baseDir: 'a', headDir: 'b' });
    expect(parseCliArguments(['conformance', '--profile', 'openai', '--out', 'r'])).toMatchObject({ command: 'conformance', profile: 'openai', out: 'r' });
  });

  it('refuses an --npm-registry that can never be used, naming the option and never echoing credentials (review 18)', async () => {
    const refused = async (value: string) => {
      const stderr: string[] = [];
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        stderr.push(String(chunk));
        return true;
      });
      const code = await main(['analyze', '--base-dir', 'a', '--head-dir', 'b', '--npm-registry', value], {});
      vi.restoreAllMocks();
      expect(code).toBe(1);
      return stderr.join('');
    };
    expect(await refused('notaurl')).toMatch(/^depverdict: --npm-registry: The registry URL is not a valid URL; set it to an https URL/);
    expect(await refused('ftp://mirror.example')).toMatch(/^depverdict: --npm-registry: .*use https/);
    const withCredentials = await refused('https://user:s3cret@mirror.example');
    expect(withCredentials).toMatch(/must not contain credentials/);
    expect(withCredentials).not.toContain('s3cret');
  });

  it('answers --help and --version without a command', () => {
    expect(parseCliArguments(['--help']).command).toBe('help');
    expect(parseCliArguments(['-v']).command).toBe('version');
  });

  it.each([
    [[], /Give a command/],
    [['deploy'], /^Unknown command "deploy"\. Use "analyze"/],
    [['analyze'], /Give --base REF and --head REF/],
    [['analyze', '--base', 'a'], /Give --base REF and --head REF/],
    [['analyze', '--sample', '--base', 'a', '--head', 'b'], /Use one of --sample/],
    [['analyze', '--base-dir', 'a'], /--base-dir and --head-dir go together/],
    [['analyze', '--sample', '--fail-on', 'sometimes'], /--fail-on must be one of never, high-risk, review \(got "sometimes"\)/],
    [['conformance'], /conformance needs --profile/],
    [['analyze', '--sample', '--repo', '/tmp'], /--repo goes with --base\/--head/],
    [['analyze', '--sample', '--colour'], /^unknown option --colour$/],
    [['analyze', '--sample', '--registry-snapshot', '/tmp'], /--sample reads its own recorded registry; leave out --registry-snapshot/],
  ])('rejects %j with a message saying what to do', (argv, message) => {
    expect(() => parseCliArguments(argv as string[])).toThrow(UsageError);
    expect(() => parseCliArguments(argv as string[])).toThrow(message);
  });

  describe('mistyped options', () => {
    const messageOf = (argv: string[]): string => {
      try {
        parseCliArguments(argv);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`expected ${JSON.stringify(argv)} to be refused`);
    };

    it.each([
      [['analyze', '--bogus'], 'unknown option --bogus'],
      [['context', '--bogus'], 'unknown option --bogus'],
      [['conformance', '--profile', 'openai', '--bogus'], 'unknown option --bogus'],
      [['--bogus'], 'unknown option --bogus'],
      [['analyze', '-x'], 'unknown option -x'],
    ])('%j says "unknown option" in plain words, without parser jargon', (argv, message) => {
      const text = messageOf(argv);
      expect(text).toBe(message);
      expect(text).not.toMatch(/positional|'--|"--/);
    });

    it.each([
      [['analyze', '--sample', '--profil', 'openai'], 'unknown option --profil; did you mean --profile?'],
      [['analyze', '--sample', '--prfoile', 'openai'], 'unknown option --prfoile; did you mean --profile?'],
      [['analyze', '--sample', '--output-dir', 'x'], 'unknown option --output-dir; did you mean --out?'],
      [['analyze', '--sample', '--api-key', 'x'], 'unknown option --api-key; did you mean --api-key-env?'],
      [['context', '--sampel'], 'unknown option --sampel; did you mean --sample?'],
      [['conformance', '--profile', 'openai', '--qiet'], 'unknown option --qiet; did you mean --quiet?'],
    ])('%j suggests the nearest option the command takes', (argv, message) => {
      expect(messageOf(argv)).toBe(message);
    });

    it('suggests the nearest command', () => {
      expect(messageOf(['analyse', '--sample'])).toMatch(/^Unknown command "analyse"; did you mean "analyze"\?/);
    });

    it('refuses an option the command would ignore, listing what it takes', () => {
      expect(messageOf(['conformance', '--profile', 'openai', '--fail-on', 'review'])).toBe(
        '--fail-on is not an option of conformance; conformance takes --profile, --out, --api-key-env, --quiet, --format',
      );
      expect(messageOf(['context', '--sample', '--profile', 'openai'])).toMatch(/^--profile is not an option of context; context takes --repo, /);
    });

    it('says which option lacks a value and which takes none', () => {
      expect(messageOf(['analyze', '--sample', '--out'])).toBe('--out needs a value: --out DIR');
      expect(messageOf(['analyze', '--sample', '--profile', '--quiet'])).toMatch(/^--profile needs a value, but is followed by --quiet/);
      expect(messageOf(['analyze', '--sample=yes'])).toBe('--sample takes no value (got --sample=yes)');
      // A negative number is out of range, not a missing value (review 18).
      expect(messageOf(['eval', '--dataset', 'npm-labelled', '--profile', 'extractive', '--limit', '-1'])).toBe('--limit must be a whole number from 1 to 999999 (got "-1").');
    });
  });

  it('main prints the message and points to --help, for every command', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      for (const command of ['analyze', 'context', 'conformance']) {
        written.length = 0;
        expect(await main([command, '--bogus'], {})).toBe(1);
        expect(written.join('')).toBe('depverdict: unknown option --bogus\nRun "depverdict --help" for usage.\n');
      }
    } finally {
      spy.mockRestore();
    }
  });
});

describe('--format', () => {
  it('defaults to text, accepts markdown, refuses anything else by name', () => {
    expect(parseCliArguments(['analyze', '--sample']).format).toBe('text');
    expect(parseCliArguments(['analyze', '--sample', '--format', 'markdown']).format).toBe('markdown');
    expect(() => parseCliArguments(['analyze', '--sample', '--format', 'html'])).toThrow('--format must be one of text, markdown (got "html").');
  });
});

describe('--no-github', () => {
  it('is off by default and taken by analyze and context only', () => {
    expect(parseCliArguments(['analyze', '--sample']).noGitHub).toBe(false);
    expect(parseCliArguments(['context', '--sample', '--no-github']).noGitHub).toBe(true);
    expect(() => parseCliArguments(['conformance', '--profile', 'openai', '--no-github'])).toThrow(UsageError);
  });
});
