#!/usr/bin/env node
/**
 * Re-records the GitHub Actions fixtures in test/fixtures/github-actions/ from the real action
 * repositories: every tag with the commit it names (peeled, like GET /repos/{o}/{r}/tags), and
 * chosen files (action.yml, CHANGELOG.md…) at the commits of chosen tags.
 *
 *   node scripts/record-action-fixtures.mjs [--mirror-root DIR]
 *
 * Each repository is read from DIR/<owner>+<repo>/repo (a bare clone) when it exists, otherwise
 * cloned bare (blobs on demand) from https://github.com/<owner>/<repo> into a temporary directory.
 * GitHub *releases* (their text) are not part of git and are not recorded here: see the README
 * next to the fixtures.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'test/fixtures/github-actions');

/** What the tests use: the tags whose files are recorded, and which files. */
const RECORDINGS = [
  { repository: 'actions/checkout', tags: ['v4', 'v5'], files: ['action.yml', 'CHANGELOG.md'] },
  { repository: 'actions/setup-node', tags: ['v4.0.2', 'v4.4.0'], files: ['action.yml'] },
  { repository: 'actions/cache', tags: ['v4.2.0', 'v4.2.3'], files: ['action.yml', 'RELEASES.md'] },
  { repository: 'actions/upload-artifact', tags: ['v3', 'v4'], files: ['action.yml'] },
];

function git(gitDir, args, options = {}) {
  return execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: options.encoding ?? 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function repositoryDir(repository, mirrorRoot, temporary) {
  const mirror = mirrorRoot && join(mirrorRoot, `${repository.replace('/', '+')}`, 'repo');
  if (mirror && existsSync(mirror)) return mirror;
  const target = join(temporary, repository.replace('/', '+'));
  execFileSync('git', ['clone', '--bare', '--filter=blob:none', `https://github.com/${repository}.git`, target], { stdio: 'inherit' });
  return target;
}

const mirrorIndex = process.argv.indexOf('--mirror-root');
const mirrorRoot = mirrorIndex > 0 ? process.argv[mirrorIndex + 1] : '/work/.mirror';
const temporary = mkdtempSync(join(tmpdir(), 'depverdict-actions-'));
try {
  for (const { repository, tags, files } of RECORDINGS) {
    const gitDir = repositoryDir(repository, mirrorRoot, temporary);
    const head = git(gitDir, ['rev-parse', 'HEAD']).trim();
    // %(*objectname) is the commit an annotated tag points at; empty for lightweight tags.
    const tagCommits = {};
    for (const line of git(gitDir, ['for-each-ref', 'refs/tags', '--format=%(refname:short) %(objectname) %(*objectname)']).split('\n')) {
      const [name, object, peeled] = line.split(' ');
      if (!name) continue;
      tagCommits[name] = peeled || object;
    }
    const directory = join(OUT, repository);
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
    const commits = {};
    for (const tag of tags) {
      const commit = git(gitDir, ['rev-list', '-n1', tag]).trim();
      commits[commit] = [];
      for (const file of files) {
        let text;
        try {
          text = git(gitDir, ['show', `${commit}:${file}`]);
        } catch {
          continue;
        }
        mkdirSync(join(directory, 'commits', commit), { recursive: true });
        writeFileSync(join(directory, 'commits', commit, file), text);
        commits[commit].push(file);
      }
    }
    const record = {
      source: `https://github.com/${repository} (git tags and files, recorded from the repository at ${head})`,
      recordedWith: 'scripts/record-action-fixtures.mjs',
      tags: Object.fromEntries(Object.entries(tagCommits).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      files: commits,
    };
    writeFileSync(join(directory, 'repository.json'), `${JSON.stringify(record, null, 2)}\n`);
    console.log(`${repository}: ${Object.keys(tagCommits).length} tags, files at ${tags.join(', ')}`);
  }
} finally {
  rmSync(temporary, { recursive: true, force: true });
}
