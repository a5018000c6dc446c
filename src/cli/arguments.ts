import { parseArgs } from 'node:util';
import { FAIL_ON_VALUES, type FailOn } from '../pipeline/exit-policy.js';
import { nearestName } from '../shared/nearest-name.js';
import { parseDuration } from '../shared/duration.js';
import { DEFAULT_RUN_DEADLINE_MS, MAX_RUN_DEADLINE_MS, MIN_RUN_DEADLINE_MS } from '../pipeline/run-stop.js';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage:
  depverdict analyze --repo DIR --base REF --head REF [options]
  depverdict analyze --base-dir DIR --head-dir DIR [options]
  depverdict analyze --sample [options]
  depverdict context --repo DIR --base REF --head REF | --base-dir DIR --head-dir DIR | --sample
  depverdict conformance --profile NAME|PATH [--out DIR] [--api-key-env NAME] [--format FORMAT]
  depverdict eval --dataset NAME|PATH --profile NAME|PATH [--profile ...] [--repeats N]
                  [--limit N] [--out DIR] [--max-requests N] [--max-cost USD]

Commands:
  analyze     Detect dependency bumps, analyse them, write version-analysis.json,
              trace.json and comment.md into --out, and print the comment.
  context     Print the detected bumps and their evidence contexts as JSON.
  conformance Probe whether the profile's endpoint honours structured output; write
              conformance.md and conformance.json into --out.
  eval        Score the profile on a labelled dataset (shipped: npm-labelled); write
              scorecard.json, scorecard.md and, when every threshold passes, approval.json
              into --out (default depverdict-eval). Several --profile: a benchmark
              (benchmark.md, benchmark.json, one scorecard directory per profile).

Options:
  --repo DIR              Local git repository (default: current directory)
  --base REF, --head REF  Git refs to compare (branch, tag or SHA); like a pull
                          request, head is compared with its merge base with base
  --base-dir, --head-dir  Compare two directories instead of git refs
  --sample                Run on the sample grouped bump shipped with DepVerdict,
                          against its recorded registry snapshot (no network needed)
  --profile NAME|PATH     Deployment profile (default: extractive)
  --out DIR               Output directory (default: depverdict-out)
  --qualification PATH    Require a conformance.json matching this profile and schema
  --approval PATH         Require an approval.json (from eval) matching this profile,
                          prompt, schema and DepVerdict version
  --dataset NAME|PATH     eval: a shipped dataset name or a path to a bumps.json
  --repeats N             eval: runs per sample, for determinism (default 2)
  --limit N               eval: only the first N samples (fewer than the dataset: a
                          quick look, which approves nothing)
  --max-requests N        eval: start no sample whose requests (repeats ×
                          retry.maxAttempts) could take the run past N model requests
  --max-cost USD          eval: start no sample that could take the reported cost
                          past USD (estimated from the costliest sample so far)
  --fail-on POLICY        never | high-risk | review (default: never)
  --deadline DURATION     Deadline for the whole run, from 10s to 6h, e.g. 90s, 10m, 1h
                          (default: 10m); past it, unfinished dependencies are TIMEOUT
  --npm-registry URL      npm registry (default: https://registry.npmjs.org)
  --registry-snapshot DIR Read packuments and tarballs from a recorded snapshot
  --api-key-env NAME      Environment variable holding the model API key
  --github-token-env NAME Environment variable holding a GitHub token for release
                          notes and advisories (default: GITHUB_TOKEN, optional)
  --no-github             Never contact GitHub (air-gapped runs): no release notes,
                          GitHub advisories or repository changelogs
  --cache-dir DIR         Cache of verified tarballs, revalidated packuments and reusable
                          model answers (default: $DEPVERDICT_CACHE_DIR, else
                          $XDG_CACHE_HOME/depverdict, else ~/.cache/depverdict)
  --no-cache              Use no cache directory: fetch everything, store nothing
  --no-reuse              Ask the model again for every bump, even when an earlier run
                          answered the same evidence with the same profile
  --format FORMAT         How the comment (conformance: the report) is printed: text
                          (default; plain text for a terminal) or markdown (exactly as
                          posted on the pull request, or as in conformance.md)
  --quiet                 Do not print the comment
  -h, --help              Show this help
  -v, --version           Print the DepVerdict version

Each command takes only the options it reads: context those that choose the change
(--repo, --base/--head, --base-dir/--head-dir, --sample, --npm-registry,
--registry-snapshot, --github-token-env, --no-github, --cache-dir, --no-cache); conformance
--profile, --out, --api-key-env, --quiet and --format; eval --dataset, --profile (repeatable), --repeats,
--limit, --max-requests, --max-cost, --out, --api-key-env and --quiet.

Exit codes: 0 verdict within policy (conformance: conformant; eval: every threshold passed),
1 run failed closed, bad usage or a conformance failure (eval: failed closed, endpoint
unusable or bad dataset), 2 verdict breaches --fail-on (eval: a threshold did not pass),
130/143 interrupted (SIGINT/SIGTERM; the results that finished are still written, with the
verdict withheld).`;

export const OUTPUT_FORMATS = ['text', 'markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface CliArguments {
  command: 'analyze' | 'context' | 'conformance' | 'eval' | 'help' | 'version';
  repo: string;
  base: string | null;
  head: string | null;
  baseDir: string | null;
  headDir: string | null;
  sample: boolean;
  profile: string;
  out: string;
  failOn: FailOn;
  npmRegistry: string;
  registrySnapshot: string | null;
  apiKeyEnv: string | null;
  githubTokenEnv: string;
  quiet: boolean;
  /** Never contact GitHub, even without a token (public repository reads are otherwise tried). */
  noGitHub: boolean;
  /** How the comment is printed to stdout; comment.md is always Markdown. */
  format: OutputFormat;
  qualification: string | null;
  /** analyze: an approval.json the run must match. */
  approval: string | null;
  /** eval: dataset name or path. */
  dataset: string | null;
  /** eval: every --profile given, in order (several make a benchmark). */
  profiles: string[];
  repeats: number;
  limit: number | null;
  maxRequests: number | null;
  maxCostUsd: number | null;
  /** The whole run's deadline, in milliseconds. */
  deadlineMs: number;
  /** --cache-dir as given; null: the environment or the XDG default decides. */
  cacheDir: string | null;
  noCache: boolean;
  /** Never reuse an earlier run's model answer. */
  noReuse: boolean;
}

function defaults(): CliArguments {
  return {
    command: 'help',
    repo: '.',
    base: null,
    head: null,
    baseDir: null,
    headDir: null,
    sample: false,
    profile: 'extractive',
    out: 'depverdict-out',
    failOn: 'never',
    npmRegistry: 'https://registry.npmjs.org',
    registrySnapshot: null,
    apiKeyEnv: null,
    githubTokenEnv: 'GITHUB_TOKEN',
    quiet: false,
    noGitHub: false,
    format: 'text',
    qualification: null,
    approval: null,
    dataset: null,
    profiles: ['extractive'],
    repeats: 2,
    limit: null,
    maxRequests: null,
    maxCostUsd: null,
    deadlineMs: DEFAULT_RUN_DEADLINE_MS,
    cacheDir: null,
    noCache: false,
    noReuse: false,
  };
}

type Command = 'analyze' | 'context' | 'conformance' | 'eval';
const COMMANDS: readonly Command[] = ['analyze', 'context', 'conformance', 'eval'];

interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Commands that read the option; an option another command would silently ignore is refused. */
  commands: readonly Command[];
  /** Placeholder for the value in messages, e.g. `REF`. */
  value?: string;
}

const CHANGE_SOURCE: readonly Command[] = ['analyze', 'context'];
const ALL: readonly Command[] = COMMANDS;

/** Every option, and which commands take it. `--help` and `--version` work everywhere. */
const OPTIONS = {
  repo: { type: 'string', commands: CHANGE_SOURCE, value: 'DIR' },
  base: { type: 'string', commands: CHANGE_SOURCE, value: 'REF' },
  head: { type: 'string', commands: CHANGE_SOURCE, value: 'REF' },
  'base-dir': { type: 'string', commands: CHANGE_SOURCE, value: 'DIR' },
  'head-dir': { type: 'string', commands: CHANGE_SOURCE, value: 'DIR' },
  sample: { type: 'boolean', commands: CHANGE_SOURCE },
  'npm-registry': { type: 'string', commands: CHANGE_SOURCE, value: 'URL' },
  'registry-snapshot': { type: 'string', commands: CHANGE_SOURCE, value: 'DIR' },
  'github-token-env': { type: 'string', commands: CHANGE_SOURCE, value: 'NAME' },
  'no-github': { type: 'boolean', commands: CHANGE_SOURCE },
  'cache-dir': { type: 'string', commands: CHANGE_SOURCE, value: 'DIR' },
  'no-cache': { type: 'boolean', commands: CHANGE_SOURCE },
  'no-reuse': { type: 'boolean', commands: ['analyze'] },
  profile: { type: 'string', commands: ['analyze', 'conformance', 'eval'], value: 'NAME|PATH' },
  out: { type: 'string', commands: ['analyze', 'conformance', 'eval'], value: 'DIR' },
  'api-key-env': { type: 'string', commands: ['analyze', 'conformance', 'eval'], value: 'NAME' },
  quiet: { type: 'boolean', commands: ['analyze', 'conformance', 'eval'] },
  format: { type: 'string', commands: ['analyze', 'conformance'], value: 'FORMAT' },
  'fail-on': { type: 'string', commands: ['analyze'], value: 'POLICY' },
  qualification: { type: 'string', commands: ['analyze'], value: 'PATH' },
  approval: { type: 'string', commands: ['analyze'], value: 'PATH' },
  dataset: { type: 'string', commands: ['eval'], value: 'NAME|PATH' },
  repeats: { type: 'string', commands: ['eval'], value: 'N' },
  limit: { type: 'string', commands: ['eval'], value: 'N' },
  'max-requests': { type: 'string', commands: ['eval'], value: 'N' },
  'max-cost': { type: 'string', commands: ['eval'], value: 'USD' },
  deadline: { type: 'string', commands: ['analyze'], value: 'DURATION' },
  help: { type: 'boolean', short: 'h', commands: ALL },
  version: { type: 'boolean', short: 'v', commands: ALL },
} as const satisfies Record<string, OptionSpec>;

type OptionName = keyof typeof OPTIONS;
const OPTION_NAMES = Object.keys(OPTIONS) as OptionName[];

type OptionValues = { [Name in OptionName]?: (typeof OPTIONS)[Name] extends { type: 'string' } ? string : boolean };

function isOptionName(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name);
}

function optionsOf(command: Command | null): OptionName[] {
  return command === null ? OPTION_NAMES : OPTION_NAMES.filter((name) => (OPTIONS[name].commands as readonly Command[]).includes(command));
}

function isCommand(word: string | undefined): word is Command {
  return (COMMANDS as readonly (string | undefined)[]).includes(word);
}

/**
 * Checks every option as written, before any value is used: an unknown name (with the nearest
 * option the command takes), a missing value, a value given to a flag, or an option the
 * command does not read. Node's own parseArgs messages talk about positional arguments and
 * quoting, which helps nobody who just mistyped an option.
 */
function checkOptionTokens(tokens: NonNullable<ReturnType<typeof parseArgs>['tokens']>, command: Command | null): void {
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (!isOptionName(token.name)) {
      const suggestion = token.rawName.startsWith('--') ? nearestName(token.name, optionsOf(command)) : null;
      throw new UsageError(`unknown option ${token.rawName}${suggestion === null ? '' : `; did you mean --${suggestion}?`}`);
    }
    const spec: OptionSpec = OPTIONS[token.name];
    const written = `--${token.name}`;
    if (spec.type === 'string') {
      if (token.value === undefined || token.value === '') throw new UsageError(`${written} needs a value: ${written} ${spec.value ?? 'VALUE'}`);
      // A negative number for a numeric option is a value out of range, reported as such below,
      // not a missing value: `--limit -1` must not be told to write `--limit=-1`.
      const negativeNumber = (spec.value === 'N' || spec.value === 'USD') && /^-\d/.test(token.value);
      if (!token.inlineValue && token.value.startsWith('-') && !negativeNumber) {
        throw new UsageError(`${written} needs a value, but is followed by ${token.value}; write ${written}=${token.value} if that really is the value`);
      }
    } else if (token.value !== undefined) {
      throw new UsageError(`${written} takes no value (got ${written}=${token.value})`);
    }
    if (command !== null && !(spec.commands as readonly Command[]).includes(command)) {
      const accepted = optionsOf(command).filter((name) => name !== 'help' && name !== 'version').map((name) => `--${name}`);
      throw new UsageError(`${written} is not an option of ${command}; ${command} takes ${accepted.join(', ')}`);
    }
  }
}

function positiveInteger(value: string | undefined, option: string): number | null {
  if (value === undefined) return null;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new UsageError(`${option} must be a whole number from 1 to 999999 (got "${value.slice(0, 20)}").`);
  return Number(value);
}

function positiveNumber(value: string | undefined, option: string): number | null {
  if (value === undefined) return null;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(number > 0)) throw new UsageError(`${option} must be a positive number such as 0.50 (got "${value.slice(0, 20)}").`);
  return number;
}

function parseDeadline(text: string): number {
  try {
    return parseDuration(text, '--deadline', { minMs: MIN_RUN_DEADLINE_MS, maxMs: MAX_RUN_DEADLINE_MS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function parseCliArguments(argv: string[]): CliArguments {
  // Not strict: every problem is reported by checkOptionTokens in our own words.
  const parsed = parseArgs({ args: argv, allowPositionals: true, strict: false, tokens: true, options: OPTIONS });
  const { positionals, tokens } = parsed;
  const command = positionals[0];
  checkOptionTokens(tokens, isCommand(command) ? command : null);
  // After the check every value has its option's type.
  const values = parsed.values as OptionValues;
  if (values.version) return { ...defaults(), command: 'version' };
  if (values.help) return { ...defaults(), command: 'help' };
  if (command === undefined) throw new UsageError('Give a command: analyze, context, conformance or eval.');
  if (!isCommand(command)) {
    const suggestion = nearestName(command, COMMANDS);
    throw new UsageError(`Unknown command "${command}"${suggestion === null ? '.' : `; did you mean "${suggestion}"?`} Use "analyze", "context", "conformance" or "eval".`);
  }
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const format = values.format ?? 'text';
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')} (got "${format}").`);
  }
  const failOn = values['fail-on'] ?? 'never';
  if (!(FAIL_ON_VALUES as readonly string[]).includes(failOn)) {
    throw new UsageError(`--fail-on must be one of ${FAIL_ON_VALUES.join(', ')} (got "${failOn}").`);
  }
  const args: CliArguments = {
    command,
    repo: values.repo ?? '.',
    base: values.base ?? null,
    head: values.head ?? null,
    baseDir: values['base-dir'] ?? null,
    headDir: values['head-dir'] ?? null,
    sample: values.sample ?? false,
    profile: values.profile ?? 'extractive',
    out: values.out ?? 'depverdict-out',
    failOn: failOn as FailOn,
    npmRegistry: values['npm-registry'] ?? 'https://registry.npmjs.org',
    registrySnapshot: values['registry-snapshot'] ?? null,
    apiKeyEnv: values['api-key-env'] ?? null,
    githubTokenEnv: values['github-token-env'] ?? 'GITHUB_TOKEN',
    quiet: values.quiet ?? false,
    noGitHub: values['no-github'] ?? false,
    format: format as OutputFormat,
    qualification: values.qualification ?? null,
    approval: values.approval ?? null,
    dataset: values.dataset ?? null,
    profiles: tokens.flatMap((token) => (token.kind === 'option' && token.name === 'profile' && token.value !== undefined ? [token.value] : [])),
    repeats: positiveInteger(values.repeats, '--repeats') ?? 2,
    limit: positiveInteger(values.limit, '--limit'),
    maxRequests: positiveInteger(values['max-requests'], '--max-requests'),
    maxCostUsd: positiveNumber(values['max-cost'], '--max-cost'),
    deadlineMs: values.deadline === undefined ? DEFAULT_RUN_DEADLINE_MS : parseDeadline(values.deadline),
    cacheDir: values['cache-dir'] ?? null,
    noCache: values['no-cache'] ?? false,
    noReuse: values['no-reuse'] ?? false,
  };
  if (args.noCache && args.cacheDir !== null) throw new UsageError('--cache-dir and --no-cache contradict each other; give one.');
  if (command === 'eval') {
    if (!args.dataset) throw new UsageError('eval needs --dataset NAME|PATH (the shipped dataset is npm-labelled).');
    if (args.profiles.length === 0) throw new UsageError('eval needs --profile NAME|PATH (repeat --profile to benchmark several).');
    if (new Set(args.profiles).size !== args.profiles.length) throw new UsageError('eval: the same --profile is given twice.');
    return args;
  }
  if (command === 'conformance') {
    if (!values.profile) throw new UsageError('conformance needs --profile NAME|PATH (the endpoint to probe).');
    return args;
  }
  const modes = [args.sample, args.baseDir !== null || args.headDir !== null, args.base !== null || args.head !== null].filter(Boolean).length;
  if (modes > 1) throw new UsageError('Use one of --sample, --base-dir/--head-dir, or --base/--head.');
  if (args.sample && args.registrySnapshot !== null) throw new UsageError('--sample reads its own recorded registry; leave out --registry-snapshot, or use it with --base-dir/--head-dir or --base/--head.');
  if (values.repo !== undefined && (args.sample || args.baseDir !== null || args.headDir !== null)) {
    throw new UsageError('--repo goes with --base/--head; --sample and --base-dir/--head-dir read no repository.');
  }
  if (args.baseDir !== null || args.headDir !== null) {
    if (!args.baseDir || !args.headDir) throw new UsageError('--base-dir and --head-dir go together.');
  } else if (!args.sample && (!args.base || !args.head)) {
    throw new UsageError('Give --base REF and --head REF (or --sample to try the shipped example).');
  }
  return args;
}
