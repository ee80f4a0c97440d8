import type { Client } from 'openapi-fetch';
import type { paths } from './v1.js';

export type { components, operations, paths } from './v1.js';

export interface ClientOptions {
  /** the service's address, without `/api/v1` ("https://api.example.org") */
  baseUrl: string;
  /** the key, sent as `X-Api-Key` with every request */
  apiKey: string;
  /** a fetch of your own (a test's, a proxy's); the global one by default */
  fetch?: typeof globalThis.fetch;
}

/** A client for REST v1: `client.GET('/daily-action', { params: { query: { lang: 'en' } } })`, typed by the OpenAPI document. */
export function createClient(options: ClientOptions): Client<paths>;
