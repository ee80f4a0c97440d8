// A language model's verdict as one more flag on causes under review (review/moderation.ts), against a local
// stub of an OpenAI-compatible endpoint: asked once per version of a cause's words, in the queue's order,
// a refusal flagged with its reason (plain text, short), a failed call asked again at the next refresh, and
// never a decision: the cause waits for an editor whatever the model says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importSourceItems } from '../../src/modules/causes/cause-import.service.js';
import { moderatePending } from '../../src/modules/review/moderation.js';
import { reviewQueue } from '../../src/modules/review/review.service.js';
import { runRefresh } from '../../src/modules/refresh/refresh.service.js';
import type { SourceConfig } from '../../src/modules/sources/sources-config.js';
import { defaultTextGenerator } from '../../src/modules/texts/default-generator.js';
import { createLlmGenerator, VERDICT_REASON_MAX } from '../../src/modules/texts/llm-generator.js';
import { feedItem, NOW } from '../helpers/catalogue.js';
import { resetDatabase, testPrisma } from '../helpers/test-app.js';

const prisma = testPrisma();
const UNVERIFIED = { name: 'Offene Petitionen', platform: 'offen', type: 'json-feed', url: 'https://offen.example/feed.json' };
const VERIFIED = { ...UNVERIFIED, name: 'Geprüfte Petitionen', url: 'https://geprueft.example/feed.json', review: 'none' as const };
const item = (externalId: string, title: string, description: string) => ({
  ...feedItem({ externalId, title, category: 'Petition', deadlineInDays: 20, progressPct: 40, importedDaysAgo: 0 }),
  description,
});
const FINE = item(
  'fine',
  'Hallenbad Nord erhalten',
  'Das Hallenbad Nord soll erhalten bleiben: Die Initiative bittet den Gemeinderat, die Sanierung im nächsten Haushalt zu beschließen.',
);
const TARGET = item(
  'target',
  'Lehrerin Petra Kowalski entlassen',
  'Frau Kowalski ist eine Schande für unsere Schule und soll sofort entlassen werden, weil sie unsere Kinder schlecht benotet hat.',
);

// the stub: a verdict for the moderation prompt (refused when the data holds "Kowalski"), HTTP 503 for texts
const moderationAsked: string[] = [];
let verdictFor: (data: string) => object | null = (data) => ({
  refuse: data.includes('Kowalski'),
  reason: data.includes('Kowalski') ? 'Demands that a named private teacher be dismissed.' : '',
});
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const request = JSON.parse(body) as { messages: { role: string; content: string }[] };
    const [system, user] = request.messages.map((message) => message.content);
    if (!system.startsWith('You are a senior copy editor')) return res.writeHead(503).end();
    const data = user.slice(user.indexOf('<source_data>'));
    moderationAsked.push(JSON.parse(data.split('\n')[1]).title);
    const verdict = verdictFor(data);
    if (!verdict) return res.writeHead(500).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(verdict) } }] }));
  });
});
let baseUrl = '';
const warnings: string[] = [];
const infos: string[] = [];
const log = { info: (m: string) => infos.push(m), warn: (m: string) => warnings.push(m) };
const model = (maxCallsPerRefresh = 100) =>
  createLlmGenerator({ baseUrl, apiKey: undefined, model: 'pruefer', timeoutMs: 10_000, concurrency: 2, maxCallsPerRefresh }, defaultTextGenerator, log);
const flagsOf = async (externalId: string) =>
  prisma.cause.findFirstOrThrow({ where: { externalId }, select: { reviewState: true, reviewFlags: true, reviewWeight: true } });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
beforeEach(async () => {
  await resetDatabase(prisma);
  moderationAsked.length = warnings.length = infos.length = 0;
  verdictFor = (data) => ({
    refuse: data.includes('Kowalski'),
    reason: data.includes('Kowalski') ? 'Demands that a named private teacher be dismissed.' : '',
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await prisma.$disconnect();
});

describe("a language model's verdict on causes under review", () => {
  it('a refresh asks it about each cause waiting for an editor; a refusal is a flag with its reason that orders the queue, and decides nothing', async () => {
    await importSourceItems(prisma, UNVERIFIED, [FINE, TARGET], NOW);
    await importSourceItems(prisma, VERIFIED, [item('verified', 'Mehr Bänke im Stadtpark', FINE.description)], NOW);
    const result = await runRefresh({ prisma, sources: [] as SourceConfig[], generator: model(), now: NOW, clock: () => NOW, trigger: 'test', log });
    expect(result.status).toBe('succeeded');
    // the verified source's cause needs no review and is not asked about
    expect(moderationAsked.sort()).toEqual([FINE.title, TARGET.title].sort());
    // the model's flag (85) before the screens' (named_target, 80; contempt, 50), the weights summed
    expect(await flagsOf('target')).toEqual({
      reviewState: 'pending_unlisted',
      reviewFlags: [
        { code: 'model', reason: "a language model's verdict: Demands that a named private teacher be dismissed." },
        { code: 'named_target', reason: 'a demand against a named person: "Lehrerin Petra Kowalski entlassen"' },
        { code: 'profanity', reason: 'contempt: "Schande"' },
      ],
      reviewWeight: 215,
    });
    expect(await flagsOf('fine')).toEqual({ reviewState: 'pending_unlisted', reviewFlags: [], reviewWeight: 0 });
    expect(infos).toContain('model verdicts on causes under review: 2 judged, 1 flagged');
    const queue = await reviewQueue(prisma, NOW, { limit: 5, flaggedFirst: true });
    expect(queue.items.map((entry) => [entry.title, entry.flags.map((flag) => flag.code).includes('model')])).toEqual([
      [TARGET.title, true],
      [FINE.title, false],
    ]);

    // the same words are not asked about again
    moderationAsked.length = 0;
    expect(await moderatePending(prisma, model(), log)).toEqual({ judged: 0, flagged: 0, waiting: 0 });
    expect(moderationAsked).toEqual([]);
  });

  it('changed words are asked about again: a verdict that no longer refuses takes its flag away, the screens\u2019 stay', async () => {
    await importSourceItems(prisma, UNVERIFIED, [TARGET], NOW);
    const screened = await flagsOf('target');
    expect(await moderatePending(prisma, model(), log)).toEqual({ judged: 1, flagged: 1, waiting: 0 });
    const changed = { ...TARGET, description: `${TARGET.description} Bitte unterschreiben Sie.` };
    await importSourceItems(prisma, UNVERIFIED, [changed], NOW);
    verdictFor = () => ({ refuse: false, reason: '' });
    expect(await moderatePending(prisma, model(), log)).toEqual({ judged: 1, flagged: 0, waiting: 0 });
    expect(moderationAsked).toEqual([TARGET.title, TARGET.title]);
    expect(await flagsOf('target')).toEqual({ ...screened, reviewFlags: screened.reviewFlags });
  });

  it('no answer, or beyond the run\u2019s share of calls: no flag, asked at the next refresh, and the warning says so', async () => {
    await importSourceItems(prisma, UNVERIFIED, [FINE, TARGET], NOW);
    verdictFor = () => null;
    expect(await moderatePending(prisma, model(), log)).toEqual({ judged: 0, flagged: 0, waiting: 2 });
    expect(warnings.sort()).toEqual([
      `LLM verdict on "${FINE.title}" failed, left to the screens and the editor: HTTP 500`,
      `LLM verdict on "${TARGET.title}" failed, left to the screens and the editor: HTTP 500`,
    ]);
    expect(infos).toEqual(['model verdicts on causes under review: 0 judged, 0 flagged, 2 waiting for the next refresh']);
    verdictFor = (data) => ({ refuse: data.includes('Kowalski'), reason: 'Targets a named teacher.' });
    // one call in this run's share: the heavier-flagged cause first, the other waits
    expect(await moderatePending(prisma, model(1), log)).toEqual({ judged: 1, flagged: 1, waiting: 1 });
    expect(moderationAsked.slice(2)).toEqual([TARGET.title]);
    expect(await moderatePending(prisma, model(), log)).toEqual({ judged: 1, flagged: 0, waiting: 0 });
    expect(moderationAsked.slice(3)).toEqual([FINE.title]);
  });

  it("the model's reason reaches the editor as one line of plain text, at most the limit", async () => {
    await importSourceItems(prisma, UNVERIFIED, [TARGET], NOW);
    verdictFor = () => ({ refuse: true, reason: `<b>Targets</b> a\u202e named\n\nteacher. ${'Lang. '.repeat(100)}` });
    await moderatePending(prisma, model(), log);
    const flag = ((await flagsOf('target')).reviewFlags as { code: string; reason: string }[]).find((f) => f.code === 'model')!;
    const reason = flag.reason.slice("a language model's verdict: ".length);
    expect(reason.length).toBe(VERDICT_REASON_MAX);
    expect(reason.startsWith('Targets a named teacher. Lang. Lang.')).toBe(true);
    expect(reason.endsWith('…')).toBe(true);
  });
});
