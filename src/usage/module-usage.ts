import type { Program } from './parse-source.js';
import { statementNames, type ImportKind, type ImportSite, type TracedUse, type UntracedMember } from './types.js';

/**
 * What one parsed file imports from the packages asked about, and what it then uses of them.
 * One walk over the syntax tree collects import sites, declarations, calls and member accesses;
 * bindings are then resolved to a fixed point, so the order of declarations does not matter:
 *
 * - `import express from 'express'`, `import * as e from …`, `const e = require(…)`,
 *   `const e = await import(…)`, `import e = require(…)` bind the package itself;
 * - `import { Router } from …` and `const { Router } = require(…)` bind one of its names;
 * - a value made from a traced one is traced: `app = express()`, `router = express.Router()`,
 *   `r = app.route('/')`, and so are the parameters of a function given to a traced call
 *   (`app.get('/', (req, res) => …)`, or a named handler function passed the same way).
 *
 * Bindings are tracked by name per file, not per scope: a shadowing local of the same name is
 * traced too. That errs toward reporting a use; a reader checks it at the line given.
 */

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

const SKIPPED_KEYS = new Set(['loc', 'start', 'end', 'extra', 'range', 'leadingComments', 'trailingComments', 'innerComments', 'errors', 'comments', 'tokens']);

/** Untraced member accesses kept per file (for plain name matches); the rest are counted only. */
const MAX_UNTRACED = 5_000;
const MAX_TRACED = 5_000;
/** Calls of a package itself kept per file, apart from MAX_TRACED: a file's many member uses must not hide them. */
const MAX_ROOT_CALLS = 1_000;

export interface FileUsage {
  /** Per package asked about that this file imports. */
  packages: Map<string, { imports: ImportSite[]; traced: TracedUse[] }>;
  untraced: UntracedMember[];
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`; null for relative, absolute, `node:` and URL specifiers. */
export function packageOfSpecifier(specifier: string): string | null {
  if (specifier === '' || specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(specifier)) return null;
  const parts = specifier.split('/');
  if (specifier.startsWith('@')) return parts.length >= 2 && parts[1] !== '' ? `${parts[0]}/${parts[1]}` : null;
  return parts[0] ?? null;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function stringValue(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'StringLiteral' && typeof node.value === 'string') return node.value;
  // A template literal without expressions: require(`express`).
  if (node.type === 'TemplateLiteral' && Array.isArray(node.expressions) && node.expressions.length === 0) {
    const quasi = (node.quasis as Node[] | undefined)?.[0] as { value?: { cooked?: string } } | undefined;
    return typeof quasi?.value?.cooked === 'string' ? quasi.value.cooked : null;
  }
  return null;
}

function identifierName(node: unknown): string | null {
  return isNode(node) && node.type === 'Identifier' && typeof node.name === 'string' ? node.name : null;
}

/** `x` of `a.x` or `a['x']`; null for computed keys that are not string literals. */
function memberName(node: Node): string | null {
  if (node.computed === true) return stringValue(node.property);
  return identifierName(node.property);
}

function lineOf(node: Node, offset: number): number {
  return (node.loc?.start.line ?? 0) + offset;
}

/** Expression wrappers that do not change the value: parentheses, TS casts, non-null. */
function unwrap(node: unknown): unknown {
  let current = node;
  while (isNode(current) && ['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'AwaitExpression'].includes(current.type)) {
    current = current.type === 'AwaitExpression' ? current.argument : current.expression;
  }
  return current;
}

/**
 * `rootLoadedBy` marks the package's root itself, loaded by its bare name (not `pkg/sub`): by
 * `require()` or `import x = require()` (`require`), or by an ES import of its default or
 * namespace (`import`). Calls of such a binding are calls of the package itself.
 */
/** `specifier`: the module specifier a package or named binding was loaded by (`lowdb/node`), so a use can tell a subpath's names from the root's. */
type Binding = { packageName: string; kind: 'package' | 'named' | 'derived'; importedName?: string; via?: 'call' | 'parameter'; rootLoadedBy?: 'require' | 'import'; specifier?: string };

/** The `specifier` field of a use made on a binding loaded by one (see TracedUse.specifier). */
function specifierOf(binding: Binding): { specifier: string } | Record<string, never> {
  return binding.kind !== 'derived' && binding.specifier !== undefined ? { specifier: binding.specifier } : {};
}

/** The member a call of the package itself is recorded under (`retry(axios)` → member `()`). */
export const ROOT_CALL_MEMBER = '()';

interface Collected {
  imports: Array<{ packageName: string; site: ImportSite }>;
  declarators: Array<{ id: Node; init: Node; line: number }>;
  calls: Node[];
  /** Each call's line in the file (a script block's offset applied). */
  callLines: Map<Node, number>;
  /** Tagged templates (`` gql`…` ``): a call of the tag. */
  taggedTemplates: Array<{ tag: Node; line: number }>;
  members: Array<{ node: Node; line: number }>;
  identifiers: Array<{ name: string; line: number }>;
  functions: Map<string, Node>;
  /** Callee member expressions → the call's argument count (null with a spread argument). */
  calledMembers: Map<Node, number | null>;
  /** `require()`/`import()` calls destructured where they are declared → the names taken (`const { pick } = require('lodash')`). */
  destructuredCalls: Map<Node, string[]>;
}

function addImport(collected: Collected, targets: ReadonlySet<string>, specifier: string | null, kind: ImportKind, names: string[], line: number): string | null {
  if (specifier === null) return null;
  const packageName = packageOfSpecifier(specifier);
  if (packageName === null || !targets.has(packageName)) return null;
  collected.imports.push({ packageName, site: { line, kind, specifier, names } });
  return packageName;
}

/** `require('x')` / `import('x')` calls naming a target package: the package and how it was loaded, else null. */
function requiredPackage(node: unknown, targets: ReadonlySet<string>): { packageName: string; specifier: string; by: 'require' | 'import' } | null {
  const value = unwrap(node);
  if (!isNode(value)) return null;
  const isRequire = value.type === 'CallExpression' && identifierName(value.callee) === 'require';
  const isDynamic = value.type === 'ImportExpression' || (value.type === 'CallExpression' && isNode(value.callee) && value.callee.type === 'Import');
  if (!isRequire && !isDynamic) return null;
  const specifier = stringValue(value.type === 'ImportExpression' ? value.source : (value.arguments as unknown[])[0]) ?? '';
  const packageName = packageOfSpecifier(specifier);
  return packageName !== null && targets.has(packageName) ? { packageName, specifier, by: isRequire ? 'require' : 'import' } : null;
}

function visitModuleSyntax(node: Node, collected: Collected, targets: ReadonlySet<string>, bindings: Map<string, Binding>, offset: number): void {
  const line = lineOf(node, offset);
  switch (node.type) {
    case 'ImportDeclaration': {
      const specifiers = (node.specifiers as Node[] | undefined) ?? [];
      const names = specifiers.map((specifier) =>
        specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportNamespaceSpecifier' ? '*' : (identifierName(specifier.imported) ?? stringValue(specifier.imported) ?? '?'),
      );
      const typeOnly = node.importKind === 'type' || (specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type'));
      const packageName = addImport(collected, targets, stringValue(node.source), typeOnly ? 'importType' : 'import', names, line);
      if (packageName === null) return;
      const source = stringValue(node.source) ?? packageName;
      const root = source === packageName ? { rootLoadedBy: 'import' as const } : {};
      for (const specifier of specifiers) {
        const local = identifierName(specifier.local);
        if (local === null) continue;
        if (specifier.type === 'ImportSpecifier') {
          const imported = identifierName(specifier.imported) ?? stringValue(specifier.imported) ?? local;
          // `import { default as u }` is the default import by another spelling.
          bindings.set(local, { packageName, kind: 'named', importedName: imported, specifier: source, ...(imported === 'default' ? root : {}) });
        } else bindings.set(local, { packageName, kind: 'package', specifier: source, ...root });
      }
      return;
    }
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration': {
      if (!isNode(node.source)) return;
      const names =
        node.type === 'ExportAllDeclaration'
          ? ['*']
          : ((node.specifiers as Node[] | undefined) ?? []).map((specifier) => identifierName(specifier.local) ?? stringValue(specifier.local) ?? (specifier.type === 'ExportNamespaceSpecifier' ? '*' : '?'));
      addImport(collected, targets, stringValue(node.source), node.exportKind === 'type' ? 'importType' : 'exportFrom', names, line);
      return;
    }
    case 'TSImportEqualsDeclaration': {
      const reference = node.moduleReference as Node | undefined;
      if (reference?.type !== 'TSExternalModuleReference') return;
      const packageName = addImport(collected, targets, stringValue(reference.expression), node.importKind === 'type' ? 'importType' : 'importEquals', ['*'], line);
      const local = identifierName(node.id);
      const source = stringValue(reference.expression) ?? '';
      if (packageName !== null && local !== null) bindings.set(local, { packageName, kind: 'package', specifier: source, ...(source === packageName ? { rootLoadedBy: 'require' as const } : {}) });
      return;
    }
    case 'TSImportType': {
      const argument = node.argument as Node | undefined;
      const specifier = stringValue(argument) ?? stringValue(argument?.literal);
      const qualifier = identifierName(node.qualifier);
      addImport(collected, targets, specifier, 'importType', qualifier === null ? [] : [qualifier], line);
      return;
    }
    case 'CallExpression':
    case 'ImportExpression': {
      const isRequire = node.type === 'CallExpression' && identifierName(node.callee) === 'require';
      const isDynamic = node.type === 'ImportExpression' || (isNode(node.callee) && node.callee.type === 'Import');
      if (!isRequire && !isDynamic) return;
      const source = node.type === 'ImportExpression' ? node.source : (node.arguments as unknown[])[0];
      addImport(collected, targets, stringValue(source), isRequire ? 'require' : 'dynamicImport', collected.destructuredCalls.get(node) ?? [], line);
      return;
    }
    default:
      return;
  }
}

/**
 * The keys an object pattern takes (`{ Router, json: parseJson }` → Router, json); none for another
 * pattern. A computed key (`{ [name]: value }`) names no export by itself, so it is left out.
 */
function destructuredKeys(pattern: Node): string[] {
  if (pattern.type !== 'ObjectPattern') return [];
  const keys: string[] = [];
  for (const property of (pattern.properties as Node[] | undefined) ?? []) {
    if (property.type !== 'ObjectProperty' || property.computed === true) continue;
    const key = identifierName(property.key) ?? stringValue(property.key);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** One iterative pre-order walk: module syntax, declarations, calls, member accesses, identifiers. */
function collect(program: Program, offset: number, targets: ReadonlySet<string>, bindings: Map<string, Binding>, collected: Collected): void {
  // Parallel stacks (node, the key it hangs from, its parent): no object per visited node.
  const nodes: Node[] = [program as unknown as Node];
  const parentKeys: Array<string | null> = [null];
  const parents: Array<Node | null> = [null];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const parentKey = parentKeys.pop()!;
    const parent = parents.pop()!;
    visitModuleSyntax(node, collected, targets, bindings, offset);
    switch (node.type) {
      case 'VariableDeclarator':
        if (isNode(node.init)) {
          collected.declarators.push({ id: node.id as Node, init: node.init, line: lineOf(node, offset) });
          // Visited before its init (pre-order), so the require() below is recorded with these names.
          const names = destructuredKeys(node.id as Node);
          const call = unwrap(node.init);
          if (names.length > 0 && isNode(call)) collected.destructuredCalls.set(call, names);
        }
        break;
      case 'AssignmentExpression':
        if (node.operator === '=' && isNode(node.left) && isNode(node.right)) collected.declarators.push({ id: node.left, init: node.right, line: lineOf(node, offset) });
        break;
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression': {
        collected.calls.push(node);
        collected.callLines.set(node, lineOf(node, offset));
        const callee = unwrap(node.callee);
        if (isNode(callee) && (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression')) {
          const callArguments = (node.arguments as Node[] | undefined) ?? [];
          collected.calledMembers.set(callee, callArguments.some((argument) => isNode(argument) && argument.type === 'SpreadElement') ? null : callArguments.length);
        }
        break;
      }
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        collected.members.push({ node, line: lineOf(node, offset) });
        break;
      case 'TaggedTemplateExpression':
        if (isNode(node.tag)) collected.taggedTemplates.push({ tag: node.tag, line: lineOf(node, offset) });
        break;
      case 'FunctionDeclaration': {
        const name = identifierName(node.id);
        if (name !== null) collected.functions.set(name, node);
        break;
      }
      case 'Identifier':
        // A reference, not a property key or a declaration's own name (those are not uses).
        if (!(parentKey === 'property' && parent !== null && (parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.computed !== true) && parentKey !== 'key' && parentKey !== 'id' && parentKey !== 'local' && parentKey !== 'imported' && parentKey !== 'exported') {
          collected.identifiers.push({ name: node.name as string, line: lineOf(node, offset) });
        }
        break;
      default:
        break;
    }
    const keys = Object.keys(node);
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!;
      if (SKIPPED_KEYS.has(key)) continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (let item = value.length - 1; item >= 0; item--) {
          if (!isNode(value[item])) continue;
          nodes.push(value[item] as Node);
          parentKeys.push(key);
          parents.push(node);
        }
      } else if (isNode(value)) {
        nodes.push(value);
        parentKeys.push(key);
        parents.push(node);
      }
    }
  }
}

/** The binding a value traces to: the package, one of its names, or something made from it. */
function traceOf(node: unknown, bindings: Map<string, Binding>, targets: ReadonlySet<string>): Binding | null {
  const value = unwrap(node);
  if (!isNode(value)) return null;
  const required = requiredPackage(value, targets);
  if (required !== null) return { packageName: required.packageName, kind: 'package', specifier: required.specifier, ...(required.specifier === required.packageName ? { rootLoadedBy: required.by } : {}) };
  switch (value.type) {
    case 'Identifier':
      return bindings.get(value.name as string) ?? null;
    case 'CallExpression':
    case 'OptionalCallExpression':
    case 'NewExpression': {
      const callee = traceOf(value.callee, bindings, targets);
      return callee === null ? null : { packageName: callee.packageName, kind: 'derived', via: 'call' };
    }
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const object = traceOf(value.object, bindings, targets);
      if (object === null) return null;
      // `require('express').Router` is the package's name `Router`.
      const name = memberName(value);
      if (object.kind === 'package' && name !== null) return { packageName: object.packageName, kind: 'named', importedName: name, ...specifierOf(object) };
      return { packageName: object.packageName, kind: 'derived' };
    }
    default:
      return null;
  }
}

function parameterNames(fn: Node): string[] {
  const names: string[] = [];
  for (const parameter of (fn.params as Node[] | undefined) ?? []) {
    const target = parameter.type === 'AssignmentPattern' ? (parameter.left as Node) : parameter;
    const name = identifierName(target);
    if (name !== null) names.push(name);
  }
  return names;
}

function isFunction(node: unknown): node is Node {
  return isNode(node) && (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression');
}

/** Resolves declarations and callback parameters until nothing new is traced (a few rounds at most). */
function resolveBindings(collected: Collected, bindings: Map<string, Binding>, targets: ReadonlySet<string>, uses: (packageName: string, use: TracedUse) => void): void {
  const destructured = new Set<Node>();
  for (let round = 0; round < 6; round++) {
    let changed = false;
    const bind = (name: string, binding: Binding): void => {
      if (bindings.has(name)) return;
      bindings.set(name, binding);
      changed = true;
    };
    for (const { id, init, line } of collected.declarators) {
      const trace = traceOf(init, bindings, targets);
      if (trace === null) continue;
      const name = identifierName(id);
      if (name !== null) {
        bind(name, trace);
        continue;
      }
      if (id.type !== 'ObjectPattern') continue;
      // `const { Router, json } = require('express')`, `const { query } = req`.
      for (const property of (id.properties as Node[] | undefined) ?? []) {
        // `{ [name]: value }`: which export it reads is not known, so it binds none by name.
        if (property.type !== 'ObjectProperty' || property.computed === true) continue;
        const key = identifierName(property.key) ?? stringValue(property.key);
        const valueNode = property.value as Node;
        const local = identifierName(valueNode.type === 'AssignmentPattern' ? valueNode.left : valueNode);
        if (key === null || local === null) continue;
        bind(local, trace.kind === 'package' ? { packageName: trace.packageName, kind: 'named', importedName: key, ...specifierOf(trace) } : { packageName: trace.packageName, kind: 'derived' });
        if (!destructured.has(property)) {
          destructured.add(property);
          uses(trace.packageName, { line, expression: key, member: key, onPackage: trace.kind === 'package', receiverVia: trace.via ?? 'other', ...(trace.kind === 'package' ? specifierOf(trace) : {}) });
        }
      }
    }
    for (const call of collected.calls) {
      const callee = traceOf(call.callee, bindings, targets);
      if (callee === null) continue;
      for (const argument of (call.arguments as unknown[] | undefined) ?? []) {
        const fn = isFunction(argument) ? argument : collected.functions.get(identifierName(argument) ?? '\u0000');
        if (fn === undefined) continue;
        for (const name of parameterNames(fn)) bind(name, { packageName: callee.packageName, kind: 'derived', via: 'parameter' });
      }
    }
    if (!changed) return;
  }
}

/** Source text of a short receiver (`app`, `express.Router()`), for the expression shown to a reader. */
function receiverText(node: unknown): string {
  const value = unwrap(node);
  if (!isNode(value)) return '…';
  if (value.type === 'Identifier') return value.name as string;
  if (value.type === 'ThisExpression') return 'this';
  if (value.type === 'MemberExpression' || value.type === 'OptionalMemberExpression') return `${receiverText(value.object)}.${memberName(value) ?? '[…]'}`;
  if (value.type === 'CallExpression' || value.type === 'OptionalCallExpression' || value.type === 'NewExpression') return `${receiverText(value.callee)}()`;
  return '…';
}

/**
 * Imports of the `targets` packages in one parsed file and their traced uses, plus member
 * accesses on untraced identifiers (kept for plain name matches when the file imports a target).
 */
export function analyseModule(programs: Array<{ program: Program; lineOffset: number }>, targets: ReadonlySet<string>): FileUsage {
  const bindings = new Map<string, Binding>();
  const collected: Collected = { imports: [], declarators: [], calls: [], callLines: new Map(), taggedTemplates: [], members: [], identifiers: [], functions: new Map(), calledMembers: new Map(), destructuredCalls: new Map() };
  for (const { program, lineOffset } of programs) collect(program, lineOffset, targets, bindings, collected);
  const packages: FileUsage['packages'] = new Map();
  for (const { packageName, site } of collected.imports) {
    const entry = packages.get(packageName) ?? { imports: [], traced: [] };
    entry.imports.push(site);
    packages.set(packageName, entry);
  }
  const untraced: UntracedMember[] = [];
  if (packages.size === 0) return { packages, untraced };

  const kept = new Map<string, { members: number; rootCalls: number }>();
  const addUse = (packageName: string, use: TracedUse): void => {
    const entry = packages.get(packageName);
    if (entry === undefined) return;
    const counts = kept.get(packageName) ?? { members: 0, rootCalls: 0 };
    kept.set(packageName, counts);
    if (use.member === ROOT_CALL_MEMBER) {
      if (counts.rootCalls >= MAX_ROOT_CALLS) return;
      counts.rootCalls += 1;
    } else {
      if (counts.members >= MAX_TRACED) return;
      counts.members += 1;
    }
    entry.traced.push(use);
  };
  // A named import is a use of that name where it is imported (an ESM import of a removed name fails there).
  for (const { packageName, site } of collected.imports) {
    if (site.kind === 'importType') continue;
    for (const name of statementNames(site)) if (name !== 'default' && name !== '*' && name !== '?') addUse(packageName, { line: site.line, expression: name, member: name, onPackage: true, receiverVia: 'other' });
  }
  resolveBindings(collected, bindings, targets, addUse);

  // Calls of the package itself (`retry(axios)`, `require('retry')(axios)`, `new Client()`,
  // `` gql`…` ``, `retry.call(…)`): a package whose root stops being callable breaks exactly
  // these. A module loaded by path (`require('uuid/v4')()`) is another file, not the root.
  const addRootCall = (callee: unknown, line: number, shown: (text: string) => string): void => {
    const trace = traceOf(callee, bindings, targets);
    if (trace?.rootLoadedBy === undefined) return;
    const required = requiredPackage(callee, targets);
    const text = required !== null ? `${required.by}('${required.specifier}')` : receiverText(callee);
    addUse(trace.packageName, { line, expression: shown(text), member: ROOT_CALL_MEMBER, onPackage: true, receiverVia: 'other', rootLoadedBy: trace.rootLoadedBy });
  };

  for (const { node, line } of collected.members) {
    const member = memberName(node);
    if (member === null) continue;
    const trace = traceOf(node.object, bindings, targets);
    const call = collected.calledMembers.has(node) ? { callArguments: collected.calledMembers.get(node)! } : {};
    if (trace !== null) {
      addUse(trace.packageName, { line, expression: `${receiverText(node.object)}.${member}`, member, onPackage: trace.kind === 'package', receiverVia: trace.via ?? 'other', ...(trace.kind === 'package' ? specifierOf(trace) : {}), ...call });
      // `retry.call(this, axios)` / `.apply(…)` calls the package itself too.
      if ((member === 'call' || member === 'apply') && 'callArguments' in call) addRootCall(node.object, line, (text) => `${text}.${member}()`);
    } else {
      const receiver = identifierName(unwrap(node.object));
      if (receiver !== null && untraced.length < MAX_UNTRACED) untraced.push({ line, receiver, member, ...call });
    }
  }
  for (const call of collected.calls) addRootCall(call.callee, collected.callLines.get(call)!, (text) => `${call.type === 'NewExpression' ? 'new ' : ''}${text}()`);
  for (const { tag, line } of collected.taggedTemplates) addRootCall(tag, line, (text) => `${text}\`…\``);
  // References to a named import (`legacy()` after `import { legacy } from …`).
  for (const { name, line } of collected.identifiers) {
    const binding = bindings.get(name);
    if (binding?.kind === 'named' && binding.importedName !== undefined) addUse(binding.packageName, { line, expression: name, member: binding.importedName, onPackage: true, receiverVia: 'other', ...specifierOf(binding) });
  }
  for (const entry of packages.values()) {
    entry.traced.sort((left, right) => left.line - right.line || (left.expression < right.expression ? -1 : left.expression > right.expression ? 1 : 0));
    // One use of a member per line (`const { static: serve } = …` names `static` once, not as `serve` again).
    const seen = new Set<string>();
    entry.traced = entry.traced.filter((use) => {
      const key = `${use.line}\u0000${use.member}\u0000${use.onPackage}\u0000${use.callArguments}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  return { packages, untraced };
}
