/**
 * PR text claims (Dependabot and Renovate formats) and the cross-check against detected
 * bumps. The text never changes a bump; hostile text stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { findDisagreements, parseClaimedBumps, versionMatches } from '../../src/bumps/pr-text.js';
import type { Bump } from '../../src/bumps/types.js';
import { createInMemoryFileSource, manifestText, npmLockText } from './in-memory-file-source.js';

describe('parseClaimedBumps', () => {
  it.each([
    ['Bump lodash from 4.17.20 to 4.17.21', { name: 'lodash', from: '4.17.20', to: '4.17.21', directory: null }],
    ['Bump lodash from 4.17.20 to 4.17.21 in /packages/web', { name: 'lodash', from: '4.17.20', to: '4.17.21', directory: '/packages/web' }],
    ['build(deps-dev): bump @types/node from 20.11.0 to 20.12.0', { name: '@types/node', from: '20.11.0', to: '20.12.0', directory: null }],
    ['Update dependency express to v5', { name: 'express', from: null, to: '5', directory: null }],
    ['fix(deps): update dependency axios to v1.7.9', { name: 'axios', from: null, to: '1.7.9', directory: null }],
  ])('reads the title %j', (title, expected) => {
    expect(parseClaimedBumps({ title })).toEqual([expected]);
  });

  it('reads grouped Dependabot bodies and ignores the group title', () => {
    const claims = parseClaimedBumps({
      title: 'chore(deps): bump the npm_and_yarn group across 1 directory with 3 updates',
      body: [
        'Bumps the npm_and_yarn group with 3 updates in the / directory: [axios](https://github.com/axios/axios), [ms](https://github.com/vercel/ms) and [lodash](https://github.com/lodash/lodash).',
        '',
        'Updates `axios` from 1.6.8 to 1.7.9',
        '- [Release notes](https://github.com/axios/axios/releases)',
        'Updates `ms` from 2.1.2 to 2.1.3',
        'Bumps [lodash](https://github.com/lodash/lodash) from 4.17.20 to 4.17.21.',
      ].join('\n'),
    });
    expect(claims).toEqual([
      { name: 'axios', from: '1.6.8', to: '1.7.9', directory: null },
      { name: 'ms', from: '2.1.2', to: '2.1.3', directory: null },
      { name: 'lodash', from: '4.17.20', to: '4.17.21', directory: null },
    ]);
  });

  it('reads both Renovate table layouts and commit messages, without duplicates', () => {
    const claims = parseClaimedBumps({
      body: [
        '| Package | Change | Age |',
        '|---|---|---|',
        '| [axios](https://axios-http.com) ([source](https://github.com/axios/axios)) | [`1.6.8` -> `1.7.9`](https://renovatebot.com/diffs/npm/axios/1.6.8/1.7.9) | x |',
        '| Package | Type | Update | Change |',
        '| express | dependencies | major | `4.21.2` -> `5.0.1` |',
      ].join('\n'),
      commitMessages: ['fix(deps): update dependency axios to v1.7.9', 'Update dependency axios to v1.7.9'],
    });
    expect(claims).toEqual([
      { name: 'axios', from: '1.6.8', to: '1.7.9', directory: null },
      { name: 'express', from: '4.21.2', to: '5.0.1', directory: null },
      { name: 'axios', from: null, to: '1.7.9', directory: null },
    ]);
  });

  it('drops names that are not npm package names', () => {
    expect(parseClaimedBumps({ title: 'Bump <script>alert(1)</script> from 1.0.0 to 2.0.0' })).toEqual([]);
  });

  it('stays bounded on hostile input (huge text, pathological repetition)', () => {
    const pathological = `${'Bump '.repeat(50_000)}${'a'.repeat(100_000)}\n${'| `1` -> '.repeat(20_000)}`;
    const claims = parseClaimedBumps({ title: pathological, body: pathological, commitMessages: Array.from({ length: 1000 }, () => pathological) });
    // The pathological lines are over the line limit or match nothing: no claims, no hang.
    expect(claims).toEqual([]);
  });

  it('ignores claims beyond the 64 KB cut', () => {
    const body = `${'x'.repeat(70_000)}\nUpdates \`ms\` from 2.1.2 to 2.1.3`;
    expect(parseClaimedBumps({ body })).toEqual([]);
  });
});

describe('versionMatches', () => {
  it.each([
    ['5', '5.0.1', true],
    ['5', '15.0.0', false],
    ['1.7', '1.7.9', true],
    ['1.7.9', '1.7.9', true],
    ['^1.7.0', '1.7.9', true],
    ['1.7.9', '1.7.8', false],
    ['5', null, false],
  ])('%s describes %s: %s', (claimed, actual, expected) => {
    expect(versionMatches(claimed, actual)).toBe(expected);
  });
});

describe('findDisagreements', () => {
  const bump = { name: 'lodash', from: '4.17.20', to: '4.17.21', manifests: ['packages/web/package.json'], lockfiles: ['package-lock.json'] } as Bump;

  it('accepts agreeing claims, including the directory', () => {
    expect(findDisagreements([{ name: 'lodash', from: '4.17.20', to: '4.17.21', directory: '/packages/web' }], [bump])).toEqual([]);
  });

  it('flags a wrong version, a wrong directory and a package the files never touch', () => {
    const warnings = findDisagreements(
      [
        { name: 'lodash', from: '4.17.20', to: '4.17.22', directory: null },
        { name: 'lodash', from: '4.17.20', to: '4.17.21', directory: '/packages/api' },
        { name: 'left-pad', from: null, to: '2', directory: null },
      ],
      [bump],
    );
    expect(warnings.map((warning) => warning.message)).toEqual([
      'The pull request text says lodash from 4.17.20 to 4.17.22, but the dependency files show lodash 4.17.20 → 4.17.21; the files are used. Check the PR description or regenerate the PR.',
      'The pull request text says lodash from 4.17.20 to 4.17.21 in /packages/api, but the dependency files show lodash 4.17.20 → 4.17.21; the files are used. Check the PR description or regenerate the PR.',
      'The pull request text says left-pad to 2, but the dependency files show no change to left-pad; the files are used. Check the PR description or regenerate the PR.',
    ]);
    expect(warnings.every((warning) => warning.code === 'PR_TEXT_DISAGREES')).toBe(true);
  });
});

it('detectBumps adds PR_TEXT_DISAGREES and keeps the bumps from the files', async () => {
  const source = createInMemoryFileSource({ 'package.json': manifestText({ dependencies: { axios: '1.6.8' } }) }, { 'package.json': manifestText({ dependencies: { axios: '1.7.9' } }) });
  const agreeing = await detectBumps(source, { prText: { title: 'Bump axios from 1.6.8 to 1.7.9' } });
  expect(agreeing.warnings).toEqual([]);
  const lying = await detectBumps(source, { prText: { title: 'Bump axios from 1.6.8 to 1.6.9' } });
  expect(lying.warnings.map((warning) => [warning.code, warning.subject])).toEqual([['PR_TEXT_DISAGREES', 'axios']]);
  expect(lying.bumps).toEqual(agreeing.bumps);
});

describe('only the PR’s own claim lines count (field report)', () => {
  /** A Dependabot body as GitHub stores it: the claim, then quoted release notes and commits. */
  const DEPENDABOT_BODY = [
    'Bumps [rimraf](https://github.com/isaacs/rimraf) from 5.0.10 to 6.0.1.',
    '<details>',
    '<summary>Release notes</summary>',
    '<p><em>Sourced from <a href="https://github.com/isaacs/rimraf/releases">rimraf\'s releases</a>.</em></p>',
    '<blockquote>',
    '<h2>v6.0.0</h2>',
    '<ul>',
    '<li>update dependency glob to v11</li>',
    '</ul>',
    'Bumps glob from 10.4.5 to 11.0.0',
    '</blockquote>',
    '</details>',
    '<details>',
    '<summary>Commits</summary>',
    '<ul>',
    '<li><a href="https://github.com/isaacs/rimraf/commit/abc"><code>abc</code></a> Bumps minimatch from 9.0.0 to 10.0.0</li>',
    '</ul>',
    '</details>',
    '<br />',
    '',
    '> Updates `jackspeak` from 3.0.0 to 4.0.0',
    '',
    '```',
    'Updates `lru-cache` from 10.0.0 to 11.0.0',
    '```',
    '',
    '[![Dependabot compatibility score](https://dependabot-badges.githubapp.com/badges/compatibility_score?dependency-name=rimraf)](https://docs.github.com)',
  ].join('\n');

  it('ignores claims inside quoted release notes, commit lists, quotes and code blocks', () => {
    expect(parseClaimedBumps({ title: 'chore(deps): bump rimraf from 5.0.10 to 6.0.1', body: DEPENDABOT_BODY })).toEqual([
      { name: 'rimraf', from: '5.0.10', to: '6.0.1', directory: null },
    ]);
  });

  it('ignores a Renovate title pattern in prose and a version table that is not the update table', () => {
    const body = [
      'This PR contains the following updates:',
      '',
      '| Package | Change | Age |',
      '|---|---|---|',
      '| [rimraf](https://github.com/isaacs/rimraf) | [`5.0.10` -> `6.0.1`](https://renovatebot.com/diffs/npm/rimraf/5.0.10/6.0.1) | x |',
      '',
      'We will update dependency glob to v11 later.',
      '',
      '| Name | Before | After |',
      '|---|---|---|',
      '| glob | `10.4.5` -> `11.0.0` | |',
      '',
      '### Release Notes',
      '',
      '<details>',
      '<summary>isaacs/rimraf (rimraf)</summary>',
      '',
      '| Package | Change |',
      '|---|---|',
      '| minimatch | `9.0.0` -> `10.0.0` |',
      '</details>',
      '<!-- | Package | Change |',
      '| jackspeak | `3.0.0` -> `4.0.0` | -->',
    ].join('\n');
    expect(parseClaimedBumps({ title: 'fix(deps): update rimraf to v6 (major)', body })).toEqual([{ name: 'rimraf', from: '5.0.10', to: '6.0.1', directory: null }]);
  });

  it('reads Dependabot requirement updates: the title with its ranges, the body by name', () => {
    expect(
      parseClaimedBumps({
        title: 'chore(deps): update eslint requirement from ^8.57.0 to ^9.0.0 in /tools',
        body: 'Updates the requirements on [typescript](https://github.com/microsoft/TypeScript), [@types/node](https://github.com/DefinitelyTyped/DefinitelyTyped/tree/HEAD/types/node) and [eslint](https://github.com/eslint/eslint) to permit the latest version.',
      }),
    ).toEqual([
      { name: 'eslint', from: '^8.57.0', to: '^9.0.0', directory: '/tools' },
      { name: 'typescript', from: null, to: null, directory: null },
      { name: '@types/node', from: null, to: null, directory: null },
    ]);
  });

  it('lets the title win over a stale body line about the same package', () => {
    const claims = parseClaimedBumps({
      title: 'Bump glob from 10.4.5 to 11.0.1',
      body: 'Bumps [glob](https://github.com/isaacs/node-glob) from 10.4.5 to 11.0.0.\nUpdates `ms` from 2.1.2 to 2.1.3',
      commitMessages: ['Bump glob from 10.4.5 to 11.0.0\n\nBumps [glob](https://github.com/isaacs/node-glob) from 10.4.5 to 11.0.0.'],
    });
    expect(claims).toEqual([
      { name: 'glob', from: '10.4.5', to: '11.0.1', directory: null },
      { name: 'ms', from: '2.1.2', to: '2.1.3', directory: null },
    ]);
  });

  it('accepts a claim about any copy of a package with several copies', async () => {
    // The root pins nx 22; lerna 10 brings a nested nx 23. A PR naming "nx from 22.0.0 to
    // 23.0.0" describes the two copies, not a disagreement.
    const manifest = (lerna: string) => manifestText({ dependencies: { lerna, nx: '22.0.0' } });
    const source = createInMemoryFileSource(
      { 'package.json': manifest('9.0.0'), 'package-lock.json': npmLockText({}, { 'node_modules/lerna': '9.0.0', 'node_modules/nx': '22.0.0' }) },
      {
        'package.json': manifest('10.0.0'),
        'package-lock.json': npmLockText({}, { 'node_modules/lerna': '10.0.0', 'node_modules/nx': '22.0.0', 'node_modules/lerna/node_modules/nx': '23.0.0' }),
      },
    );
    const body = 'Bumps [lerna](https://github.com/lerna/lerna) from 9.0.0 to 10.0.0.\nUpdates `nx` from 22.0.0 to 23.0.0';
    expect((await detectBumps(source, { prText: { title: 'Bump lerna and nx', body } })).warnings).toEqual([]);
    // A target no copy moved to is still a disagreement.
    const wrong = await detectBumps(source, { prText: { body: 'Updates `nx` from 22.0.0 to 22.1.0' } });
    expect(wrong.warnings.map((warning) => warning.message)).toEqual([
      'The pull request text says nx from 22.0.0 to 22.1.0, but the dependency files show nx none → 23.0.0; the files are used. Check the PR description or regenerate the PR.',
    ]);
  });

  it('flags a requirement update of a package the files never touch', () => {
    const warnings = findDisagreements([{ name: 'glob', from: null, to: null, directory: null }], []);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'The pull request text says glob is updated, but the dependency files show no change to glob; the files are used. Check the PR description or regenerate the PR.',
    ]);
  });
});

it('keeps the quote scan bounded on hostile markup', () => {
  const line = `${'<details '.repeat(220)}`.slice(0, 1990);
  const body = `${`${line}\n`.repeat(30)}${'<!--'.repeat(400)}\n${'</details>'.repeat(199)}\nBumps ms from 2.1.2 to 2.1.3`;
  // `<details ` without `>` is no tag; the unclosed comment hides the rest, as GitHub renders it.
  expect(parseClaimedBumps({ body })).toEqual([]);
  expect(parseClaimedBumps({ body: body.replace(/<!--/g, '') })).toEqual([{ name: 'ms', from: '2.1.2', to: '2.1.3', directory: null }]);
});
