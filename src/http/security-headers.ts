// Security headers for a JSON API (helmet): nothing here is a page, so the strictest CSP; HSTS is left to
// the TLS-terminating proxy, which knows whether the service is reached over HTTPS. Helmet's headers do
// not depend on the request, so the REST fast path writes the same ones, read off helmet once.
import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

export const securityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  strictTransportSecurity: false,
});

/** The headers `securityHeaders` sets, as a flat [name, value, …] list in helmet's order. */
export function securityHeaderList(): string[] {
  const list: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      list.push(name, String(value));
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  let called = false;
  securityHeaders({} as never, recorder as never, () => (called = true));
  if (!called) throw new Error('helmet did not finish synchronously');
  return list;
}
