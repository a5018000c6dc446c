import { z } from 'zod';
import { FAIL_ON_VALUES } from '../pipeline/exit-policy.js';
import { DEFAULT_RUN_DEADLINE_MS, MAX_RUN_DEADLINE_MS, MIN_RUN_DEADLINE_MS } from '../pipeline/run-stop.js';
import { formatDuration, parseDuration } from '../shared/duration.js';
import { Inputs } from './constants.js';

/**
 * Every action input is read and validated here, once. Empty inputs become undefined and
 * the schema owns the defaults, so action.yml stays free of layered defaults.
 */

const booleanInput = z
  .enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])
  .transform((value) => value.toLowerCase() === 'true');

const ActionConfigSchema = z.strictObject({
  githubToken: z.string().min(1).optional(),
  profile: z.string().min(1).default('extractive'),
  apiKey: z.string().min(1).optional(),
  failOn: z.enum(FAIL_ON_VALUES).default('never'),
  outputDir: z.string().min(1).default('depverdict-out'),
  npmRegistry: z.url({ protocol: /^https?$/ }).default('https://registry.npmjs.org'),
  npmToken: z.string().min(1).optional(),
  comment: booleanInput.default(true),
  uploadArtifacts: booleanInput.default(true),
  cache: booleanInput.default(true),
  reuse: booleanInput.default(true),
  pullRequest: z.coerce.number().int().positive().optional(),
  mode: z.enum(['analyze', 'conformance']).default('analyze'),
  qualification: z.string().min(1).optional(),
  approval: z.string().min(1).optional(),
  /** The whole run's deadline, in milliseconds (see pipeline/run-stop.ts). */
  timeout: z
    .string()
    .default(formatDuration(DEFAULT_RUN_DEADLINE_MS))
    .transform((text, context) => {
      try {
        return parseDuration(text, '', { minMs: MIN_RUN_DEADLINE_MS, maxMs: MAX_RUN_DEADLINE_MS });
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

export type ActionConfig = z.infer<typeof ActionConfigSchema>;

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/** Parses raw inputs (name → string, '' meaning unset) into a validated configuration. */
export function parseActionConfig(readInput: (name: string) => string): ActionConfig {
  const raw: Record<string, string | undefined> = {};
  for (const [key, inputName] of Object.entries(Inputs)) {
    const value = readInput(inputName).trim();
    raw[key] = value === '' ? undefined : value;
  }
  const parsed = ActionConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const inputName = (Inputs as Record<string, string>)[key] ?? key;
    // Never echo the received value: it may be a secret pasted into the wrong input.
    return `input "${inputName}": ${issue.message}`;
  });
  throw new ConfigurationError(`Invalid action inputs — ${problems.join('; ')}. See the inputs table in the README.`);
}
