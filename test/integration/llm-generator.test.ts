// The OpenAI-compatible generator against a local stub of the chat-completions endpoint, including
// every way it can fail (each falls back to the default generator).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmGenerator } from '../../src/modules/texts/llm-generator.js';
import { defaultTextGenerator, type CauseFacts } from '../../src/modules/texts/text-generator.js';
import { DEFAULT_GENERATOR_NAME, writeAction, writeSummary } from '../../src/modules/texts/default-generator.js';

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
const generator = () =>
  createLlmGenerator({ baseUrl: `${baseUrl}/v1/`, apiKey: 'sk-test', model: 'kleines-modell', timeoutMs: 300 }, defaultTextGenerator, {
    warn: (m) => warnings.push(m),
  });

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
    answer = reply('{"summary": "Eltern in Köln sammeln bis zum 15. Dezember 2026 Unterschriften für Tempo 30 vor allen Schulen."}');
    const result = await generator().summary(facts, 'de');
    expect(result).toEqual({
      text: 'Eltern in Köln sammeln bis zum 15. Dezember 2026 Unterschriften für Tempo 30 vor allen Schulen.',
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
    answer = reply('```json\n{"headline": "Tempo 30 vor Kölner Schulen: jetzt unterschreiben", "whyNow": "Bis zum 15. Dezember fehlen noch 1.200 Unterschriften.", "whyYou": "Ihre Unterschrift macht Schulwege sicherer.", "impactStatement": "Mit 20.000 Unterschriften muss der Stadtrat sich befassen."}\n```');
    expect(await generator().action(facts, 'de')).toEqual({
      action: {
        type: 'sign',
        headline: 'Tempo 30 vor Kölner Schulen: jetzt unterschreiben',
        whyNow: 'Bis zum 15. Dezember fehlen noch 1.200 Unterschriften.',
        whyYou: 'Ihre Unterschrift macht Schulwege sicherer.',
        impactStatement: 'Mit 20.000 Unterschriften muss der Stadtrat sich befassen.',
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
});
