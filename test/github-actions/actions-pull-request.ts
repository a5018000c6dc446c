/**
 * A grouped Dependabot `github-actions` pull request, as files at base and head: checkout by
 * tag (v4 → v5), setup-node pinned to a commit SHA with a version comment, cache by exact tag,
 * and a reusable workflow; plus a composite action using checkout, a docker step and a local
 * action that are not action bumps. The SHAs are the real commits of the recorded tags.
 */
import { recordedCommit, SYNTHETIC_WORKFLOW_REPOSITORY } from '../fakes/recorded-actions.js';

export function actionsPullRequestFiles(options: { headSetupNodeComment?: string } = {}): { base: Record<string, string>; head: Record<string, string> } {
  const setupNodeBase = recordedCommit('actions/setup-node', 'v4.0.2');
  const setupNodeHead = recordedCommit('actions/setup-node', 'v4.4.0');
  const workflow = (side: 'base' | 'head') =>
    [
      'name: ci',
      'on:',
      '  pull_request:',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      `      - uses: actions/checkout@${side === 'base' ? 'v4' : 'v5'}`,
      `      - uses: actions/setup-node@${side === 'base' ? `${setupNodeBase} # v4.0.2` : `${setupNodeHead} # ${options.headSetupNodeComment ?? 'v4.4.0'}`}`,
      '        with:',
      '          node-version: 20',
      '      - name: Cache npm',
      `        uses: actions/cache@${side === 'base' ? 'v4.2.0' : 'v4.2.3'}`,
      '        with:',
      '          path: ~/.npm',
      "          key: npm-${{ hashFiles('package-lock.json') }}",
      '      - run: npm ci && npm test',
      `      - uses: docker://alpine:${side === 'base' ? '3.19' : '3.20'}`,
      '      - uses: ./.github/actions/lint',
      '  shared:',
      `    uses: ${SYNTHETIC_WORKFLOW_REPOSITORY}/.github/workflows/ci.yml@${side === 'base' ? 'v1' : 'v2'}`,
      '',
    ].join('\n');
  const composite = (side: 'base' | 'head') =>
    [
      'name: lint',
      'description: Lints the repository',
      'runs:',
      '  using: composite',
      '  steps:',
      `    - uses: actions/checkout@${side === 'base' ? 'v4' : 'v5'}`,
      '    - run: npm run lint',
      '      shell: bash',
      '',
    ].join('\n');
  const readme = '# app\n';
  return {
    base: { '.github/workflows/ci.yml': workflow('base'), '.github/actions/lint/action.yml': composite('base'), 'README.md': readme },
    head: { '.github/workflows/ci.yml': workflow('head'), '.github/actions/lint/action.yml': composite('head'), 'README.md': readme },
  };
}

export const ACTIONS_PR_TITLE = 'Bump the github-actions group with 4 updates';
export const ACTIONS_PR_BODY = [
  'Bumps the github-actions group with 4 updates: [actions/checkout](https://github.com/actions/checkout), [actions/setup-node](https://github.com/actions/setup-node), [actions/cache](https://github.com/actions/cache) and [acme-org/shared-workflows](https://github.com/acme-org/shared-workflows).',
  '',
  'Updates `actions/checkout` from 4 to 5',
  'Updates `actions/setup-node` from 4.0.2 to 4.4.0',
  'Updates `actions/cache` from 4.2.0 to 4.2.3',
].join('\n');
