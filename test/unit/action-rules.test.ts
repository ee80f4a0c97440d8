// What a status the source states means: closed ends the action, open lets the texts say it runs, a
// negated word says neither (action-rules.ts).
import { describe, expect, it } from 'vitest';
import { selectActions, statusMeaning } from '../../src/modules/sources/action-rules.js';
import type { SourceConfig } from '../../src/modules/sources/sources-config.js';

describe('statusMeaning', () => {
  it.each([
    ['abgeschlossen', 'closed'],
    ['Petition beendet', 'closed'],
    ['Closed', 'closed'],
    ['Die Mitzeichnungsfrist ist abgelaufen', 'closed'],
    ['noch nicht abgeschlossen', 'unknown'],
    ['not yet closed', 'unknown'],
    ['nicht mehr offen', 'unknown'],
    ['offen', 'open'],
    ['läuft', 'open'],
    ['In der Mitzeichnung', 'open'],
    ['Active', 'open'],
    ['in Prüfung', 'unknown'],
    ['Offenbach', 'unknown'],
    ['reopened', 'unknown'],
  ] as const)('"%s" is %s', (status, meaning) => {
    expect(statusMeaning(status)).toBe(meaning);
  });
});

describe('selectActions with stated statuses', () => {
  it('skips a closed item with its reason, marks an open one statusOpen, keeps an unknown one as it is, and drops the status field', () => {
    const source = { name: 'feed', platform: 'x', type: 'json-feed', url: 'https://x.example/feed.json' } as SourceConfig;
    const items = [
      { externalId: '1', title: 'A', status: 'abgeschlossen' },
      { externalId: '2', title: 'B', status: 'offen' },
      { externalId: '3', title: 'C', status: 'noch nicht abgeschlossen' },
      { externalId: '4', title: 'D' },
      { externalId: '5', title: 'E', status: 'offen', statusOpen: false },
    ];
    const selected = selectActions(source, { items, skipped: [] });
    expect(selected.items).toEqual([
      // a closed action stays, to be stored inactive with its status as the reason
      { externalId: '1', title: 'A', statusOpen: false, closedReason: 'closed (status "abgeschlossen")' },
      { externalId: '2', title: 'B', statusOpen: true },
      { externalId: '3', title: 'C' },
      { externalId: '4', title: 'D' },
      { externalId: '5', title: 'E', statusOpen: false },
    ]);
    expect(selected.skipped).toEqual([]);
  });
});
