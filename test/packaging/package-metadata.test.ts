import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const packageJson = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as Record<string, unknown>;

describe('package.json', () => {
  it('names the repository, so npm and tools can link to the source', () => {
    expect(packageJson.repository).toEqual({ type: 'git', url: 'git+https://github.com/depverdict/depverdict.git' });
  });
});
