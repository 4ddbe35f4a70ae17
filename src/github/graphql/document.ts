// A GraphQL document as the actions send it: the text of a `.graphql` file with what the build computed from it
// against GitHub's published schema (`npm run graphql:write`, tools/graphql/documents.ts): whether it is a query
// or a mutation, its point cost and node count by GitHub's formula ("Rate limits and query limits for the GraphQL
// API"), and the shape of its answer, which the client checks before it hands the data to the caller.

/**
 * A GitHub scalar's form, checked with the answer: `oid` a git object id (`GitObjectID`: 40 hex digits, or 64 in a
 * SHA-256 repository, lower case as GitHub writes them), `int` a whole number (`Int`: GraphQL's 32-bit integer),
 * `datetime` an ISO 8601 time with its zone (`DateTime`, as GitHub writes it: `2011-01-26T19:01:12Z`).
 */
export type ScalarFormat = 'oid' | 'int' | 'datetime';

/** The shape of one selected value, derived from the query and the schema (JSON, so it is generated as a literal). */
export type AnswerShape =
  | {
      kind: 'scalar';
      nullable: boolean;
      type: 'string' | 'number' | 'boolean' | 'unknown';
      /** What GitHub's scalar promises beyond its JSON type (`GitObjectID`, `Int`, `DateTime`). */
      format?: ScalarFormat;
    }
  | { kind: 'enum'; nullable: boolean; values: readonly string[] }
  | { kind: 'list'; nullable: boolean; of: AnswerShape }
  | {
      kind: 'object';
      nullable: boolean;
      /** Fields selected on every type, by response key (the alias when there is one). */
      fields: Readonly<Record<string, AnswerShape>>;
      /** Fields selected through fragments, by the concrete `__typename` they apply to. */
      on?: Readonly<Record<string, Readonly<Record<string, AnswerShape>>>>;
    };

export interface GraphqlDocument<TData = unknown, TVariables = Record<string, unknown>> {
  /** The operation's name (`query LabelList { … }`). */
  readonly name: string;
  readonly operation: 'query' | 'mutation';
  /** The document's text, sent as is. */
  readonly text: string;
  /** GitHub's point cost at the connection sizes the document asks for (variables without a default: 100). */
  readonly points: number;
  /** Nodes the document can request at most (GitHub refuses more than 500,000). */
  readonly nodes: number;
  /** The answer's `data`, as the query selects it. */
  readonly shape: AnswerShape & { kind: 'object' };
  /** Type carriers only (never set): the data and variables types. */
  readonly __types?: { data: TData; variables: TVariables };
}

export type GraphqlData<D> = D extends GraphqlDocument<infer T, never> ? T : never;
export type GraphqlVariables<D> = D extends GraphqlDocument<unknown, infer V> ? V : never;

export interface GraphqlRunOptions {
  /** A mutation is sent once: after a lost answer the caller re-reads (default). True when repeating it is safe. */
  repeatable?: boolean;
}
