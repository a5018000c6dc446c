/**
 * The action repositories recorded in test/fixtures/github-actions/ (see its README and
 * scripts/record-action-fixtures.mjs), as seeds for the fake GitHub server: every real tag
 * with its commit, and the recorded files at the recorded commits.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeRepository } from './fake-github-server.js';

const FIXTURES = new URL('../fixtures/github-actions/', import.meta.url).pathname;

interface Recording {
  source: string;
  tags: Record<string, string>;
  files: Record<string, string[]>;
}

export function recordedActionRepository(fullName: string): FakeRepository & { tags: Record<string, string>; commits: Record<string, Record<string, string>> } {
  const directory = join(FIXTURES, fullName);
  const recording = JSON.parse(readFileSync(join(directory, 'repository.json'), 'utf8')) as Recording;
  const commits: Record<string, Record<string, string>> = {};
  for (const [commit, files] of Object.entries(recording.files)) {
    commits[commit] = Object.fromEntries(files.map((file) => [file, readFileSync(join(directory, 'commits', commit, file), 'utf8')]));
  }
  return { tags: recording.tags, commits };
}

export const RECORDED_ACTIONS = ['actions/checkout', 'actions/setup-node', 'actions/cache', 'actions/upload-artifact'] as const;

/** Commit a recorded tag names. */
export function recordedCommit(fullName: string, tag: string): string {
  const sha = recordedActionRepository(fullName).tags[tag];
  if (sha === undefined) throw new Error(`no recorded tag ${tag} in ${fullName}`);
  return sha;
}

/**
 * A reusable workflow repository that is SYNTHETIC (no real repository is recorded): two
 * releases of `.github/workflows/ci.yml`, where v2.0.0 makes a new input required.
 */
export const SYNTHETIC_WORKFLOW_REPOSITORY = 'acme-org/shared-workflows';
export const SYNTHETIC_WORKFLOW_COMMITS = { 'v1.0.0': '1'.repeat(40), 'v2.0.0': '2'.repeat(40) } as const;

export function syntheticWorkflowRepository(): FakeRepository {
  const workflow = (extraInput: string) =>
    [
      'name: shared ci',
      'on:',
      '  workflow_call:',
      '    inputs:',
      '      node-version:',
      '        description: Node.js version',
      '        required: false',
      "        default: '20'",
      extraInput,
      '    secrets:',
      '      npm-token:',
      '        required: false',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: npm test',
      '',
    ].join('\n');
  return {
    tags: { v1: SYNTHETIC_WORKFLOW_COMMITS['v1.0.0'], 'v1.0.0': SYNTHETIC_WORKFLOW_COMMITS['v1.0.0'], v2: SYNTHETIC_WORKFLOW_COMMITS['v2.0.0'], 'v2.0.0': SYNTHETIC_WORKFLOW_COMMITS['v2.0.0'] },
    commits: {
      [SYNTHETIC_WORKFLOW_COMMITS['v1.0.0']]: { '.github/workflows/ci.yml': workflow('') },
      [SYNTHETIC_WORKFLOW_COMMITS['v2.0.0']]: {
        '.github/workflows/ci.yml': workflow(['      coverage-threshold:', '        description: Minimum line coverage', '        required: true'].join('\n')),
      },
    },
    releases: [
      { tag_name: 'v2.0.0', body: '## Breaking changes\n- The workflow now requires the `coverage-threshold` input.' },
      { tag_name: 'v1.0.0', body: 'First release.' },
    ],
  };
}
