// Build: type-checked compile of src/ to build/, then one ncc bundle per entry point.
// dist/ is committed; CI rebuilds and fails when the committed bundle differs.
import { execFileSync } from 'node:child_process';
import { rmSync, mkdirSync, writeFileSync, readFileSync, chmodSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

rmSync(join(root, 'build'), { recursive: true, force: true });
run(bin('tsc'), ['-p', 'tsconfig.build.json']);

const entries = [
  { input: 'build/index.js', out: 'dist' },
  { input: 'build/cli.js', out: 'dist/cli' },
];
rmSync(join(root, 'dist'), { recursive: true, force: true });
for (const { input, out } of entries) {
  run(bin('ncc'), ['build', input, '-o', out, '--no-source-map-register', '--license', 'licenses.txt', '-q']);
}
// The CLI is an npm bin: it needs a shebang and the executable bit.
const cliPath = join(root, 'dist/cli/index.js');
const cli = readFileSync(cliPath, 'utf8');
if (!cli.startsWith('#!')) writeFileSync(cliPath, `#!/usr/bin/env node\n${cli}`);
chmodSync(cliPath, 0o755);
// Bundles are ESM; make that explicit so they run even when copied out of the repo.
for (const { out } of entries) writeFileSync(join(root, out, 'package.json'), '{ "type": "module" }\n');
