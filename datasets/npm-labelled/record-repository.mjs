#!/usr/bin/env node
/**
 * Records what DepVerdict reads from a package's source repository, for every bump in
 * bumps.json whose target tarball ships no changelog, or ships one that never names the target
 * version (DepVerdict then reads the repository as well), into datasets/npm-labelled/repository/
 * (the layout src/evaluation/recorded-github.ts serves):
 *   repository/<owner>/<repo>/<tag>/<changelog file>        byte-for-byte at the target's tag
 *                                                           (a tag with a slash, `@scope/pkg@1.2.3`, URL-encoded)
 *   repository/<owner>/<repo>/<tag>/.tag                    the tag's commit, when the tag has no changelog file
 *   repository/<owner>/<repo>/.compare/<base...head>.json   the commits between the two tags, in
 *                                                           the shape of GitHub's compare API (oldest first)
 *   repository/<owner>/<repo>/.commits/<tag>/<folder>.json  for a monorepo package, the first 100 commits
 *                                                           that touch its folder from each of the two tags,
 *                                                           as GitHub's commit list answers (newest first)
 *
 * It reads local git clones (bare or not) of the public repositories: GitHub's API is not
 * reachable where the dataset is built, and git holds exactly what the API would answer for
 * contents at a tag and for a comparison of two tags. The repository comes from the recorded
 * packument (never from the label), as in a real run.
 *
 * Usage: node datasets/npm-labelled/record-repository.mjs --clones <dir> [--only name,name]
 *   <dir> holds one clone per repository, as `<owner>+<repo>/repo` or `<owner>+<repo>` or `<owner>/<repo>`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHANGELOG_NAME, encodePackageName } from '../../scripts/lib/registry-recording.mjs';

const labelledDirectory = dirname(fileURLToPath(import.meta.url));
const repositoryDirectory = join(labelledDirectory, 'repository');
/** GitHub's compare API returns at most 250 commits without paging; the recording keeps as many. */
const MAX_RECORDED_COMMITS = 250;
/** GitHub's commit list serves at most 100 commits a page; DepVerdict reads the first page only. */
const MAX_RECORDED_FOLDER_COMMITS = 100;

function parseArguments(argv) {
  const options = { clones: null, only: null };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--clones') options.clones = argv[++index];
    else if (argument === '--only') options.only = new Set(argv[++index].split(','));
    else throw new Error(`unknown argument ${argument}; usage: record-repository.mjs --clones <dir> [--only name,name]`);
  }
  if (!options.clones) throw new Error('--clones <dir> is required: a directory of git clones of the repositories');
  return options;
}

/**
 * The clone of owner/repo under `clones`, whatever the case of its folder name (GitHub names are
 * case-insensitive: `Rich-Harris/magic-string`). A renamed repository is found under its old
 * name when that name links to the clone, as GitHub redirects the old name.
 */
function gitDirectory(clones, owner, repo) {
  const wanted = `${owner}+${repo}`.toLowerCase();
  const folder = existsSync(clones) ? readdirSync(clones).find((entry) => entry.toLowerCase() === wanted) : undefined;
  const candidates = [...(folder ? [join(clones, folder, 'repo'), join(clones, folder)] : []), join(clones, `${owner}+${repo}`, 'repo'), join(clones, `${owner}+${repo}`), join(clones, owner, repo)];
  for (const candidate of candidates) {
    if (existsSync(join(candidate, 'HEAD')) || existsSync(join(candidate, '.git'))) return candidate;
  }
  return null;
}

function git(directory, args, encoding = 'utf8') {
  return execFileSync('git', ['--git-dir', existsSync(join(directory, '.git')) ? join(directory, '.git') : directory, ...args], { encoding, maxBuffer: 64 * 1024 * 1024 });
}

function tagExists(directory, tag) {
  try {
    git(directory, ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The same spellings, in the same order and number, as DepVerdict's tagsToTry
 * (src/evidence/repository-changelog.ts); test/evaluation/recorder-tag-parity.test.ts holds them equal.
 */
export function tagSpellings(name, version, directory) {
  const bare = name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
  const folder = directory ? directory.split('/').filter((part) => part.length > 0).pop() : undefined;
  const names = folder !== undefined && folder !== bare && /^[\w.-]{1,100}$/.test(folder) ? [bare, folder] : [bare];
  const all = [...new Set([`${name}@${version}`, `${name}@v${version}`, ...names.flatMap((tagName) => [`${tagName}@${version}`, `${tagName}@v${version}`, `${tagName}-v${version}`]), `v${version}`, version])];
  const folderTag = folder !== undefined && all.includes(`${folder}-v${version}`) ? [`${folder}-v${version}`] : [];
  const bareNameTag = bare !== name ? [`${bare}@${version}`] : [];
  const first = directory ? [`${name}@${version}`, `v${version}`, ...bareNameTag, `${bare}-v${version}`, ...folderTag] : [`v${version}`, version];
  return [...new Set([...first, ...all])].slice(0, 6);
}

/** A GitHub owner or repository name; `.` and `..` could leave the output directory. */
const SAFE_NAME = /^(?!\.\.?$)[\w.-]{1,100}$/;

/**
 * The repository the packument declares (registry data, written by the package's author): names
 * and `directory` are checked before any of them becomes part of an output path.
 */
function githubRepository(manifest) {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const match = /github\.com[/:]([^/]+)\/([^/#]+?)(?:\.git)?(?:[#/].*)?$/i.exec(url ?? '') ?? /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(url ?? '');
  if (!match) return null;
  // As DepVerdict reads it (normaliseRepository): `directory`, or the folder of a `…/tree/<ref>/<dir>` URL.
  const treeFolder = /github\.com[/:][^/]+\/[^/#]+\/tree\/[^/#]+\/([^#]+?)\/?$/i.exec(url ?? '')?.[1] ?? null;
  const directory = (typeof manifest.repository === 'object' ? manifest.repository.directory : null) ?? treeFolder;
  if (!SAFE_NAME.test(match[1]) || !SAFE_NAME.test(match[2])) throw new Error(`the packument's repository ${JSON.stringify(url)} does not name a GitHub repository plainly`);
  if (directory !== null && (typeof directory !== 'string' || directory.split('/').some((segment) => segment === '..' || segment === '.'))) {
    throw new Error(`the packument's repository directory ${JSON.stringify(directory)} leaves the repository`);
  }
  return { owner: match[1], repo: match[2], directory };
}


/** `git log --format=%H%x00%B%x1e` as GitHub's commit objects (SHA, page URL, whole message). */
function parseLog(log, owner, repo) {
  return log
    .split('\x1e')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.includes('\0'))
    .map((entry) => {
      const [sha, message] = entry.split('\0');
      return { sha, html_url: `https://github.com/${owner}/${repo}/commit/${sha}`, commit: { message: message.replace(/\n+$/, '') } };
    });
}

async function recordBump(bump, clones) {
  const packument = JSON.parse(await readFile(join(labelledDirectory, 'registry', 'packuments', `${encodePackageName(bump.name)}.json`), 'utf8'));
  const manifest = packument.versions?.[bump.to];
  if (!manifest) throw new Error(`${bump.name}@${bump.to} is not in the recorded packument; run record-labelled-registry.mjs first`);
  const repository = githubRepository(manifest);
  if (!repository) return `no GitHub repository in the packument`;
  // GitHub names are case-insensitive (`Microsoft/tslib` is `microsoft/tslib`): recorded in lower case.
  const owner = repository.owner.toLowerCase();
  const repo = repository.repo.toLowerCase();
  const directory = gitDirectory(clones, owner, repo);
  if (!directory) throw new Error(`no clone of ${owner}/${repo} under ${clones}`);
  const newerTag = tagSpellings(bump.name, bump.to, repository.directory ?? '').find((tag) => tagExists(directory, tag));
  if (!newerTag) return `${owner}/${repo} has no tag for ${bump.to}`;

  // A tag with a slash (`@scope/pkg@1.2.3`) is one directory, its name URL-encoded.
  const tagDirectory = join(repositoryDirectory, owner, repo, newerTag.includes('/') ? encodeURIComponent(newerTag) : newerTag);
  const inside = repository.directory ? `${repository.directory.replace(/\/+$/, '')}/` : '';
  const changelogsIn = (folder) =>
    git(directory, ['ls-tree', `${newerTag}^{tree}`, ...(folder ? [folder] : [])])
      .split('\n')
      .filter((line) => / blob [0-9a-f]+\t/.test(line))
      .map((line) => line.slice(line.indexOf('\t') + 1).split('/').pop())
      .filter((name) => CHANGELOG_NAME.test(name));
  // A monorepo package's own folder first, then the root changelog DepVerdict falls back to.
  let folder = inside;
  let changelogs = changelogsIn(folder);
  if (changelogs.length === 0 && folder) {
    folder = '';
    changelogs = changelogsIn(folder);
  }
  // A tag naming the package without a registry `directory`: DepVerdict also looks in
  // packages/<name>/, when the root has no changelog or its root changelog lacks the range
  // (socket.io), so that folder's changelog is recorded too.
  const namesPackage = !inside && newerTag !== `v${bump.to}` && newerTag !== bump.to;
  const bare = bump.name.startsWith('@') ? bump.name.slice(bump.name.indexOf('/') + 1) : bump.name;
  const packagesFolder = `packages/${bare}/`;
  const inPackagesFolder = namesPackage ? changelogsIn(packagesFolder) : [];
  if (changelogs.length === 0 && inPackagesFolder.length > 0) {
    folder = packagesFolder;
    changelogs = inPackagesFolder;
  }
  await mkdir(join(tagDirectory, folder), { recursive: true });
  for (const name of changelogs) await writeFile(join(tagDirectory, folder, name), git(directory, ['show', `${newerTag}:${folder}${name}`], 'buffer'));
  if (folder !== packagesFolder && inPackagesFolder.length > 0) {
    await mkdir(join(tagDirectory, packagesFolder), { recursive: true });
    for (const name of inPackagesFolder) await writeFile(join(tagDirectory, packagesFolder, name), git(directory, ['show', `${newerTag}:${packagesFolder}${name}`], 'buffer'));
  }
  // The recorded GitHub knows a tag (and a monorepo package's folder at it) by its directory;
  // git keeps no empty directory, so an empty one holds a `.tag` marker (never listed).
  const commit = `${git(directory, ['rev-parse', `${newerTag}^{commit}`]).trim()}\n`;
  for (const known of [tagDirectory, join(tagDirectory, inside)]) {
    await mkdir(known, { recursive: true });
    if ((await readdir(known)).length === 0) await writeFile(join(known, '.tag'), commit);
  }

  const describeChangelogs = changelogs.length > 0 ? `${folder || '/'}: ${changelogs.join(', ')}` : 'no changelog file';
  // Spelled like the newer tag, the version standing once at its end (as olderTagLike in src/evidence/commit-log.ts).
  const spelledLikeNewer = newerTag.endsWith(bump.to) && newerTag.indexOf(bump.to) === newerTag.length - bump.to.length ? `${newerTag.slice(0, -bump.to.length)}${bump.from}` : null;
  // DepVerdict tries the other spelling once when that tag is missing (`v1.0.0` before `2.0.0`).
  const otherSpelling = spelledLikeNewer === null ? null : spelledLikeNewer.startsWith('v') ? spelledLikeNewer.slice(1) : `v${spelledLikeNewer}`;
  const olderTag = [spelledLikeNewer, otherSpelling].find((tag) => tag !== null && tagExists(directory, tag));
  if (!olderTag) return `tag ${newerTag}, ${describeChangelogs}; no tag ${spelledLikeNewer ?? '(unspellable)'}${otherSpelling ? ` or ${otherSpelling}` : ''} for ${bump.from}, so no comparison`;
  // A monorepo package's log is its folder's history from each tag (src/evidence/package-commit-log.ts).
  if (inside) {
    // As DepVerdict normalises `directory` (normaliseDirectory): `./packages/x/` is `packages/x`.
    const packageFolder = repository.directory.replace(/\\/g, '/').split('/').filter((segment) => segment !== '' && segment !== '.').join('/');
    const counts = [];
    for (const tag of [newerTag, olderTag]) {
      const list = parseLog(git(directory, ['log', `-${MAX_RECORDED_FOLDER_COMMITS}`, '--format=%H%x00%B%x1e', tag, '--', packageFolder]), owner, repo);
      await mkdir(join(repositoryDirectory, owner, repo, '.commits', encodeURIComponent(tag)), { recursive: true });
      await writeFile(join(repositoryDirectory, owner, repo, '.commits', encodeURIComponent(tag), `${encodeURIComponent(packageFolder)}.json`), `${JSON.stringify(list, null, 1)}\n`);
      counts.push(list.length);
    }
    return `tag ${newerTag}, ${describeChangelogs}; ${packageFolder}'s history recorded at ${newerTag} (${counts[0]}) and ${olderTag} (${counts[1]})`;
  }
  // GitHub's base...head lists the commits reachable from head and not from base, oldest first.
  const commits = parseLog(git(directory, ['log', '--reverse', '--format=%H%x00%B%x1e', `${olderTag}..${newerTag}`]), owner, repo);
  const basehead = `${olderTag}...${newerTag}`;
  const record = {
    html_url: `https://github.com/${owner}/${repo}/compare/${basehead}`,
    status: 'ahead',
    ahead_by: commits.length,
    total_commits: commits.length,
    commits: commits.slice(0, MAX_RECORDED_COMMITS),
  };
  await mkdir(join(repositoryDirectory, owner, repo, '.compare'), { recursive: true });
  await writeFile(join(repositoryDirectory, owner, repo, '.compare', `${encodeURIComponent(basehead)}.json`), `${JSON.stringify(record, null, 1)}\n`);
  return `tag ${newerTag}, ${changelogs.length > 0 ? changelogs.join(', ') : 'no changelog file'}, ${commits.length} commit(s) since ${olderTag}`;
}

/**
 * Whether a changelog the target tarball ships has a heading for the target version. One that
 * does not (cookie-signature 1.2.0's History.md stops at 1.1.0) has no section for the range, so
 * DepVerdict goes on to the repository, which must then be recorded too. The test is wider than
 * DepVerdict's parser (a few bumps are recorded that it never reads, which changes nothing);
 * member names are untrusted, so they follow `--`.
 */
/** GNU tar warns on stderr about npm's pax headers (`NODETAR.*`) of old tarballs: not errors. */
const TAR_OPTIONS = { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] };

function tarballChangelogNames(bump) {
  const tarball = join(labelledDirectory, 'registry', 'tarballs', `${encodePackageName(bump.name)}-${bump.to}.tgz`);
  if (!existsSync(tarball)) throw new Error(`${bump.name}@${bump.to} has no recorded tarball; run record-labelled-registry.mjs first`);
  const changelogs = execFileSync('tar', ['-tzf', tarball], TAR_OPTIONS)
    .split('\n')
    .filter((path) => /^[^/]+\/[^/]+$/.test(path) && CHANGELOG_NAME.test(path.split('/').pop()));
  // As a heading names it ("# 6.0.0", "## [6.0.0] - …", "v6.0.0 / 2020-01-01"), not in passing
  // ("The minimum supported version of Node is now `v6.0.0`").
  const escaped = bump.to.replace(/[.+]/g, '\\$&');
  const heading = new RegExp(`^[ \\t#*=]*\\[?v?${escaped}(?![\\w.-])`, 'm');
  return changelogs.some((path) => heading.test(execFileSync('tar', ['-xzOf', tarball, '--', path], TAR_OPTIONS)));
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const dataset = JSON.parse(await readFile(join(labelledDirectory, 'bumps.json'), 'utf8'));
  let failures = 0;
  for (const bump of dataset.bumps) {
    if (options.only && !options.only.has(bump.name)) continue;
    try {
      if (bump.tarballChangelog !== false && tarballChangelogNames(bump)) continue;
      console.log(`${bump.name} ${bump.from} → ${bump.to}: ${await recordBump(bump, options.clones)}`);
    } catch (error) {
      failures += 1;
      console.error(`FAILED ${bump.name} ${bump.from} → ${bump.to}: ${error.message}`);
    }
  }
  if (failures > 0) process.exitCode = 1;
}

// Run as a script; imported (by the parity test), only the exports.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
