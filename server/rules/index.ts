import type { RuleSet } from './types';

export * from './types';

/** Parses a rules file (JSON with comments) once; throws RulesSyntaxError when it cannot be used. */
export function compileRules(_text: string): RuleSet {
  throw new Error('compileRules: not implemented yet');
}

/** Everything allowed, no indexes: for servers started without a rules file. */
export const ALLOW_ALL: RuleSet = {
  canRead: () => true,
  checkWrite: () => ({ allowed: true, reason: '' }),
  indexOn: () => [],
};
