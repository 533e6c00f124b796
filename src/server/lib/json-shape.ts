/**
 * A linear, non-recursive look at JSON text before anything parses or walks it: how deep its arrays
 * and objects nest and how many values it holds. A request body that nests deeper than any route
 * needs, or holds more values than any form sends, is refused here in one pass over its characters,
 * so no later walk (the text guard, zod, a service) can be made to spend seconds or overflow the stack.
 */

export type JsonShapeLimits = { maxDepth: number; maxValues: number };

/** Bodies of the API: the deepest schema nests 4 levels; 32 leaves room and stops abuse. */
const JSON_BODY_LIMITS: JsonShapeLimits = { maxDepth: 32, maxValues: 10_000 };

// Stryker disable next-line StringLiteral: message text (the tests compare with the constant)
export const JSON_TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
// Stryker disable next-line StringLiteral: message text (the tests compare with the constant)
export const JSON_TOO_MANY_VALUES_MESSAGE = 'The request body holds too many values.';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Null when `text` fits the limits, else the message saying which it exceeds. It counts brackets and
 * commas outside strings; it does not validate JSON (JSON.parse does that next), so malformed text
 * that fits passes on to be refused as malformed.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = JSON_BODY_LIMITS): string | null {
  let depth = 0;
  // One value for the top level, one more per container opened and per comma between items.
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limits.maxDepth) return JSON_TOO_DEEP_MESSAGE;
      if (++values > limits.maxValues) return JSON_TOO_MANY_VALUES_MESSAGE;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA && ++values > limits.maxValues) return JSON_TOO_MANY_VALUES_MESSAGE;
  }
  return null;
}
