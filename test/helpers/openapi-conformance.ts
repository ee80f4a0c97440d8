// Checks a real HTTP response against the OpenAPI document: the status must be documented for the
// operation, the documented headers must be present and match their schemas, and the JSON body must
// match the response schema (JSON Schema 2020-12, with formats). Used by the conformance tests so the
// document cannot drift from the code.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument } from '../../src/rest/v1/openapi.js';

type Json = any;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The document itself is the schema store: every $ref "#/components/…" resolves inside it.
ajv.addSchema({ $id: 'openapi.json', components: (openApiDocument as Json).components });

const resolve = (node: Json): Json => {
  if (node && typeof node.$ref === 'string' && node.$ref.startsWith('#/components/')) {
    const [, , section, name] = node.$ref.split('/');
    return resolve((openApiDocument as Json).components[section][name]);
  }
  return node;
};

/** Rewrites local refs so Ajv resolves them against the stored document. */
const anchored = (schema: Json): Json => JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi.json#/'));

const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
function validator(schema: Json) {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(anchored(schema));
    compiled.set(key, validate);
  }
  return validate;
}

export interface ObservedResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Returns a list of problems (empty when the response conforms). */
export function conformanceProblems(method: string, pathTemplate: string, response: ObservedResponse): string[] {
  const operation = (openApiDocument as Json).paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${pathTemplate} is not in the document`];
  const documented = operation.responses[String(response.status)] ?? operation.responses.default;
  if (!documented) return [`status ${response.status} is not documented for ${method} ${pathTemplate}`];
  const spec = resolve(documented);
  const problems: string[] = [];
  for (const [name, headerRef] of Object.entries<Json>(spec.headers ?? {})) {
    const header = resolve(headerRef);
    const value = response.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`header ${name} is missing`);
      continue;
    }
    const validate = validator(header.schema);
    if (!validate(value)) problems.push(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
  }
  const mediaTypes = Object.keys(spec.content ?? {});
  if (!mediaTypes.length) {
    if (response.body !== '' && response.body !== undefined) problems.push(`a body was sent where none is documented`);
    return problems;
  }
  const type = response.headers.get('content-type') ?? '';
  const mediaType = mediaTypes.find((documentedType) => type.split(';')[0].trim() === documentedType);
  if (!mediaType) return [...problems, `content-type ${type} is not ${mediaTypes.join(' or ')}`];
  const content = spec.content[mediaType];
  // a feed (XML, iCalendar, JSON Feed) is documented as a string: its type is checked here, its content
  // by the feed's own parser in the feed tests
  if (mediaType !== 'application/json') {
    if (typeof response.body !== 'string' && typeof response.body !== 'object') problems.push('no body was sent');
    return problems;
  }
  const validate = validator(content.schema);
  if (!validate(response.body)) problems.push(`body: ${ajv.errorsText(validate.errors)}`);
  return problems;
}
