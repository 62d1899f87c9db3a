/**
 * A strict JSON parser that also accepts `//` and `/* *\/` comments, as Firebase's rules files do.
 * Written by hand (not JSON.parse) so that errors carry a line and column, and duplicate keys are refused
 * instead of silently keeping the last one.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export class JsonSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = 'JsonSyntaxError';
  }
}

const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Deeper documents are refused rather than exhausting the stack. */
const MAX_DEPTH = 256;

export function parseJsonWithComments(text: string): JsonValue {
  let pos = 0;
  let depth = 0;

  const fail = (reason: string, at = pos): never => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    throw new JsonSyntaxError(line, column, reason);
  };

  const describe = (): string => (pos >= text.length ? 'end of file' : `'${text[pos]}'`);

  const skipSpaceAndComments = (): void => {
    for (;;) {
      const c = text[pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') {
        pos++;
      } else if (c === '/' && text[pos + 1] === '/') {
        while (pos < text.length && text[pos] !== '\n') pos++;
      } else if (c === '/' && text[pos + 1] === '*') {
        const end = text.indexOf('*/', pos + 2);
        if (end < 0) fail('unterminated /* comment');
        pos = end + 2;
      } else {
        return;
      }
    }
  };

  const expect = (c: string): void => {
    if (text[pos] !== c) fail(`expected '${c}' but found ${describe()}`);
    pos++;
  };

  const parseString = (): string => {
    expect('"');
    let out = '';
    for (;;) {
      if (pos >= text.length) fail('unterminated string');
      const c = text[pos]!;
      if (c === '"') {
        pos++;
        return out;
      }
      if (c === '\\') {
        const e = text[pos + 1];
        if (e === 'u') {
          const hex = text.slice(pos + 2, pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape in string');
          out += String.fromCharCode(parseInt(hex, 16));
          pos += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          pos += 2;
        } else {
          fail('bad escape in string');
        }
      } else if (c < ' ') {
        fail('control character in string');
      } else {
        out += c;
        pos++;
      }
    }
  };

  const parseNumber = (): number => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(pos));
    if (!match) return fail(`unexpected ${describe()}`);
    pos += match[0].length;
    return Number(match[0]);
  };

  const parseWord = (): boolean | null => {
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    return fail(`unexpected ${describe()}`);
  };

  const parseNested = <T>(parse: () => T): T => {
    if (++depth > MAX_DEPTH) fail(`nested too deeply (more than ${MAX_DEPTH} levels)`);
    const result = parse();
    depth--;
    return result;
  };

  const parseValue = (): JsonValue => {
    skipSpaceAndComments();
    const c = text[pos];
    if (c === '{') return parseNested(parseObject);
    if (c === '[') return parseNested(parseArray);
    if (c === '"') return parseString();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return parseNumber();
    return parseWord();
  };

  const parseObject = (): { [key: string]: JsonValue } => {
    expect('{');
    const out: { [key: string]: JsonValue } = {};
    skipSpaceAndComments();
    if (text[pos] === '}') {
      pos++;
      return out;
    }
    for (;;) {
      skipSpaceAndComments();
      const keyAt = pos;
      const key = parseString();
      if (Object.hasOwn(out, key)) fail(`duplicate key "${key}"`, keyAt);
      skipSpaceAndComments();
      expect(':');
      // defineProperty, because assigning a "__proto__" key would replace the prototype instead
      Object.defineProperty(out, key, { value: parseValue(), enumerable: true, writable: true, configurable: true });
      skipSpaceAndComments();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      expect('}');
      return out;
    }
  };

  const parseArray = (): JsonValue[] => {
    expect('[');
    const out: JsonValue[] = [];
    skipSpaceAndComments();
    if (text[pos] === ']') {
      pos++;
      return out;
    }
    for (;;) {
      out.push(parseValue());
      skipSpaceAndComments();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      expect(']');
      return out;
    }
  };

  const value = parseValue();
  skipSpaceAndComments();
  if (pos < text.length) fail(`unexpected ${describe()} after the end of the document`);
  return value;
}
