/**
 * Marker detection and plain-text excerpts for release text. The extractive analyzer never
 * interprets what a changelog *asks*; it only looks for fixed markers that release authors
 * use to label changes, so instructions hidden in evidence have nothing to act on.
 */

/**
 * Risk-bearing marker classes, strongest first, plus `security`, which is reported but not
 * scored, and `migrationGuide` (a pointer to an upgrade guide), which only a major's risk reads.
 */
/**
 * `defaultChange` and `hedgedBreak` are not read on their own: they name the lines that lift a
 * major's medium to high (withChangedDefaultInMajor, withHedgedBreakInMajor), so its findings
 * quote those lines.
 */
export type MarkerClass = 'breaking' | 'deprecation' | 'compatibility' | 'security' | 'migrationGuide' | 'defaultChange' | 'hedgedBreak';

/**
 * Files of the repository, not of the package's API: lockfiles, known dotfiles and dot-config
 * files (CI, editor, lint: `.travis.yml`, `.npmignore`, `.eslintrc.json`) and documents. Commit
 * logs remove them often ("Remove `package-lock.json`"). A bare `.then` or `.should` is an API
 * member, not a file. Tool configuration files (`vitest.config.ts`, `eslint.config.mjs`,
 * `tsconfig.build.json`) are the repository's too (reselect 5.1.1 renames one). So are the tools
 * a native addon installs its binary with: "Remove `node-pre-gyp` in favor of `prebuildify`,
 * prebuilt binaries are now shipped with the package" (bcrypt 6.0.0) changes no API.
 */
const HOUSEKEEPING_FILE = String.raw`(?:node-pre-gyp|node-gyp(?:-build)?|prebuild(?:ify|-install)?|cmake-js|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|\.(?:github|gitignore|gitattributes|npmignore|npmrc|nvmrc|node-version|editorconfig|eslintignore|prettierignore|travis|circleci|gitlab-ci|vscode|husky|[\w-]+rc)(?:[./][\w./-]*)?|\.[\w-]+\.(?:ya?ml|json|c?js|mjs|toml)|[\w./-]+\.(?:md|markdown|ya?ml|txt)|[\w-]+\.config\.(?:[cm]?[jt]s|json)|tsconfig(?:\.[\w-]+)?\.json)`;

/**
 * What may stand between a list bullet and the change's own verb: a conventional-commit type
 * ("feat: ", "fix(parser)!: ") or a changelog's bold scope ("**compiler-sfc:** "), as
 * release-please, lerna and conventional-changelog write them. Documentation and chore types
 * are not among them: a removal there is about the repository, not the API.
 */
/** Commit types of the conventional-commits family (Angular's, and the ones release tools add). */
const CONVENTIONAL_TYPE = String.raw`(?:feat|fix|perf|refactor|chore|build|ci|docs?|tests?|style|revert|deps|security|breaking|types?|release)`;
const CHANGE_PREFIX = String.raw`(?:(?:\*\*[\w@/. -]{1,40}:\*\*|(?:feat|fix|perf|breaking)(?:\([^)\n]{0,40}\))?!?:)[ \t]*)?`;
/**
 * "Remove `workspaces` field from package.json": a field of the package's manifest, not its API —
 * except the fields that say how the package is loaded ({@link ENTRY_POINT_FIELD}).
 */
const ENTRY_POINT_FIELD = String.raw`(?:main|module|exports|types|typings|bin|browser)`;
const MANIFEST_FIELD = String.raw`[ \t]+(?:field|key|property|entry)[ \t]+(?:from|in)[ \t]+(?:the[ \t]+)?\`?package(?:\.json)?\b`;
/** Words that may qualify what is removed: "Remove deprecated `Command#killable`", "drop the legacy `x` option". */
const REMOVED_QUALIFIERS = String.raw`(?:(?:[Tt]he|[Dd]eprecated|[Ll]egacy|[Oo]bsolete|[Uu]ndocumented|[Oo]ld)[ \t]+){0,2}`;
/** What a removed thing is, when the release text names it without code quotes. */
const API_NOUN = String.raw`(?:options?|methods?|functions?|propert(?:y|ies)|parameters?|arguments?|exports?|apis?|hooks?|events?|flags?|props?|settings?)`;

/**
 * How a change line opens before its verb: a bullet or an ordinal, a reference ("[pull #575]"),
 * a conventional-commit type or a changelog's bold scope ("feat(parser): ", "**parser:** ").
 */
const LINE_LEAD = String.raw`^[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?(?:\[[^\]\n]{1,40}\][ \t]*)?(?:\*\*[\w@/. -]{1,40}:\*\*[ \t]*|[\w-]{1,20}(?:\([^)\n]{0,40}\))?!?:[ \t]*)?`;

/**
 * Lines about the repository's own tooling, where a "default" is the tooling's (a test timeout,
 * the CI runner, the default branch): "chore(test): Changed default TAP test suite timeout …"
 * (log4js), "Enable watch mode & coverage for unit tests by default" (concurrently 9.2.1).
 * Chore and build lines count here too (`chore:`, `**build:**`): a default they change is the repository's. Placed at the
 * line's start it looks ahead at the type; placed after {@link LINE_LEAD}, which may have taken
 * the type already, it looks back at it.
 */
const NOT_TOOLING_LINE = String.raw`(?![^\n]*\b(?:tests?|testing|coverage|lint(?:ing|er)?|ci|branch|dev(?:elopment)?[ \t]+(?:mode|server|build))\b)(?![ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:chore|build)(?:\([^)\n]{0,40}\))?!?:)(?<!\b(?:chore|build)(?:\([^)\n]{0,40}\))?!?:(?:\*\*)?[ \t]*)`;

/**
 * How a removal line opens: a bullet or an ordinal, a reference ("[pull #575]"), and a changelog's
 * bold scope or a feat/fix/perf/breaking type ({@link CHANGE_PREFIX}); not any `word:` lead, so
 * "Revert: remove …" and "Types: …" are not removals of the package's own.
 */
const CHANGE_LINE_LEAD = String.raw`[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?(?:\[[^\]\n]{1,40}\][ \t]*)?${CHANGE_PREFIX}`;
/**
 * A line about the type declarations ("fix(types): remove default export", "… from the type
 * definitions") or one that adds beside the change ("Change default export to also expose named
 * exports"): nothing that ran stops running (review 12).
 */
const NOT_ABOUT_TYPES_OR_ADDITIONS = String.raw`(?![^\n]*\b(?:types?|typings|type[ \t]+definitions?|declarations?|d\.ts|also|alongside|in[ \t]+addition)\b)`;

/**
 * A clause naming a version or a range (`Node 14`, `IE10`, `jiti < 2.2.0`, `Remix v1`) is about
 * what the package runs on; the references a changelog line ends with (`(#557)`, `#557`, a commit
 * link, "by @user in https://…") are not part of the clause and do not count.
 */
const VERSIONED_CLAUSE = String.raw`(?:(?!\(?\[?#\d|\(\[?[0-9a-f]{7}|\bby[ \t]+@|https?:\/\/|\(#)[^\n.;]){0,120}?(?:\d|[<>=])`;

/** What a package runs on or with, rather than a feature of its own: dropping support for one is a compatibility change. */
const SUPPORTED_PLATFORM = String.raw`(?:environments|runtimes|platforms|engines|node(?:\.?js)?|io\.?js|ie|internet[ \t]+explorer|browsers?|typescript|bun|deno|electron|safari|chrome|firefox|opera|android|ios|windows|mac[ \t]?os|linux|npm|yarn|pnpm|python|es\d+|ecmascript|commonjs|cjs|amd|umd|esm)`;

/**
 * A list item that removes or renames a named API: "- Remove `send.etag()` -- use …",
 * "* Removed `auth(ctx)` signature", "- Remove deprecated `Command#killable` property",
 * "* **deprecated:** remove deprecated parseExpressions option", or a rename anywhere in the
 * item ("Add `baseUrl` option, rename `prefixUrl` to `prefix`"). Requiring a code-quoted or
 * camelCase name keeps prose such as "Remove link renderization in HTML error pages" (an
 * internal change) out. Dropping one of the package's own dependencies ("Remove `debug`
 * dependency") is not an API change, nor is removing a repository housekeeping file
 * ("Remove `package-lock.json`") or a field of package.json ("Remove `workspaces` field from package").
 */
const API_REMOVAL_MARKERS: RegExp[] = [
  new RegExp(
    // A quoted name followed by "comment" is a comment in the source ("fix: remove `PURE` comment"),
    // one followed by "check" a check the code made ("fix: remove `globalThis` check", graphql 16.8.2),
    // and a path removed "from repo" is a file of the repository ("Dropped `dist/` folder from repo,
    // build on package publish": markdown-it 14.0.0 still publishes it); only a path (ending in
    // `/` or an extension): "Removed `fetchAll()` from Repository" is a class's method.
    String.raw`^[ \t]*[-*+][ \t]+${CHANGE_PREFIX}(?:remove[sd]?|rename[sd]?|drop(?:s|ped)?)[ \t]+${REMOVED_QUALIFIERS}\`(?:${ENTRY_POINT_FIELD}\`|(?!${HOUSEKEEPING_FILE}\`)[^\`\n]{1,80}\`(?![^\n]{0,40}\bdependenc)(?!(?<=/\`|\.[A-Za-z]{1,8}\`)[^\n]{0,40}\bfrom[ \t]+(?:the[ \t]+)?(?:git[ \t]+)?repo(?:sitory)?\b)(?![^\n]{0,40}\bfrom[ \t]+(?:the[ \t]+)?\`${HOUSEKEEPING_FILE}\`)(?![ \t]+(?:comments?|annotations?|checks?(?![ \t]+(?:endpoints?|helpers?|options?|functions?|methods?|apis?|hooks?|routes?|commands?|utilit(?:y|ies)|middlewares?)\b))\b)(?!${MANIFEST_FIELD}))`,
    'im',
  ),
  // Removing what was deprecated is the break the deprecation announced, named or not: "remove
  // deprecated APIs", "rm deprecated properties that were forwarded to core" (jasmine 7).
  new RegExp(String.raw`^[ \t]*[-*+][ \t]+${CHANGE_PREFIX}(?:[Rr]emove[sd]?|[Rr]m|[Dd]rop(?:s|ped)?)[ \t]+(?:(?:[Tt]he|[Aa]ll)[ \t]+)?(?:[Dd]eprecated|[Ll]egacy|[Oo]bsolete)[ \t]+(?:[^\n]{0,60}?[ \t])?${API_NOUN}\b`, 'im'),
  // A camelCase name is code even without quotes: "remove deprecated parseExpressions option".
  new RegExp(String.raw`^[ \t]*[-*+][ \t]+${CHANGE_PREFIX}(?:[Rr]emove[sd]?|[Dd]rop(?:s|ped)?)[ \t]+${REMOVED_QUALIFIERS}[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*(?:\(\))?[ \t]+${API_NOUN}\b`, 'm'),
  // A rename of a quoted name anywhere in the item: the old name stops working.
  new RegExp(String.raw`^[ \t]*[-*+][ \t]+[^\n]{0,300}\brenam(?:e[sd]?|ing)[ \t]+\`(?!${HOUSEKEEPING_FILE}\`)[^\`\n]{1,80}\`[ \t]+(?:to|into|as)[ \t]+\``, 'im'),
  // A changed or removed default export breaks every `import x from '<package>'` (review 11):
  // "Change the main module to no longer have a default export" (whatwg-mimetype 5.0.0), "Change
  // default export to a named export", "Remove default export", "The default export has been
  // removed", "No longer provide a default export".
  ...[
    String.raw`(?:change[sd]?|switch(?:e[sd])?|replace[sd]?|remove[sd]?|drop(?:s|ped)?)[ \t]+(?:(?:the|its)[ \t]+)?(?:(?:main[ \t]+)?module[ \t]+to[ \t]+no[ \t]+longer[ \t]+(?:have|has|provide)[ \t]+an?[ \t]+)?default[ \t]+exports?\b`,
    String.raw`(?:the[ \t]+)?default[ \t]+export[ \t]+(?:has[ \t]+been|was|is)[ \t]+(?:removed|dropped|gone)\b`,
    String.raw`no[ \t]+longer[ \t]+(?:has|have|provides?|ships?|exports?)[ \t]+an?[ \t]+default[ \t]+export\b`,
  ].map((change) => new RegExp(String.raw`^${NOT_TOOLING_LINE}${NOT_ABOUT_TYPES_OR_ADDITIONS}${CHANGE_LINE_LEAD}${change}`, 'im')),
  // A feature the package removes: "Remove support for generating the hash digest of a part"
  // (multiparty 4.0.0), "Remove support for job objects" (node-schedule 2.0.0). Not a runtime,
  // platform or version the package stops running on ("Drop support for Node.js 14", "… for IE10",
  // "… for jiti < 2.2.0", "… for Remix v1", "… for old environments"): a runtime's name, an "old"
  // or "legacy" qualifier, or any digit or comparison in the clause leaves it to the compatibility rules.
  new RegExp(
    String.raw`^${NOT_TOOLING_LINE}[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)${CHANGE_PREFIX}(?:[Rr]emove[sd]?|[Dd]rop(?:s|ped)?)[ \t]+support[ \t]+for[ \t]+(?!(?:(?:the|all|any|deprecated|older|old|legacy|outdated|ancient|unsupported|eol|end[ \t-]of[ \t-]life)\b[ \t]*)*(?:(?:old(?:er)?|legacy|outdated|ancient|unsupported|eol|end[ \t-]of[ \t-]life)\b|${SUPPORTED_PLATFORM}\b(?!-)))(?!${VERSIONED_CLAUSE})[^\n.;]{3}`,
    'im',
  ),
  // A "remove:" group whose first entry names an API: "* remove:\n    - `app.del` - use `app.delete`".
  /^([ \t]*)[-*+][ \t]+(?:remove[sd]?|removals?|breaking)[ \t]*:[ \t]*\n\1[ \t]+[-*+][ \t]+`[^`\n]{1,80}`(?![^\n]{0,40}\bdependenc)/im,
];

/** "Breaking: …", "**BREAKING**: …", "⚠️ Breaking!" */
const BREAKING_LEAD = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?(?:⚠️[ \t]*)?breaking(?:\*\*|__)?[ \t]*[:!]/im;
/**
 * Conventional-commit bang: "feat!: …", "- fix(router)!: …" (a known type: "Note!: …" is prose).
 * Not one scoped to the repository's CI, tests or docs ("fix(ci)!: drop node <18 and update ci",
 * negotiator 0.6.4, whose `engines` did not move): what breaks there is the project's tooling. A
 * `BREAKING CHANGE:` footer under it still counts on its own.
 */
const TOOLING_SCOPE_WORD = String.raw`(?:ci|cd|tests?|docs?|workflows?|github[ \t-]?actions?)`;
/** A scope made only of tooling words: `(ci)`, `(ci/cd)`, `(tests, ci)`; `(ci,api)` names the API too. */
const TOOLING_SCOPE = String.raw`${TOOLING_SCOPE_WORD}(?:[ \t]*[/,+&][ \t]*${TOOLING_SCOPE_WORD}){0,3}`;
const CONVENTIONAL_BANG = new RegExp(String.raw`^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?${CONVENTIONAL_TYPE}(?<!\b(?:ci|tests?|docs?))(?:\((?!${TOOLING_SCOPE}\))[^)\n]{0,40}\))?!:`, 'im');
/**
 * A bracketed tag, as some projects mark breaking commits: "[breaking] Abort commands …", and
 * Node.js's own label, which its ports of core modules copy into their changelogs: "(semver
 * major) Adds `off()` method" (events 3.0.0), "[semver-major] …".
 */
const BREAKING_TAG = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?[[(](?:breaking|semver[ \t-]major)[\])]/im;

const BREAKING_MARKERS: RegExp[] = [
  // "Potentially breaking change" hedges: a compatibility change (below), not a break, and so is
  // "technically a backwards-incompatible change" (@apollo/server 5.5.0: "Apollo is not aware of
  // any GraphQL clients which" send such requests). "No breaking changes", "non-breaking change"
  // say the opposite, and a fix undoes one ("Fixed BC-breaking change in 4.1.0", review 11).
  // Each of these looks back within the line only: "- Typo fix" must not cancel a "Breaking
  // changes" heading on the next line (review 12).
  /(?<!\b(?:potentially|possibly|no|non|not|without)(?:[ \t]+(?:a|an))?[ \t-]+|\btechnically(?:[ \t]+an?)?[ \t]+|\bfix(?:es|ed)?(?:[ \t]+(?:a|an|the))?[ \t"'“”‘’([-]+(?:B\/?C[ \t-]+)?)\bbreaking[\s_-]*changes?\b/i,
  // "This release deliberately contains backwards-incompatible changes" (esbuild's 0.x minors).
  // Not when a fix undoes one ("Fix backwards-incompatible change introduced in 2.1.0").
  /(?<!\b(?:no|not|non|without|any|fix(?:es|ed)?(?:[ \t]+(?:a|an|the))?)[ \t-]+|\btechnically(?:[ \t]+an?)?[ \t]+)\bbackwards?[\s-]+incompatib(?:le|ilit(?:y|ies))\b/i,
  // "BC breaks", "[Minor BC break]": backward-compatibility breaks, as sequelize and immutable say.
  // Not when a fix undoes one or a line denies one ("Fix BC break introduced in 4.1.0", "not a BC
  // break", 'Revert "BC break: drop `legacy()`"', "Fix regression (BC break) in 4.1.0").
  /(?<!\b(?:no|not|non|without|any|fix(?:es|ed)?|revert(?:s|ed)?|avoid(?:s|ed)?|accidental)(?:[ \t]+(?:a|an|the))?[ \t"'“”‘’([-]+|\bfix(?:es|ed)?[ \t]+(?:(?:a|the)[ \t]+)?regressions?[ \t"'“”‘’([-]+)\bB\/?C[ \t-]+break(?:s|ing)?\b/i,
  BREAKING_LEAD,
  CONVENTIONAL_BANG,
  BREAKING_TAG,
  ...API_REMOVAL_MARKERS,
];

/**
 * A line that introduces something, and only the direct object of its verb: "* Add
 * `application/manifest+json`", "Adds the `distributedTtl` option and …", "- feat: new `x`
 * helper". Not "Add deprecation warning for `foo()`", "Add `timeout` option to `request()`"
 * (`request()` is older) or "add tests for `parse()`". Lines that also remove are not.
 */
const INTRODUCING_LINE = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:(?:feat|fix)(?:\([^)\n]{0,40}\))?:[ \t]*)?(?:add(?:s|ed)?|introduc(?:e|es|ed)|new)[ \t]+(?:(?:the|a|an)[ \t]+)?(?:new[ \t]+)?`([^`\n]{1,80})`/i;

/** The code-quoted names the range's release text introduces (see {@link INTRODUCING_LINE}). */
export function namesIntroduced(text: string): Set<string> {
  const names = new Set<string>();
  // Each sentence of a line too: a hard-wrapped item, once joined, says "… across a fleet. Adds
  // the `distributedTtl` option and …" in the middle of its one line.
  const sentences = text.split('\n').flatMap((line) => [line, ...line.split(/(?<=[.;:])[ \t]+(?=[A-Z*`])/).slice(1)]);
  for (const sentence of sentences) {
    const introduced = INTRODUCING_LINE.exec(sentence)?.[1];
    if (introduced !== undefined && !API_REMOVAL_MARKERS.some((pattern) => pattern.test(sentence))) names.add(introduced);
  }
  return names;
}

/**
 * What a removal line takes away: its first code-quoted name, and the quoted name it is taken
 * from ("Remove `.json` extension from `application/manifest+json`"). Not the new name of a
 * rename ("Rename `a` to `b`"): `b` being new says nothing about `a`.
 */
function removalSubjects(line: string): string[] {
  const first = /`([^`\n]{1,80})`/.exec(line)?.[1];
  const containers = [...line.matchAll(/\b(?:from|of|on)[ \t]+(?:the[ \t]+)?`([^`\n]{1,80})`/gi)].map((match) => match[1]!);
  return first === undefined ? containers : [first, ...containers];
}

/**
 * Without the removals of what the same range introduced: a release that adds an option and a
 * later one in the range that renames it ("`distributedTtl` was introduced in 4.4.0 and is
 * removed without an alias", node-cron 4.4.1), or a mapping added and then taken back (mime-db
 * 1.9.0 → 1.9.1), take nothing away from a caller of the version the update starts from. A
 * line that also carries another breaking marker ("feat!: …") keeps it.
 */
function withoutRemovalsOfIntroducedNames(text: string, introduced: ReadonlySet<string>): string {
  if (introduced.size === 0) return text;
  return text
    .split('\n')
    .filter((line) => {
      if (!API_REMOVAL_MARKERS.some((pattern) => pattern.test(line))) return true;
      if (BREAKING_MARKERS_BUT_REMOVALS.some((pattern) => pattern.test(line))) return true;
      return !removalSubjects(line).some((name) => introduced.has(name));
    })
    .join('\n');
}

/** Breaking markers that still count where a named removal does not (documentation, tests, chores). */
const BREAKING_MARKERS_BUT_REMOVALS: RegExp[] = BREAKING_MARKERS.filter((pattern) => !API_REMOVAL_MARKERS.includes(pattern));
/**
 * The markers a change line announces itself with, as opposed to prose that mentions breaking
 * changes: the conventional-commit bang ("style!: …"; not a CI, tests or docs one, see
 * {@link CONVENTIONAL_BANG}), a "BREAKING CHANGE:" lead or footer, a
 * "Breaking:" lead or a "[breaking]" tag, each where the line starts. On lines typed
 * docs/test/ci/style only these count: "test: rollback tap for the breaking change" and
 * "docs: explain the BREAKING CHANGE: footer" talk about other changes.
 */
const ANNOUNCED_BREAKING_MARKERS: RegExp[] = [
  new RegExp(String.raw`^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?(?:${CONVENTIONAL_TYPE}(?:\([^)\n]{0,40}\))?!?:[ \t]*)?(?:\*\*|__)?breaking[\s_-]*changes?(?:\*\*|__)?[ \t]*:`, 'im'),
  BREAKING_LEAD,
  CONVENTIONAL_BANG,
  BREAKING_TAG,
];

/**
 * A deprecation by this package, not the package moving off something deprecated elsewhere:
 * "replace deprecated url.parse() with WHATWG URL", "Replace usage of deprecated `JSX` global
 * namespace with `React.JSX`" (react-redux 9.1.2), "Fix deprecation warning on Node.js 22",
 * "Avoid deprecated `Buffer()`" and "Stop using deprecated `process.umask()`" (as a change line's
 * own verb) are fixes;
 * "Warn on use of deprecated `res.send(status)`" is one.
 * Node.js's own deprecations ("Node deprecation DEP0044", a DEP code) are not this package's.
 * "Use `b` over deprecated `a`" stays one: the package's own notice reads the same way.
 */
const DEPRECATION_MARKERS: RegExp[] = [
  // "Stop using …" counts only as the change line's own verb (a commit, "- fix: stop using …"):
  // "Please stop using the deprecated `foo` option" is the package's own notice.
  /(?<!(?:^|\n)[ \t]*(?:[-*+][ \t]+)?(?:[a-z]+(?:\([^)\n]{0,40}\))?!?:[ \t]*)?stop(?:s|ped|ping)?[ \t]+using[ \t]+(?:the[ \t]+|a[ \t]+|an[ \t]+)?(?:node(?:\.js)?(?:'s)?[ \t]+)?)(?<!\b(?:replac(?:e|es|ed|ing)|avoid(?:s|ed|ing)?|migrat(?:e|es|ed|ing)(?:\s+away)?(?:\s+from)?|instead\s+of|away\s+from|fix(?:es|ed|ing)?|silenc(?:e|es|ed|ing)|suppress(?:es|ed|ing)?)\s+(?:(?:usages?|uses?|calls?)\s+(?:of|to)\s+)?(?:the\s+|a\s+|an\s+|all\s+|any\s+)?(?:node(?:\.js)?(?:'s)?\s+)?)(?:\bdeprecat(?:e|ed|es|ing)\b|(?<!\bnode(?:\.js)?(?:'s)?\s+)\bdeprecations?\b)(?!\s+(?:warning\s+)?(?:code\s+)?DEP\d{4}\b)/i,
];

/**
 * "Technically a backwards-incompatible change": the authors' hedge. Outside a major it is a
 * compatibility change; in a major it is the reason for the major (the extractive analyzer's
 * withHedgedBreakInMajor).
 */
const HEDGED_BREAK = /\btechnically(?:\s+an?)?\s+(?:breaking|backwards?[\s-]+incompatib(?:le|ilit(?:y|ies)))\b/i;

/** The default changes, each named once: both marker lists below are built from them. */
// "The default `depth` … is now `32`".
const DEFAULT_IS_NOW = new RegExp(String.raw`^${NOT_TOOLING_LINE}[^\n]*?\bdefault\b[^\n]{0,80}\bis[ \t]+now\b`, 'im');
// "now defaults to".
const NOW_DEFAULTS_TO = new RegExp(String.raw`^${NOT_TOOLING_LINE}[^\n]*?\bnow[ \t]+defaults?[ \t]+to\b`, 'im');
// "security: default file permission to be 0o600 instead of 0o644" (log4js 6.4.0).
const DEFAULT_INSTEAD_OF = new RegExp(String.raw`^${NOT_TOOLING_LINE}[^\n]*?\bdefault\b[^\n]{0,60}\binstead[ \t]+of\b`, 'im');
/**
 * A default changed by the line's own verb: "Change default hash algorithm and iteration's for
 * PBKDF2" (crypto-js 4.2.0), "Lower defaultLength to 10000", "[pull #575] Change the default
 * "req" serializer to accept `req.originalUrl`" (bunyan 2.0.5). Not a default *export* (entry
 * point, import): that is no default value, and whether changing it breaks is for the
 * breaking markers to say.
 */
const DEFAULT_CHANGED_BY_VERB = new RegExp(
  String.raw`${LINE_LEAD}${NOT_TOOLING_LINE}(?:change[sd]?|lower(?:s|ed)?|raise[sd]?|reduce[sd]?|increase[sd]?|switch(?:es|ed)?|tighten(?:s|ed)?)[ \t]+(?:the[ \t]+)?default\w*(?![ \t]+(?:exports?|entry|entries|entry[ \t-]?points?|imports?)\b)`,
  'im',
);
/**
 * "Default" as the line's verb: "[Feature] Default `randomize` to true" (async-retry 1.3.0). A
 * compatibility change, but not a major's break: in dotenv 17.0.0 "Default `quiet` to false"
 * only shows a log line, and the readers rated that major medium.
 */
const DEFAULT_SET_TO = new RegExp(String.raw`${LINE_LEAD}${NOT_TOOLING_LINE}default(?:s|ed)?[ \t]+\x60[^\x60\n]{1,60}\x60[ \t]+to\b`, 'im');
/** A behaviour switched on or off by default: "Disables URL rebasing by default" (clean-css 5.0.0). */
const SWITCHED_BY_DEFAULT = new RegExp(String.raw`${LINE_LEAD}${NOT_TOOLING_LINE}(?:disable[sd]?|enable[sd]?|turn(?:s|ed)?[ \t]+(?:on|off))\b[^\n]{1,60}\bby[ \t]+default\b`, 'im');

/**
 * A new behaviour that is on unless switched off: "Added: `gracefulExit` option (enabled by
 * default) to stop the bars in case of `SIGINT`" (cli-progress 3.11.0). Every caller gets it
 * without asking, so it is a changed default with an opt-out, not only an addition.
 */
const ADDED_ON_BY_DEFAULT = new RegExp(String.raw`${LINE_LEAD}${NOT_TOOLING_LINE}(?:added:?|adds?|new)\b[^\n]{1,80}\b(?:enabled|active|turned[ \t]+on|on)[ \t]+by[ \t]+default\b`, 'im');

/**
 * Lines that change a default, for {@link changesADefault} and the findings of a major lifted by
 * one (marker class `defaultChange`).
 */
const DEFAULT_CHANGE_MARKERS: RegExp[] = [DEFAULT_IS_NOW, NOW_DEFAULTS_TO, DEFAULT_CHANGED_BY_VERB, DEFAULT_INSTEAD_OF, SWITCHED_BY_DEFAULT];

/**
 * Whether the release text changes a default. In a major, the authors' changed default is the
 * break the major announces (labelling rules: "a default … changed for ordinary use"), so
 * withChangedDefaultInMajor reads it as one; outside a major it stays a compatibility change
 * (a default switched on or off is then not read at all: it went against concurrently 9.2.1).
 */
export function changesADefault(text: string): boolean {
  return hasMarker(text, 'defaultChange');
}

/**
 * Dart Sass's "**Potentially breaking bug fix:**", react-i18next 17.0.0's "Potentially breaking
 * changes" heading: outside a major a compatibility change (it breaks only code that relied on
 * the old edge); in a major, as with "technically", the reason for the major. Not when denied
 * ("There are no potentially breaking changes").
 */
const POTENTIAL_BREAK = /(?<!\b(?:no|not|non|without|any)[\s-]+)\b(?:potentially|possibly)[\s-]+breaking\b/i;

/** The authors' hedged break, "technically a breaking change" or "potentially breaking" (marker class `hedgedBreak`). */
export function hedgesABreak(text: string): boolean {
  return hasMarker(text, 'hedgedBreak');
}

/**
 * What a security fix now refuses unless the caller opts in: "prevent use of `--upload-pack` …
 * without explicitly opting in" (simple-git 3.16.0), "Cookies are no longer forwarded on redirect
 * unless you opt in". The refusal must be the line's own: "behaviour is unchanged unless you opt
 * in" reassures, and "add `http2` option (off unless you opt in)" adds.
 */
const REFUSED_UNLESS_OPTED_IN = /\b(?:prevent(?:s|ed)?|disallow(?:s|ed)?|block(?:s|ed)?|reject(?:s|ed)?|refuse[sd]?|forbid(?:s|den)?|den(?:y|ies|ied)|no[ \t]+longer)\b[^\n;]{0,80}?(?:\bwithout[ \t]+(?:explicitly[ \t]+)?opting[ \t-]+in\b|\bunless[ \t]+(?:you[ \t]+|the[ \t]+caller[ \t]+)?(?:explicitly[ \t]+)?opt(?:s|ed)?[ \t-]+in\b)/i;

/** Not the CI's Node.js versions ("drop node < 18 from CI matrix", "drop node 16 tests"). */
const NOT_ABOUT_CI = String.raw`(?![^\n]{0,60}\b(?:ci|tests?|testing|matrix|workflows?|builds?)\b)`;

const COMPATIBILITY_MARKERS: RegExp[] = [
  /\bdrop(?:s|ped)?\s+(?:the\s+)?support\b/i,
  // "drop node <18", "Drop Node.js 14", "drop node@12": a support drop said without "support";
  // not the CI's test matrix ("drop node < 18 from CI matrix", "drop node 16 tests").
  new RegExp(String.raw`\bdrop(?:s|ped|ping)?[ \t]+(?:old(?:er)?[ \t]+)?node(?:\.?js)?(?:@|[ \t]*(?:(?:v|<=?|>=?)[ \t]*)?)\d${NOT_ABOUT_CI}`, 'i'),
  // "Modernize code and drop old Node versions" (sonic-boom 5.0.0), "drop legacy Node.js
  // versions": the same drop, with the versions unnamed; not "drop old Node versions from CI".
  new RegExp(String.raw`\bdrop(?:s|ped|ping)?[ \t]+(?:old(?:er)?|legacy|outdated|unsupported|eol|end[ \t-]of[ \t-]life)[ \t]+node(?:\.?js)?[ \t]+(?:versions?|releases?|lines?)\b${NOT_ABOUT_CI}`, 'i'),
  /\bno\s+longer\s+support(?:s|ed)?\b/i,
  /\brequires?\s+(?:at\s+least\s+)?node(?:\.js)?\b/i,
  // "Bump node version requirement to 20+" (pdfkit 0.19.0): the floor raised by its own verb; not
  // the CI's Node.js version ("bump node version requirement in the CI matrix").
  new RegExp(String.raw`\b(?:bump(?:s|ed)?|rais(?:e|es|ed)|increas(?:e|es|ed)|updat(?:e|es|ed))[ \t]+(?:the[ \t]+)?(?:minimum[ \t]+)?node(?:\.?js)?[ \t]+(?:version[ \t]+)?(?:requirements?|minimum|floor)\b${NOT_ABOUT_CI}`, 'i'),
  /\bminimum\s+(?:supported\s+)?node(?:\.js)?\b/i,
  /\bnode(?:\.js)?\s+(?:>=?\s*)?v?\d+(?:\.\d+)*\s+or\s+(?:newer|later|higher|above)\b/i,
  // A changed default is a behaviour change for every caller that relied on it:
  // "The default `depth` … is now `32`", "now defaults to", "Set `req.authInfo` by default".
  DEFAULT_IS_NOW,
  NOW_DEFAULTS_TO,
  /^[ \t]*[-*+][ \t]+(?:set|enable[sd]?)[ \t]+`[^`\n]{1,80}`[ \t]+by[ \t]+default\b/im,
  ADDED_ON_BY_DEFAULT,
  DEFAULT_CHANGED_BY_VERB,
  DEFAULT_SET_TO,
  DEFAULT_INSTEAD_OF,
  // A default tightened: "`fromDer` is now more strict and will default to ensuring all input is
  // consumed" (node-forge 1.3.0), "stricter by default"; and what now needs an opt-in. A
  // security fix written this way changes what ordinary input does, so it is not only a fix.
  /\bis[ \t]+now[ \t]+(?:more[ \t]+)?strict(?:er)?\b|\bstricter[ \t]+by[ \t]+default\b/i,
  REFUSED_UNLESS_OPTED_IN,
  // No "refusal" marker ("Restrict …", "Disallow …", "fix: narrow the validation of …"): written
  // after two bumps (cookie 0.7.0, path-to-regexp 8.4.0), it then went against three that fresh
  // waves brought (esbuild 0.28.1, mongoose 8.9.5, cheerio 1.2.0: security fixes and a selector
  // fix the readers rated low), so it was dropped in session 9.
  POTENTIAL_BREAK,
  HEDGED_BREAK,
  // "This change might break existing code if it uses prototype methods on `.files`" (jszip 3.7).
  /\b(?:may|might|could)\s+break\s+(?:existing|older)\s+(?:code|setups?|configurations?|usages?|projects?|apps?|applications?)\b/i,
];

/**
 * Release text that sends the reader to a guide for moving to this version: "See UPGRADE-3.0.md
 * for a complete & living upgrade guide", "read the migration guide", "Migrating to v5". In a
 * major, the authors are saying existing code needs changes.
 */
const MIGRATION_GUIDE_MARKERS: RegExp[] = [
  /(?<!\bno\s+)\b(?:migration|upgrad(?:e|ing))[\s-]+guides?\b(?![\s-]+(?:is\s+)?(?:needed|required|necessary))|\bmigrating[\s-]+(?:from|to)[\s-]+v?\d|\bUPGRAD(?:E|ING)[\w.-]{0,40}\.md\b|\bMIGRAT(?:E|ION|ING)[\w.-]{0,40}\.md\b/i,
];

/**
 * Security fixes as release authors write them: an advisory ID, or the words for a class of
 * vulnerability. A security fix does not raise risk by itself (labelling rules: a fix without
 * behaviour change is low); it becomes a finding so the reviewer sees what the update resolves.
 */
const SECURITY_MARKERS: RegExp[] = [
  /\bCVE-\d{4}-\d{4,}\b/i,
  /\bGHSA(?:-[23456789cfghjmpqrvwx]{4}){3}\b/i,
  /\bsecurity[\s-]+(?:fix|issue|vulnerabilit|advisory|advisories|patch|release|update|problem|hardening)/i,
  /\bvulnerabilit(?:y|ies)\b/i,
  /\bprototype[\s-]+pollution\b/i,
  /\bReDoS\b/,
  /\bregular\s+expression\s+denial\s+of\s+service\b/i,
  /\b(?:command|code|sql|header|template)\s+injection\b/i,
  /\bcross[\s-]site\s+(?:scripting|request\s+forgery)\b/i,
  /\bopen\s+redirect\b/i,
  /\b(?:path|directory)\s+traversal\b/i,
];

const MARKERS: Record<MarkerClass, RegExp[]> = {
  breaking: BREAKING_MARKERS,
  deprecation: DEPRECATION_MARKERS,
  compatibility: COMPATIBILITY_MARKERS,
  security: SECURITY_MARKERS,
  migrationGuide: MIGRATION_GUIDE_MARKERS,
  defaultChange: DEFAULT_CHANGE_MARKERS,
  hedgedBreak: [HEDGED_BREAK, POTENTIAL_BREAK],
};

export function hasMarker(text: string, markerClass: MarkerClass): boolean {
  const relevant = withoutNonBehaviouralLines(text, markerClass);
  return MARKERS[markerClass].some((pattern) => pattern.test(relevant));
}

/**
 * A change line about which Node.js versions are supported and nothing else: "Drop support for
 * Node.js 14", "feat!: require Node.js 20", "adapt new engine range for Mocha 11". Authors often
 * file these under "BREAKING CHANGES", but they break nobody on a supported runtime: a raised
 * floor is a compatibility change (medium), as the registry's engines fact already says. A line
 * that also names an API, a default or a module format is not only that.
 */
const RUNTIME_NAME = /\bnode(?:\.?js)?\b|\bengines\b|\bengine\s+(?:range|field|requirements?)\b/i;
const RUNTIME_SUPPORT_WORDS = /\b(?:drop(?:s|ped|ping)?|support(?:s|ed)?|requires?|required|minimum|range|versions?|older|eol|end[\s-]of[\s-]life|bump(?:s|ed)?|rais(?:e|es|ed)|adapt)\b|\bv?\d+(?:\.\d+)*\b/i;
const OTHER_CHANGE_WORDS = /\b(?:remov(?:e|es|ed|al)|renam(?:e|es|ed)|defaults?|options?|apis?|exports?|esm|commonjs|cjs|throws?|config(?:uration)?|signatures?|behaviou?rs?|typescript|browsers?|deno|bun)\b|`/i;

/** A clause that is only a version ("… Node.js 14 and 16", "node@14", "drop node v18 and v20 support"). */
const VERSION_ONLY_CLAUSE = /^[\s(]*(?:node@)?v?\d+(?:\.\d+)*\+?(?:\s+support)?[\s).]*$/i;

/**
 * A clause that only states the support policy the runtime line sets: "require Node.js 22 and
 * codify version support" (openai 7.0.0), "… and document the supported versions".
 */
const SUPPORT_POLICY_CLAUSE = /^\s*(?:codify|document|clarify|define|formali[sz]e|update|add)\s+(?:the\s+|a\s+|our\s+|its\s+)?(?:(?:node(?:\.?js)?\s+)?version\s+support(?:\s+policy)?|support(?:ed)?\s+(?:policy|versions?|matrix|window)|(?:node(?:\.?js)?\s+)?support\s+policy)\s*\.?\s*$/i;

/**
 * Code spans that name no API in a runtime line: a version range (`^20.17.0 || >=22.9.0`), and the
 * package named as the line's subject, as npm's release tooling writes every Node.js range
 * change: "`hosted-git-info` now supports node `^20.17.0 || >=22.9.0`".
 */
const VERSION_RANGE_CODE = /(\bnode(?:\.?js)?[ \t]+)`(?=[^`\n]{0,120}\d)[\d\s.xX*^~<>=|v-]{1,120}`/gi;
const SUBJECT_CODE_OF_RUNTIME_CLAUSE = /^`[^`\n]{1,120}`(?=\s+(?:now\s+)?(?:supports?|requires?)\s+node(?:\.?js)?\b)/i;
/**
 * The runtime's name and its version in code spans, as webpack's release tooling writes every
 * floor: "minimum supported `Node.js` version is `20.9.0`". Only the runtime's name before
 * "version" ("Drop `Node` class" names an API) and a dotted version right after "version (is|to)"
 * count: "port `3000`" or "`0`-based" are values, not runtimes.
 */
const RUNTIME_NAME_CODE = /`(node(?:\.?js)?)`(?=[ \t]+versions?\b)/gi;
const VERSION_CODE = /(\bversion[ \t]+(?:is[ \t]+|to[ \t]+)?)`v?\d{1,9}(?:\.\d{1,9}){1,2}`/gi;

/**
 * A version range of `||`-joined majors after "require(s)", without the runtime's name: "deps:
 * transitive deps require 20 || >=22" (c8 11.0.0, whose `engines` became `20 || >=22`). Two-digit
 * majors ending in an open `>=` range is how Node.js `engines` ranges are written (`^20.17.0 ||
 * >=22.9.0`); peer ranges end in a caret (`^18 || ^19`), and a line that names a peer is left
 * alone. The runtime's name is put back so the line reads as the floor it is.
 */
const UNNAMED_ENGINES_RANGE = /\b(requires?|required)[ \t]+(?=\^?\d{2}(?:\.\d{1,3}){0,2}[ \t]*\|\|[ \t]*(?:[~^]?\d{2}(?:\.\d{1,3}){0,2}[ \t]*\|\|[ \t]*)*>=[ \t]*\d{2}\b)/gi;

/**
 * What may come before "require(s)" for an unnamed range to be the package's own runtime: nothing
 * but a change type, "now", or its dependencies ("deps: transitive deps require 20 || >=22").
 * "React now requires 16.8 || >=17" names another product's range; a peer's, too.
 */
const UNNAMED_RANGE_SUBJECT = /^(?:[\w-]+(?:[ \t]+[\w-]+)?(?:\((?:deps?|dependencies|engines?|node|runtime)\))?!?:[ \t]*)?(?:(?:it|this(?:[ \t]+(?:package|release|version))?|the[ \t]+package|(?:transitive|runtime|its)?[ \t]*(?:deps|dependencies))[ \t]+)?(?:now[ \t]+)?(?:requires?|required)[ \t]/i;

export function isRuntimeSupportLine(line: string): boolean {
  const named = UNNAMED_RANGE_SUBJECT.test(plainLine(line)) ? line.replace(UNNAMED_ENGINES_RANGE, '$1 node ') : line;
  const plain = plainLine(named).replace(VERSION_RANGE_CODE, '$1range').replace(SUBJECT_CODE_OF_RUNTIME_CLAUSE, 'it').replace(RUNTIME_NAME_CODE, '$1').replace(VERSION_CODE, '$1range');
  if (!RUNTIME_NAME.test(plain) || !RUNTIME_SUPPORT_WORDS.test(plain) || OTHER_CHANGE_WORDS.test(plain)) return false;
  // Every clause must be about the runtime: "drop Node.js 14 and make parse() async" is not.
  const clauses = plain.replace(/\(#\d+\)|\(\s*[0-9a-f]{7,40}\s*\)/gi, '').split(/,|;|\band\b|&|\+/i);
  return clauses.every((clause) => clause.trim() === '' || RUNTIME_NAME.test(clause) || VERSION_ONLY_CLAUSE.test(clause) || SUPPORT_POLICY_CLAUSE.test(clause));
}

/**
 * Old browsers a package stops running in, by name and version: "IE11", "MSIE", "Internet
 * Explorer", "Safari 9-10", "iOS 12", or unnamed ("legacy browsers", "older browsers").
 */
const OLD_BROWSER = /\b(?:MSIE|IE)[ \t]?\d{0,2}(?:\.\d{1,2})?\b|\bInternet[ \t]+Explorer(?:[ \t]+\d{1,2})?\b|\b(?:Safari|iOS|Edge|Firefox|Chrome|Opera|Android)[ \t]+\d{1,3}(?:\.\d{1,3})?(?:[ \t]*(?:-|–|to|and|&)[ \t]*\d{1,3}(?:\.\d{1,3})?)?\b|\b(?:old(?:er)?|legacy|ancient|outdated)[ \t]+browsers?\b/gi;
const BROWSER_DROP = /\b(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing))\b/i;
/** A breaking label in front of the line ("BREAKING:", "[BREAKING CHANGE]", "feat!:"): it announces, it does not change. */
const LEADING_BREAK_LABEL = /^(?:\[?breaking(?:[ \t]+changes?)?\]?:?|\w+(?:\([^)\n]{0,40}\))?!:)[ \t]*/i;

/**
 * A change line that drops old browsers and nothing else: "BREAKING: Drop IE11, Safari 9-10
 * support" (buffer 6.0.0). Like a raised Node.js floor it breaks nobody on a supported runtime:
 * the labelling rules rate dropped runtimes medium when nothing else is documented. Every clause
 * must name an old browser, with only a drop verb and "support for" around it; a code span or
 * any other word ("IE is no longer supported since `date-fns` …", "… and remove the polyfill")
 * keeps the line what its marker says.
 */
export function dropsOldBrowsersOnly(line: string): boolean {
  const plain = plainLine(line).replace(/\(#\d+\)|\(\s*[0-9a-f]{7,40}\s*\)/gi, '').replace(LEADING_BREAK_LABEL, '');
  if (plain.includes('`') || !BROWSER_DROP.test(plain)) return false;
  const clauses = plain.split(/,|;|\band\b|&|\+|\//i).map((clause) => clause.trim()).filter((clause) => clause.length > 0);
  return (
    clauses.length > 0 &&
    clauses.every((clause, index) => {
      // "Drop Safari 9 and 10", "Safari 9/10": a bare version continues the browser before it.
      if (index > 0 && /^v?\d{1,3}(?:\.\d{1,3})?(?:[ \t]+support)?$/i.test(clause)) return true;
      if (clause.match(OLD_BROWSER) === null) return false;
      const rest = clause
        .replace(OLD_BROWSER, ' ')
        .replace(/\b(?:drop(?:s|ped|ping)?|remov(?:e|es|ed|ing)|(?:the[ \t]+)?support(?:[ \t]+for)?|for|e\.g\.|browsers?|versions?)\b/gi, ' ')
        .replace(/[\s().:!–—-]+/g, '');
      return rest === '';
    })
  );
}

/** A floor on what the package runs on, and nothing else: a Node.js line, or old browsers. */
function isPlatformFloorLine(line: string): boolean {
  return isRuntimeSupportLine(line) || dropsOldBrowsersOnly(line);
}

/** A clause that drops a Node.js line: "Drop Node 18", "drop support for Node.js 14", "remove node 16". */
const NODE_DROP_CLAUSE = /\b(?:drop(?:s|ped|ping)?|remove[sd]?)[ \t]+(?:(?:the[ \t]+)?support[ \t]+for[ \t]+)?(?:old(?:er)?[ \t]+)?node(?:\.?js)?\b/i;

/**
 * A change line that drops a Node.js line and tells callers nothing else: a runtime line
 * ({@link isRuntimeSupportLine}), or "Drop Node 18, run format on Ubuntu 24.04" (argon2 0.43.1),
 * whose other clauses carry no marker of their own. "Drop Node 16 and change the default timeout
 * to 5s" is not (review 12).
 */
export function dropsNodeAndNothingElse(line: string): boolean {
  if (isRuntimeSupportLine(line)) return true;
  const clauses = plainLine(line).split(/,|;|\band\b|&/i).map((clause) => clause.trim()).filter((clause) => clause.length > 0);
  if (!clauses.some((clause) => NODE_DROP_CLAUSE.test(clause))) return false;
  const rest = clauses.filter((clause) => !NODE_DROP_CLAUSE.test(clause)).map((clause) => `- ${clause}`).join('\n');
  return rest === '' || (strongestMarker(rest) === null && !changesADefault(rest) && !hedgesABreak(rest));
}

/** `text` without the lines that only raise the platform floor (Node.js or old browsers). */
function withoutPlatformFloorLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !isPlatformFloorLine(line))
    .join('\n');
}

/**
 * `template-oss-apply` is the commit npm's repository template (@npmcli/template-oss) makes when
 * it rewrites a package's CI and `engines`; its release tooling lists it under BREAKING CHANGES
 * beside the "`<name>` now supports node `<range>`" line it comes with (ini 7, which 7,
 * validate-npm-package-name 8). It names no API, so next to a runtime line it adds no break; on
 * its own it says nothing about what changed and is left to the other rules.
 */
const TEMPLATE_APPLY_LINE = /^[ \t]*(?:[-*+][ \t]+)?(?:\[`?[0-9a-f]{7,40}`?\]\([^)\n]{0,200}\)[ \t]+)?(?:\[#\d+\]\([^)\n]{0,200}\)[ \t]+)?(?:\w+(?:\([^)\n]{0,40}\))?!?:[ \t]*)?template-oss-apply(?:[ \t]+\(#\d+\))?(?:[ \t]+\(@[^)\n]{1,80}\))?[ \t]*$/i;

/** Lines about the platform floor only (Node.js or old browsers), allowing the template commit beside at least one of them. */
function onlyPlatformFloorLines(lines: string[]): boolean {
  const described = lines.filter((line) => !TEMPLATE_APPLY_LINE.test(line));
  return described.length > 0 && described.every(isPlatformFloorLine);
}

/**
 * Every change line of `content` (its outermost bullets, or its one line) raises the platform
 * floor (Node.js or old browsers), and nothing else in it is a breaking change (a nested
 * "remove:" group, say).
 */
export function isRuntimeSupportOnly(content: string): boolean {
  const lines = excerpts(content, 400, undefined, 20);
  if (!onlyPlatformFloorLines(lines)) return false;
  const rest = withoutPlatformFloorLines(content);
  return !BREAKING_GROUP_LABEL_ANYWHERE.test(rest) && !API_REMOVAL_MARKERS.some((pattern) => pattern.test(rest));
}

/**
 * A commit whose subject announces a break (`ci!: …`) and whose body says what breaks in a
 * `BREAKING CHANGE:` footer: by the Conventional Commits spec the footer is the description of
 * the break, so the subject is judged by it. fast-uri 2.0.0: "ci!: migrate to fastify reusable
 * workflow" with "BREAKING CHANGE: drops support for node 10 and 12" drops old Node.js only.
 * Commit logs (and changelogs that nest notes) give the body as lines indented under the bullet.
 */
function withoutSubjectsExplainedByFooters(text: string, patterns: RegExp[]): string {
  const lines = text.split('\n');
  const isBulletAtMargin = (line: string) => /^[-*+][ \t]/.test(line);
  const isBodyLine = (line: string) => /^[ \t]+\S/.test(line) && !/^[ \t]*[-*+][ \t]/.test(line);
  // Only the bang is explained away: "feat!: remove `parse()`" still names a removal itself.
  const breaksWithoutItsBang = (line: string) => patterns.some((pattern) => pattern.test(line.replace(/^([ \t]*[-*+][ \t]+(?:\*\*)?(?:ci|chore|build|docs?|tests?|style)(?:\([^)\n]{0,40}\))?)!:/i, '$1:')));
  return lines
    .filter((line, index) => {
      if (!isBulletAtMargin(line) || breaksWithoutItsBang(line)) return true;
      for (let next = index + 1; next < lines.length && isBodyLine(lines[next]!); next += 1) {
        if (/^[ \t]+BREAKING[ -]CHANGES?:/i.test(lines[next]!)) return false;
      }
      return true;
    })
    .join('\n');
}

/**
 * A breaking marker that is only about raising the platform floor (Node.js or old browsers): its lines all do that, and
 * without them no breaking marker is left (a "remove:" group spans lines, so it is checked on
 * the text that remains, not line by line).
 */
function breakingOnlyForRuntime(text: string, patterns: RegExp[]): boolean {
  const marked = text.split('\n').filter((line) => patterns.some((pattern) => pattern.test(line)));
  if (!onlyPlatformFloorLines(marked)) return false;
  const rest = withoutPlatformFloorLines(text);
  return !patterns.some((pattern) => pattern.test(rest));
}

/**
 * The non-behavioural scopes below written as a leading bracket tag, as many changelogs generated
 * from commit subjects do ("[readme] remove deprecated travis ci badge", "[Tests] …", "[Dev Deps]
 * …", "[actions] …"): the line is about the repository, not the package's API. `[meta]` is not
 * one of them: it also tags package.json changes ("[meta] add `exports`").
 */
const REPOSITORY_BRACKET_TAG = String.raw`\[(?:readme|docs?|tests?|actions|ci|dev deps)\]`;
/**
 * A change line whose conventional-commit type says it changes no behaviour: "docs: document
 * the returnOriginal deprecation from 9.2.0", "chore: fix Buffer deprecation warning in test",
 * "test: …", "ci: …", "build: …", "style: …". As under a Documentation heading, only an explicit
 * breaking marker ("chore!: …", "BREAKING CHANGE") counts on such a line.
 */
const NON_BEHAVIOURAL_LINE = new RegExp(String.raw`^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:(?:docs?|tests?|ci|style|refactor)(?:\([^)\n]{0,40}\))?(?:\*\*)?:|${REPOSITORY_BRACKET_TAG})`, 'i');
/** Lines about the repository's documents and tests, where only an announced break counts. */
const DOCUMENTATION_LINE = new RegExp(String.raw`^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:(?:docs?|tests?|ci|style)(?:\([^)\n]{0,40}\))?(?:\*\*)?:|${REPOSITORY_BRACKET_TAG})`, 'i');
/**
 * Chore and build lines change no API either, but they are where a package's Node.js floor is
 * often raised ("chore: drop support for Node.js 16"): only API removals and deprecations are
 * ignored there, as under a Chores heading.
 */
const HOUSEKEEPING_LINE = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:chore|build)(?:\([^)\n]{0,40}\))?(?:\*\*)?:/i;

/**
 * TypeScript compiler options that TypeScript itself deprecated (5.0, 6.0) are settings of the
 * package's own build (its tsconfig.json), not options of its API: "Remove deprecated
 * downlevelIteration option" (zod 4.4.0). Only these: the options tools also expose as their own
 * (ts-jest's `isolatedModules`, bundler plugins' `esModuleInterop`, `target`, `sourceMap`) are left
 * out, since removing one of those from such a tool is its API. The option must be all the line
 * removes: "Remove `downlevelIteration` and `legacy()` option" still removes an API. For the
 * `typescript` package itself such a removal is its API; this line rule would miss it, but a
 * removal listed under a "Breaking changes" or "Removed" heading is judged by the heading.
 */
const COMPILER_OPTION = String.raw`(?:downlevelIteration|importsNotUsedAsValues|preserveValueImports|keyofStringsOnly|suppressImplicitAnyIndexErrors|suppressExcessPropertyErrors|noImplicitUseStrict|noStrictGenericChecks)`;
const COMPILER_OPTION_REMOVAL = new RegExp(
  // Matched against the trimmed line; the tail allows only "(#123)" / "(abc1234)" references and a full stop.
  String.raw`^[ \t]*[-*+][ \t]+${CHANGE_PREFIX}(?:remove[sd]?|drop(?:s|ped)?|rm)[ \t]+(?:(?:the|deprecated|obsolete)[ \t]+){0,2}\`?${COMPILER_OPTION}\`?(?:[ \t]+(?:(?:compiler|tsconfig|typescript)[ \t]+)?(?:options?|flags?|settings?))?(?:[ \t]+\((?:#\d+|[0-9a-f]{7,40})\))*\.?$`,
  'i',
);
/** Lines longer than this are not build-option lines; the bound keeps the match cheap on hostile text. */
const MAX_COMPILER_OPTION_LINE = 300;

/**
 * A removal from the repository's CI tooling, not from the package: "remove `flag-name` param from
 * coverall because the param is not declared in the gh action yet" (node-cache 5.1.2). The thing
 * removed is named right before "from"/"in" the tool, so a removal in another clause ("Removed
 * `legacy()`; tests now run in GitHub Actions") or from the CLI stays one.
 */
const CI_TOOLING_REMOVAL = /\b(?:remove[sd]?|drop(?:s|ped)?)[ \t]+(?:the[ \t]+)?(?:`[^`\n]{1,60}`|[\w.-]{1,40})(?:[ \t]+(?:param(?:eter)?s?|flags?|inputs?|steps?|options?|settings?|keys?|env(?:ironment)?[ \t]+var(?:iable)?s?))?[ \t]+(?:from|in)[ \t]+(?:the[ \t]+)?(?:coveralls?|codecov|travis(?:[ \t-]?ci)?|appveyor|circleci|(?:gh|github)[ \t]+actions?|ci[ \t]+(?:workflows?|matrix|pipelines?|jobs?|config(?:uration)?))\b/i;

function removesCompilerOption(line: string): boolean {
  return line.length <= MAX_COMPILER_OPTION_LINE && COMPILER_OPTION_REMOVAL.test(line.trimEnd());
}

/**
 * Phrases that name a deprecation without making one:
 * - bringing back what was deprecated, within one clause ("re-added accidentally removed
 *   deprecated function names", class-transformer 0.5.1);
 * - editing the wording of a notice the package already prints, by a verb that edits it ("fix:
 *   add husky label to deprecated warning", husky 9.1.7; "fix type `highlight` deprecated
 *   message", highlight.js 11.11.2; "Fix typo in deprecation message");
 * - saying that something is not, or no longer, deprecated ("Preprocess is not deprecated", zod 4.4.0).
 * These still deprecate: "Add deprecation warning for `foo()`"; "`x()` now results in a
 * deprecation warning"; "Fix `parse()` so that passing a string results in a deprecation warning"
 * (the line says what now warns); "Add `oldApi` to the deprecation notices" (an API is added);
 * "fix: Add deprecation notice for getServerState()" (a conventional-commit type is not the
 * verb); "Restored Node 12 support; `oldApi()` is deprecated" (another clause); and any line that
 * also deprecates something by its own words.
 */
/** The verbs that edit a notice's words, and what a line may not say between verb and notice (then it says what now warns). */
const NOTICE_EDIT_VERB = String.raw`(?:fix|update|improve|tweak|clarify|reword|correct)(?:s|es|ed|d|ing)?`;
const NOT_AN_EFFECT = String.raw`(?!\b(?:results?|leads?|emits?|triggers?|causes?|logs?|prints?|shows?|raises?|produces?|gives?|when|if|so)\b)`;
const NOTICE = String.raw`deprecat(?:ed|ion)[ \t]+(?:warnings?|messages?|notices?)\b`;
const NON_DEPRECATING_PHRASES = new RegExp(
  [
    String.raw`\b(?:re-?add(?:s|ed|ing)?|restor(?:e|es|ed|ing)|brings?[ \t]+back|brought[ \t]+back)\b[^\n;,.]{0,80}?\bdeprecated\b`,
    String.raw`\b(?:add(?:s|es|ed|d|ing)?|${NOTICE_EDIT_VERB})\b(?![ \t]*[:(!])(?:${NOT_AN_EFFECT}[^\n;,.\x60]){0,60}?\b(?:to|in|of)[ \t]+(?:the[ \t]+|a[ \t]+|its[ \t]+)?${NOTICE}`,
    String.raw`\b${NOTICE_EDIT_VERB}\b(?![ \t]*[:(!])(?:${NOT_AN_EFFECT}[^\n;,.]){0,60}?\b${NOTICE}`,
    String.raw`\b(?:is|are|was|were)[ \t]+(?:not|no[ \t]+longer)[ \t]+deprecated\b`,
    String.raw`\bun-?deprecat(?:e|es|ed|ing)\b`,
  ].join('|'),
  'gi',
);

/**
 * A Markdown link reduced to its text: `Fixes [#355](https://github.com/o/r/issues/355)
 * Deprecation warning of the punycode module` (mailparser 3.9.0, release-please's links) reads
 * as "Fixes #355 Deprecation warning …". The address is no prose, and its dots and colon would
 * otherwise end the clause the phrases below look within. Bounded, without nested quantifiers.
 */
const MARKDOWN_LINK = /\[([^\]\n]{0,200})\]\([^()\s]{0,500}\)/g;

function withoutLinkTargets(line: string): string {
  return line.replace(MARKDOWN_LINK, '$1');
}

function namesDeprecationsWithoutMakingOne(line: string): boolean {
  const prose = withoutLinkTargets(line);
  const rest = prose.replace(NON_DEPRECATING_PHRASES, ' ');
  return rest !== prose && !DEPRECATION_MARKERS.some((pattern) => pattern.test(rest));
}

function isNonBehaviouralLine(line: string, markerClass: MarkerClass): boolean {
  if (markerClass === 'security') return false;
  // "refactor: rewrite the router (breaking change)" still breaks; a docs line must announce it.
  const stillBreaking = DOCUMENTATION_LINE.test(line) ? ANNOUNCED_BREAKING_MARKERS : BREAKING_MARKERS_BUT_REMOVALS;
  if (stillBreaking.some((pattern) => pattern.test(line))) return false;
  if (NON_BEHAVIOURAL_LINE.test(line)) return true;
  if (markerClass === 'deprecation' && namesDeprecationsWithoutMakingOne(line)) return true;
  return markerClass !== 'compatibility' && (HOUSEKEEPING_LINE.test(line) || removesCompilerOption(line) || CI_TOOLING_REMOVAL.test(line));
}

function withoutNonBehaviouralLines(text: string, markerClass: MarkerClass): string {
  return text
    .split('\n')
    .filter((line) => !isNonBehaviouralLine(line, markerClass))
    .join('\n');
}

/**
 * The strongest risk-bearing marker class present, in order breaking > deprecation > compatibility.
 * A breaking marker whose lines only raise the Node.js floor counts as compatibility; lines typed
 * docs/chore/test/ci/build/style carry only explicit breaking markers.
 */
export function strongestMarker(text: string, options: { ignoreApiRemovals?: boolean; introducedInRange?: ReadonlySet<string> } = {}): Exclude<MarkerClass, 'security'> | null {
  let breakingForRuntimeOnly = false;
  for (const markerClass of ['breaking', 'deprecation', 'compatibility'] as const) {
    const patterns = markerClass === 'breaking' && options.ignoreApiRemovals === true ? BREAKING_MARKERS_BUT_REMOVALS : MARKERS[markerClass];
    // Footers are matched to their subjects before lines are dropped by type, so a chore's
    // footer cannot be taken for the footer of the commit listed above it.
    const judged = markerClass === 'breaking' ? withoutSubjectsExplainedByFooters(withoutRemovalsOfIntroducedNames(text, options.introducedInRange ?? new Set()), patterns) : text;
    const behavioural = withoutNonBehaviouralLines(judged, markerClass);
    if (!patterns.some((pattern) => pattern.test(behavioural))) continue;
    if (markerClass === 'breaking' && breakingOnlyForRuntime(behavioural, patterns)) {
      breakingForRuntimeOnly = true;
      continue;
    }
    return markerClass;
  }
  return breakingForRuntimeOnly ? 'compatibility' : null;
}

/**
 * The package's own release text, without the notes it copies from its dependencies. The
 * jshttp/express family writes `* deps: debug@3.1.0` followed by that dependency's own changes
 * indented below it ("Remove `DEBUG_FD` environment variable support"); those describe the
 * dependency, not this package's API, so they must not mark this release as breaking.
 */
export function ownReleaseText(content: string): string {
  const lines = content.split('\n');
  const indents = lines.map((line) => line.length - line.trimStart().length);
  // Evidence text is trimmed, so its first bullet lost the indentation its siblings keep.
  const isBullet = (line: string) => /^[-*+][ \t]/.test(line.trimStart());
  const siblingIndents = lines.slice(1).filter(isBullet).map((line) => line.length - line.trimStart().length);
  if (lines.length > 0 && indents[0] === 0 && isBullet(lines[0]!) && siblingIndents.length > 0) indents[0] = Math.min(...siblingIndents);
  const kept: string[] = [];
  let dependencyIndent: number | null = null;
  for (const [index, line] of lines.entries()) {
    const indent = indents[index]!;
    if (dependencyIndent !== null) {
      if (line.trim() === '' || indent > dependencyIndent) continue;
      dependencyIndent = null;
    }
    if (/^[-*+][ \t]+deps?:/i.test(line.trimStart())) dependencyIndent = indent;
    kept.push(line);
  }
  return unwrapListItems(kept).join('\n');
}

/** A line that starts a block of its own: a bullet, an ordinal, a heading, a fence, a quote, a table row, a tag. */
const BLOCK_START = /^[ \t]*(?:[-*+][ \t]|\d{1,3}[.)][ \t]|#{1,6}[ \t]|```|~~~|>|\||<)/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+\S/;

/**
 * Joins the lines of a hard-wrapped list item: an indented line right under an item (no blank
 * line between) continues its sentence, as Markdown renders it ("* Removed deprecation checks for
 * `nacl.util` (moved to a\n  [separate package](…) in v0.14.0)."), so markers and excerpts read
 * the whole item. A blank line, a new block or a fenced code block ends the item.
 */
export function unwrapListItems(lines: readonly string[]): string[] {
  const joined: string[] = [];
  let inItem = false;
  let inFence = false;
  for (const line of lines) {
    if (/^[ \t]*(?:```|~~~)/.test(line)) inFence = !inFence;
    const continues = inItem && !inFence && line.trim() !== '' && /^[ \t]/.test(line) && !BLOCK_START.test(line);
    if (continues) {
      joined[joined.length - 1] = `${joined[joined.length - 1]!.trimEnd()} ${line.trim()}`;
      continue;
    }
    joined.push(line);
    inItem = !inFence && LIST_ITEM.test(line);
  }
  return joined;
}

/** Markdown line → plain text: no list markers, emphasis, links, images or HTML tags. */
export function plainLine(line: string): string {
  return line
    .replace(/^[ \t]*(?:>[ \t]*)+/, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/, '')
    // Bounded so that hostile text ("[[[[…") stays linear.
    .replace(/!\[([^\]\n]{0,300})\]\([^)\n]{0,500}\)/g, '$1')
    .replace(/\[([^\]\n]{0,300})\]\([^)\n]{0,500}\)/g, '$1')
    .replace(/<[^>]{0,200}>/g, '')
    .replace(/\*\*/g, '')
    // `__bold words__` and `__Note:__` are emphasis; `__proto__`, `__dirname` and `__esModule` are names.
    .replace(/__([^_\n]{1,300}?)__/g, (pair: string, inner: string) => (/^[a-z$][\w$]*$/.test(inner) ? pair : inner))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Headings, rules, version banners and empty lines say nothing by themselves. */
function isMeaningful(rawLine: string, plain: string): boolean {
  if (/^[ \t]*#{1,6}[ \t]/.test(rawLine)) return false;
  if (!/[A-Za-z]{2,}/.test(plain)) return false;
  // "5.0.0 / 2024-09-10", "v5.0.0 (2024-09-10)", "[5.0.0] - 2024-09-10"
  if (/^\[?v?\d+\.\d+\.\d+[^\s]*\]?\s*(?:[-/(]\s*\d{4}-\d{2}-\d{2}\)?)?$/.test(plain)) return false;
  // Section titles such as "Breaking Changes:" carry no content of their own.
  if (/^(?:breaking changes?|deprecations?|compatibility|bug fixes|features?|changes|notes?)(?:\s*\(inline\))?\s*:?$/i.test(plain)) return false;
  // Group labels such as "breaking:", "remove:" or "change:" introduce nested bullets.
  if (/^[A-Za-z][\w -]{0,30}:$/.test(plain)) return false;
  return true;
}

/** Cuts at a sentence or word boundary so an excerpt never ends mid-word. */
export function bound(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const slice = text.slice(0, maxLength - 1);
  const sentenceEnd = slice.search(/[.!?]\s[^.!?]*$/);
  if (sentenceEnd > maxLength / 2) return slice.slice(0, sentenceEnd + 1);
  const space = slice.lastIndexOf(' ');
  return `${space > maxLength / 2 ? slice.slice(0, space) : slice}…`;
}

/** A group label whose nested bullets are each a breaking change ("* remove:", "* breaking:"). */
const BREAKING_GROUP_LABEL = /^[ \t]*[-*+][ \t]+(?:remove[sd]?|removals?|breaking(?: changes?)?)[ \t]*:[ \t]*$/i;
/** The same label on any line of a multi-line text. */
const BREAKING_GROUP_LABEL_ANYWHERE = new RegExp(BREAKING_GROUP_LABEL.source, 'im');
const BULLET = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/;

/**
 * Up to `limit` distinct change lines of `content`, each one finding: the lines carrying the
 * marker when `markerClass` is given (for breaking changes also every entry nested under a
 * "remove:"/"breaking:" group label), otherwise the bullets (an item whose kind already says
 * what it is, such as a "Breaking Changes" section, lists one change per bullet). Falls back
 * to the single best excerpt.
 */
export function excerpts(content: string, maxLength: number, markerClass: MarkerClass | undefined, limit: number): string[] {
  const chosen: string[] = [];
  const lines = content.split('\n');
  // Without a marker, only the outermost change bullets count: nested bullets elaborate on
  // their parent ("will throw a RangeError …") rather than being changes of their own.
  const changeBullets = lines.filter((raw) => BULLET.test(raw) && !BREAKING_GROUP_LABEL.test(raw));
  const outermost = changeBullets.length === 0 ? 0 : Math.min(...changeBullets.map((raw) => raw.length - raw.trimStart().length));
  let groupIndent: number | null = null;
  // The group's verb ("remove"), said again on each nested line: "`app.param(fn)`" alone does
  // not tell a reader that it was removed (review 13).
  let groupVerb = '';
  for (const raw of lines) {
    if (chosen.length >= limit) break;
    const indent = raw.length - raw.trimStart().length;
    if (groupIndent !== null && raw.trim() !== '' && indent <= groupIndent) groupIndent = null;
    if (BREAKING_GROUP_LABEL.test(raw)) {
      groupIndent = indent;
      groupVerb = raw.replace(BULLET, '').replace(/[ \t]*:[ \t]*$/, '').trim().toLowerCase();
      continue;
    }
    const plain = plainLine(raw);
    if (!isMeaningful(raw, plain) || !BULLET.test(raw)) continue;
    const inBreakingGroup = groupIndent !== null && indent > groupIndent && markerClass === 'breaking';
    const marked =
      markerClass === undefined
        ? indent === outermost
        : inBreakingGroup || (!isNonBehaviouralLine(raw, markerClass) && MARKERS[markerClass].some((pattern) => pattern.test(raw)));
    // Dependency updates ("deps: send@1.0.0") and dependency removals are not API changes.
    if (/^deps?:/i.test(plain) || (inBreakingGroup && /\bdependenc/i.test(plain))) continue;
    if (!marked) continue;
    const text = bound(inBreakingGroup && !plain.toLowerCase().startsWith(groupVerb) ? `${groupVerb}: ${plain}` : plain, maxLength);
    if (!chosen.includes(text)) chosen.push(text);
  }
  if (chosen.length > 0) return chosen;
  const single = excerpt(content, maxLength, markerClass);
  return single === null ? [] : [single];
}

/**
 * The first meaningful line of `content`; when `markerClass` is given, the first meaningful
 * line that carries that marker (falling back to the first meaningful line).
 */
export function excerpt(content: string, maxLength: number, markerClass?: MarkerClass): string | null {
  const lines = content.split('\n');
  const meaningful = lines.map((raw) => ({ raw, plain: plainLine(raw) })).filter(({ raw, plain }) => isMeaningful(raw, plain));
  const marked =
    markerClass === undefined ? undefined : meaningful.find(({ raw }) => !isNonBehaviouralLine(raw, markerClass) && MARKERS[markerClass].some((pattern) => pattern.test(raw)));
  // Release authors put the changes themselves in bullets; free prose before them is often an
  // intro (or, in hostile text, an address to the reader), so the first bullet wins.
  const firstBullet = meaningful.find(({ raw }) => /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/.test(raw));
  const chosen = marked ?? firstBullet ?? meaningful[0];
  return chosen === undefined ? null : bound(chosen.plain, maxLength);
}

/**
 * A part whose heading says it changes no API: documentation, tests, chores, style. A removal
 * named there ("Documentation: remove `@experimental` from a JSDoc") is not an API removal; an
 * explicit "BREAKING CHANGE" or a raised Node.js floor there still counts.
 */
const NON_BEHAVIOURAL_HEADING = /^[^A-Za-z]*(?:documentation|docs|tests?|testing|chores?|miscellaneous chores|styles?)\s*:?$/i;

export function isNonBehaviouralPart(content: string): boolean {
  const heading = plainLine(content.split('\n', 1)[0] ?? '').replace(/^#{1,6}\s+/, '');
  return NON_BEHAVIOURAL_HEADING.test(heading);
}
