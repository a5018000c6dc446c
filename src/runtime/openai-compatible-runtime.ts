import type { Dispatcher } from 'undici';
import { silentLogger, type Logger } from '../shared/logger.js';
import { createOpenAiCompatibleAdapter } from './adapters/openai-compatible/openai-compatible-adapter.js';
import { createConcurrencyLimit } from '../shared/concurrency.js';
import { RuntimeError, type RuntimeRequest, type StructuredRuntime } from './contract.js';
import { describeProfile } from './descriptor.js';
import { checkEndpoint } from './endpoint-policy.js';
import { executeStructuredCall, type ExecutionDependencies } from './execution.js';
import type { LoadedProfile } from './profiles/load-profile.js';
import { resolveSecret } from './secret-resolution.js';

export interface RuntimeOptions {
  /** A key given explicitly (action input, CLI option); wins over the profile's auth.secretEnv variable. */
  apiKey?: string;
  /** How the caller's users give a key explicitly, for the missing-key message (see resolveSecret). */
  explicitKeySource?: string;
  env?: NodeJS.ProcessEnv;
  dispatcher?: Dispatcher;
  logger?: Logger;
  /** Injected wait between retries (tests record delays instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
  /** Injected randomness for backoff jitter. */
  random?: () => number;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A StructuredRuntime over an OpenAI-compatible Chat Completions endpoint. Configuration
 * problems (endpoint, missing key) surface here, once, before any dependency is analysed.
 */
export function createOpenAiCompatibleRuntime(loaded: LoadedProfile, options: RuntimeOptions = {}): StructuredRuntime {
  const profile = loaded.profile;
  if (profile.adapter !== 'openai-compatible') {
    throw new RuntimeError('CONFIGURATION_ERROR', `profile ${profile.id} uses adapter ${profile.adapter}, not openai-compatible`);
  }
  const endpointProblem = profile.endpoint === undefined ? 'is missing' : checkEndpoint(profile.endpoint);
  if (endpointProblem !== null) throw new RuntimeError('CONFIGURATION_ERROR', `profile ${profile.id}: endpoint ${endpointProblem}`);
  const secret = resolveSecret(profile, options.apiKey, options.env ?? process.env, options.explicitKeySource);

  const descriptor = describeProfile(loaded);
  const adapter = createOpenAiCompatibleAdapter({ secret, dispatcher: options.dispatcher, epochNow: () => Date.now() });
  const dependencies: ExecutionDependencies = {
    logger: options.logger ?? silentLogger,
    sleep: options.sleep ?? realSleep,
    now: () => performance.now(),
    epochNow: () => Date.now(),
    random: options.random ?? Math.random,
  };
  const limit = createConcurrencyLimit(profile.limits.concurrency);

  return {
    descriptor,
    async generateStructured(request: RuntimeRequest) {
      try {
        return await limit.run(() => executeStructuredCall(loaded, descriptor, adapter, request, dependencies), request.signal);
      } catch (error) {
        if (error instanceof RuntimeError) throw error;
        // Only a cancellation while waiting for a slot can land here.
        throw new RuntimeError('CANCELLED', 'the runtime call was cancelled while waiting for a free slot', {
          cause: error,
          telemetry: {
            attempts: 0,
            requestedIdentity: descriptor.requestedIdentity,
            actualIdentity: null,
            timings: { totalMs: 0, firstByteMs: null },
            usage: null,
            route: null,
          },
        });
      }
    },
  };
}
