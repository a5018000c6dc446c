/**
 * Test double: a scripted StructuredRuntime. It records every request and answers with the
 * given output text (as a complete `stop` success) or rejects with the given error.
 */
import { RUNTIME_CONTRACT_VERSION, type RuntimeDescriptor, type RuntimeRequest, type RuntimeSuccess, type StructuredRuntime } from '../../src/runtime/contract.js';

export const FAKE_DESCRIPTOR: RuntimeDescriptor = {
  profileId: 'fake-model',
  profileDigest: `sha256:${'0'.repeat(64)}`,
  adapter: 'openai-compatible',
  mode: 'production',
  requestedIdentity: { model: 'fake/model-1', provider: 'fake' },
  routingPolicyDigest: null,
  gateway: 'none',
  concurrency: 1,
  deterministic: false,
};

export function successWith(outputText: string, overrides: Partial<RuntimeSuccess> = {}): RuntimeSuccess {
  return {
    contractVersion: RUNTIME_CONTRACT_VERSION,
    outputText,
    finishReason: 'stop',
    requestedIdentity: { model: 'fake/model-1', provider: 'fake' },
    actualIdentity: { model: 'fake/model-1', provider: 'fake' },
    identityVerified: true,
    usage: { inputTokens: 100, outputTokens: 50, totalTokens: 150, reasoningTokens: null, cachedInputTokens: null, costUsd: null },
    timings: { totalMs: 12, firstByteMs: 5 },
    execution: {
      attempts: 1,
      retries: 0,
      effectiveSchemaMode: 'jsonSchema',
      projection: null,
      sentSchemaDigest: null,
      route: { gateway: 'none', fallbackOccurred: false, gatewayAttempts: null, transforms: [], generationId: 'gen-1' },
    },
    warnings: [],
    ...overrides,
  };
}

export class ScriptedRuntime implements StructuredRuntime {
  readonly descriptor: RuntimeDescriptor;
  readonly requests: RuntimeRequest[] = [];
  constructor(
    private readonly answer: (request: RuntimeRequest) => RuntimeSuccess | Error,
    descriptor: RuntimeDescriptor = FAKE_DESCRIPTOR,
  ) {
    this.descriptor = descriptor;
  }
  async generateStructured(request: RuntimeRequest): Promise<RuntimeSuccess> {
    this.requests.push(request);
    const outcome = this.answer(request);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }
}
