// The OpenAI-compatible generator against a local stub of the chat-completions endpoint, including
// every way it can fail (each falls back to the default generator): broken answers, and answers that
// read well but are wrong (an invented number or date, the organisation dropped, the wrong language).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmGenerator, type LlmSettings } from '../../src/modules/texts/llm-generator.js';
import type { CauseFacts } from '../../src/modules/texts/text-generator.js';
import { DEFAULT_GENERATOR_NAME, defaultTextGenerator, writeAction, writeSummary } from '../../src/modules/texts/default-generator.js';

const facts: CauseFacts = {
  title: 'Tempo 30 vor allen Schulen in Köln',
  description: 'Vor Kölner Schulen passieren immer wieder Unfälle mit Kindern.',
  sourceLanguage: 'de',
  category: 'Petition',
  organisationName: 'Eltern für sichere Schulwege',
  organisationIsPublisher: false,
  deadline: '2026-12-15',
  daysUntilDeadline: 24,
  fundingProgressPct: 62,
  fundingGoal: 20000,
  fundingCurrent: 12400,
  actionsToTippingPoint: 1200,
};

let answer: (res: http.ServerResponse) => void = () => {};
const received: { path: string; authorization?: string; body: any }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body) });
    answer(res);
  });
});
const reply = (content: string) => (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));

let baseUrl = '';
const warnings: string[] = [];
const generator = (extra: Partial<LlmSettings> = {}) =>
  createLlmGenerator(
    { baseUrl: `${baseUrl}/v1/`, apiKey: 'sk-test', model: 'kleines-modell', timeoutMs: 300, concurrency: 4, maxCallsPerRefresh: 100, ...extra },
    defaultTextGenerator,
    { warn: (m) => warnings.push(m) },
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  received.length = 0;
  warnings.length = 0;
});
afterAll(() => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }));

describe('LLM generator', () => {
  it('asks the chat-completions endpoint with the model and key, and uses its summary', async () => {
    answer = reply('{"summary": "Die Organisation Eltern für sichere Schulwege sammelt bis zum 15. Dezember 2026 Unterschriften für Tempo 30 vor allen Schulen in Köln; 12.400 von 20.000 sind erreicht."}');
    const result = await generator().summary(facts, 'de');
    expect(result).toEqual({
      text: 'Die Organisation Eltern für sichere Schulwege sammelt bis zum 15. Dezember 2026 Unterschriften für Tempo 30 vor allen Schulen in Köln; 12.400 von 20.000 sind erreicht.',
      generator: 'llm:kleines-modell',
    });
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe('/v1/chat/completions');
    expect(received[0].authorization).toBe('Bearer sk-test');
    expect(received[0].body.model).toBe('kleines-modell');
    expect(received[0].body.messages[1].content).toContain('"title":"Tempo 30 vor allen Schulen in Köln"');
    expect(warnings).toEqual([]);
  });

  it('uses its action texts, with the type set by the category', async () => {
    answer = reply('```json\n{"headline": "Tempo 30 vor Kölner Schulen: jetzt unterschreiben", "whyNow": "Bis zum 15. Dezember fehlen noch 7.600 Unterschriften.", "whyYou": "Ihre Unterschrift macht Schulwege sicherer.", "impactStatement": "Mit 20.000 Unterschriften hat die Forderung Gewicht."}\n```');
    expect(await generator().action(facts, 'de')).toEqual({
      action: {
        type: 'sign',
        headline: 'Tempo 30 vor Kölner Schulen: jetzt unterschreiben',
        whyNow: 'Bis zum 15. Dezember fehlen noch 7.600 Unterschriften.',
        whyYou: 'Ihre Unterschrift macht Schulwege sicherer.',
        impactStatement: 'Mit 20.000 Unterschriften hat die Forderung Gewicht.',
      },
      generator: 'llm:kleines-modell',
    });
  });

  it.each([
    ['an HTTP error', (res: http.ServerResponse) => res.writeHead(500).end('{"error":"overloaded"}'), 'HTTP 500'],
    ['no answer within the timeout', (_res: http.ServerResponse) => {}, 'aborted due to timeout'],
    ['content that is not JSON', reply('Gerne! Hier ist eine Zusammenfassung: …'), 'is not valid JSON'],
    ['JSON of the wrong shape', reply('{"text": "zu kurz"}'), 'answer did not have the expected shape'],
    ['a summary over 400 characters', reply(JSON.stringify({ summary: 'x'.repeat(401) })), 'answer did not have the expected shape'],
    ['an answer without choices', (res: http.ServerResponse) => res.writeHead(200).end('{"choices": []}'), 'no message content in the answer'],
  ])('falls back to the default generator on %s', async (_label, respond, reason) => {
    answer = respond;
    expect(await generator().summary(facts, 'en')).toEqual({ text: writeSummary(facts, 'en'), generator: DEFAULT_GENERATOR_NAME });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('LLM summary for "Tempo 30 vor allen Schulen in Köln" (en) failed, using the default generator:');
    expect(warnings[0]).toContain(reason);
  });

  it('falls back for actions too', async () => {
    answer = (res) => res.writeHead(503).end();
    expect(await generator().action(facts, 'de')).toEqual({ action: writeAction(facts, 'de'), generator: DEFAULT_GENERATOR_NAME });
  });

  it('translates the title for English and keeps it with the summary', async () => {
    answer = reply(JSON.stringify({
      summary: 'Eltern für sichere Schulwege is calling for a 30 km/h limit outside every school in Cologne; the petition runs until 15 December 2026.',
      title: 'A 30 km/h limit outside every school in Cologne',
    }));
    expect(await generator().summary(facts, 'en')).toEqual({
      text: 'Eltern für sichere Schulwege is calling for a 30 km/h limit outside every school in Cologne; the petition runs until 15 December 2026.',
      title: 'A 30 km/h limit outside every school in Cologne',
      generator: 'llm:kleines-modell',
    });
    expect(received[0].body.messages[1].content).toContain('Also translate the title into English as "title"');
  });

  it.each([
    ['invents a number', 'de', 'Die Organisation Eltern für sichere Schulwege hat schon 14.000 Unterschriften für Tempo 30 vor allen Schulen in Köln gesammelt.', 'the number "14.000" is not in the data'],
    ['invents a date', 'de', 'Die Organisation Eltern für sichere Schulwege sammelt bis zum 20. Dezember 2026 Unterschriften für Tempo 30 in Köln.', 'the date "20. Dezember 2026" is not the deadline (2026-12-15)'],
    ['drops the organisation', 'de', 'Eltern in Köln sammeln bis zum 15. Dezember 2026 Unterschriften für Tempo 30 vor allen Schulen.', 'the organisation "Eltern für sichere Schulwege" is not named as it is'],
    ['answers in German when asked for English', 'en', 'Die Organisation Eltern für sichere Schulwege sammelt bis zum 15. Dezember 2026 Unterschriften für Tempo 30 vor allen Schulen.', 'not written in English'],
    ['answers in English when asked for German', 'de', 'Eltern für sichere Schulwege is collecting signatures for a lower speed limit until 15 December 2026.', 'not written in German'],
  ] as const)('discards an answer that %s, logs why and uses the built-in text', async (_label, lang, summary, reason) => {
    answer = reply(JSON.stringify({ summary }));
    expect(await generator().summary(facts, lang)).toEqual({ text: writeSummary(facts, lang), generator: DEFAULT_GENERATOR_NAME });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`answer discarded: ${reason}`);
  });

  it('discards action texts with a number that is not in the data, or with "morgen", which is wrong after midnight', async () => {
    answer = reply(JSON.stringify({ headline: 'Jetzt unterschreiben', whyNow: 'Es fehlen nur noch 500 Unterschriften.', whyYou: 'Ihre Stimme zählt für sichere Schulwege.', impactStatement: 'Jede Unterschrift bringt das Ziel näher.' }));
    expect(await generator().action(facts, 'de')).toEqual({ action: writeAction(facts, 'de'), generator: DEFAULT_GENERATOR_NAME });
    answer = reply(JSON.stringify({ headline: 'Nur noch bis morgen: jetzt unterschreiben', whyNow: 'Die Petition endet am 15. Dezember.', whyYou: 'Ihre Stimme zählt für sichere Schulwege.', impactStatement: 'Jede Unterschrift bringt das Ziel näher.' }));
    expect(await generator().action(facts, 'de')).toEqual({ action: writeAction(facts, 'de'), generator: DEFAULT_GENERATOR_NAME });
    expect(warnings).toEqual([
      'LLM action for "Tempo 30 vor allen Schulen in Köln" (de) failed, using the default generator: answer discarded: the number "500" is not in the data',
      'LLM action for "Tempo 30 vor allen Schulen in Köln" (de) failed, using the default generator: answer discarded: "morgen" is wrong for part of the day the action is served',
    ]);
  });

  it.each([
    ['a relative day count', { whyNow: 'Nur noch 3 Tage bis zum Ende der Petition.' }, '"noch 3 Tage" is wrong for part of the day the action is served'],
    ['a number from the description that is not what is missing', { whyNow: 'Es fehlen nur noch 600 Unterschriften.' }, 'the number "600" is not in the data'],
    ['a bare day number because the deadline is the 15th', { impactStatement: 'Schon 15 Unterschriften heute Nacht.' }, '"heute" is wrong for part of the day the action is served'],
    ['the deadline day as a count', { impactStatement: 'Schon 15 Menschen haben diese Woche unterschrieben.' }, 'the number "15" is not in the data'],
    ['a number written as a word', { whyNow: 'Schon zwölftausend Menschen haben unterschrieben.' }, 'the number word "zwölftausend" is not a number of the data'],
    ['a misnamed organisation', { whyYou: 'Unterstützen Sie Eltern für sichere Schulwege e.V. mit Ihrer Unterschrift.' }, 'the organisation "Eltern für sichere Schulwege" is not named as it is'],
  ] as const)('discards action texts with %s', async (_label, change, reason) => {
    const good = { headline: 'Jetzt unterschreiben', whyNow: 'Bis zum 15. Dezember fehlen noch 7.600 Unterschriften.', whyYou: 'Ihre Stimme zählt für sichere Schulwege.', impactStatement: 'Jede Unterschrift bringt das Ziel näher.' };
    answer = reply(JSON.stringify({ ...good, ...change }));
    expect(await generator().action({ ...facts, description: 'Vor Kölner Schulen passieren immer wieder Unfälle mit Kindern. Es fehlen nur noch 600 Unterschriften.' }, 'de')).toMatchObject({ generator: DEFAULT_GENERATOR_NAME });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`answer discarded: ${reason}`);
  });

  it('a stub that sometimes invents a number: over a batch, only the correct answers are published', async () => {
    let n = 0;
    answer = (res) => {
      n++;
      const number = n % 3 === 0 ? '13.000' : '12.400';
      reply(JSON.stringify({ summary: `Die Organisation Eltern für sichere Schulwege hat ${number} Unterschriften für Tempo 30 vor allen Schulen in Köln gesammelt.` }))(res);
    };
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await generator().summary(facts, 'de'));
    expect(results.map((r) => r.generator)).toEqual(['llm:kleines-modell', 'llm:kleines-modell', DEFAULT_GENERATOR_NAME, 'llm:kleines-modell', 'llm:kleines-modell', DEFAULT_GENERATOR_NAME]);
    expect(results.filter((r) => r.text.includes('13.000'))).toEqual([]);
  });

  it('keeps at most LLM_CONCURRENCY requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    answer = (res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        reply(JSON.stringify({ summary: 'Die Organisation Eltern für sichere Schulwege sammelt Unterschriften für Tempo 30 vor allen Schulen in Köln.' }))(res);
      }, 30);
    };
    const llm = generator({ concurrency: 2 });
    const results = await Promise.all(Array.from({ length: 7 }, () => llm.summary(facts, 'de')));
    expect(results.every((r) => r.generator === 'llm:kleines-modell')).toBe(true);
    expect(received).toHaveLength(7);
    expect(most).toBe(2);
  });

  it('makes at most LLM_MAX_CALLS_PER_REFRESH requests per run, then writes with the built-in generator (logged once)', async () => {
    answer = reply(JSON.stringify({ summary: 'Die Organisation Eltern für sichere Schulwege sammelt Unterschriften für Tempo 30 vor allen Schulen in Köln.' }));
    const llm = generator({ maxCallsPerRefresh: 3 });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await llm.summary(facts, 'de'));
    expect(results.map((r) => r.generator)).toEqual(['llm:kleines-modell', 'llm:kleines-modell', 'llm:kleines-modell', DEFAULT_GENERATOR_NAME, DEFAULT_GENERATOR_NAME]);
    expect(received).toHaveLength(3);
    expect(warnings).toEqual(['LLM cap reached (3 calls, LLM_MAX_CALLS_PER_REFRESH): the built-in generator writes the rest of this run']);
  });
});
