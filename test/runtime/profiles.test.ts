import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findShippedProfilesDirectory, loadProfile, parseProfile } from '../../src/runtime/profiles/load-profile.js';
import { ProfileError } from '../../src/runtime/profiles/profile-error.js';
import { profileJsonSchema } from '../../src/runtime/profiles/profile-schema.js';
import { baseProfileData } from './profile-builders.js';

const repositoryRoot = resolve(import.meta.dirname, '../..');
const shippedDirectory = join(repositoryRoot, 'profiles');

function parseData(data: unknown, source = 'custom.json') {
  return parseProfile(JSON.stringify(data), source);
}

function profileErrorOf(action: () => unknown): ProfileError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return error as ProfileError;
  }
  throw new Error('expected a ProfileError');
}

describe('shipped profiles', () => {
  it('finds the profiles directory from src, dist and dist/cli locations', () => {
    expect(findShippedProfilesDirectory()).toBe(shippedDirectory);
    expect(findShippedProfilesDirectory(join(repositoryRoot, 'dist'))).toBe(shippedDirectory);
    expect(findShippedProfilesDirectory(join(repositoryRoot, 'dist', 'cli'))).toBe(shippedDirectory);
    expect(findShippedProfilesDirectory(tmpdir())).toBeNull();
  });

  it('loads every shipped profile by bare name with a stable digest', async () => {
    const files = (await readdir(shippedDirectory)).filter((file) => file.endsWith('.yml'));
    expect(files.sort()).toEqual(
      ['9router-dev.yml', 'extractive.yml', 'litellm-proxy.yml', 'lmstudio-local.yml', 'ollama-local.yml', 'openai.yml', 'openrouter-locked.yml', 'vllm-local.yml'].sort(),
    );
    const digests = new Set<string>();
    for (const file of files) {
      const name = file.replace(/\.yml$/, '');
      const first = await loadProfile(name, { cwd: tmpdir() });
      const second = await loadProfile(join('profiles', file), { cwd: repositoryRoot });
      expect(first.profile.id).toBe(name);
      expect(first.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(second.digest).toBe(first.digest);
      digests.add(first.digest);
    }
    expect(digests.size).toBe(files.length);
  });

  it('locks OpenRouter to one provider without fallbacks', async () => {
    const { profile } = await loadProfile('openrouter-locked', { cwd: tmpdir() });
    expect(profile.mode).toBe('production');
    expect(profile.routing.bodyExtras?.provider).toEqual({ only: ['openai'], allow_fallbacks: false, require_parameters: true });
    expect(profile.identity.provider?.exact).toBe('OpenAI');
  });

  it('keeps 9router development-only with unknown identity allowed', async () => {
    const { profile } = await loadProfile('9router-dev', { cwd: tmpdir() });
    expect(profile.mode).toBe('development');
    expect(profile.identity.allowUnknown).toBe(true);
  });

  it('returns a frozen profile so its digest cannot drift', async () => {
    const { profile } = await loadProfile('openai', { cwd: tmpdir() });
    expect(Object.isFrozen(profile)).toBe(true);
    expect(Object.isFrozen(profile.retry.retryOn)).toBe(true);
  });

  it('changes the digest when any field changes', () => {
    const base = baseProfileData('https://example.test/v1/chat/completions');
    const one = parseData(base);
    const two = parseData({ ...base, model: 'other-model', identity: { model: { exact: 'other-model' }, allowUnknown: false } });
    expect(one.digest).not.toBe(two.digest);
    // Key order in the file does not matter: the digest is over canonical JSON.
    const reordered = Object.fromEntries(Object.entries(base).reverse());
    expect(parseData(reordered).digest).toBe(one.digest);
  });
});

describe('profile validation', () => {
  const endpoint = 'https://example.test/v1/chat/completions';

  it('names the file and key path of an unknown key', () => {
    const data = baseProfileData(endpoint);
    (data.limits as Record<string, unknown>).timeoutSeconds = 5;
    const error = profileErrorOf(() => parseData(data, 'my-profile.json'));
    expect(error.code).toBe('CONFIGURATION_ERROR');
    expect(error.file).toBe('my-profile.json');
    expect(error.message).toContain('my-profile.json');
    expect(error.message).toContain('limits.timeoutSeconds: unknown key');
  });

  it('suggests the key a typo meant, says a missing section is required, and keeps issues on one line', () => {
    const data = baseProfileData(endpoint) as Record<string, unknown>;
    data.generaton = data.generation;
    delete data.generation;
    const message = profileErrorOf(() => parseData(data, 'typo.json')).message;
    expect(message).toContain('generaton: unknown key; did you mean "generation"?');
    expect(message).toContain('generation: is required');
    expect(message).not.toContain('\n');
  });

  it('suggests only keys allowed where the unknown one stands, never the key itself (review 17: `name: unknown key; did you mean "name"?`)', () => {
    const named = { ...(baseProfileData(endpoint) as Record<string, unknown>), name: 'x' };
    const message = profileErrorOf(() => parseData(named, 'named.json')).message;
    expect(message).toContain('name: unknown key; remove it or fix its spelling');
    const nested = baseProfileData(endpoint) as Record<string, Record<string, unknown>>;
    nested.limits = { ...nested.limits, timeoutMS: 30 };
    expect(profileErrorOf(() => parseData(nested, 'nested.json')).message).toMatch(/limits\.timeoutMS: unknown key; did you mean "timeoutMs"\?/);
  });

  it('lists the shipped names, with a suggestion, for an unknown bare name', async () => {
    await expect(loadProfile('opneai', { cwd: repositoryRoot })).rejects.toThrow(/is not a shipped profile \(did you mean "openai"\?\); use one of 9router-dev, extractive, .*openai, openrouter-locked/);
  });

  it('rejects allowUnknown outside development', () => {
    const data = { ...baseProfileData(endpoint), identity: { model: { exact: 'test-model' }, allowUnknown: true } };
    expect(profileErrorOf(() => parseData(data)).message).toContain('identity.allowUnknown: may only be true when mode is development');
    expect(parseData({ ...data, mode: 'development' }).profile.identity.allowUnknown).toBe(true);
  });

  it('rejects plain http to a non-loopback host and credentials in the URL', () => {
    expect(profileErrorOf(() => parseData(baseProfileData('http://models.example.test/v1/chat/completions'))).message).toMatch(/endpoint: uses plain http to non-loopback host/);
    expect(profileErrorOf(() => parseData(baseProfileData('https://user:pw@example.test/v1/chat/completions'))).message).toMatch(/endpoint: contains credentials/);
    for (const loopback of ['http://127.0.0.1:1/v1/chat/completions', 'http://localhost:1/v1/chat/completions', 'http://[::1]:1/v1/chat/completions']) {
      expect(parseData(baseProfileData(loopback)).profile.endpoint).toBe(loopback);
    }
  });

  it('rejects body extras and headers that would override runtime-owned fields', () => {
    const overrideModel = { ...baseProfileData(endpoint), routing: { gateway: 'openrouter', metadata: 'openrouter', bodyExtras: { model: 'cheaper-model' } } };
    expect(profileErrorOf(() => parseData(overrideModel)).message).toContain('routing.bodyExtras.model: "model" is decided by the runtime');
    for (const key of ['messages', 'response_format', 'stream', 'models']) {
      const data = { ...baseProfileData(endpoint), routing: { gateway: 'openrouter', metadata: 'openrouter', bodyExtras: { [key]: true } } };
      expect(profileErrorOf(() => parseData(data)).message).toContain(`routing.bodyExtras.${key}`);
    }
    const unknownExtra = { ...baseProfileData(endpoint), routing: { gateway: 'none', metadata: 'none', bodyExtras: { surprise: 1 } } };
    expect(profileErrorOf(() => parseData(unknownExtra)).message).toContain('"surprise" is not an allowed body extra');
    const authorizationHeader = { ...baseProfileData(endpoint), routing: { gateway: 'none', metadata: 'none', headers: { Authorization: 'Bearer x' } } };
    expect(profileErrorOf(() => parseData(authorizationHeader)).message).toContain('routing.headers.Authorization');
  });

  it('reports several problems at once, each with its path', () => {
    const data = { ...baseProfileData(endpoint), mode: 'staging', retry: { maxAttempts: 9 } };
    const message = profileErrorOf(() => parseData(data)).message;
    expect(message).toContain('mode:');
    expect(message).toContain('retry.maxAttempts:');
    expect(message).toContain('retry.baseDelayMs:');
  });

  it('requires a secret name for bearer auth and forbids 9router outside development', () => {
    const noSecretName = { ...baseProfileData(endpoint), auth: { scheme: 'bearer' } };
    expect(profileErrorOf(() => parseData(noSecretName)).message).toContain('auth.secretEnv: is required');
    const locked9router = { ...baseProfileData(endpoint), routing: { gateway: '9router', metadata: 'none' } };
    expect(profileErrorOf(() => parseData(locked9router)).message).toContain('routing.gateway: 9router cannot report');
  });

  it('requires a route that cannot report identity to be declared so, and to be used only unverified', () => {
    const development = { ...baseProfileData(endpoint), mode: 'development', identity: { model: { exact: 'test-model' }, allowUnknown: true } };
    const claims9router = { ...development, routing: { gateway: '9router', metadata: 'none' } };
    expect(profileErrorOf(() => parseData(claims9router)).message).toContain('capabilities.reportsRouteIdentity: must be false with gateway 9router');
    const silentRoute = { ...baseProfileData(endpoint), capabilities: { ...(baseProfileData(endpoint).capabilities as object), reportsRouteIdentity: false } };
    expect(profileErrorOf(() => parseData(silentRoute)).message).toContain('capabilities.reportsRouteIdentity: is false, so no answer can be verified');
    const truthful9router = { ...claims9router, capabilities: silentRoute.capabilities };
    expect(parseData(truthful9router).profile.capabilities.reportsRouteIdentity).toBe(false);
  });

  it('refuses a secret name in the runner namespaces, so a profile cannot send the runner token', () => {
    for (const secretEnv of ['ACTIONS_RUNTIME_TOKEN', 'GITHUB_TOKEN', 'RUNNER_TEMP', 'INPUT_GITHUB-TOKEN'.replace('-', '_')]) {
      const hostile = { ...baseProfileData(endpoint), auth: { scheme: 'bearer', secretEnv } };
      expect(profileErrorOf(() => parseData(hostile)).message).toContain('auth.secretEnv: must not name a runner variable');
    }
  });

  it('rejects a structured output mode the profile does not declare as a capability', () => {
    const data = { ...baseProfileData(endpoint), capabilities: { ...(baseProfileData(endpoint).capabilities as object), structuredOutputModes: ['promptOnly'] } };
    expect(profileErrorOf(() => parseData(data)).message).toContain('structuredOutput.mode: "jsonSchema" is not among capabilities.structuredOutputModes');
  });

  it('reports invalid YAML, missing files and unknown bare names with the file', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'profiles-'));
    await writeFile(join(directory, 'broken.yml'), 'id: [unclosed\n');
    await expect(loadProfile('broken.yml', { cwd: directory })).rejects.toThrow(/broken\.yml is not valid YAML/);
    // The parser's first line ends in a colon that introduced a snippet; the snippet is not shown, so neither is the colon.
    await expect(loadProfile('broken.yml', { cwd: directory })).rejects.toThrow(/[^:]$/);
    await expect(loadProfile('./absent.yml', { cwd: directory })).rejects.toThrow(/absent\.yml does not exist/);
    await expect(loadProfile('no-such-profile', { cwd: directory })).rejects.toThrow(/no-such-profile is not a shipped profile/);
    await writeFile(join(directory, 'list.yml'), '- a\n- b\n');
    await expect(loadProfile('list.yml', { cwd: directory })).rejects.toThrow(/must be a mapping/);
  });

  it('loads a custom YAML profile by relative path', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'profiles-'));
    const { stringify } = await import('yaml');
    await writeFile(join(directory, 'mine.yaml'), stringify(baseProfileData(endpoint)));
    const loaded = await loadProfile('mine.yaml', { cwd: directory });
    expect(loaded.profile.id).toBe('test-profile');
    expect(loaded.digest).toBe(parseData(baseProfileData(endpoint)).digest);
  });
});

describe('profile JSON Schema document', () => {
  it('docs/schemas/profile.schema.json equals the schema generated from the zod definition', async () => {
    const path = join(repositoryRoot, 'docs', 'schemas', 'profile.schema.json');
    const generated = `${JSON.stringify(profileJsonSchema(), null, 2)}\n`;
    // Regenerate with UPDATE_PROFILE_SCHEMA=1 after changing the schema on purpose.
    if (process.env.UPDATE_PROFILE_SCHEMA === '1') await writeFile(path, generated);
    expect(await readFile(path, 'utf8')).toBe(generated);
  });
});
