// Texts from an OpenAI-compatible chat-completions endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL).
// An answer is published only when it passes the fact check (every number and date from the data, the
// organisation named as it is, the text in its language); any failure (timeout, HTTP error, malformed,
// too long or wrong answer) is logged and the built-in generator's text is used, so a refresh never
// fails, stalls or publishes a wrong fact because of the language model. Calls run at most
// LLM_CONCURRENCY at a time, and at most LLM_MAX_CALLS_PER_REFRESH per generator (one generator is
// made per refresh run); beyond the cap the built-in generator writes.
import { z } from 'zod';
import { factCheck } from './fact-check.js';
import type { CauseFacts, GeneratedAction, Language, TextGenerator } from './text-generator.js';

export interface LlmSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  /** requests in flight at most */
  concurrency: number;
  /** requests per generator (per refresh run) at most; 0 = never ask the model */
  maxCallsPerRefresh: number;
}

const summarySchema = z.object({ summary: z.string().trim().min(20).max(400), title: z.string().trim().min(3).max(300).optional() });
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
sourceLanguage is the ISO 639-1 language of title and description (null: unknown).
Write the organisation's name exactly as given. In German, never inflect a name: put it after a head noun ("der Verein …", "die Organisation …").
If organisationIsPublisher is true, the organisation only published the item: never say it runs or is behind the cause.
Never quote a sentence in another language than the one you write in; name a title in another language as such.
Answer with one JSON object and nothing else.`;

function summaryPrompt(facts: CauseFacts, lang: Language): string {
  const title =
    lang === 'en' && !facts.titleEn
      ? ` Also translate the title into English as "title".`
      : '';
  return `Write a summary of at most 3 sentences and at most 400 characters in ${LANGUAGE_NAMES[lang]} that says what the cause is about, who is behind it (name the organisation exactly as given) and until when.
Do not mention relative days ("in 5 days"); give dates as dates.${title} Answer as {"summary": "..."${title ? ', "title": "..."' : ''}}.
Facts: ${JSON.stringify(facts)}`;
}

function actionPrompt(facts: CauseFacts, lang: Language): string {
  return `Write a call to action in ${LANGUAGE_NAMES[lang]} as {"headline": "... (max 90 characters)", "whyNow": "1-2 sentences: why act now", "whyYou": "1-2 sentences: why it matters to the reader", "impactStatement": "1-2 sentences: what the reader's action achieves"}.
The text is shown for a whole day: never write "today", "tomorrow" or "in N days"; name the deadline by its date. Facts: ${JSON.stringify(facts)}`;
}

/** Runs at most `limit` tasks at once, the rest in the order they came. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

class RejectedAnswer extends Error {}

export function createLlmGenerator(
  settings: LlmSettings,
  fallback: TextGenerator,
  log: { warn(message: string): void },
): TextGenerator {
  const name = `llm:${settings.model}`;
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const limit = createLimiter(Math.max(1, settings.concurrency));
  let calls = 0;
  let capLogged = false;

  /** False once this generator has made its share of calls (logged once). */
  function takeCall(): boolean {
    if (calls < settings.maxCallsPerRefresh) {
      calls++;
      return true;
    }
    if (!capLogged) {
      capLogged = true;
      log.warn(`LLM cap reached (${settings.maxCallsPerRefresh} calls, LLM_MAX_CALLS_PER_REFRESH): the built-in generator writes the rest of this run`);
    }
    return false;
  }

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
    error instanceof z.ZodError
      ? 'answer did not have the expected shape'
      : error instanceof RejectedAnswer
        ? `answer discarded: ${error.message}`
        : (error as Error).message;

  return {
    async summary(facts, lang) {
      if (!takeCall()) return fallback.summary(facts, lang);
      try {
        const answer = await limit(() => complete(summaryPrompt(facts, lang), summarySchema));
        const title = lang === 'en' && !facts.titleEn ? answer.title : undefined;
        const problem = factCheck([answer.summary, ...(title ? [title] : [])], facts, lang, { requireOrganisation: true });
        if (problem) throw new RejectedAnswer(problem);
        return { text: answer.summary, generator: name, ...(title ? { title } : {}) };
      } catch (error) {
        log.warn(`LLM summary for "${facts.title}" (${lang}) failed, using the default generator: ${describe(error)}`);
        return fallback.summary(facts, lang);
      }
    },
    async action(facts, lang) {
      if (!takeCall()) return fallback.action(facts, lang);
      try {
        const texts = await limit(() => complete(actionPrompt(facts, lang), actionSchema));
        // relative days, numbers that are not facts of the data, a misnamed organisation: see factCheck
        const problem = factCheck([texts.headline, texts.whyNow, texts.whyYou, texts.impactStatement], facts, lang, { action: true });
        if (problem) throw new RejectedAnswer(problem);
        const action: GeneratedAction = { type: ACTION_TYPES[facts.category], ...texts };
        return { action, generator: name };
      } catch (error) {
        log.warn(`LLM action for "${facts.title}" (${lang}) failed, using the default generator: ${describe(error)}`);
        return fallback.action(facts, lang);
      }
    },
  };
}
