/**
 * PR text claims (Dependabot and Renovate formats) and the cross-check against detected
 * bumps. The text never changes a bump; hostile text stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { findDisagreements, parseClaimedBumps, versionMatches } from '../../src/bumps/pr-text.js';
import type { Bump } from '../../src/bumps/types.js';
import { createInMemoryFileSource, manifestText } from './in-memory-file-source.js';

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
