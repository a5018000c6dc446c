import { describe, expect, it } from 'vitest';
import { changesADefault, dropsOldBrowsersOnly, excerpt, excerpts, hasMarker, hedgesABreak, isNonBehaviouralPart, isRuntimeSupportOnly, namesIntroduced, ownReleaseText, plainLine, strongestMarker, unwrapListItems } from '../../src/runtime/adapters/extractive/release-text.js';

describe('release-text markers', () => {
  it.each([
    ['- Remove `send.etag()` -- use `etag` module instead', 'breaking'],
    ["* Removed `auth(ctx)` signature -- use `auth(req)`", 'breaking'],
    ['- Rename `res.sendfile` to `res.sendFile`', 'breaking'],
    ['### ⚠ BREAKING CHANGES', 'breaking'],
    ['- feat(router)!: drop the legacy matcher', 'breaking'],
    ['- The default `depth` of the extended parser is now `32` (previously `Infinity`)', 'compatibility'],
    ['- Set `req.authInfo` by default', 'compatibility'],
    // A new behaviour on unless switched off reaches every caller (cli-progress 3.11.0).
    ['* Added: `gracefulExit` option (enabled by default) to stop the bars in case of `SIGINT` or `SIGTERM`', 'compatibility'],
    ['- feat: add a new `retry` mode, on by default', 'compatibility'],
    ['- Requires Node.js 18 or newer', 'compatibility'],
    ['- Deprecate `res.redirect(url, status)` signature', 'deprecation'],
    // Removals qualified or scoped as release tools write them, renames inside an item.
    ['- Remove deprecated `Command#killable` property (#459)', 'breaking'],
    ['- Remove `headers` field from the response object', 'breaking'],
    ['* **deprecated:** remove deprecated parseExpressions option ([#11597](https://github.com/vuejs/core/issues/11597))', 'breaking'],
    ['- fix(parser): drop the legacy `strict` flag', 'breaking'],
    ['- Add `baseUrl` option, rename `prefixUrl` to `prefix`, and allow leading slashes in input (#606)', 'breaking'],
    // Removing what was deprecated, named or not (jasmine 7.0.0, express-validator 7.0.0).
    ['- rm deprecated properties that were forwarded to core', 'breaking'],
    ['- breaking: remove deprecated APIs (#993)', 'breaking'],
    ['- [breaking] Abort commands not running when max processes < N (#460)', 'breaking'],
    ['**This release deliberately contains backwards-incompatible changes.**', 'breaking'],
    // A hedged break is a compatibility change: Dart Sass's "Potentially breaking bug fix".
    ['* **Potentially breaking compatibility fix:** Colors now preserve "analogous sets" of missing channels', 'compatibility'],
    ['- Potentially breaking change: stricter parsing of `@use` rules', 'compatibility'],
    ['    + This change might break existing code if it uses prototype methods on the `.files` property', 'compatibility'],
    // Conventional types that change no behaviour carry only explicit breaking markers.
    ['- chore!: drop the `legacy` entry point', 'breaking'],
    // A typed line that announces a break itself still counts; refactor lines keep prose markers.
    ['- docs: BREAKING CHANGE: the `legacy` entry point is gone', 'breaking'],
    ['- refactor: rewrite the router (breaking change)', 'breaking'],
    ['- refactor: backwards-incompatible rewrite of parse()', 'breaking'],
    ['- chore: breaking change to the config format', 'breaking'],
    ['- fix: deprecate `returnOriginal` in favour of `new`', 'deprecation'],
    // A raised floor next to a real break stays a break (independent review).
    ['- BREAKING CHANGE: drop Node.js 14\n- remove:\n  - `app.del` - use `app.delete`', 'breaking'],
    ['- feat!: switch to the new rendering engine v2', 'breaking'],
    ['- feat!: drop Node.js 14 and make parse() async', 'breaking'],
    ['- feat!: drop support for Node.js 14 and 16', 'compatibility'],
    // Chore and build lines still carry a raised Node.js floor, as under a Chores heading.
    ['- chore: drop support for Node.js 16', 'compatibility'],
    ['- build: require Node.js 18 or newer', 'compatibility'],
    // Entry points named in package.json are the API.
    ['- Remove `main` field from package.json', 'breaking'],
    // A "breaking" marker on a line that only raises the Node.js floor is a compatibility change.
    ['- feat!: drop support for Node.js 16', 'compatibility'],
    ['- BREAKING CHANGE: require Node.js 20 or newer', 'compatibility'],
    ['- feat!: drop Node.js 16 and remove the `legacy` export', 'breaking'],
  ])('classifies %j as %s', (line, expected) => {
    expect(strongestMarker(line)).toBe(expected);
  });

  it.each([
    '- Remove link renderization in html while redirecting',
    '- Fix a breaking regression in 1.2.0 is not a heading',
    '- Improve performance of the default matcher',
    '- remove unused dependency',
    '- Remove `debug` dependency',
    '* Remove `path-is-absolute` dependency - use `path.isAbsolute` instead',
    '- docs: remove `legacyOption` from the examples',
    '- Remove unusedHelper from the tests',
    '- Remove the old build step',
    '- Rename internal variables for clarity',
    'This release contains no backwards-incompatible changes.',
    '* docs: document new/returnOriginal deprecation from 9.2.0 #16449',
    '- chore: fix Buffer deprecation warning in test (#706)',
    // A leading bracket tag naming the repository's readme, docs, tests, CI or dev deps (eslint-plugin-jsx-a11y 6.10.0).
    '- [readme] remove deprecated travis ci badge; add github actions badge `0be7ea9`',
    '- [Dev Deps] remove deprecated `eslint-plugin-legacy`',
    '- [Tests] remove the deprecated `t.equals` calls',
    '- test(parser): remove `legacyOption` fixtures',
    '- ci: require Node.js 20 in the workflow',
    '- Fix a regression that could break the build on Windows',
    '* Remove `workspaces` field from package ([#350](https://github.com/JedWatson/classnames/pull/350))',
    '- Remove the `sideEffects` key from package.json',
    'This release has no breaking changes.',
    '- Non-breaking change: faster parsing',
    '- Fix backwards-incompatible change introduced in 2.1.0',
    '- Fix a bug that could break your build',
    '- refactor: rename `tmpBuffer` to `buffer`',
    // Prose about some other breaking change, on a line typed test: (ignore 5.3.0's commits).
    '- test: rollback tap for the breaking change',
    '- docs: explain the breaking changes of 4.0 in the readme',
    // Talking about the footer is not using it (commit-tooling packages do this all the time).
    '- docs: explain the BREAKING CHANGE: footer in CONTRIBUTING',
    '- test: add fixture for "breaking change:" parsing',
    '- Note!: this release is large',
    // Off unless asked for, or the repository's tooling: nothing changes for a caller.
    '- Added `http2` option (disabled by default)',
    '- chore: add coverage to the test run, on by default',
  ])('leaves %j unmarked', (line) => {
    expect(strongestMarker(line)).toBeNull();
  });

  it('skips group labels such as "breaking:" when choosing an excerpt', () => {
    const content = 'Marked breaking\n\n* breaking:\n  * `res.status()` accepts only integers';
    expect(excerpt(content, 200, 'breaking')).toBe('`res.status()` accepts only integers');
  });

  it("ignores the dependency notes a release copies under a `deps:` bullet", () => {
    const section = ['  * remove:', '    - `path-to-regexp` dependency', '  * deps: debug@3.1.0', '    - Remove `DEBUG_FD` environment variable support', '    - Add `DEBUG_HIDE_DATE`', '  * Fix a typo in the router'].join('\n');
    expect(ownReleaseText(section)).toBe(['  * remove:', '    - `path-to-regexp` dependency', '  * deps: debug@3.1.0', '  * Fix a typo in the router'].join('\n'));
    expect(strongestMarker(ownReleaseText(section))).toBeNull();
    expect(strongestMarker(section)).toBe('breaking');
  });

  it('keeps top-level bullets of trimmed evidence whose first line lost its indentation', () => {
    const trimmed = '* deps: qs@6.13.0\n  * add `depth` option\n  * IMPORTANT: The default `depth` level is now `32`';
    expect(ownReleaseText(trimmed)).toBe(trimmed);
    expect(strongestMarker(ownReleaseText(trimmed))).toBe('compatibility');
  });

  it('takes the outermost change bullets of a breaking section, not their elaborations or dependency updates', () => {
    const section = [
      'Marked breaking',
      '',
      '* breaking:',
      '  * `res.status()` accepts only integers',
      '    * will throw a `RangeError` for inputs outside this range',
      '  * `res.redirect(\'back\')` is no longer a supported magic string',
      '  * deps: send@1.0.0',
    ].join('\n');
    expect(excerpts(section, 200, undefined, 4)).toEqual(['`res.status()` accepts only integers', "`res.redirect('back')` is no longer a supported magic string"]);
    expect(excerpts(section, 200, undefined, 1)).toHaveLength(1);
  });

  it('removing deprecated things that are not API (runtime versions, warnings) is no break', () => {
    for (const line of ['- drop deprecated Node.js versions', '- Removed deprecated warnings in tests', '- remove deprecated dependency `request`']) expect(strongestMarker(line), line).not.toBe('breaking');
  });

  it('removing support for a feature of the package is a break; for a runtime, platform or version, a compatibility change (multiparty 4.0.0, wave 56)', () => {
    for (const line of [
      '   - Remove support for generating the hash digest of a part. If you want this,',
      '- Remove support for job objects. See `UPGRADING.md` for more details. #557',
      '* Remove support for ComponentJS',
      '- Drop support for `ioredis`',
      // References a changelog line ends with are not versions (review 18b).
      '- Remove support for callbacks (#557)',
      '- Remove support for job objects #557',
      '* remove support for callbacks ([a1b2c3d](https://github.com/o/r/commit/a1b2c3d))',
      '- Remove support for callbacks by @user1 in https://github.com/o/r/pull/12',
      '- Remove support for Node-style callbacks',
      '- Remove support for environment variables to configure the client',
    ]) expect(hasMarker(line, 'breaking'), line).toBe(true);
    for (const line of ['- Drop support for old environments', '- Drop support for Node.js 14', '* drop support for IE10 and lower', '- drop support for jiti < 2.2.0', '- Removed support for legacy browsers', '- Remove support for deprecated Node versions', '- Removed support for all Node versions before LTS']) {
      expect(hasMarker(line, 'breaking'), line).toBe(false);
    }
    // Not a change line of the package's own: prose, or its test tooling.
    expect(hasMarker('We will remove support for callbacks in a later release.', 'breaking')).toBe(false);
    expect(hasMarker('- Remove support for running tests on Travis', 'breaking')).toBe(false);
  });

  it('removing a repository housekeeping file is not a breaking change; removing a named API or module file is', () => {
    for (const line of ['- Remove `package-lock.json` (#407)', '- Remove `.travis.yml`', '- Removed `yarn.lock`', '- Drop `docs/usage.md`', '- Remove `.npmignore`', '- Remove `.eslintrc.json`', '- Remove `.github/workflows/ci.yml`']) expect(strongestMarker(line)).toBeNull();
    // A comment in the source is not an API (regexparam 2.0.2).
    for (const line of ['- fix: remove `PURE` comment', '- Remove `@ts-ignore` comments', '- remove `eslint-disable` annotation']) expect(strongestMarker(line), line).toBeNull();
    // Tool configuration files are the repository's (reselect 5.1.1), and so is what is removed from them.
    for (const line of ['- Rename `vitest.config.ts` to `vitest.config.mts`', '- Remove `interopDefault` from `vitest.config.mts` as it is enabled by default', '- Rename `.travis.yml` to `.github/ci.yml`', '- Remove `tsconfig.build.json`']) expect(strongestMarker(line), line).toBeNull();
    expect(strongestMarker('- Remove `parse` from `index.js`')).toBe('breaking');
    // A folder dropped "from repo" stays in the package (markdown-it 14.0.0 builds `dist/` on publish);
    // a method removed from a Repository class is API (review 8).
    for (const line of ['- Dropped `dist/` folder from repo, build on package publish.', '- Remove `build/` from the repository']) expect(strongestMarker(line), line).toBeNull();
    for (const line of ['- Removed `fetchAll()` from Repository', '- Remove `Repo#clone` from repo API']) expect(strongestMarker(line), line).toBe('breaking');
    for (const line of ['- Remove `send.etag()` -- use `etag`', '- Remove `lib/legacy.js`', '- Rename `parse` to `parseCookie`', '- Remove `.then` from the query builder', '- Removed `.should` interface', '- Rename `.get` to `.fetch`']) expect(strongestMarker(line)).toBe('breaking');
  });

  it('a removal of what the same range introduced takes nothing from callers of the older version', () => {
    // node-cron 4.4.0 adds `distributedTtl`; 4.4.1 renames it.
    const added = '- **Distributed run coordination**: opt-in `distributed: true`.\n  Adds the `distributedTtl` option and an `execution:skipped` event.';
    const renamed = '- Renamed the `distributedTtl` option to **`distributedLease`** (same meaning).';
    expect([...namesIntroduced(added)]).toEqual(['distributedTtl']);
    expect(strongestMarker(renamed)).toBe('breaking');
    expect(strongestMarker(renamed, { introducedInRange: namesIntroduced(added) })).toBeNull();
    // mime-db 1.9.0 adds a type, 1.9.1 takes back an extension of it.
    expect(strongestMarker('* Remove `.json` extension from `application/manifest+json`', { introducedInRange: namesIntroduced('* Add `application/manifest+json`') })).toBeNull();
    // The new name of a rename says nothing about the old one; a bang still announces a break;
    // a line that adds one thing and removes another introduces nothing.
    expect(strongestMarker('- Rename `parse` to `parseCookie`', { introducedInRange: new Set(['parseCookie']) })).toBe('breaking');
    expect(strongestMarker('- feat!: remove `distributedTtl`', { introducedInRange: new Set(['distributedTtl']) })).toBe('breaking');
    expect([...namesIntroduced('- Add `baseUrl` option, rename `prefixUrl` to `prefix`')]).toEqual([]);
    // Only the direct object of the verb is introduced (review 8): a deprecation warning, an option
    // added to an older API, tests or an alias do not make the older name new.
    for (const [introducing, removal] of [
      ['- Add deprecation warning for `foo()`', '- Remove `foo()`'],
      ['- Add `timeout` option to `request()`', '- Remove `request()`; use `fetch()`'],
      ['- fix: add tests for `parse()`', '- Remove `parse()`'],
      ['- Add `retry` option to `Client`', '- Remove `timeout` option from `Client`'],
      ['- Added `app.delete()` as an alias of `app.del()`', '- Removed `app.del()`'],
    ]) expect(strongestMarker(removal!, { introducedInRange: namesIntroduced(introducing!) }), `${introducing} / ${removal}`).toBe('breaking');
  });

  it('a fix that now refuses some input is not a marker by its verb alone (the refusal rule was dropped: 2 right, 3 wrong)', () => {
    for (const line of ['- Restrict repeated wildcard backtracking (#421)', '- fix: disallow nested $where in populate match', '- fix(traversing): Restrict `reContextSelector` to `:scope`', '- fix(client): reject pipelined TLS altname errors (#5373)', '* Restricts header names to RFC 7230 tokens', '- Disallow `__proto__` keys']) expect(strongestMarker(line), line).toBeNull();
    // Said as a changed default or a hedged break, it still counts.
    expect(strongestMarker('- The default `depth` is now `32`')).toBe('compatibility');
  });

  it('a runtime floor beside a clause that only states the support policy is still a floor (openai 7.0.0)', () => {
    expect(strongestMarker('- BREAKING CHANGE: require Node.js 22 and codify version support (#2026)')).toBe('compatibility');
    expect(strongestMarker('- BREAKING CHANGE: require Node.js 22 and document the supported versions')).toBe('compatibility');
    expect(strongestMarker('- BREAKING CHANGE: require Node.js 22 and codify the client options')).toBe('breaking');
  });

  it('a Node.js floor raised by its own verb is a compatibility change (pdfkit 0.19.0), not the CI\'s', () => {
    for (const line of ['- Bump node version requirement to 20+', '- Raise the minimum Node.js version requirement to 18']) expect(strongestMarker(line), line).toBe('compatibility');
    expect(strongestMarker('- Bump node version requirement in the CI matrix')).toBeNull();
  });

  it('a changed default after a reference prefix is still one (bunyan 2.0.5)', () => {
    expect(strongestMarker('- [pull #575, #278] Change the default "req" serializer to accept expressjs\'s')).toBe('compatibility');
  });

  it("a default of the repository's tooling is not the package's (review 11)", () => {
    for (const line of ['- chore(test): Changed default TAP test suite timeout from 30s to 45s because Windows takes a long time', '- Increase default test timeout', '- Switch default CI runner to ubuntu-latest', '- chore: default branch is now main', '- chore: use the default reporter instead of spec in mocha config']) {
      expect(strongestMarker(line), line).toBeNull();
      expect(changesADefault(line), line).toBe(false);
    }
    for (const line of ['* **parser:** change default `depth` to 5', '1. Change default depth to 5', '- Disables URL rebasing by default.', '- The default `depth` is now 10', '- `timeout` now defaults to 30s']) expect(changesADefault(line), line).toBe(true);
    expect(strongestMarker('* **parser:** change default `depth` to 5')).toBe('compatibility');
    // "Default" as the verb (async-retry 1.3.0); not "Default export" or a test's default.
    expect(strongestMarker('[Feature] Default `randomize` to true (#49)')).toBe('compatibility');
    expect(strongestMarker('- Default `timeout` to 30s in tests')).toBeNull();
  });

  it('an opt-in reassurance or an opt-in feature tightens nothing (review 11)', () => {
    for (const line of ['- feat: add `http2` option; behaviour is unchanged unless you opt in', '- New `cache` option. Existing apps keep working without opting in.', '- Add experimental HTTP/2 support (off unless you opt-in via `http2: true`)']) expect(strongestMarker(line), line).toBeNull();
  });

  it('"no potentially breaking changes" hedges nothing (review 11)', () => {
    expect(hedgesABreak('- There are no potentially breaking changes beyond the Node.js floor.')).toBe(false);
    expect(hedgesABreak('### Potentially breaking changes\n- Fix keys')).toBe(true);
  });

  it('a range after another product\'s scope is that product\'s, not a Node.js floor (review 11)', () => {
    expect(strongestMarker('- feat(react)!: require 18 || >=19')).toBe('breaking');
    expect(strongestMarker('- fix(deps)!: transitive deps require 20 || >=22')).toBe('compatibility');
  });

  it("a native addon's install tool is not its API (bcrypt 6.0.0)", () => {
    expect(strongestMarker('- Remove `node-pre-gyp` in favor of `prebuildify`, prebuilt binaries are now shipped with the package')).toBeNull();
    expect(strongestMarker('- Remove `hash()` in favor of `hashAsync()`')).toBe('breaking');
  });

  it('a removal from the CI tooling is not an API removal (node-cache 5.1.2)', () => {
    for (const line of ['- remove `flag-name` param from coverall because the param is not declared in the gh action yet', '- Drop `node-version` input from the GitHub Actions workflow', '- remove `--coverage` flag in the CI matrix']) expect(strongestMarker(line), line).toBeNull();
    for (const line of ['- Remove `coverage` option from the reporter API', '- Remove `ci()` helper', '- Removed `legacy()`; tests now run in GitHub Actions', '- Remove `--coverage` flag from the CLI; it is now set in CI config', '- Drop the `junit` reporter, which was only used in CI pipelines']) expect(strongestMarker(line), line).toBe('breaking');
  });

  it('a default changed by its verb, tightened, or put behind an opt-in is a compatibility change (log4js 6.4.0, node-forge 1.3.0, simple-git 3.16.0)', () => {
    for (const line of [
      '- security: default file permission to be 0o600 instead of 0o644',
      "- Change default hash algorithm and iteration's for PBKDF2 to prevent weak security by using the default configuration.",
      '- Lower defaultLength to 10000',
      '- fix(parser): raise the default depth limit to 20',
      '- [asn1] `fromDer` is now more strict and will default to ensuring all input',
      '- 0a623e5: Adds vulnerability detection to prevent use of `--upload-pack` and `--receive-pack` without explicitly opting in.',
      '- Cookies are no longer forwarded on redirect unless you opt in with `followCookies`',
    ]) expect(strongestMarker(line), line).toBe('compatibility');
    // A default export, entry point or branch is not a default value; an opt-in feature adds, it does not tighten.
    for (const line of ['- change the default entry point to be an ES module', '- Change default export to a named export', '- chore: change default branch to main', '- Add opt-in support for HTTP/2', '- Strictly validate that the argument is a string']) expect(strongestMarker(line), line).not.toBe('compatibility');
    // A chore or build line's default is the repository's, whether or not the line has a bullet.
    for (const line of ['- chore: change default timeout', 'build(deps): switch default registry', '* chore(release): lower default retries']) expect(strongestMarker(line), line).toBeNull();
  });

  it('reads a changed or removed default export as a break: every `import x from` stops working (review 11)', () => {
    for (const line of ['- Change the main module to no longer have a default export', '- Change default export to a named export', '- Remove default export', '* feat!: drop the default export', '- Replaced the default export with named exports', '- The default export has been removed', '- No longer provide a default export'])
      expect(strongestMarker(line), line).toBe('breaking');
    // Its types, an added one, an addition beside it, another word lead and tooling lines are not (review 12).
    for (const line of [
      '- Fix default export types',
      '- Add a default export',
      '- Remove default export types',
      '- fix(types): remove default export',
      '- Remove default export from the type definitions (it never existed at runtime)',
      '- Change default export to also expose named exports',
      "- Change default export's type to `Foo`",
      '- Revert: remove default export',
      '- chore: change default export in tests',
      '- chore: remove default export',
    ])
      expect(strongestMarker(line), line).toBeNull();
  });

  it('looks back for a negation or a fix within the line only (review 12)', () => {
    // A line that ends in "fix" does not cancel the breaking changes of the next line.
    for (const text of ['## 2.0.1\n\n- Typo fix\n\nBREAKING CHANGES:\n- `parse()` now returns a Promise', '- Typo fix\n- Breaking change: `parse()` is async', 'Minor fixes\n\nBreaking changes\n\n- `parse()` is async', '- Windows path fix\n- BC break: `parse()` is async'])
      expect(strongestMarker(text), text).toBe('breaking');
    // A denial with an article, and a fix of a regression in other words, are not breaks.
    for (const line of ['- fix: handle null (not a breaking change)', '- This is not a breaking change', '- Fixed the regression (BC break) in 4.1.0', '- Fix [BC break] in `parse()`', '- Revert “BC break: drop the callback form”'])
      expect(strongestMarker(line), line).toBeNull();
    // A bold chore or build scope is tooling too.
    for (const line of ['- **chore:** change default timeout', '- **build:** switch default target to es2020']) expect(strongestMarker(line), line).toBeNull();
  });

  it('reads "BC breaks" as backward-compatibility breaks (sequelize 4, immutable 5), not their negation', () => {
    for (const line of ['- [Minor BC break] Remove default export', '- BC breaks: `hookValidate` removed', '- B/C break: drop `legacy()`', '- [BC Break] `foo()` removed', '- bc break: the callback form is gone']) expect(strongestMarker(line), line).toBe('breaking');
    // A fix that undoes one, or a line that denies one, is not one (review 10).
    for (const line of ['- no BC breaks in this release', '- Fix abc breaks on Windows', '- Fix BC break introduced in 4.1.0 (#123)', '- Revert accidental BC break in `parse()`', '- This is not a BC break', '- avoid a BC break for users of `foo`']) expect(strongestMarker(line), line).toBeNull();
    // Nor behind punctuation (review 11).
    for (const line of ['- Fix regression (BC break) introduced in 4.1.0', '- Revert "BC break: drop the callback form"', '- Fixed BC-breaking change in 4.1.0', '- Fixed a breaking change introduced in 2.3.0']) expect(strongestMarker(line), line).toBeNull();
  });

  it('removing a check the code made is not removing an API (graphql 16.8.2)', () => {
    expect(strongestMarker('- fix: remove `globalThis` check and align with what bundlers can accept (#4022)')).toBeNull();
    expect(strongestMarker('- Remove `check()`')).toBe('breaking');
    // A removed check *API* is still an API (review 10).
    for (const line of ['- Remove `health` check endpoint', '- Remove `isAuthenticated` check helper', '- Remove `strict` check option']) expect(strongestMarker(line), line).toBe('breaking');
  });

  it('a deprecation by this package is one; moving off something deprecated elsewhere is a fix', () => {
    for (const line of ['- Deprecate `app.del`', "- `res.redirect('back')` is deprecated", '- deprecated `foo` option; use `bar`', '* fix: deprecate the callback form', '- Warn on use of deprecated `res.send(status)`', '- Prefer `createClient` over the deprecated `Client` constructor', '- Use `req.socket` over deprecated `req.connection`', '- Disable deprecated `legacyMode` by default', '- The `TSParenthesizedType` node deprecated', '- Stop using `foo`; it is deprecated', '- Please stop using the deprecated `foo` option; it will be removed in v5']) expect(strongestMarker(line)).toBe('deprecation');
    for (const line of ['- replace deprecated url.parse() with WHATWG URL API (#2081)', '- Fix deprecation warning on Node.js 22', '- Avoid deprecated `Buffer()` constructor', '- Stop using deprecated `process.umask()` (#28)', '- stops using the deprecated `url.parse()`', '- fix: stop using deprecated `new Buffer()`', '- migrate away from deprecated punycode', '- Disable Node deprecation DEP0044 for release workflow', '- Node.js deprecation warnings are no longer printed by the CLI', '- Handle the deprecation DEP0170 on Node.js 22', '- Replace usage of deprecated `JSX` global namespace with `React.JSX` (#2163)']) expect(strongestMarker(line)).toBeNull();
  });

  it('a removal named under documentation, test or chore headings is not an API removal; explicit breaking and requirement markers there still count', () => {
    for (const part of ['### Documentation\n\n- remove `@experimental` from `resolve.tsconfigPaths` JSDoc (#23006)', '## 📝 Docs\n\n- Remove `legacy()` from the README', 'Miscellaneous Chores\n\n- remove `.travis.yml`', '### Tests:']) expect(isNonBehaviouralPart(part)).toBe(true);
    for (const part of ['### Features\n\n- Remove `legacy()`', '### Breaking Changes', '- Documentation of `x` is now in the README', '### Build: require Node.js 20', '### Build System', '### Refactor']) expect(isNonBehaviouralPart(part)).toBe(false);
    const docs = '### Documentation\n\n- remove `@experimental` from `resolve.tsconfigPaths` JSDoc (#23006)';
    expect(strongestMarker(docs, { ignoreApiRemovals: true })).toBeNull();
    expect(strongestMarker(docs)).toBe('breaking');
    expect(strongestMarker('### Chores\n\n- BREAKING CHANGE: remove `x`', { ignoreApiRemovals: true })).toBe('breaking');
    expect(strongestMarker('### Chores\n\n- require node >= 18', { ignoreApiRemovals: true })).toBe('compatibility');
  });

  it('reads a marked line that only drops old browsers as a platform floor, like a Node.js floor (buffer 6.0.0)', () => {
    expect(dropsOldBrowsersOnly('- BREAKING: Drop IE11, Safari 9-10 support')).toBe(true);
    expect(dropsOldBrowsersOnly('* drop support for legacy browsers (IE11, Safari 10) ([#604](https://github.com/uuidjs/uuid/issues/604))')).toBe(true);
    expect(dropsOldBrowsersOnly('feat!: drop Internet Explorer')).toBe(true);
    expect(dropsOldBrowsersOnly('Remove iOS 12 and Android 5 support')).toBe(true);
    expect(dropsOldBrowsersOnly('Drop Safari 9 and 10')).toBe(true);
    expect(dropsOldBrowsersOnly('Drop support for Safari 9/10')).toBe(true);
    expect(dropsOldBrowsersOnly('Removed IE 10 – IE 11')).toBe(true);
    expect(dropsOldBrowsersOnly('Drop IE 11.0')).toBe(true);
    expect(dropsOldBrowsersOnly('Drop Safari 9 and the legacy build')).toBe(false);
    // Anything else in the line keeps it what its marker says.
    expect(dropsOldBrowsersOnly('- Dropped IE11 support: ES2015 build target, inlined unitless CSS properties')).toBe(false);
    expect(dropsOldBrowsersOnly('- [BREAKING CHANGE] IE is no longer supported since `date-fns` no longer supports it')).toBe(false);
    expect(dropsOldBrowsersOnly('Drop IE 11 and remove the polyfill')).toBe(false);
    expect(dropsOldBrowsersOnly('remove IE check from parse()')).toBe(false);
    expect(dropsOldBrowsersOnly('Removed MSIE-only features')).toBe(false);
    expect(dropsOldBrowsersOnly('Drop support for Node 14')).toBe(false);
    expect(strongestMarker('- add rw BigInt64 methods\n- BREAKING: Drop IE11, Safari 9-10 support')).toBe('compatibility');
    // Node.js's own label for a breaking change, as its ports of core modules copy it (events 3.0.0).
    expect(strongestMarker('  - Update to events code from Node.js 10.x\n    - (semver major) Adds `off()` method')).toBe('breaking');
    expect(strongestMarker('- [semver-major] remove `EventEmitter.listenerCount()`')).toBe('breaking');
    expect(strongestMarker('- Bump to the next semver major of `qs`')).toBeNull();
    expect(strongestMarker('- BREAKING: Drop IE11, Safari 9-10 support\n- BREAKING: remove `Buffer.prototype.parent`')).toBe('breaking');
    expect(isRuntimeSupportOnly('### BREAKING CHANGES\n\n- Drop support for Node.js 14\n- Drop support for IE11')).toBe(true);
  });

  it('tells a breaking section that only raises the Node.js floor from one that breaks an API', () => {
    expect(isRuntimeSupportOnly('⚠ BREAKING CHANGES\n\n* adapt new engine range for Mocha 11 ([#5216](https://github.com/mochajs/mocha/issues/5216))')).toBe(true);
    expect(isRuntimeSupportOnly('- Drop support for Node.js 14\n- Requires Node.js 18 or newer')).toBe(true);
    expect(isRuntimeSupportOnly('- Drop support for Node.js 14\n- Remove `app.del`')).toBe(false);
    expect(isRuntimeSupportOnly('- Node.js 18 is required; the package is now ESM only')).toBe(false);
    expect(isRuntimeSupportOnly('- Remove the minified UMD build from the package')).toBe(false);
    // npm's release tooling names the package and the range in code spans (hosted-git-info 9.0.0).
    expect(isRuntimeSupportOnly('⚠️ BREAKING CHANGES\n\n* `hosted-git-info` now supports node `^20.17.0 || >=22.9.0`')).toBe(true);
    // …with the template commit that brings the range listed beside it (which 7.0.0), but never alone.
    expect(isRuntimeSupportOnly('⚠️ BREAKING CHANGES\n\n* `which` now supports node `^22.22.2 || ^24.15.0 || >=26.0.0`\n* template-oss-apply')).toBe(true);
    expect(isRuntimeSupportOnly('⚠️ BREAKING CHANGES\n\n* template-oss-apply')).toBe(false);
    expect(isRuntimeSupportOnly('* `which` now supports node `>=20`\n* template-oss-apply\n* remove `which.sync`')).toBe(false);
    expect(isRuntimeSupportOnly('* `parse` now requires node `>=20` and returns a promise')).toBe(false);
    expect(isRuntimeSupportOnly('* drop `legacyParse`; supports node `>=20`')).toBe(false);
    // A code span is a range only after "node": these name values, not runtimes (review S1).
    expect(isRuntimeSupportOnly('* Node positions are now `0`-based instead of `1`-based')).toBe(false);
    expect(isRuntimeSupportOnly('* The Node.js adapter now listens on port `3000`')).toBe(false);
    expect(strongestMarker('- feat(node)!: exit with code `1` when a check fails')).toBe('breaking');
    // Only the template commit itself, not other text on its line (review N1).
    expect(isRuntimeSupportOnly('* `which` now supports node `>=20`\n* template-oss-apply, the package is now ESM only')).toBe(false);
  });

  it('reads an engines range written without the runtime\'s name as a floor (c8 11.0.0), and only a range of majors', () => {
    expect(isRuntimeSupportOnly('⚠ BREAKING CHANGES\n\n* **deps:** transitive deps require 20 || >=22')).toBe(true);
    expect(strongestMarker('* BREAKING CHANGE: transitive deps require 20 || >=22')).toBe('compatibility');
    expect(isRuntimeSupportOnly('* requires ^20.17.0 || >=22.9.0')).toBe(true);
    // Not a range of majors, or not after "require": left to the other rules.
    expect(strongestMarker('- BREAKING CHANGE: `parse()` requires 2 arguments')).toBe('breaking');
    expect(strongestMarker('- BREAKING CHANGE: require 20 || >=22 and remove `legacy()`')).toBe('breaking');
    expect(strongestMarker('- BREAKING CHANGE: options now require 1 || 2 flags')).toBe('breaking');
    // Peer ranges are written the same way, but end in a caret or name the peer (review 9).
    for (const line of ['- BREAKING CHANGE: React peer dependency now requires 18 || 19', '- BREAKING CHANGE: now requires ^18.0.0 || ^19.0.0', '- BREAKING CHANGE: the schema requires 1 || 2 entries', '- BREAKING CHANGE: the peer requires 18 || >=19', '- BREAKING CHANGE: React now requires 16.8 || >=17', '- BREAKING: Angular now requires 17 || >=18']) expect(strongestMarker(line), line).toBe('breaking');
  });

  it('"technically a backwards-incompatible change" is a hedge, as "potentially breaking" is (@apollo/server 5.5.0)', () => {
    for (const line of ['  This is technically a backwards-incompatible change. Apollo is not aware of any GraphQL clients which send these.', '- It is technically a breaking change, but unlikely to affect anyone', '- This is technically a backwards incompatibility, but nobody relied on it']) expect(strongestMarker(line), line).toBe('compatibility');
    expect(strongestMarker('- This is a backwards-incompatible change: `parse()` is removed')).toBe('breaking');
  });

  it('reads "drop node v18 and v20 support" as runtime support only (@commitlint/cli 21.0.0)', () => {
    expect(isRuntimeSupportOnly('* drop node v18 and v20 support')).toBe(true);
    expect(isRuntimeSupportOnly('* drop node v18 and `legacy()` support')).toBe(false);
  });

  it('a removed TypeScript compiler option is the build\'s, not the API\'s (zod 4.4.0)', () => {
    for (const line of ['- Remove deprecated downlevelIteration option (#5684)', '- chore: drop `esModuleInterop`', '- Remove the `importsNotUsedAsValues` compiler option', '- remove keyofStringsOnly (abc1234).']) expect(strongestMarker(line), line).toBeNull();
    // Options TypeScript tools expose as their own (ts-jest's `isolatedModules`) stay API removals (review 9).
    for (const line of ['- Remove deprecated `isolatedModules` option', '- **ts-jest:** remove deprecated `isolatedModules` option', '- Remove the `esModuleInterop` option', '- Drop `experimentalDecorators` option']) expect(strongestMarker(line), line).toBe('breaking');
    // A library's own option names, an announced break, or a second removal on the line stay breaks.
    for (const line of ['- Remove deprecated `strict` option', '- Remove deprecated parseExpressions option', '- BREAKING CHANGE: remove `esModuleInterop` support; use named imports', '- Remove `downlevelIteration` and `legacy()` option']) expect(strongestMarker(line), line).toBe('breaking');
  });

  it('editing the words of a deprecation notice, or saying a thing is not deprecated, deprecates nothing new (husky 9.1.7, zod 4.4.0)', () => {
    for (const line of ['- fix: add husky label to deprecated warning (#1538)', '- Improve wording of the deprecation message', '- Add a link to the deprecation notice', '- Fix typo in deprecation message', '- fix type `highlight` deprecated message [Brandon Dong][]', '- Preprocess is not deprecated (#5721)', '- `foo` is no longer deprecated', '- Un-deprecate `bar`', '- re-added accidentally removed deprecated function names `classToPlain` and `plainToClass`', '- Restore the deprecated `foo` alias']) expect(strongestMarker(line), line).toBeNull();
    for (const line of ['- Add deprecation warning for `foo()`', '- Deprecate `bar`; add a link to its deprecation message', '- Add deprecated warning to `legacy()`', '- fix: Add deprecation notice for getServerState() in WithReact type (#2266)', '- feat: add `strict` option; omitting it leads to a deprecation warning', '- Fix `parse()` so that passing a string results in a deprecation warning', '- Restored Node 12 support; `oldApi()` is deprecated and will be removed in v3', '- Add `oldApi` to the deprecation notices', '- Calling `app.del()` now results in a deprecation warning', '- Using `foo` leads to a deprecation warning', '- Change the error into a deprecation warning', '- `a` is not deprecated; `b` is deprecated', '- Re-add `x`; deprecate `y`']) expect(strongestMarker(line), line).toBe('deprecation');
  });

  it('reads a notice silenced through a Markdown link as no deprecation (mailparser 3.9.0)', () => {
    for (const line of [
      '* **punycode:** Fixes [#355](https://github.com/nodemailer/mailparser/issues/355) Deprecation warning of the punycode module ([#356](https://github.com/nodemailer/mailparser/issues/356)) ([0f35330](https://github.com/nodemailer/mailparser/commit/0f35330))',
      '- Fix [the deprecation warning](https://nodejs.org/api/deprecations.html#dep0040) on Node.js 22',
    ]) expect(strongestMarker(line), line).toBeNull();
    // A link does not hide the package's own deprecation.
    for (const line of ['- Deprecate [`legacy()`](https://example.com/docs#legacy); use `modern()`', '- Add [deprecation warning](https://example.com/x) for `foo()`', '- Fix [#12](https://example.com/12): `oldApi()` is now deprecated']) expect(strongestMarker(line), line).toBe('deprecation');
  });

  it('reads a Node.js drop said without "support" (content-disposition 1.0.0: "drop node <18"), not a CI matrix change', () => {
    for (const line of ['* drop node <18', '- Drop Node.js 14', '- update node support (drop node@12, node@14, add node@20)', '- Dropped Node.js 18 and 20 support.', '- Modernize code and drop old Node versions (#239)', '- drop legacy Node.js versions', '- drop end of life Node.js versions']) expect(strongestMarker(line), line).toBe('compatibility');
    for (const line of ['* drop node < 18 from CI matrix', '- chore: upgrade deps and drop node 16 tests (#507)', '- drop nodes from the tree', '- Drop the node 14 build', '- drop old node versions from the CI matrix', '- drop old nodes from the AST']) expect(strongestMarker(line), line).toBeNull();
  });

  it('reads a floor whose runtime and version are code spans (webpack\'s release tooling) as runtime support, not an API change', () => {
    // postcss-loader 8.0.0 and copy-webpack-plugin 14.0.0 list only this under BREAKING CHANGES.
    for (const section of ['* minimum supported Node.js version is `18.12.0` ([#677](https://github.com/webpack-contrib/postcss-loader/issues/677))', '* minimum supported `Node.js` version is `20.9.0` ([#819](https://github.com/webpack/copy-webpack-plugin/issues/819))']) {
      expect(isRuntimeSupportOnly(section), section).toBe(true);
    }
    // A code span that names an API still makes the line more than a floor.
    expect(isRuntimeSupportOnly('* minimum supported Node.js version is `18.12.0`, `parse()` removed')).toBe(false);
    expect(isRuntimeSupportOnly('* the `Node.js` adapter now listens on port `3000.1`')).toBe(false);
    // An API named Node is not the runtime (review 8).
    expect(isRuntimeSupportOnly('- Drop `Node` class')).toBe(false);
    expect(isRuntimeSupportOnly('- Drop `node` entry point')).toBe(false);
    expect(strongestMarker('- Drop `Node` class')).toBe('breaking');
  });

  it('judges a breaking commit subject by its own BREAKING CHANGE footer', () => {
    // fast-uri 2.0.0's commit log: the bang is on a CI change, the footer says what breaks.
    const nodeOnly = 'Commits v1.0.1...v2.0.0\n\n- chore: fix typo (#34)\n- ci!: migrate to fastify reusable workflow (#35)\n  BREAKING CHANGE: drops support for node 10 and 12; adds support for node 18';
    expect(strongestMarker(nodeOnly)).toBe('compatibility');
    const apiBreak = 'Commits v1.0.1...v2.0.0\n\n- ci!: migrate to fastify reusable workflow (#35)\n  BREAKING CHANGE: drops support for node 10 and removes `parse()`';
    expect(strongestMarker(apiBreak)).toBe('breaking');
    // Without a footer the announced subject stands; another commit's footer does not explain it.
    expect(strongestMarker('- feat!: new config format\n- chore: drop node 12\n  BREAKING CHANGE: drops support for node 12')).toBe('breaking');
    // Only a non-behavioural type's bang is explained by its footer; a feature's bang still breaks (review S2).
    expect(strongestMarker('- feat!: drop callback support\n  BREAKING CHANGE: requires Node.js 18')).toBe('breaking');
    expect(strongestMarker('- chore!: update CI\n  BREAKING CHANGE: requires Node.js 18')).toBe('compatibility');
    // The footer explains the bang, not a removal the subject names itself.
    expect(strongestMarker('- feat!: remove `parse()`\n  BREAKING CHANGE: drops support for node 10')).toBe('breaking');
  });

  it('does not read a bang scoped to CI, tests or docs as a break of the package (negotiator 0.6.4)', () => {
    for (const line of ['- fix(ci)!: drop node <18 and update ci', '- ci!: run tests on the current LTS lines', '- test!: move to node:test', '- chore(docs)!: new site', '- fix(ci/cd)!: drop node 16 from the matrix', '- ci(release)!: publish with provenance', '- build(tests, ci)!: move to vitest', '- chore(github-actions)!: pin actions']) expect(strongestMarker(line), line).toBeNull();
    // Another scope, or a footer under it, still counts.
    for (const line of ['- fix(cli)!: rename `--out` to `--output`', '- chore(deps)!: require Node.js 20', '- fix(ci,api)!: rename `run()`', '- feat(cicd-plugin)!: new config format', '- ci!: new workflow\n  BREAKING CHANGE: removes `parse()`']) expect(strongestMarker(line), line).not.toBeNull();
  });

  it('ends in bounded work on hostile text built to make markdown regexes backtrack', () => {
    // Evidence is capped (4,000 characters per item) before it gets here; these are far longer.
    expect(strongestMarker(`BREAKING CHANGE ${'['.repeat(100_000)}`)).toBe('breaking');
    expect(strongestMarker('!['.repeat(100_000))).toBeNull();
    expect(isRuntimeSupportOnly(`- drop Node.js 14 ${'[x'.repeat(50_000)}`)).toBe(true);
    expect(hasMarker('-UPGRADE'.repeat(12_500), 'migrationGuide')).toBe(false);
    // "drop node" followed by a long run of blanks stays linear (review S3), and does not reach across lines.
    expect(strongestMarker(`drop node${' '.repeat(200_000)}x`)).toBeNull();
    expect(strongestMarker('- drop node\n18 tests are flaky')).toBeNull();
  });

  it('reads an upgrade-guide pointer, not a docs edit of it or a "no guide needed"', () => {
    expect(hasMarker('**See [UPGRADE-3.0.md](UPGRADE-3.0.md) for a complete & living upgrade guide.**', 'migrationGuide')).toBe(true);
    expect(hasMarker('- docs: fix a typo in the migration guide', 'migrationGuide')).toBe(false);
    expect(hasMarker('No migration guide needed: nothing changed for callers.', 'migrationGuide')).toBe(false);
    expect(hasMarker('A migration guide is not needed.', 'migrationGuide')).toBe(true);
  });
});

describe('plain excerpts keep names written with double underscores', () => {
  it('`__proto__` and `__dirname` stay; `__two words__` emphasis is dropped', () => {
    expect(plainLine('Denial of Service via __proto__ Key in mergeConfig')).toBe('Denial of Service via __proto__ Key in mergeConfig');
    expect(plainLine('- use `__dirname` instead')).toBe('use `__dirname` instead');
    expect(plainLine('- __Breaking change__: drops **Node 16**')).toBe('Breaking change: drops Node 16');
    expect(plainLine('- __Note:__ __BREAKING__ for `x`')).toBe('Note: BREAKING for `x`');
  });
});

describe('hard-wrapped list items', () => {
  const lines = [
    '* Arguments type check now uses `instanceof Uint8Array` instead of `Object.prototype.toString`.',
    '* Removed deprecation checks for `nacl.util` (moved to a',
    '  [separate package](https://github.com/dchest/tweetnacl-util-js) in v0.14.0).',
    '',
    '  The usual way to check for this condition:',
    '',
    '```',
    '- not a list item',
    '  nor its continuation',
    '```',
  ];
  const changelog = lines.join('\n');

  it('joins an indented line right under an item to it, as Markdown renders it; a blank line, a new block or a fence ends the item', () => {
    const joined = '* Removed deprecation checks for `nacl.util` (moved to a [separate package](https://github.com/dchest/tweetnacl-util-js) in v0.14.0).';
    // Everything after the item (a paragraph after a blank line, a fenced block) stays as it was.
    expect(unwrapListItems(lines)).toEqual([lines[0], joined, ...lines.slice(3)]);
  });

  it('so an excerpt quotes the whole item, not its first line', () => {
    expect(excerpts(ownReleaseText(changelog), 300, 'deprecation', 5)).toEqual(['Removed deprecation checks for `nacl.util` (moved to a separate package in v0.14.0).']);
  });

  it('a name the joined item introduces mid-line is still introduced in the range (node-cron 4.4.0)', () => {
    const item = ownReleaseText('- **Distributed run coordination**: runs a task on one instance per fire across a fleet.\n  Adds the `distributedTtl` option and an `execution:skipped` event.');
    expect([...namesIntroduced(item)]).toEqual(['distributedTtl']);
  });
});
