import { createExtractiveRuntime } from './adapters/extractive/extractive-runtime.js';
import type { StructuredRuntime } from './contract.js';
import { describeProfile } from './descriptor.js';
import { createOpenAiCompatibleRuntime, type RuntimeOptions } from './openai-compatible-runtime.js';
import type { LoadedProfile } from './profiles/load-profile.js';

export type { RuntimeOptions } from './openai-compatible-runtime.js';

/** The one way the pipeline gets a runtime: the profile's adapter decides which. */
export function createRuntime(profile: LoadedProfile, options: RuntimeOptions = {}): StructuredRuntime {
  switch (profile.profile.adapter) {
    case 'extractive':
      return createExtractiveRuntime(describeProfile(profile));
    case 'openai-compatible':
      return createOpenAiCompatibleRuntime(profile, options);
  }
}
