import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/rest/v1/query-params.js';

describe('parseQuery', () => {
  it("gives the variables in the endpoint's order, whatever the client's, so both orders are one cache entry", () => {
    const allowed = ['lang', 'category', 'page', 'pageSize'] as const;
    const one = parseQuery({ page: '2', pageSize: '5', lang: 'en' }, allowed);
    const other = parseQuery({ lang: 'en', pageSize: '5', page: '2' }, allowed);
    expect(one).toEqual({ ok: true, variables: { lang: 'en', page: 2, pageSize: 5 } });
    expect(JSON.stringify(one)).toBe(JSON.stringify(other));
    expect(Object.keys(one.ok ? one.variables : {})).toEqual(['lang', 'page', 'pageSize']);
  });

  it('names the first parameter the endpoint does not take, in the order the client gave them', () => {
    expect(parseQuery({ page: '2', colour: 'red', size: 'L' }, ['page'])).toEqual({
      ok: false,
      message: 'Unknown query parameter "colour". This endpoint accepts: page.',
    });
  });
});
