import { describe, expect, it } from 'vitest';
import { parseCliArguments, UsageError } from '../../src/cli/arguments.js';

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

  it('answers --help and --version without a command', () => {
    expect(parseCliArguments(['--help']).command).toBe('help');
    expect(parseCliArguments(['-v']).command).toBe('version');
  });

  it.each([
    [[], /Give a command/],
    [['deploy'], /Unknown command "deploy"/],
    [['analyze'], /Give --base REF and --head REF/],
    [['analyze', '--base', 'a'], /Give --base REF and --head REF/],
    [['analyze', '--sample', '--base', 'a', '--head', 'b'], /Use one of --sample/],
    [['analyze', '--base-dir', 'a'], /--base-dir and --head-dir go together/],
    [['analyze', '--sample', '--fail-on', 'sometimes'], /--fail-on must be one of never, high-risk, review \(got "sometimes"\)/],
    [['conformance'], /conformance needs --profile/],
    [['analyze', '--sample', '--repo', '/tmp'], /--repo goes with --base\/--head/],
    [['analyze', '--sample', '--colour'], /Unknown option '--colour'/],
  ])('rejects %j with a message saying what to do', (argv, message) => {
    expect(() => parseCliArguments(argv as string[])).toThrow(UsageError);
    expect(() => parseCliArguments(argv as string[])).toThrow(message);
  });
});
