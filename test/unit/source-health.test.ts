// What GET /api/v1/sources tells of one source, from its configuration and its row, without I/O.
import { describe, expect, it } from 'vitest';
import { publicReason, sourceHealthView } from '../../src/modules/refresh/source-health.js';

const row = {
  name: 'betterplace.org',
  platform: 'betterplace',
  type: 'betterplace',
  lastFetchAt: new Date('2026-11-22T01:00:00.000Z'),
  lastOutcome: 'incomplete',
  lastError: null,
  lastCounts: {
    new: 1,
    updated: 2,
    unchanged: 3,
    reactivated: 0,
    deactivated: 0,
    skipped: 4,
    warnings: ['page 3 of 118 failed (cannot fetch https://user:secret@api.example/v4/projects.json?token=abc&page=3: HTTP 502); pages 1 to 2 were read'],
  },
  lastSuccessAt: new Date('2026-11-22T01:00:00.000Z'),
  activeCauses: 7,
};

describe('publicReason', () => {
  it('shows an address by its origin only (no user info, path or query) and a file by its name only', () => {
    expect(publicReason('cannot fetch https://user:pw@api.example/v4/projects.json?token=abc: HTTP 502')).toBe('cannot fetch https://api.example: HTTP 502');
    expect(publicReason("cannot read /srv/feeds/nord.json: ENOENT: no such file or directory, stat '/srv/feeds/nord.json'")).toBe(
      "cannot read nord.json: ENOENT: no such file or directory, stat 'nord.json'",
    );
    expect(publicReason('the feed is empty while it has 3 active causes')).toBe('the feed is empty while it has 3 active causes');
  });
});

describe('sourceHealthView', () => {
  it("an incomplete fetch: its warnings as the reason, its counts, the configuration's licence", () => {
    expect(sourceHealthView({ name: 'betterplace.org', platform: 'betterplace', type: 'betterplace', licence: 'API terms' }, row)).toEqual({
      name: 'betterplace.org',
      platform: 'betterplace',
      type: 'betterplace',
      licence: 'API terms',
      configured: true,
      status: 'incomplete',
      reason: 'page 3 of 118 failed (cannot fetch https://api.example: HTTP 502); pages 1 to 2 were read',
      lastAttemptAt: '2026-11-22T01:00:00.000Z',
      lastSuccessAt: '2026-11-22T01:00:00.000Z',
      activeCauses: 7,
      lastFetchCounts: { new: 1, updated: 2, unchanged: 3, reactivated: 0, deactivated: 0, skipped: 4 },
    });
  });

  it('a source imported but never fetched by a refresh, no longer configured: never_fetched, no licence, its causes counted', () => {
    const imported = { ...row, lastFetchAt: null, lastOutcome: null, lastCounts: null, lastSuccessAt: null };
    expect(sourceHealthView(undefined, imported)).toMatchObject({
      configured: false,
      licence: null,
      status: 'never_fetched',
      reason: null,
      lastAttemptAt: null,
      activeCauses: 7,
      lastFetchCounts: null,
    });
  });
});
