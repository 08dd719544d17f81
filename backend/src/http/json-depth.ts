// The check that a parsed JSON body nests no deeper than JSON_MAX_DEPTH, run before anything
// recursive (the Idempotency-Key's fingerprint, validation) walks it (middleware/json-depth-limit.ts,
// and handlers that parse a body part themselves): JSON.parse accepts a body nested a million
// levels deep, and a recursive walk of that overflows the stack (a 500). No request of the API
// nests deeper than a few levels. The check itself walks with an explicit stack, so it cannot
// overflow, and stops at the first container too deep.
const JSON_MAX_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`;

/** True when `value` has arrays or objects nested more than `maxDepth` levels. */
export function nestedDeeperThan(value: unknown, maxDepth: number = JSON_MAX_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const child of Object.values(current as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
