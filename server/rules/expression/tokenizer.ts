import { unsupportedRegexFeature } from './regex-subset';

/** Tokens of the rules expression language (a small subset of JavaScript expressions). */
export type Token =
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'identifier'; value: string; pos: number }
  | { kind: 'regex'; value: RegExp; source: string; pos: number }
  | { kind: 'punct'; value: string; pos: number }
  | { kind: 'end'; pos: number };

/** A problem at an offset (0-based) of the expression text. */
export class ExpressionError extends Error {
  constructor(
    readonly pos: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'ExpressionError';
  }
}

// Longest first, so that `===` is not read as `==` followed by `=`.
const PUNCTUATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
];

/** Firebase documents only the `i` flag; `g` and `y` would make matching stateful. */
const REGEX_FLAGS = /^i?$/;

const STRING_ESCAPES: Record<string, string> = {
  "'": "'",
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

const isIdentifierStart = (c: string): boolean => /[A-Za-z_$]/.test(c);
const isIdentifierPart = (c: string): boolean => /[A-Za-z0-9_$]/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** After one of these a `/` divides; anywhere else it starts a regular expression literal. */
function endsOperand(token: Token | undefined): boolean {
  if (!token) return false;
  if (token.kind === 'punct') return token.value === ')' || token.value === ']';
  return token.kind !== 'end';
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < text.length) {
    const c = text[pos]!;
    if (/\s/.test(c)) {
      pos++;
    } else if (isDigit(c) || (c === '.' && isDigit(text[pos + 1]))) {
      const match = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(pos))!;
      if (isIdentifierPart(text[pos + match[0].length] ?? ' ')) throw new ExpressionError(pos, 'malformed number');
      tokens.push({ kind: 'number', value: Number(match[0]), pos });
      pos += match[0].length;
    } else if (isIdentifierStart(c)) {
      const start = pos;
      while (pos < text.length && isIdentifierPart(text[pos]!)) pos++;
      tokens.push({ kind: 'identifier', value: text.slice(start, pos), pos: start });
    } else if (c === "'" || c === '"') {
      const [value, end] = readString(text, pos);
      tokens.push({ kind: 'string', value, pos });
      pos = end;
    } else if (c === '/' && !endsOperand(tokens.at(-1))) {
      const [token, end] = readRegex(text, pos);
      tokens.push(token);
      pos = end;
    } else {
      const punct = PUNCTUATORS.find((p) => text.startsWith(p, pos));
      if (!punct) {
        const hint = c === '=' ? " (use '==' to compare; rules cannot assign)" : '';
        throw new ExpressionError(pos, `unexpected character '${c}'${hint}`);
      }
      tokens.push({ kind: 'punct', value: punct, pos });
      pos += punct.length;
    }
  }
  tokens.push({ kind: 'end', pos: text.length });
  return tokens;
}

function readString(text: string, start: number): [string, number] {
  const quote = text[start];
  let out = '';
  let pos = start + 1;
  for (;;) {
    const c = text[pos];
    if (c === undefined) throw new ExpressionError(start, 'unterminated string literal');
    if (c === quote) return [out, pos + 1];
    if (c === '\\') {
      const e = text[pos + 1];
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) {
        out += String.fromCharCode(parseInt(text.slice(pos + 2, pos + 6), 16));
        pos += 6;
      } else if (e !== undefined && e in STRING_ESCAPES) {
        out += STRING_ESCAPES[e];
        pos += 2;
      } else {
        throw new ExpressionError(pos, 'bad escape sequence in string literal');
      }
    } else {
      out += c;
      pos++;
    }
  }
}

function readRegex(text: string, start: number): [Token, number] {
  let pos = start + 1;
  let inClass = false;
  for (;;) {
    const c = text[pos];
    if (c === undefined || c === '\n') throw new ExpressionError(start, 'unterminated regular expression literal');
    if (c === '\\') pos += 2;
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
      pos++;
    }
  }
  const source = text.slice(start + 1, pos);
  pos++;
  const flagsStart = pos;
  while (pos < text.length && isIdentifierPart(text[pos]!)) pos++;
  const flags = text.slice(flagsStart, pos);
  if (!REGEX_FLAGS.test(flags))
    throw new ExpressionError(flagsStart, `unsupported regular expression flags '${flags}' (only 'i' is allowed)`);
  if (source === '') throw new ExpressionError(start, 'empty regular expression literal');
  const unsupported = unsupportedRegexFeature(source);
  if (unsupported) throw new ExpressionError(start + 1 + unsupported.offset, unsupported.reason);
  try {
    return [{ kind: 'regex', value: new RegExp(source, flags), source: text.slice(start, pos), pos: start }, pos];
  } catch (error) {
    throw new ExpressionError(start, `invalid regular expression: ${(error as Error).message}`);
  }
}
