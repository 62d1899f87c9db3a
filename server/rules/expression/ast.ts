/** Syntax tree of one rules expression; `pos` is the 0-based offset in the expression text. */
export type Node =
  | { type: 'literal'; value: string | number | boolean | null; pos: number }
  | { type: 'regex'; value: RegExp; pos: number }
  | { type: 'array'; items: Node[]; pos: number }
  | { type: 'identifier'; name: string; pos: number }
  | { type: 'member'; object: Node; property: string; pos: number }
  | { type: 'index'; object: Node; index: Node; pos: number }
  | { type: 'call'; object: Node; method: string; args: Node[]; pos: number }
  | { type: 'unary'; op: '!' | '-'; operand: Node; pos: number }
  | { type: 'binary'; op: BinaryOperator; left: Node; right: Node; pos: number }
  | { type: 'logical'; op: '&&' | '||'; left: Node; right: Node; pos: number }
  | { type: 'conditional'; test: Node; consequent: Node; alternate: Node; pos: number };

export type BinaryOperator = '==' | '!=' | '===' | '!==' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';
