import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeNpmRegistry, type FakeNpmRegistry } from './fake-npm-registry.js';

let registry: FakeNpmRegistry;
beforeEach(async () => {
  registry = await startFakeNpmRegistry();
});
afterEach(async () => {
  await registry.close();
});

describe('fake npm registry', () => {
  it('streams an oversized body under backpressure without piling listeners onto the response', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      // 4 MiB in 64 KiB chunks, read slowly: the server waits for 'drain' on most chunks.
      registry.script('/express', { kind: 'oversized', bytes: 4 * 1024 * 1024 });
      const response = await request(`${registry.url}/express`);
      let received = 0;
      for await (const chunk of response.body) {
        received += (chunk as Buffer).length;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(received).toBeGreaterThanOrEqual(4 * 1024 * 1024);
      // Process warnings are emitted on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
  });
});
