import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SOURCES_FILE, loadConfig } from '../../src/config/env.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'esapi:',
      sources: { kind: 'demo', file: DEMO_SOURCES_FILE, explicit: false },
      shutdownGraceMs: 10_000,
      support: {},
      logLevel: 'info',
      trustProxyHops: 0,
      http: { headersTimeoutMs: 12_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 1024 },
      production: false,
      graphql: { introspection: true, suggestions: true },
      refreshHeapMb: 192,
      refreshLeaseMs: 60_000,
      webhookRetrySchedule: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
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
      baseUrl: 'https://llm.example/v1',
      apiKey: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 20_000,
      concurrency: 4,
      maxCallsPerRefresh: 2_000,
    });
    expect(loadConfig({ LLM_BASE_URL: 'https://llm.example/v1', LLM_CONCURRENCY: '8', LLM_MAX_CALLS_PER_REFRESH: '0' }).llm).toMatchObject({
      concurrency: 8,
      maxCallsPerRefresh: 0,
    });
    expect(() => loadConfig({ LLM_CONCURRENCY: '0' })).toThrow(ConfigError);
  });

  it('loads the demo catalogue only on the embedded default outside production, or when SOURCES_CONFIG=demo asks for it', () => {
    // the bundled file: three made-up platforms
    expect((JSON.parse(fs.readFileSync(DEMO_SOURCES_FILE, 'utf8')) as { sources: { name: string }[] }).sources.map((s) => s.name)).toEqual([
      'Gemeinsam Spenden (Demo)',
      'Petitionswerk (Demo)',
      'Briefwerkstatt (Demo)',
    ]);
    const none = (why: string) => ({
      kind: 'none',
      reason: `no sources configured (SOURCES_CONFIG is not set and ${why}, so the demo catalogue is not loaded): set SOURCES_CONFIG to a sources file, or to "demo" for the made-up demo causes`,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).sources).toEqual(none('DATABASE_URL is set'));
    expect(loadConfig({ NODE_ENV: 'production' }).sources).toEqual(none('NODE_ENV=production'));
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SOURCES_CONFIG: 'demo' }).sources).toEqual({ kind: 'demo', file: DEMO_SOURCES_FILE, explicit: true });
    expect(loadConfig({ NODE_ENV: 'production', SOURCES_CONFIG: 'my/sources.json' }).sources).toEqual({ kind: 'file', file: path.resolve('my/sources.json') });
    expect(loadConfig({ SOURCES_CONFIG: ' ' }).sources).toEqual({ kind: 'demo', file: DEMO_SOURCES_FILE, explicit: false });
  });

  it("takes the operator's contact for integrators: an e-mail address and/or an http(s) URL", () => {
    expect(loadConfig({ SUPPORT_EMAIL: ' keys@newsroom.example ', SUPPORT_URL: 'https://newsroom.example/api' }).support).toEqual({
      email: 'keys@newsroom.example',
      url: 'https://newsroom.example/api',
    });
    expect(() => loadConfig({ SUPPORT_EMAIL: 'keys at newsroom' })).toThrow('SUPPORT_EMAIL must be an e-mail address');
    expect(() => loadConfig({ SUPPORT_URL: 'ftp://newsroom.example' })).toThrow('SUPPORT_URL must start with http:// or https://');
  });

  it("takes the HTTP server's timeouts and connection limit; the headers timeout cannot exceed the request timeout", () => {
    expect(
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '500', HTTP_MAX_CONNECTIONS: '12' }).http,
    ).toEqual({ headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 500, maxConnections: 12 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    );
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '0' })).toThrow('HTTP_MAX_CONNECTIONS');
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '0' })).toThrow('HTTP_HEADERS_TIMEOUT_MS');
  });

  it('REDIS_KEY_PREFIX: the start of every Redis key, printable and without spaces', () => {
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:esapi:' }).redisKeyPrefix).toBe('staging:esapi:');
    expect(loadConfig({ REDIS_KEY_PREFIX: '' }).redisKeyPrefix).toBe('esapi:');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'two words' })).toThrow('REDIS_KEY_PREFIX must be 1 to 100 printable ASCII characters without spaces');
  });

  it('WEBHOOK_RETRY_SCHEDULE: whole seconds between attempts, separated by commas', () => {
    expect(loadConfig({ WEBHOOK_RETRY_SCHEDULE: ' 1, 2,60 ' }).webhookRetrySchedule).toEqual([1, 2, 60]);
    for (const bad of ['5,,300', '0', '5,-1', '1.5', '604801', 'soon']) {
      expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: bad }), bad).toThrow(
        'WEBHOOK_RETRY_SCHEDULE: WEBHOOK_RETRY_SCHEDULE must be whole seconds (1 to 604800) separated by commas, for example 5,300,1800',
      );
    }
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
