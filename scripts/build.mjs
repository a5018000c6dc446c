// Build: type-checked compile of src/ to build/, then one ncc bundle per entry point.
// dist/ is committed; CI rebuilds and fails when the committed bundle differs.
// DEPVERDICT_BUILD_DIR=<dir inside the repo> builds into <dir>/{build,dist} instead, so a
// second build (e.g. a parallel end-to-end run) never races the committed dist/.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync, readFileSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const target = resolve(root, process.env.DEPVERDICT_BUILD_DIR ?? '.');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

const buildDir = join(target, 'build');
const distDir = join(target, 'dist');
rmSync(buildDir, { recursive: true, force: true });
run(bin('tsc'), ['-p', 'tsconfig.build.json', '--outDir', buildDir]);

const entries = [
  { input: join(buildDir, 'index.js'), out: distDir },
  { input: join(buildDir, 'cli.js'), out: join(distDir, 'cli') },
];
rmSync(distDir, { recursive: true, force: true });
for (const { input, out } of entries) {
  run(bin('ncc'), ['build', input, '-o', out, '--no-source-map-register', '--license', 'licenses.txt', '-q']);
}
// The CLI is an npm bin: it needs a shebang and the executable bit.
const cliPath = join(distDir, 'cli', 'index.js');
const cli = readFileSync(cliPath, 'utf8');
if (!cli.startsWith('#!')) writeFileSync(cliPath, `#!/usr/bin/env node\n${cli}`);
chmodSync(cliPath, 0o755);
// Bundles are ESM; make that explicit so they run even when copied out of the repo.
for (const { out } of entries) writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
