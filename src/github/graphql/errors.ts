// GraphQL's own failures. GitHub answers a GraphQL request HTTP 200 with an `errors` array for what REST would
// refuse with a status ("Forming calls with GraphQL"; recorded answers carry `type`: NOT_FOUND, FORBIDDEN,
// RATE_LIMITED, MAX_NODE_LIMIT_EXCEEDED, INSUFFICIENT_SCOPES, UNPROCESSABLE, … and, for a document the schema
// refuses, `extensions.code` such as `undefinedField`). An answer with errors is never data, even when part of
// `data` came back: the partial data stays on the error for a caller that asks for it explicitly.

/** One entry of GitHub's `errors` array, as far as the client reads it. */
export interface GraphqlErrorEntry {
  type?: string;
  message: string;
  path?: readonly (string | number)[];
  code?: string;
}

/** An answer with `errors`: `type` is the first entry's type (or its `extensions.code`), `errors` all of them. */
export class GraphqlError extends Error {
  readonly type: string;
  constructor(
    readonly document: string,
    readonly errors: readonly GraphqlErrorEntry[],
    /** Whatever `data` came back beside the errors (partial data); never returned as the answer. */
    readonly partialData: unknown,
  ) {
    const first = errors[0];
    const type = first?.type ?? first?.code ?? 'UNKNOWN';
    const where = first?.path?.length ? ` at ${first.path.join('.')}` : '';
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    super(`GraphQL ${document} failed: ${type}${where}: ${first?.message ?? 'no message'}${more}`);
    this.name = 'GraphqlError';
    this.type = type;
  }

  /** True when some entry has this type (NOT_FOUND, FORBIDDEN, …). */
  has(type: string): boolean {
    return this.errors.some((e) => e.type === type || e.code === type);
  }
}

/**
 * Why GraphQL cannot serve a read, so the caller reads through REST instead:
 * - `missing`: the server has no GraphQL endpoint (404 — a GitHub Enterprise Server without it);
 * - `budget`: GraphQL's own primary budget cannot pay for the document (known before sending, or RATE_LIMITED);
 * - `schema`: the server's schema lacks something the document uses (an older GitHub Enterprise Server);
 * - `timeout`: GitHub could not finish the document in time (a deep `Tree.entries` on a large repository,
 *   github1s#105): sending it again costs more of the secondary limits and likely times out again.
 */
export type GraphqlUnavailableReason = 'missing' | 'budget' | 'schema' | 'timeout';

export class GraphqlUnavailableError extends Error {
  constructor(
    readonly reason: GraphqlUnavailableReason,
    readonly document: string,
    detail: string,
    cause?: unknown,
  ) {
    super(`GraphQL cannot serve ${document} (${reason}): ${detail}; read through REST instead`, { cause });
    this.name = 'GraphqlUnavailableError';
  }
}

/** The signal to fall back to REST. */
export function isGraphqlUnavailable(err: unknown): err is GraphqlUnavailableError {
  return err instanceof GraphqlUnavailableError;
}

/** Reads GitHub's `errors` array into entries, ignoring what is not an object with a message. */
export function errorEntries(raw: unknown): GraphqlErrorEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((e): GraphqlErrorEntry => {
    const o = (e && typeof e === 'object' ? e : {}) as Record<string, unknown>;
    const ext = (o.extensions && typeof o.extensions === 'object' ? o.extensions : {}) as Record<string, unknown>;
    return {
      type: typeof o.type === 'string' ? o.type : undefined,
      message: typeof o.message === 'string' ? o.message : JSON.stringify(e),
      path: Array.isArray(o.path) ? o.path.filter((p) => typeof p === 'string' || typeof p === 'number') : undefined,
      code: typeof ext.code === 'string' ? ext.code : undefined,
    };
  });
}

/** Codes GitHub gives a document its schema refuses: the server is older than the document. */
const SCHEMA_CODES = new Set(['undefinedField', 'undefinedType', 'argumentNotAccepted', 'undefinedArgument']);

export function isSchemaMismatch(entries: readonly GraphqlErrorEntry[]): boolean {
  return entries.length > 0 && entries.every((e) => e.code !== undefined && SCHEMA_CODES.has(e.code));
}
