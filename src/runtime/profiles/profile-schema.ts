import { z } from 'zod';
import { checkEndpoint } from '../endpoint-policy.js';
import { checkBodyExtraKey, checkRoutingHeader } from './routing-allowlist.js';

/**
 * The Deployment Profile schema (DESIGN §4). Strict objects everywhere: an unknown key is
 * a typo or a field from another version, and silently ignoring it could drop a lock the
 * author thought was in force. Cross-field rules (allowUnknown only in development, HTTPS
 * for remote endpoints, routing allowlists) live in `superRefine` so every problem is
 * reported with its key path in one pass.
 */

export const STRUCTURED_OUTPUT_MODES = ['jsonSchema', 'jsonMode', 'promptOnly'] as const;
export const RETRYABLE_CODES = ['RATE_LIMITED', 'PROVIDER_UNAVAILABLE', 'PROVIDER_ERROR', 'NETWORK_ERROR', 'TIMEOUT'] as const;

const identityMatcher = z
  .strictObject({
    exact: z.string().min(1).optional(),
    /** A regular expression matched against the whole value (anchored by the runtime). */
    pattern: z.string().min(1).optional(),
  })
  .superRefine((value, context) => {
    if (value.pattern === undefined) return;
    try {
      new RegExp(`^(?:${value.pattern})$`, 'u');
    } catch (error) {
      context.addIssue({ code: 'custom', path: ['pattern'], message: `is not a valid regular expression (${(error as Error).message})` });
    }
  });

const headerName = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name of letters, digits and "-"');

export const profileSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and "-"'),
    description: z.string().max(500).optional(),
    adapter: z.enum(['openai-compatible', 'extractive']),
    /** Full URL of the chat completions endpoint; absent for the extractive adapter. */
    endpoint: z.string().optional(),
    model: z.string().min(1).max(200),
    auth: z.strictObject({
      scheme: z.enum(['bearer', 'header', 'none']),
      /** Name of the environment variable holding the secret (never the value); the api-key input wins. */
      secretEnv: z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'must be an environment variable name')
        // The runner's own credentials live in these namespaces; a profile must never be able to
        // send one of them to an endpoint as if it were a model API key.
        .refine((name) => !/^(ACTIONS|GITHUB|RUNNER|INPUT)_/i.test(name), 'must not name a runner variable (ACTIONS_*, GITHUB_*, RUNNER_*, INPUT_*)')
        .optional(),
      headerName: headerName.optional(),
    }),
    privacy: z.enum(['local', 'remote']),
    mode: z.enum(['development', 'evaluation', 'production']),
    structuredOutput: z.strictObject({
      mode: z.enum(STRUCTURED_OUTPUT_MODES),
      strict: z.boolean(),
      /** A declared provider-facing projection; the exact schema still validates locally. */
      projection: z
        .strictObject({
          name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and "-"'),
          dropKeywords: z.array(z.string().min(1)).min(1),
        })
        .optional(),
    }),
    generation: z.strictObject({
      temperature: z.number().min(0).max(2).optional(),
      topP: z.number().gt(0).max(1).optional(),
      seed: z.number().int().optional(),
      maxOutputTokens: z.number().int().positive().max(1_000_000),
      maxTokensField: z.enum(['max_completion_tokens', 'max_tokens']),
    }),
    limits: z.strictObject({
      timeoutMs: z.number().int().min(1).max(3_600_000),
      maxResponseBytes: z.number().int().min(1024).max(64 * 1024 * 1024),
      concurrency: z.number().int().min(1).max(64),
    }),
    retry: z.strictObject({
      maxAttempts: z.number().int().min(1).max(5),
      baseDelayMs: z.number().int().min(0).max(60_000),
      maxDelayMs: z.number().int().min(0).max(300_000),
      maxRetryAfterMs: z.number().int().min(0).max(300_000),
      retryOn: z.array(z.enum(RETRYABLE_CODES)),
    }),
    identity: z.strictObject({
      /** Expected actual model; when neither exact nor pattern is given the profile's model must be echoed exactly. */
      model: identityMatcher,
      provider: identityMatcher.optional(),
      allowUnknown: z.boolean(),
    }),
    routing: z.strictObject({
      gateway: z.enum(['none', 'openrouter', 'litellm', '9router']),
      bodyExtras: z.record(z.string(), z.unknown()).optional(),
      headers: z.record(z.string(), z.string()).optional(),
      metadata: z.enum(['none', 'openrouter', 'litellm']),
    }),
    capabilities: z.strictObject({
      structuredOutputModes: z.array(z.enum(STRUCTURED_OUTPUT_MODES)).min(1),
      jsonSchemaKeywords: z.strictObject({ unsupported: z.array(z.string().min(1)) }).optional(),
      reportsUsage: z.boolean(),
      reportsCost: z.boolean(),
      reportsRouteIdentity: z.boolean(),
    }),
  })
  .superRefine((profile, context) => {
    const issue = (path: (string | number)[], message: string): void => context.addIssue({ code: 'custom', path, message });

    if (profile.identity.allowUnknown && profile.mode !== 'development') {
      issue(['identity', 'allowUnknown'], `may only be true when mode is development (mode is ${profile.mode}); lock the identity instead`);
    }
    if (profile.adapter === 'openai-compatible') {
      if (profile.endpoint === undefined) issue(['endpoint'], 'is required for the openai-compatible adapter');
      else {
        const problem = checkEndpoint(profile.endpoint);
        if (problem) issue(['endpoint'], problem);
      }
    } else if (profile.endpoint !== undefined) {
      issue(['endpoint'], 'must be absent for the extractive adapter (it makes no request)');
    }
    if (profile.auth.scheme !== 'none' && profile.auth.secretEnv === undefined) {
      issue(['auth', 'secretEnv'], `is required when auth.scheme is ${profile.auth.scheme} (name the environment variable holding the key)`);
    }
    if (profile.auth.scheme === 'header' && profile.auth.headerName === undefined) {
      issue(['auth', 'headerName'], 'is required when auth.scheme is header');
    }
    if (profile.auth.scheme !== 'header' && profile.auth.headerName !== undefined) {
      issue(['auth', 'headerName'], 'is only meaningful when auth.scheme is header');
    }
    if (!profile.capabilities.structuredOutputModes.includes(profile.structuredOutput.mode)) {
      issue(['structuredOutput', 'mode'], `"${profile.structuredOutput.mode}" is not among capabilities.structuredOutputModes; a weaker mode is a different profile`);
    }
    if (profile.structuredOutput.projection !== undefined && profile.structuredOutput.mode !== 'jsonSchema') {
      issue(['structuredOutput', 'projection'], 'is only meaningful when structuredOutput.mode is jsonSchema');
    }
    if (profile.retry.maxDelayMs < profile.retry.baseDelayMs) {
      issue(['retry', 'maxDelayMs'], 'must be at least retry.baseDelayMs');
    }
    for (const key of Object.keys(profile.routing.bodyExtras ?? {})) {
      const problem = checkBodyExtraKey(key);
      if (problem) issue(['routing', 'bodyExtras', key], problem);
    }
    for (const [name, value] of Object.entries(profile.routing.headers ?? {})) {
      const problem = checkRoutingHeader(name, value);
      if (problem) issue(['routing', 'headers', name], problem);
      if (profile.auth.headerName !== undefined && name.toLowerCase() === profile.auth.headerName.toLowerCase()) {
        issue(['routing', 'headers', name], 'is the auth header; credentials come only from the secret');
      }
    }
    if (profile.routing.gateway === '9router' && profile.mode !== 'development') {
      // 9Router reveals no route identity, so a locked profile through it could never verify.
      issue(['routing', 'gateway'], '9router cannot report which model served a request; only development profiles may use it');
    }
    if (profile.routing.gateway === '9router' && profile.capabilities.reportsRouteIdentity) {
      issue(['capabilities', 'reportsRouteIdentity'], 'must be false with gateway 9router: it repeats the model name it was sent, which proves nothing about who served');
    }
    if (!profile.capabilities.reportsRouteIdentity && !profile.identity.allowUnknown) {
      // Every call through such a route is unverified, which only identity.allowUnknown tolerates.
      issue(['capabilities', 'reportsRouteIdentity'], 'is false, so no answer can be verified: a locked profile needs a route that reports which model served; only a development profile with identity.allowUnknown: true may use this route');
    }
  });

export type DeploymentProfile = z.infer<typeof profileSchema>;

/** JSON Schema of the profile (docs/schemas/profile.schema.json); refinements are documented in docs/profiles.md. */
export function profileJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(profileSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
