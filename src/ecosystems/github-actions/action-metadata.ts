import { isMap, parseDocument, type Document } from 'yaml';

/**
 * The interface an action (`action.yml`) or a reusable workflow (`on.workflow_call`) offers its
 * callers, and what changed in it between two releases. Read with the YAML library from a
 * file fetched at each ref; the file is untrusted, so only the fields named here are read,
 * aliases are bounded, and names and descriptions are kept as bounded plain strings.
 */

export interface InterfaceInput {
  required: boolean;
  hasDefault: boolean;
  description: string;
  /** action.yml's `deprecationMessage` for the input, or ''. */
  deprecationMessage: string;
}

export interface ActionInterface {
  inputs: ReadonlyMap<string, InterfaceInput>;
  outputs: ReadonlySet<string>;
  /** Reusable workflows only: secrets a caller must pass. */
  requiredSecrets: ReadonlySet<string>;
  /** action.yml `runs.using` (`node20`, `composite`, `docker`); null for reusable workflows. */
  runsUsing: string | null;
}

export class ActionMetadataError extends Error {
  override readonly name = 'ActionMetadataError';
}

const MAX_NAMES = 200;
const MAX_TEXT = 500;

function text(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, MAX_TEXT);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

/** Own entries of a plain object, so hostile keys such as `__proto__` stay inert. */
function entries(value: unknown): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).slice(0, MAX_NAMES);
}

function readDocument(source: string, path: string): Document.Parsed {
  const document = parseDocument(source, { prettyErrors: false, uniqueKeys: false });
  if (document.errors.length > 0) {
    const line = document.errors[0]?.linePos?.[0]?.line;
    throw new ActionMetadataError(`${path} is not valid YAML${line === undefined ? '' : ` (line ${line})`}`);
  }
  if (!isMap(document.contents)) throw new ActionMetadataError(`${path} is not a YAML mapping`);
  return document;
}

function readInputs(value: unknown): Map<string, InterfaceInput> {
  const inputs = new Map<string, InterfaceInput>();
  for (const [name, raw] of entries(value)) {
    const input = entries(raw);
    const field = (key: string): unknown => input.find(([candidate]) => candidate === key)?.[1];
    inputs.set(name.slice(0, MAX_TEXT), {
      required: isTrue(field('required')),
      hasDefault: field('default') !== undefined && field('default') !== null,
      description: text(field('description')),
      deprecationMessage: text(field('deprecationMessage')),
    });
  }
  return inputs;
}

function names(value: unknown): Set<string> {
  return new Set(entries(value).map(([name]) => name.slice(0, MAX_TEXT)));
}

export function parseActionMetadata(source: string, path: string): ActionInterface {
  const document = readDocument(source, path);
  const root = document.toJS({ maxAliasCount: 50 }) as Record<string, unknown>;
  const field = (value: unknown, key: string): unknown => entries(value).find(([candidate]) => candidate === key)?.[1];
  const using = field(field(root, 'runs'), 'using');
  return {
    inputs: readInputs(field(root, 'inputs')),
    outputs: names(field(root, 'outputs')),
    requiredSecrets: new Set(),
    runsUsing: typeof using === 'string' && using.trim() !== '' ? text(using).trim() : null,
  };
}

/** A reusable workflow's `on.workflow_call`: its inputs, outputs and required secrets. */
export function parseReusableWorkflowInterface(source: string, path: string): ActionInterface {
  const document = readDocument(source, path);
  const root = document.toJS({ maxAliasCount: 50 }) as Record<string, unknown>;
  const field = (value: unknown, key: string): unknown => entries(value).find(([candidate]) => candidate === key)?.[1];
  // YAML 1.1 readers turn a bare `on` key into `true`; the yaml library (YAML 1.2) keeps "on".
  const call = field(field(root, 'on'), 'workflow_call');
  const secrets = new Set(entries(field(call, 'secrets')).filter(([, secret]) => isTrue(field(secret, 'required'))).map(([name]) => name.slice(0, MAX_TEXT)));
  return { inputs: readInputs(field(call, 'inputs')), outputs: names(field(call, 'outputs')), requiredSecrets: secrets, runsUsing: null };
}

export type InterfaceChangeKind = 'inputs-removed' | 'inputs-renamed' | 'inputs-now-required' | 'outputs-removed' | 'secrets-now-required' | 'runs-using' | 'inputs-deprecated';

export interface InterfaceChange {
  kind: InterfaceChangeKind;
  /** Names concerned (inputs, outputs, secrets), or `[from, to]` runtimes for runs-using. */
  names: string[];
  /** One plain sentence for a reader, built from names only. */
  sentence: string;
}

const DEPRECATION_WORDS = /\b(deprecated|deprecation|will be removed|no longer (?:supported|used)|obsolete)\b/i;

function isDeprecated(input: InterfaceInput): boolean {
  return input.deprecationMessage.trim() !== '' || DEPRECATION_WORDS.test(input.description);
}

function quoted(list: string[]): string {
  return list.map((name) => `\`${name}\``).join(', ');
}

/**
 * Node.js runtimes GitHub's runner has shipped for JavaScript actions, oldest first. A move to a
 * newer one needs a runner that ships it: a hosted runner does, an older self-hosted runner or
 * GitHub Enterprise Server may not.
 */
const NODE_RUNTIMES = ['node12', 'node16', 'node20', 'node24'];

function runtimeSentence(from: string, to: string): string {
  const fromRank = NODE_RUNTIMES.indexOf(from);
  const toRank = NODE_RUNTIMES.indexOf(to);
  if (fromRank >= 0 && toRank > fromRank) {
    return `runs.using changed from ${from} to ${to}: the step needs a runner that ships ${to}; self-hosted runners and GitHub Enterprise Server versions that predate it cannot run this release.`;
  }
  return `runs.using changed from ${from} to ${to}: the action now runs differently (${to}), which may need other runner capabilities.`;
}

/** What a caller of `from` must look at before moving to `to`, in a fixed order. */
export function diffActionInterfaces(from: ActionInterface, to: ActionInterface): InterfaceChange[] {
  const changes: InterfaceChange[] = [];
  const removedInputs = [...from.inputs.keys()].filter((name) => !to.inputs.has(name)).sort();
  const addedInputs = [...to.inputs.keys()].filter((name) => !from.inputs.has(name)).sort();
  // A removed input whose description reappears under a new name was renamed.
  const renamed: Array<[string, string]> = [];
  for (const name of removedInputs) {
    const description = from.inputs.get(name)?.description.trim() ?? '';
    if (description === '') continue;
    const successor = addedInputs.find((candidate) => to.inputs.get(candidate)?.description.trim() === description && !renamed.some(([, taken]) => taken === candidate));
    if (successor !== undefined) renamed.push([name, successor]);
  }
  const renamedFrom = new Set(renamed.map(([old]) => old));
  const gone = removedInputs.filter((name) => !renamedFrom.has(name));
  if (gone.length > 0) changes.push({ kind: 'inputs-removed', names: gone, sentence: `Inputs removed: ${quoted(gone)}. Workflows that still pass them get a warning and lose what they configured.` });
  if (renamed.length > 0) {
    changes.push({
      kind: 'inputs-renamed',
      names: renamed.flat(),
      sentence: `Inputs renamed: ${renamed.map(([old, successor]) => `\`${old}\` → \`${successor}\``).join(', ')}. Workflows must pass the new names.`,
    });
  }
  const nowRequired = [...to.inputs]
    .filter(([name, input]) => input.required && !input.hasDefault && !renamed.some(([, successor]) => successor === name))
    .filter(([name]) => {
      const before = from.inputs.get(name);
      return before === undefined || !before.required || before.hasDefault;
    })
    .map(([name]) => name)
    .sort();
  if (nowRequired.length > 0) changes.push({ kind: 'inputs-now-required', names: nowRequired, sentence: `Inputs now required, with no default: ${quoted(nowRequired)}. Workflows that do not pass them fail.` });
  const removedOutputs = [...from.outputs].filter((name) => !to.outputs.has(name)).sort();
  if (removedOutputs.length > 0) changes.push({ kind: 'outputs-removed', names: removedOutputs, sentence: `Outputs removed: ${quoted(removedOutputs)}. Later steps that read them get empty values.` });
  const newSecrets = [...to.requiredSecrets].filter((name) => !from.requiredSecrets.has(name)).sort();
  if (newSecrets.length > 0) changes.push({ kind: 'secrets-now-required', names: newSecrets, sentence: `Secrets now required: ${quoted(newSecrets)}. Callers that do not pass them fail.` });
  if (from.runsUsing !== null && to.runsUsing !== null && from.runsUsing !== to.runsUsing) {
    changes.push({ kind: 'runs-using', names: [from.runsUsing, to.runsUsing], sentence: runtimeSentence(from.runsUsing, to.runsUsing) });
  }
  const deprecated = [...to.inputs].filter(([name, input]) => isDeprecated(input) && !(from.inputs.get(name) !== undefined && isDeprecated(from.inputs.get(name)!))).map(([name]) => name).sort();
  if (deprecated.length > 0) changes.push({ kind: 'inputs-deprecated', names: deprecated, sentence: `Inputs deprecated: ${quoted(deprecated)}. They still work but are going away.` });
  return changes;
}
