import { afterEach, describe, expect, it } from 'vitest';
import { gitBlobSha, startFakeGitHub, type FakeGitHub } from '../fakes/fake-github-server.js';

/** The fake is shared with the end-to-end test, so its own GitHub-shaped answers are pinned here. */
describe('fake GitHub server', () => {
  let fake: FakeGitHub | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const SHA = 'c'.repeat(40);

  it('answers contents as base64 JSON by default, raw bytes on request, and a listing for directories', async () => {
    fake = await startFakeGitHub({ repositories: { 'o/r': { commits: { [SHA]: { 'dir/a.json': '{"a":1}', 'dir/sub/b.txt': 'b' } } } } });

    const json = (await (await fetch(`${fake.url}/repos/o/r/contents/dir/a.json?ref=${SHA}`)).json()) as { encoding: string; content: string; sha: string };
    expect(json.encoding).toBe('base64');
    expect(Buffer.from(json.content, 'base64').toString('utf8')).toBe('{"a":1}');
    expect(json.sha).toBe(gitBlobSha('{"a":1}'));
    // Same value `git hash-object` prints for this content.
    expect(gitBlobSha('hello\n')).toBe('ce013625030ba8dba906f756967f9e9ca394464a');

    const raw = await fetch(`${fake.url}/repos/o/r/contents/dir%2Fa.json?ref=${SHA}`, { headers: { accept: 'application/vnd.github.raw+json' } });
    expect(raw.headers.get('content-type')).toBe('application/vnd.github.raw');
    expect(await raw.text()).toBe('{"a":1}');

    const listing = (await (await fetch(`${fake.url}/repos/o/r/contents/dir?ref=${SHA}`)).json()) as Array<{ name: string; type: string }>;
    expect(listing.map((entry) => [entry.name, entry.type])).toEqual([
      ['a.json', 'file'],
      ['sub', 'dir'],
    ]);
    expect((await fetch(`${fake.url}/repos/o/r/contents/nope?ref=${SHA}`)).status).toBe(404);
  });

  it('rejects a wrong token with 401 and records every request', async () => {
    fake = await startFakeGitHub({ requiredToken: 'right-token-value', repositories: { 'o/r': {} } });
    const response = await fetch(`${fake.url}/repos/o/r/issues/1/comments`, { headers: { authorization: 'token wrong' } });
    expect(response.status).toBe(401);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/repos/o/r/issues/1/comments' });
  });

  it('validates comment bodies like GitHub', async () => {
    fake = await startFakeGitHub({ repositories: { 'o/r': {} } });
    const post = (body: unknown) =>
      fetch(`${fake!.url}/repos/o/r/issues/1/comments`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect((await post({})).status).toBe(422);
    expect((await post({ body: 'z'.repeat(65_537) })).status).toBe(422);
    const created = await post({ body: 'ok' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ body: 'ok', user: { login: 'github-actions[bot]', type: 'Bot' } });
  });

  it('serves a fault the given number of times, then recovers', async () => {
    fake = await startFakeGitHub({ repositories: { 'o/r': { releases: [{ tag_name: 'v1.0.0' }] } } });
    fake.state.faults.push({ match: /releases/, kind: 'secondary-rate-limit', times: 2 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await fetch(`${fake.url}/repos/o/r/releases`)).status);
    expect(statuses).toEqual([429, 429, 200]);
  });
});
