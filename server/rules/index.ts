import { JsonSyntaxError, parseJsonWithComments } from './json-with-comments';
import { CompiledRuleSet } from './rule-set';
import { buildRuleNode } from './rule-tree';
import { RulesSyntaxError, type RuleSet } from './types';

export * from './types';
export { JsonRulesData, type JsonWrite } from './json-rules-data';

/**
 * Parses a rules file (JSON with `//` and `/* *\/` comments) and compiles every expression once.
 * Throws RulesSyntaxError naming the place and the reason when the file cannot be used.
 */
export function compileRules(text: string): RuleSet {
  let document;
  try {
    document = parseJsonWithComments(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      throw new RulesSyntaxError(`line ${error.line}, column ${error.column}`, error.reason);
    throw error;
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document) || !('rules' in document)) {
    throw new RulesSyntaxError('top level', 'expected an object with a "rules" key');
  }
  const extra = Object.keys(document).find((key) => key !== 'rules');
  if (extra !== undefined) throw new RulesSyntaxError(`top level["${extra}"]`, 'unknown key (only "rules" is allowed)');
  return new CompiledRuleSet(buildRuleNode(document.rules!, 'rules', new Set()));
}

/** Everything allowed, no indexes: for servers started without a rules file. */
export const ALLOW_ALL: RuleSet = {
  canRead: () => true,
  checkWrite: () => ({ allowed: true, reason: '' }),
  indexOn: () => [],
};
