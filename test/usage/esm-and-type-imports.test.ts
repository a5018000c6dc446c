/**
 * Review findings on the usage report: a package that went ESM-only is "used" wherever it is
 * require()d, and importing a removed export by name is a use at the import line.
 */
import { describe, expect, it } from 'vitest';
import { describeUsage, REQUIRE_CHECK } from '../../src/usage/describe-usage.js';
import type { ImportingFile, RepositoryUsage } from '../../src/usage/types.js';

/** A scan outcome as the scanner reports it, for one package. */
function scanOf(files: ImportingFile[]): RepositoryUsage {
  return {
    status: 'scanned',
    scanned: 'test',
    filesListed: files.length,
    filesParsed: files.length,
    notes: [],
    incomplete: false,
    packages: new Map([['chalk', { packageName: 'chalk', files, configMentions: [] }]]),
  };
}

describe('usage of an ESM-only switch and of removed type exports', () => {
  const scan = scanOf([
    {
      path: 'src/index.js',
      imports: [{ line: 1, kind: 'require', specifier: 'chalk', names: [] }],
      traced: [{ line: 2, expression: 'chalk.red', member: 'red', onPackage: true, receiverVia: 'other' }],
      untraced: [],
    },
    {
      path: 'src/types.ts',
      imports: [{ line: 1, kind: 'importType', specifier: 'chalk', names: ['Level', 'ChalkFunction'] }],
      traced: [{ line: 2, expression: 'Level', member: 'Level', onPackage: false, receiverVia: 'other' }],
      untraced: [],
    },
  ]);

  it('require() of an ESM-only package is a removed API in use, at the line of the call', () => {
    const report = describeUsage(scan, 'chalk', [{ name: REQUIRE_CHECK, change: 'removed', origin: 'breaking-change-1' }]);
    expect(report.checkedNames[0]).toMatchObject({ name: 'require()', useCount: 1, uses: [{ path: 'src/index.js', line: 1, expression: "require('chalk')", match: 'binding' }] });
  });

  it('a removed export imported by name is used at the import line, even when never referenced', () => {
    const report = describeUsage(scan, 'chalk', [{ name: 'ChalkFunction', change: 'removed', origin: 'apiSurface' }]);
    expect(report.checkedNames[0]?.uses).toEqual([{ path: 'src/types.ts', line: 1, expression: 'import { ChalkFunction }', match: 'binding' }]);
  });
});
