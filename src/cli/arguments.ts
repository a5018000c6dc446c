import { parseArgs } from 'node:util';
import { FAIL_ON_VALUES, type FailOn } from '../action/config.js';

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
  depverdict context --repo DIR --base REF --head REF [--npm-registry URL]
  depverdict conformance --profile NAME|PATH [--out DIR] [--api-key-env NAME]

Commands:
  analyze     Detect dependency bumps, analyse them, write version-analysis.json,
              trace.json and comment.md into --out, and print the comment.
  context     Print the detected bumps and their evidence contexts as JSON.
  conformance Probe whether the profile's endpoint honours structured output; write
              conformance.md and conformance.json into --out.

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
  --fail-on POLICY        never | high-risk | review (default: never)
  --npm-registry URL      npm registry (default: https://registry.npmjs.org)
  --registry-snapshot DIR Read packuments and tarballs from a recorded snapshot
  --api-key-env NAME      Environment variable holding the model API key
  --github-token-env NAME Environment variable holding a GitHub token for release
                          notes and advisories (default: GITHUB_TOKEN, optional)
  --quiet                 Do not print the comment
  -h, --help              Show this help
  -v, --version           Print the DepVerdict version

Exit codes: 0 verdict within policy (conformance: conformant), 1 run failed closed, bad usage
or a conformance failure, 2 verdict breaches --fail-on.`;

export interface CliArguments {
  command: 'analyze' | 'context' | 'conformance' | 'help' | 'version';
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
  qualification: string | null;
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
    qualification: null,
  };
}

export function parseCliArguments(argv: string[]): CliArguments {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        repo: { type: 'string' },
        base: { type: 'string' },
        head: { type: 'string' },
        'base-dir': { type: 'string' },
        'head-dir': { type: 'string' },
        sample: { type: 'boolean' },
        profile: { type: 'string' },
        out: { type: 'string' },
        'fail-on': { type: 'string' },
        'npm-registry': { type: 'string' },
        'registry-snapshot': { type: 'string' },
        'api-key-env': { type: 'string' },
        'github-token-env': { type: 'string' },
        quiet: { type: 'boolean' },
        qualification: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.version) return { ...defaults(), command: 'version' };
  if (values.help) return { ...defaults(), command: 'help' };
  if (positionals.length === 0) throw new UsageError('Give a command: analyze, context or conformance.');
  const command = positionals[0];
  if (command !== 'analyze' && command !== 'context' && command !== 'conformance') {
    throw new UsageError(`Unknown command "${command}". Use "analyze", "context" or "conformance".`);
  }
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
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
    qualification: values.qualification ?? null,
  };
  if (command === 'conformance') {
    if (!values.profile) throw new UsageError('conformance needs --profile NAME|PATH (the endpoint to probe).');
    return args;
  }
  const modes = [args.sample, args.baseDir !== null || args.headDir !== null, args.base !== null || args.head !== null].filter(Boolean).length;
  if (modes > 1) throw new UsageError('Use one of --sample, --base-dir/--head-dir, or --base/--head.');
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
