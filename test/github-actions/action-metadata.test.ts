import { describe, expect, it } from 'vitest';
import { diffActionInterfaces, parseActionMetadata, parseReusableWorkflowInterface } from '../../src/ecosystems/github-actions/action-metadata.js';
import { resolveVersion } from '../../src/ecosystems/github-actions/versions.js';
import { recordedActionRepository, recordedCommit } from '../fakes/recorded-actions.js';

const recordedActionYml = (repository: string, tag: string): string => recordedActionRepository(repository).commits[recordedCommit(repository, tag)]!['action.yml']!;

describe('action.yml interface diffs (recorded action.yml files)', () => {
  it('actions/checkout v4 → v5 changes only runs.using, node20 → node24', () => {
    const changes = diffActionInterfaces(parseActionMetadata(recordedActionYml('actions/checkout', 'v4'), 'action.yml'), parseActionMetadata(recordedActionYml('actions/checkout', 'v5'), 'action.yml'));
    expect(changes.map((change) => [change.kind, change.names])).toEqual([['runs-using', ['node20', 'node24']]]);
    expect(changes[0]!.sentence).toMatch(/self-hosted runners and GitHub Enterprise Server/);
  });

  it('actions/upload-artifact going back from v4 to v3 loses outputs and inputs, and its runtime', () => {
    const v3 = parseActionMetadata(recordedActionYml('actions/upload-artifact', 'v3'), 'action.yml');
    const v4 = parseActionMetadata(recordedActionYml('actions/upload-artifact', 'v4'), 'action.yml');
    const changes = diffActionInterfaces(v4, v3);
    expect(changes.find((change) => change.kind === 'outputs-removed')?.names).toEqual(expect.arrayContaining(['artifact-id', 'artifact-url']));
    expect(changes.find((change) => change.kind === 'inputs-removed')?.names).toEqual(expect.arrayContaining(['compression-level', 'overwrite']));
    expect(changes.find((change) => change.kind === 'runs-using')?.names).toEqual(['node20', 'node16']);
  });

  it('finds renamed, newly required and deprecated inputs, and new required secrets of a reusable workflow', () => {
    const before = parseActionMetadata('inputs:\n  token:\n    description: The token\n  path:\n    description: Where\nruns:\n  using: composite\n  steps: []\n', 'action.yml');
    const after = parseActionMetadata(
      "inputs:\n  github-token:\n    description: The token\n  path:\n    description: Where (deprecated, use dir)\n  dir:\n    required: true\nruns:\n  using: composite\n  steps: []\n",
      'action.yml',
    );
    expect(diffActionInterfaces(before, after).map((change) => [change.kind, change.names])).toEqual([
      ['inputs-renamed', ['token', 'github-token']],
      ['inputs-now-required', ['dir']],
      ['inputs-deprecated', ['path']],
    ]);
    const workflow = (secret: string) => `on:\n  workflow_call:\n    secrets:\n      deploy-key:\n        required: ${secret}\njobs: {}\n`;
    expect(diffActionInterfaces(parseReusableWorkflowInterface(workflow('false'), 'ci.yml'), parseReusableWorkflowInterface(workflow('true'), 'ci.yml')).map((change) => change.kind)).toEqual(['secrets-now-required']);
    expect(() => parseActionMetadata('inputs: [unclosed', 'action.yml')).toThrow(/not valid YAML/);
  });
});

describe('resolving refs through the recorded tags', () => {
  const tags = new Map(Object.entries(recordedActionRepository('actions/checkout').tags));
  it('reads a moving tag as the release on its commit, and a SHA pin as the release that commit is', () => {
    expect(resolveVersion('v4', null, tags)).toMatchObject({ version: '4.4.0', basis: 'commit' });
    expect(resolveVersion('v4.2.2', null, tags)).toMatchObject({ version: '4.2.2', basis: 'exact' });
    expect(resolveVersion('v4.2.2', recordedCommit('actions/checkout', 'v4.2.2'), tags)).toMatchObject({ version: '4.2.2', basis: 'commit' });
    expect(resolveVersion('v4.2.1', recordedCommit('actions/checkout', 'v4.2.2'), tags)).toMatchObject({ version: null, basis: 'none' });
  });
});
