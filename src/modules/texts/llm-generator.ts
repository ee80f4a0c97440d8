// Texts from an OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL).
// Any failure (timeout, HTTP error, malformed or too long answer) falls back to the given generator, so
// a refresh never fails or stalls because of the language model.
import { z } from 'zod';
import type { CauseFacts, GeneratedAction, Language, TextGenerator } from './text-generator.js';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

const summarySchema = z.object({ summary: z.string().trim().min(20).max(400) });
const actionSchema = z.object({
  headline: z.string().trim().min(5).max(90),
  whyNow: z.string().trim().min(10).max(300),
  whyYou: z.string().trim().min(10).max(300),
  impactStatement: z.string().trim().min(10).max(300),
});

const ACTION_TYPES = { Spenden: 'donate', Petition: 'sign', Brief: 'write' } as const;
const LANGUAGE_NAMES = { de: 'German (address the reader formally with "Sie")', en: 'English' } as const;

const SYSTEM_PROMPT = `You write short texts about civic actions in Germany (donation campaigns, petitions, letter campaigns) for newsrooms and NGOs.
Use only the facts you are given; never invent numbers, dates, places or quotes. Write naturally, like an editor, not like a form.
sourceLanguage is the language of title and description (null: unknown); write in the language you are asked for, never quote the source in another language.
When organisationIsPublisher is true, organisationName only published the item: never say it is behind the action or started it.
Answer with one JSON object and nothing else.`;

function summaryPrompt(facts: CauseFacts, lang: Language): string {
  return `Write a summary of at most 3 sentences and at most 400 characters in ${LANGUAGE_NAMES[lang]}.
Do not mention relative days ("in 5 days"); give dates as dates. Answer as {"summary": "..."}.
Facts: ${JSON.stringify(facts)}`;
}

function actionPrompt(facts: CauseFacts, lang: Language): string {
  return `Write a call to action in ${LANGUAGE_NAMES[lang]} as {"headline": "... (max 90 characters)", "whyNow": "1-2 sentences: why act now", "whyYou": "1-2 sentences: why it matters to the reader", "impactStatement": "1-2 sentences: what the reader's action achieves"}.
daysUntilDeadline is counted from today. Facts: ${JSON.stringify(facts)}`;
}

export function createLlmGenerator(
  settings: LlmSettings,
  fallback: TextGenerator,
  log: { warn(message: string): void },
): TextGenerator {
  const name = `llm:${settings.model}`;
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function complete<T>(prompt: string, schema: z.ZodType<T>): Promise<T> {
    const response = await fetch(endpoint, {
      method: 'POST',
      signal: AbortSignal.timeout(settings.timeoutMs),
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0.3,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: prompt },
        ],
      }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('no message content in the answer');
    return schema.parse(JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')));
  }

  const describe = (error: unknown) =>
    error instanceof z.ZodError ? 'answer did not have the expected shape' : (error as Error).message;

  return {
    async summary(facts, lang) {
      try {
        const { summary } = await complete(summaryPrompt(facts, lang), summarySchema);
        return { text: summary, generator: name };
      } catch (error) {
        log.warn(`LLM summary for "${facts.title}" (${lang}) failed, using the default generator: ${describe(error)}`);
        return fallback.summary(facts, lang);
      }
    },
    async action(facts, lang) {
      try {
        const texts = await complete(actionPrompt(facts, lang), actionSchema);
        const action: GeneratedAction = { type: ACTION_TYPES[facts.category], ...texts };
        return { action, generator: name };
      } catch (error) {
        log.warn(`LLM action for "${facts.title}" (${lang}) failed, using the default generator: ${describe(error)}`);
        return fallback.action(facts, lang);
      }
    },
  };
}
