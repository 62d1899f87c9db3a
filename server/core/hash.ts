import { createHash } from 'node:crypto';
import type { ExportJson } from './model';
import { compareKeys } from './order';
import { childKeys, leafValue, priorityOf } from './tree';

/**
 * The SDK's hex rendering of a double. It derives exponent and fraction with floating-point logarithms instead of
 * reading the IEEE bits, which differs from the true encoding near powers of two (2^53 - 1 → 4340000000000000);
 * transaction hashes must reproduce that, so this follows the same arithmetic.
 */
export function sdkDoubleHex(input: number): string {
  const exponentBits = 11;
  const fractionBits = 52;
  const bias = (1 << (exponentBits - 1)) - 1;
  let sign: number;
  let exponent = 0;
  let fraction = 0;
  if (input === 0) {
    sign = Object.is(input, -0) ? 1 : 0;
  } else {
    sign = input < 0 ? 1 : 0;
    const magnitude = Math.abs(input);
    if (magnitude >= Math.pow(2, 1 - bias)) {
      const log = Math.min(Math.floor(Math.log(magnitude) / Math.LN2), bias);
      exponent = log + bias;
      fraction = Math.round(magnitude * Math.pow(2, fractionBits - log) - Math.pow(2, fractionBits));
    } else {
      fraction = Math.round(magnitude / Math.pow(2, 1 - bias - fractionBits));
    }
  }
  // Bits are peeled off with % and floor division, exactly as the SDK does (that matters for a negative fraction).
  let bits = '';
  for (let i = 0; i < fractionBits; i++) {
    bits = (fraction % 2 ? '1' : '0') + bits;
    fraction = Math.floor(fraction / 2);
  }
  for (let i = 0; i < exponentBits; i++) {
    bits = (exponent % 2 ? '1' : '0') + bits;
    exponent = Math.floor(exponent / 2);
  }
  bits = String(sign) + bits;
  let hex = '';
  for (let i = 0; i < 64; i += 8)
    hex += parseInt(bits.slice(i, i + 8), 2)
      .toString(16)
      .padStart(2, '0');
  return hex;
}

function priorityText(priority: string | number): string {
  return typeof priority === 'number' ? 'number:' + sdkDoubleHex(priority) : 'string:' + priority;
}

function comparePriorities(a: string | number | null, b: string | number | null): number {
  const rank = (p: string | number | null) => (p === null ? 0 : typeof p === 'number' ? 1 : 2);
  const byRank = rank(a) - rank(b);
  if (byRank !== 0 || a === b || a === null || b === null) return byRank;
  return a < b ? -1 : 1;
}

function sha1Base64(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

/** The hash the SDK sends with a transaction's put: "" for an empty node, else base64 SHA-1 of its canonical text. */
export function nodeHash(node: ExportJson): string {
  if (node === null) return '';
  const priority = priorityOf(node);
  let text = priority === null ? '' : 'priority:' + priorityText(priority) + ':';
  const leaf = leafValue(node);
  if (typeof leaf !== 'object' || leaf === null) {
    text += typeof leaf + ':' + (typeof leaf === 'number' ? sdkDoubleHex(leaf) : String(leaf));
    return sha1Base64(text);
  }
  const children = childKeys(node)
    .map((key) => ({ key, node: (node as Record<string, ExportJson>)[key] ?? null }))
    .sort((a, b) => comparePriorities(priorityOf(a.node), priorityOf(b.node)) || compareKeys(a.key, b.key));
  for (const child of children) {
    const childHash = nodeHash(child.node);
    if (childHash === '') continue;
    text += ':' + child.key + ':' + childHash;
  }
  return text === '' ? '' : sha1Base64(text);
}
