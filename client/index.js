// The typed client of REST v1: openapi-fetch with the types of v1.d.ts (generated from the OpenAPI
// document), the service's base path and the key header set once.
import createFetchClient from 'openapi-fetch';

/** A client for `baseUrl` (the service's address, without `/api/v1`) that sends `apiKey` with every request. */
export function createClient({ baseUrl, apiKey, fetch }) {
  return createFetchClient({ baseUrl: `${baseUrl.replace(/\/+$/, '')}/api/v1`, headers: { 'X-Api-Key': apiKey }, fetch });
}
