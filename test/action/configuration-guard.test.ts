import { describe, expect, it } from 'vitest';
import { refuseConfigurationChangedByPullRequest } from '../../src/action/configuration-guard.js';
import { createInMemoryFileSource } from '../bumps/in-memory-file-source.js';

const workspace = '/home/runner/work/app/app';
const source = createInMemoryFileSource(
  { '.github/depverdict/profile.yml': 'mode: production\n', 'package.json': '{}' },
  { '.github/depverdict/profile.yml': 'mode: development\n', 'package.json': '{"x":1}', 'conformance.json': '{}' },
);

describe('configuration changed by the pull request', () => {
  it('refuses a profile the pull request modifies, naming the file and the input', async () => {
    await expect(refuseConfigurationChangedByPullRequest(source, workspace, { profile: '.github/depverdict/profile.yml' })).rejects.toMatchObject({
      code: 'CONFIGURATION_ERROR',
      message: expect.stringContaining('changes .github/depverdict/profile.yml, the file named by the "profile" input'),
    });
    await expect(refuseConfigurationChangedByPullRequest(source, workspace, { profile: `${workspace}/.github/depverdict/./profile.yml` })).rejects.toThrow(/"profile" input/);
  });

  it('refuses a qualification record the pull request adds', async () => {
    await expect(refuseConfigurationChangedByPullRequest(source, workspace, { profile: 'openai', qualification: 'conformance.json' })).rejects.toThrow(/"qualification" input/);
  });

  it('accepts shipped profile names and files the pull request leaves alone', async () => {
    await expect(refuseConfigurationChangedByPullRequest(source, workspace, { profile: 'extractive' })).resolves.toBeUndefined();
    await expect(refuseConfigurationChangedByPullRequest(source, workspace, { profile: 'profiles/unchanged.yml', qualification: 'records/ok.json' })).resolves.toBeUndefined();
  });
});
