// The wording of the built-in generator: one Fluent message file per language (messages/de.ftl,
// messages/en.ftl), read once. A missing message or placeholder is a programming error and throws, so
// a broken message file fails the tests instead of reaching a reader.
import { readFileSync } from 'node:fs';
import { FluentBundle, FluentResource, type FluentVariable } from '@fluent/bundle';
import type { Expression, Pattern } from '@fluent/bundle/esm/ast.js';

export type { Language } from '../causes/list-params.js';
import type { Language } from '../causes/list-params.js';
export type MessageArgs = Record<string, FluentVariable>;

function loadBundle(lang: Language): FluentBundle {
  const source = readFileSync(new URL(`./messages/${lang}.ftl`, import.meta.url), 'utf8');
  const resource = new FluentResource(source);
  // Fluent wraps placeables in Unicode isolation marks by default; plain text for JSON consumers.
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(resource);
  if (errors.length) throw new Error(`messages/${lang}.ftl: ${errors.map((e) => e.message).join('; ')}`);
  return bundle;
}

const bundles: Record<Language, FluentBundle> = { de: loadBundle('de'), en: loadBundle('en') };

/** The message `id` in `lang` with its placeholders filled in. */
export function message(lang: Language, id: string, args: MessageArgs = {}): string {
  const bundle = bundles[lang];
  const found = bundle.getMessage(id);
  if (!found?.value) throw new Error(`messages/${lang}.ftl has no message "${id}"`);
  const errors: Error[] = [];
  const text = bundle.formatPattern(found.value, args, errors);
  if (errors.length) throw new Error(`messages/${lang}.ftl "${id}": ${errors.map((e) => e.message).join('; ')}`);
  return text;
}

const variantCounts = new Map<string, number>();

/** How many numbered variants `${base}-1`, `${base}-2`, … the message file of `lang` has (at least 0). */
export function variantCount(lang: Language, base: string): number {
  const key = `${lang}:${base}`;
  let count = variantCounts.get(key);
  if (count === undefined) {
    count = 0;
    while (bundles[lang].hasMessage(`${base}-${count + 1}`)) count++;
    variantCounts.set(key, count);
  }
  return count;
}

export function hasMessage(lang: Language, id: string): boolean {
  return bundles[lang].hasMessage(id);
}

const variableCache = new Map<string, string[]>();

/** The placeholders (`$name`) message `id` can use, in any of its variants; so a caller formats only those. */
export function variablesOf(lang: Language, id: string): string[] {
  const key = `${lang}:${id}`;
  let names = variableCache.get(key);
  if (!names) {
    const found = new Set<string>();
    const walkPattern = (pattern: Pattern | null | undefined) => {
      if (!pattern || typeof pattern === 'string') return;
      for (const element of pattern) if (typeof element !== 'string') walkExpression(element);
    };
    const walkExpression = (expression: Expression) => {
      if (expression.type === 'var') found.add(expression.name);
      else if (expression.type === 'select') {
        walkExpression(expression.selector);
        for (const variant of expression.variants) walkPattern(variant.value);
      } else if (expression.type === 'func' || expression.type === 'term') {
        for (const arg of expression.args) walkExpression(arg.type === 'narg' ? arg.value : arg);
      }
    };
    walkPattern(bundles[lang].getMessage(id)?.value);
    names = [...found];
    variableCache.set(key, names);
  }
  return names;
}
