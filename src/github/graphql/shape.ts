// The answer check of a GraphQL document: `data` must have every field the query selected, with its type and
// nullability from the schema (AnswerShape, generated with the document). A field missing, a null where the schema
// says non-null, a string where a number belongs: the answer is not what GitHub would send, and is not data.
import { ShapeError } from '../client/transport-errors';
import type { AnswerShape, GraphqlDocument, ScalarFormat } from './document';

type Problem = string | undefined;

// GitHub writes object ids in lower case, 40 digits (SHA-1) or 64 (SHA-256 repositories).
const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
// GitHub's DateTime: ISO 8601 with a zone (`2011-01-26T19:01:12Z`, fractions and offsets allowed).
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const INT32 = 2 ** 31;

function formatProblem(format: ScalarFormat, value: unknown, at: string): Problem {
  const ok =
    format === 'oid'
      ? typeof value === 'string' && OID.test(value)
      : format === 'int'
        ? Number.isInteger(value) && Math.abs(value as number) <= INT32
        : typeof value === 'string' && DATETIME.test(value) && Number.isFinite(Date.parse(value));
  if (ok) return undefined;
  const what = { oid: 'a git object id', int: 'a whole number', datetime: 'an ISO 8601 time' }[format];
  return `${at || 'data'}: expected ${what}, got ${JSON.stringify(value).slice(0, 40)}`;
}

function primitiveProblem(type: string, value: unknown, at: string): Problem {
  if (type === 'unknown') return undefined;
  return typeof value === type ? undefined : `${at || 'data'}: expected a ${type}, got ${describe(value)}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function fieldsProblem(fields: Readonly<Record<string, AnswerShape>>, obj: Record<string, unknown>, at: string) {
  for (const [key, shape] of Object.entries(fields)) {
    const where = at ? `${at}.${key}` : key;
    if (!(key in obj)) return `${where}: missing`;
    const p = shapeProblem(shape, obj[key], where);
    if (p) return p;
  }
  return undefined;
}

/** The first way `value` differs from `shape` (a path and what was found), or undefined when it fits. */
export function shapeProblem(shape: AnswerShape, value: unknown, at = ''): Problem {
  if (value === null || value === undefined) {
    if (value === null && shape.nullable) return undefined;
    return `${at || 'data'}: expected ${shape.kind === 'list' ? 'a list' : `a ${shape.kind}`}, got ${value === null ? 'null' : 'nothing'}`;
  }
  switch (shape.kind) {
    case 'scalar':
      return primitiveProblem(shape.type, value, at) ?? (shape.format && formatProblem(shape.format, value, at));
    case 'enum':
      return typeof value === 'string' && shape.values.includes(value)
        ? undefined
        : `${at || 'data'}: expected one of ${shape.values.slice(0, 5).join(', ')}…, got ${JSON.stringify(value).slice(0, 40)}`;
    case 'list': {
      if (!Array.isArray(value)) return `${at || 'data'}: expected a list, got ${describe(value)}`;
      for (let i = 0; i < value.length; i++) {
        const p = shapeProblem(shape.of, value[i], `${at}[${i}]`);
        if (p) return p;
      }
      return undefined;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value))
        return `${at || 'data'}: expected an object, got ${describe(value)}`;
      const obj = value as Record<string, unknown>;
      const common = fieldsProblem(shape.fields, obj, at);
      if (common || !shape.on) return common;
      const typename = obj.__typename;
      if (typeof typename !== 'string') return `${at ? `${at}.` : ''}__typename: missing`;
      const specific = shape.on[typename];
      return specific ? fieldsProblem(specific, obj, at) : undefined;
    }
  }
}

/**
 * A document's answer `data` as its generated type, or a `ShapeError` naming the first place it differs from the
 * document's shape: what the client hands to callers, and what a caller's fake must hand them too.
 */
export function checkedData<D, V>(doc: GraphqlDocument<D, V>, data: unknown, url: string): D {
  const route = `POST /graphql (${doc.name})`;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new ShapeError(route, 200, '`data` is missing', url);
  const problem = shapeProblem(doc.shape, data);
  if (problem) throw new ShapeError(route, 200, problem, url);
  return data as D;
}
