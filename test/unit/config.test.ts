import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      sourcesConfig: path.resolve('config/sources.json'),
      logLevel: 'info',
      trustProxyHops: 0,
      production: false,
      graphql: { introspection: true, suggestions: true },
      refreshHeapMb: 512,
      llm: undefined,
    });
  });

  it('in production /graphql hides its schema unless the operator switches introspection or suggestions on', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).graphql).toEqual({ introspection: false, suggestions: false });
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).graphql).toEqual({ introspection: true, suggestions: false });
    expect(loadConfig({ GRAPHQL_SUGGESTIONS: 'false' }).graphql).toEqual({ introspection: true, suggestions: false });
    expect(() => loadConfig({ GRAPHQL_INTROSPECTION: 'yes' })).toThrow('GRAPHQL_INTROSPECTION must be true or false');
  });

  it('reads the language model settings, with the concurrency and per-refresh cap the operator sets', () => {
    expect(loadConfig({ LLM_BASE_URL: 'https://llm.example/v1' }).llm).toEqual({
      baseUrl: 'https://llm.example/v1', apiKey: undefined, model: 'gpt-4o-mini', timeoutMs: 20_000, concurrency: 4, maxCallsPerRefresh: 2_000,
    });
    expect(loadConfig({ LLM_BASE_URL: 'https://llm.example/v1', LLM_CONCURRENCY: '8', LLM_MAX_CALLS_PER_REFRESH: '0' }).llm).toMatchObject({
      concurrency: 8, maxCallsPerRefresh: 0,
    });
    expect(() => loadConfig({ LLM_CONCURRENCY: '0' })).toThrow(ConfigError);
  });

  it('treats empty DATABASE_URL and REDIS_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' })).toMatchObject({ databaseUrl: undefined, redisUrl: undefined });
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL']);
    }
  });
});
