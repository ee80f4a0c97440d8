// Turns a route's query string into GraphQL variables, or a 400 message that names the parameter and
// its allowed values. Unknown and repeated parameters are errors, never silently ignored.
import { shortenForMessage } from '../../modules/serving/message-text.js';
import { CATEGORY_VALUES, invalidValueMessages, LANGUAGES } from '../../modules/causes/list-params.js';
import { isRegionCode } from '../../modules/causes/regions.js';

/** `token`: a feed's credential; the controller takes it out before the query becomes variables. */
export type ParamKind = 'page' | 'pageSize' | 'category' | 'lang' | 'from' | 'to' | 'region' | 'includeUnknownRegion' | 'changedSince' | 'cursor' | 'token';

/** A query's GraphQL variables: strings, whole numbers and booleans. */
export type QueryVariables = Record<string, string | number | boolean>;

export type ParsedQuery = { ok: true; variables: QueryVariables } | { ok: false; message: string };

const INT32_MAX = 2_147_483_647;

function parseValue(kind: ParamKind, raw: string): string | number | boolean | undefined {
  switch (kind) {
    case 'page':
    case 'pageSize': {
      // Whole numbers only; the range (1.., 1..50) is the resolver's rule, so GraphQL gets it too.
      if (!/^[0-9]{1,10}$/.test(raw)) return undefined;
      const value = Number(raw);
      return value <= INT32_MAX ? value : undefined;
    }
    case 'category':
      return (CATEGORY_VALUES as readonly string[]).includes(raw) ? raw : undefined;
    case 'lang':
      return (LANGUAGES as readonly string[]).includes(raw) ? raw : undefined;
    case 'region':
      return isRegionCode(raw) ? raw : undefined;
    case 'includeUnknownRegion':
      // a boolean as the query string writes one: exactly `true` or `false`
      return raw === 'true' ? true : raw === 'false' ? false : undefined;
    case 'token':
    case 'from':
    case 'to':
      // a day: its format and range are the resolver's rule (daily-action-archive.service.ts)
      return raw;
    case 'changedSince':
    case 'cursor':
      // an incremental sync's start or position: the resolver's rule (cause-changes.schema.ts)
      return raw;
  }
}

/** The 400 messages of a query string that is not an endpoint's (the OpenAPI document shows them too). */
export const queryMessages = {
  unknown: (name: string, allowed: readonly ParamKind[]) =>
    `Unknown query parameter "${shortenForMessage(name)}". ${allowed.length ? `This endpoint accepts: ${allowed.join(', ')}.` : 'This endpoint accepts none.'}`,
  repeated: (name: string) => `Query parameter "${shortenForMessage(name)}" was given more than once.`,
};

export function parseQuery(query: Record<string, unknown>, allowed: readonly ParamKind[]): ParsedQuery {
  const variables: QueryVariables = {};
  for (const [name, raw] of Object.entries(query)) {
    if (!(allowed as readonly string[]).includes(name)) return { ok: false, message: queryMessages.unknown(name, allowed) };
    if (typeof raw !== 'string') return { ok: false, message: queryMessages.repeated(name) };
    const kind = name as ParamKind;
    const value = parseValue(kind, raw);
    if (value === undefined) return { ok: false, message: invalidValueMessages[kind as keyof typeof invalidValueMessages] };
    variables[kind] = value;
  }
  // in the endpoint's order, whatever the client's: ?page=2&lang=en and ?lang=en&page=2 are one request (one cache entry)
  if (Object.keys(variables).length < 2) return { ok: true, variables };
  const ordered: QueryVariables = {};
  for (const kind of allowed) if (variables[kind] !== undefined) ordered[kind] = variables[kind];
  return { ok: true, variables: ordered };
}
