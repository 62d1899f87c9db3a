import { Snapshot, queryVariable, type EvalContext } from './expression/values';
import type { Rule, RuleNode } from './rule-tree';
import type { Json, RuleSet, RulesAuth, RulesData, RulesQuery, WriteCheck } from './types';

/** One step down the rules tree: a named child wins over the wildcard, which binds its `$name` to the key. */
function childRules(
  node: RuleNode,
  key: string,
  vars: Record<string, string>,
): { node: RuleNode; vars: Record<string, string> } | null {
  const named = node.children.get(key);
  if (named) return { node: named, vars };
  if (!node.wildcard) return null;
  return { node: node.wildcard.node, vars: { ...vars, [node.wildcard.name]: key } };
}

/** Each level of the rules tree along `path`, from the root down, as far as the rules go. */
function* rulesAlong(
  root: RuleNode,
  path: readonly string[],
): Generator<{ node: RuleNode; depth: number; vars: Record<string, string> }> {
  let step: { node: RuleNode; vars: Record<string, string> } | null = { node: root, vars: {} };
  for (let depth = 0; step; depth++) {
    yield { node: step.node, depth, vars: step.vars };
    if (depth === path.length) return;
    step = childRules(step.node, path[depth]!, step.vars);
  }
}

/** Writes have no query; `query.*` reads as unset there. */
const NO_QUERY = queryVariable(undefined);

const showPath = (path: readonly string[]): string => `/${path.join('/')}`;

interface WriteScope {
  auth: RulesAuth | null;
  before: RulesData;
  after: RulesData;
  now: number;
  root: Snapshot;
}

function writeContext(scope: WriteScope, path: readonly string[], vars: Record<string, string>): EvalContext {
  return {
    auth: scope.auth,
    root: scope.root,
    data: new Snapshot(scope.before, path),
    newData: new Snapshot(scope.after, path),
    now: scope.now,
    query: NO_QUERY,
    vars,
  };
}

function isGranted(root: RuleNode, path: readonly string[], scope: WriteScope): boolean {
  for (const { node, depth, vars } of rulesAlong(root, path)) {
    if (node.write && node.write.evaluate(writeContext(scope, path.slice(0, depth), vars))) return true;
  }
  return false;
}

function validationFailure(rule: Rule, path: readonly string[]): string {
  return `validation failed at ${showPath(path)} (${rule.place})`;
}

/** Every `.validate` on a non-null node of the written subtree below (and at) `path`; a reason, or "" when all hold. */
function validateSubtree(
  node: RuleNode,
  path: string[],
  value: Json,
  vars: Record<string, string>,
  scope: WriteScope,
): string {
  if (value === null) return '';
  if (node.validate && !node.validate.evaluate(writeContext(scope, path, vars)))
    return validationFailure(node.validate, path);
  if (typeof value !== 'object') return '';
  if (node.wildcard) {
    for (const [key, child] of Object.entries(value)) {
      const step = childRules(node, key, vars)!;
      const failure = validateSubtree(step.node, [...path, key], child, step.vars, scope);
      if (failure) return failure;
    }
    return '';
  }
  for (const [key, childNode] of node.children) {
    const child = value[key];
    if (child === undefined) continue;
    const failure = validateSubtree(childNode, [...path, key], child, vars, scope);
    if (failure) return failure;
  }
  return '';
}

/**
 * A compiled rules tree. Read and write grants cascade down (the first true `.read`/`.write` from the root to
 * the path grants it); `.validate` never grants, and must hold on every non-null node of the data after the
 * write, from the root down to and including the written subtrees: Firebase evaluates the `.validate` rules of
 * ancestors too, against the merged result.
 */
export class CompiledRuleSet implements RuleSet {
  constructor(private readonly root: RuleNode) {}

  canRead(path: readonly string[], auth: RulesAuth | null, root: RulesData, now: number, query?: RulesQuery): boolean {
    const rootSnapshot = new Snapshot(root, []);
    const queryVar = queryVariable(query);
    for (const { node, depth, vars } of rulesAlong(this.root, path)) {
      if (!node.read) continue;
      const data = depth === 0 ? rootSnapshot : new Snapshot(root, path.slice(0, depth));
      if (node.read.evaluate({ auth, root: rootSnapshot, data, newData: null, now, query: queryVar, vars }))
        return true;
    }
    return false;
  }

  checkWrite(
    paths: readonly (readonly string[])[],
    auth: RulesAuth | null,
    before: RulesData,
    after: RulesData,
    now: number,
  ): WriteCheck {
    const scope: WriteScope = { auth, before, after, now, root: new Snapshot(before, []) };
    for (const path of paths) {
      if (!isGranted(this.root, path, scope))
        return { allowed: false, reason: `write denied at ${showPath(path)}: no .write rule allows it` };
    }
    const checkedAncestors = new Set<string>();
    for (const path of paths) {
      for (const { node, depth, vars } of rulesAlong(this.root, path)) {
        const nodePath = path.slice(0, depth);
        if (depth === path.length) {
          const failure = validateSubtree(node, nodePath, after.val(nodePath), vars, scope);
          if (failure) return { allowed: false, reason: failure };
          continue;
        }
        const key = showPath(nodePath);
        if (!node.validate || checkedAncestors.has(key)) continue;
        checkedAncestors.add(key);
        if (!after.exists(nodePath)) continue;
        if (!node.validate.evaluate(writeContext(scope, nodePath, vars)))
          return { allowed: false, reason: validationFailure(node.validate, nodePath) };
      }
    }
    return { allowed: true, reason: '' };
  }

  indexOn(path: readonly string[]): string[] {
    let found: RuleNode | null = null;
    for (const { node, depth } of rulesAlong(this.root, path)) if (depth === path.length) found = node;
    return found ? [...found.indexOn] : [];
  }
}
