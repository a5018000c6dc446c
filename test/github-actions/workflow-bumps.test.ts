import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { isAnalysable } from '../../src/bumps/types.js';
import { parseActionReference, versionInComment } from '../../src/ecosystems/github-actions/action-reference.js';
import { createInMemoryFileSource } from '../bumps/in-memory-file-source.js';
import { recordedCommit } from '../fakes/recorded-actions.js';
import { actionsPullRequestFiles } from './actions-pull-request.js';

const SETUP_NODE_4_4_0 = recordedCommit('actions/setup-node', 'v4.4.0');

function workflow(steps: string[], jobUses?: string): string {
  return ['on: push', 'jobs:', '  build:', '    runs-on: ubuntu-latest', '    steps:', ...steps.map((step) => `      - ${step}`), ...(jobUses ? ['  call:', `    uses: ${jobUses}`] : []), ''].join('\n');
}

describe('uses: references', () => {
  it('reads tags, SHA pins with Dependabot and Renovate comments, paths and reusable workflows', () => {
    expect(parseActionReference('actions/checkout@v4', undefined, 'step')).toMatchObject({ kind: 'action', name: 'actions/checkout', ref: 'v4', refKind: 'version' });
    expect(parseActionReference(`actions/setup-node@${SETUP_NODE_4_4_0}`, ' v4.4.0', 'step')).toMatchObject({ refKind: 'sha', commentVersion: 'v4.4.0' });
    expect(parseActionReference('github/codeql-action/init@v3', undefined, 'step')).toMatchObject({ name: 'github/codeql-action/init', path: 'init' });
    expect(parseActionReference('org/wf/.github/workflows/ci.yml@v1', undefined, 'job')).toMatchObject({ kind: 'reusableWorkflow', name: 'org/wf/.github/workflows/ci.yml' });
    expect(parseActionReference('docker://alpine:3.20', undefined, 'step')).toEqual({ kind: 'docker' });
    expect(parseActionReference('./.github/actions/lint', undefined, 'step')).toEqual({ kind: 'local' });
    expect(parseActionReference('${{ matrix.action }}@v1', undefined, 'step')).toMatchObject({ kind: 'unusable' });
    expect(parseActionReference('actions/checkout@main', undefined, 'step')).toMatchObject({ refKind: 'other' });
    expect(parseActionReference('../../etc@v1', undefined, 'step')).toMatchObject({ kind: 'unusable' });
    expect(versionInComment(' tag=v4.1.1')).toBe('v4.1.1');
    expect(versionInComment(' renovate: tag=v4.1.1')).toBe('v4.1.1');
    expect(versionInComment(' pin @v2.0.0')).toBe('v2.0.0');
    expect(versionInComment(' pinned for safety')).toBeNull();
  });
});

describe('detecting GitHub Actions bumps', () => {
  it('finds every bump of a grouped Dependabot PR with its refs, pins and lines, and no npm files at all', async () => {
    const { base, head } = actionsPullRequestFiles();
    const { bumps, warnings } = await detectBumps(createInMemoryFileSource(base, head));
    expect(warnings).toEqual([]);
    expect(bumps.map((bump) => [bump.ecosystem, bump.name, bump.from, bump.to, bump.semverClass, bump.dependencyTypes])).toEqual([
      ['github-actions', 'acme-org/shared-workflows/.github/workflows/ci.yml', 'v1', 'v2', 'major', ['reusableWorkflow']],
      ['github-actions', 'actions/cache', 'v4.2.0', 'v4.2.3', 'patch', ['action']],
      ['github-actions', 'actions/checkout', 'v4', 'v5', 'major', ['action']],
      ['github-actions', 'actions/setup-node', 'v4.0.2', 'v4.4.0', 'minor', ['action']],
    ]);
    expect(bumps.every(isAnalysable)).toBe(true);
    const checkout = bumps.find((bump) => bump.name === 'actions/checkout')!;
    // One analysis for the same action, from and to, wherever it occurs.
    expect(checkout.manifests).toEqual(['.github/actions/lint/action.yml', '.github/workflows/ci.yml']);
    expect(checkout.action).toEqual({ fromRef: 'v4', toRef: 'v5', fromPinned: false, toPinned: false, locations: ['.github/actions/lint/action.yml:6', '.github/workflows/ci.yml:8'] });
    const setupNode = bumps.find((bump) => bump.name === 'actions/setup-node')!;
    expect(setupNode.action).toMatchObject({ fromPinned: true, toPinned: true, toRef: SETUP_NODE_4_4_0, locations: ['.github/workflows/ci.yml:9'] });
    expect(setupNode.toSpec).toBe(SETUP_NODE_4_4_0);
  });

  it('says what it could not read and still reports the other bumps', async () => {
    const base = {
      '.github/workflows/a.yml': workflow(['uses: actions/checkout@v4', 'uses: ${{ matrix.action }}', 'uses: org/tool@main', `uses: actions/setup-node@${'a'.repeat(40)} # pinned`]),
      '.github/workflows/broken.yml': workflow(['uses: actions/cache@v3']),
    };
    const head = {
      '.github/workflows/a.yml': workflow(['uses: actions/checkout@v5', 'uses: ${{ matrix.action }}', 'uses: org/tool@develop', `uses: actions/setup-node@${'b'.repeat(40)} # pinned`]),
      '.github/workflows/broken.yml': 'jobs:\n  build: [unclosed\n',
    };
    const { bumps, warnings } = await detectBumps(createInMemoryFileSource(base, head));
    expect(bumps.filter(isAnalysable).map((bump) => `${bump.name} ${bump.from} → ${bump.to}`)).toEqual(['actions/checkout v4 → v5']);
    // A branch and a SHA without a version are listed, not analysed.
    expect(bumps.filter((bump) => !isAnalysable(bump)).map((bump) => bump.name).sort()).toEqual(['actions/setup-node', 'org/tool']);
    expect(warnings.map((warning) => [warning.code, warning.subject])).toEqual(
      expect.arrayContaining([
        ['WORKFLOW_UNPARSEABLE', '.github/workflows/broken.yml'],
        ['ACTION_REFERENCE_UNUSABLE', '.github/workflows/a.yml:7'],
        ['ACTION_REFERENCE_UNUSABLE', 'org/tool@develop'],
        ['ACTION_REFERENCE_UNUSABLE', `actions/setup-node@${'b'.repeat(40)}`],
      ]),
    );
    expect(warnings.find((warning) => warning.subject.startsWith('actions/setup-node'))?.message).toMatch(/comment that names no version/);
    expect(warnings.find((warning) => warning.subject === '.github/workflows/a.yml:7')?.message).toMatch(/expression/);
  });

  it('ignores docker images, local actions, unchanged refs and files outside .github/workflows', async () => {
    const base = {
      '.github/workflows/a.yml': workflow(['uses: docker://alpine:3.19', 'uses: ./local', 'uses: actions/checkout@v4']),
      '.github/workflows/nested/b.yml': workflow(['uses: actions/cache@v3']),
      'docs/example.yml': workflow(['uses: actions/cache@v3']),
    };
    const head = {
      '.github/workflows/a.yml': workflow(['uses: docker://alpine:3.20', 'uses: ./local', 'uses: actions/checkout@v4', 'run: echo hi']),
      '.github/workflows/nested/b.yml': workflow(['uses: actions/cache@v4']),
      'docs/example.yml': workflow(['uses: actions/cache@v4']),
    };
    const { bumps, warnings } = await detectBumps(createInMemoryFileSource(base, head));
    expect(bumps).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
