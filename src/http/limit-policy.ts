// The per-key limit's numbers and words, declared once: the rule (rate-limit.ts) paces by them, the
// headers and the 429 say them, and the OpenAPI document and getting started describe them.

/** Spec 8: "more than 1 request per second" is refused, per key. */
export const LIMIT_REQUESTS = 1;
export const LIMIT_WINDOW_S = 1;
/** Retry-After of a 429, in seconds: a whole window. */
export const RATE_LIMIT_RETRY_AFTER_S = LIMIT_WINDOW_S;

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

/** The 429's message (spec 7). */
export const RATE_LIMITED_MESSAGE = `Rate limit exceeded. Retry after ${seconds(RATE_LIMIT_RETRY_AFTER_S)}.`;

/** The pace in words, for people: "one request per second". */
export const LIMIT_PACE = `${LIMIT_REQUESTS === 1 ? 'one request' : `${LIMIT_REQUESTS} requests`} per ${LIMIT_WINDOW_S === 1 ? 'second' : seconds(LIMIT_WINDOW_S)}`;
/** The limit in words: "one request per second per key". */
export const LIMIT_IN_WORDS = `${LIMIT_PACE} per key`;

// IETF draft-ietf-httpapi-ratelimit-headers (draft 11): the policy on every response, the key's state on
// every response to a request with a valid key.
export const RATE_LIMIT_POLICY_NAME = 'per-key';
export const RATE_LIMIT_POLICY = `"${RATE_LIMIT_POLICY_NAME}";q=${LIMIT_REQUESTS};w=${LIMIT_WINDOW_S}`;

/** `RateLimit: "per-key";r=<remaining>;t=<seconds until a request is allowed again>`. */
export function rateLimitHeader(remaining: number, msBeforeReset: number): string {
  return `"${RATE_LIMIT_POLICY_NAME}";r=${Math.max(0, remaining)};t=${Math.max(0, Math.ceil(msBeforeReset / 1000))}`;
}

/** The key's state after any request: with one request a window, it is always the same (none left, the next after the window). */
export const RATE_LIMIT_STATE = rateLimitHeader(0, LIMIT_WINDOW_S * 1000);
