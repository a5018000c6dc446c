#!/usr/bin/env node
/**
 * Picks a wave's bumps by rule, before anyone reads release text, and prepares what the blind
 * readers get (the first step of "Adding a wave" in README.md):
 *
 *   node datasets/npm-labelled/pick-wave.mjs <wave.json> --clones <dir> --out <dir>
 *
 * <wave.json> names the packages and, optionally, an advisory-fix release per package:
 *
 *   { "packages": { "svgo": { "repository": "svg/svgo" },
 *                   "cssnano": { "repository": "cssnano/cssnano", "directory": "packages/cssnano" } },
 *     "advisories": { "flat": ["5.0.0", "5.0.1"] } }
 *
 * The rule, per package, over its stable versions on the registry whose tag exists in the clone,
 * spelled as DepVerdict tries them (record-repository.mjs's tagSpellings):
 * - the newest major: the first version of the newest tagged major, from the newest version of
 *   the major before (below 1.0.0: the newest x.y.0 minor, from the version before it);
 * - the newest x.y.0 minor (y > 0, at or above 1.0.0), from the version before it;
 * - the newest patch, from the version before it;
 * - the advisory-fix bump named in the file, if any.
 *
 * <dir> of --clones holds bare clones as `<owner>+<repo>/repo` (the layout record-repository.mjs
 * reads). It writes <out>/batch.json (name, from, to, repository, directory, mirror, fromTag,
 * toTag, tarballChangelogFile) and, under <out>/materials/, the changelog each target tarball
 * ships, extracted with `npm pack` (registry data: only read, never run). Split batch.json among
 * readers; a reader never sees DepVerdict's code, its output or another reader's labels.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { CHANGELOG_NAME } from '../../scripts/lib/registry-recording.mjs';
import { tagSpellings } from './record-repository.mjs';

function parseArguments(argv) {
  const [config, ...rest] = argv;
  const options = { config, clones: null, out: null };
  for (let index = 0; index < rest.length; index += 1) {
    if (rest[index] === '--clones') options.clones = rest[++index];
    else if (rest[index] === '--out') options.out = rest[++index];
    else throw new Error(`unknown argument ${rest[index]}; usage: pick-wave.mjs <wave.json> --clones <dir> --out <dir>`);
  }
  if (!options.config || !options.clones || !options.out) throw new Error('usage: pick-wave.mjs <wave.json> --clones <dir of bare clones> --out <dir>');
  return options;
}

const gitDirectoryOf = (clones, repository) => join(clones, repository.replace('/', '+'), 'repo');

function tagsOf(gitDirectory) {
  return new Set(execFileSync('git', ['--git-dir', gitDirectory, 'tag', '-l'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n').filter(Boolean));
}

/** The first tag DepVerdict would try that exists (record-repository.mjs's spellings, held equal to DepVerdict's). */
function tagFor(tags, name, version, directory) {
  return tagSpellings(name, version, directory ?? '').find((tag) => tags.has(tag)) ?? null;
}

/** The version published just before `version` (the `from` of a bump to it). */
const versionBefore = (versions, version) => versions.filter((candidate) => semver.lt(candidate, version)).at(-1);

function pickBumps(versions, tagged, advisory) {
  const picks = [];
  const add = (from, to) => {
    if (from !== undefined && to !== undefined && !picks.some(([, known]) => known === to)) picks.push([from, to]);
  };
  const newestMajor = semver.major(tagged.at(-1));
  if (newestMajor >= 1) {
    const previous = tagged.filter((version) => semver.major(version) === newestMajor - 1).at(-1) ?? versions.filter((version) => semver.major(version) === newestMajor - 1).at(-1);
    add(previous, tagged.find((version) => semver.major(version) === newestMajor));
  } else {
    const to = tagged.filter((version) => semver.patch(version) === 0 && semver.minor(version) > 0).at(-1);
    if (to !== undefined) add(versionBefore(versions, to), to);
  }
  const minor = tagged.filter((version) => semver.patch(version) === 0 && semver.minor(version) > 0 && semver.major(version) >= 1).at(-1);
  if (minor !== undefined) add(versionBefore(versions, minor), minor);
  const patch = tagged.filter((version) => semver.patch(version) > 0).at(-1);
  if (patch !== undefined) add(versionBefore(versions, patch), patch);
  if (advisory) add(advisory[0], advisory[1]);
  return picks;
}

/** Extracts the changelog the target tarball ships (a root file named like one), or null. */
function extractTarballChangelog(name, version, directory) {
  mkdirSync(directory, { recursive: true });
  const file = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', directory], { encoding: 'utf8' }).trim().split('\n').at(-1);
  const tarball = join(directory, file);
  try {
    const member = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .find((path) => /^[^/]+\/[^/]+$/.test(path) && CHANGELOG_NAME.test(path.split('/').pop()));
    if (member === undefined) return null;
    execFileSync('tar', ['-xzf', tarball, '-C', directory, '--', member]);
    return resolve(directory, member);
  } finally {
    rmSync(tarball, { force: true });
  }
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  const wave = JSON.parse(readFileSync(options.config, 'utf8'));
  const batch = [];
  for (const [name, { repository, directory = null }] of Object.entries(wave.packages ?? {})) {
    const gitDirectory = gitDirectoryOf(options.clones, repository);
    const versions = JSON.parse(execFileSync('npm', ['view', name, 'versions', '--json'], { encoding: 'utf8' }))
      .filter((version) => semver.valid(version) !== null && semver.prerelease(version) === null)
      .sort(semver.compare);
    const tags = tagsOf(gitDirectory);
    const tagged = versions.filter((version) => tagFor(tags, name, version, directory) !== null);
    if (tagged.length === 0) {
      console.error(`${name}: no version is tagged in ${repository} as DepVerdict spells tags; left out`);
      continue;
    }
    for (const [from, to] of pickBumps(versions, tagged, wave.advisories?.[name])) {
      let tarballChangelogFile = null;
      try {
        tarballChangelogFile = extractTarballChangelog(name, to, join(options.out, 'materials', `${name.replace('/', '+')}-${to}`));
      } catch (error) {
        console.error(`${name}@${to}: could not read its tarball (${String(error.message).slice(0, 200)})`);
      }
      batch.push({ name, from, to, repository: `https://github.com/${repository}`, directory, mirror: resolve(gitDirectory), fromTag: tagFor(tags, name, from, directory), toTag: tagFor(tags, name, to, directory), tarballChangelogFile });
    }
  }
  mkdirSync(options.out, { recursive: true });
  writeFileSync(join(options.out, 'batch.json'), `${JSON.stringify(batch, null, 1)}\n`);
  for (const bump of batch) console.log(`${bump.name} ${bump.from} → ${bump.to}: tags ${bump.fromTag ?? '(none)'} / ${bump.toTag}; tarball changelog ${bump.tarballChangelogFile ? 'yes' : 'no'}`);
  console.log(`${batch.length} bump(s) in ${join(options.out, 'batch.json')}`);
}

main();
