// `client.graphql(document, variables)`: one GraphQL document through the same pipeline as REST (credentials,
// integrity, answer caps, retries, redirect rules, telemetry — which counts its requests and points in GraphQL's
// column), checked against GraphQL's own primary budget first, its answer's `errors` turned into typed errors and
// its `data` checked against the document's shape. Errors inside a 200 are classified as REST answers are
// (answers.ts): a spent budget (`RATE_LIMITED`/`RATE_LIMIT`) and a timeout send the caller to REST, GitHub's typeless
// "something went wrong" (a query, or a mutation marked repeatable) and "was submitted too quickly" are retried.
import { classifyAnswer } from '../client/answers';
import { ApiError } from '../client/errors';
import { decideRetry } from '../client/retry';
import type { ClientRetry } from '../client/retry-runner';
import { ShapeError } from '../client/transport-errors';
import type { BudgetTracker } from '../client/budget';
import type { Octokit } from '../client/types';
import type { GraphqlDocument, GraphqlRunOptions } from './document';
import { errorEntries, GraphqlError, GraphqlUnavailableError, isSchemaMismatch } from './errors';
import { checkedData } from './shape';
import { z } from 'zod';
import { declared, defineReads } from '../client/declared';
import { defineWrites } from '../client/write-rules';

// GraphQL answers 200 with `data`, `errors` or both; the runner reads each (below).
const envelope = z.looseObject({ data: z.unknown().optional(), errors: z.array(z.unknown()).optional() });

/** The client's own GraphQL request: a query. */
export const reads = defineReads({ query: { route: 'POST /graphql', shape: envelope } });

/** The client's own writes: GraphQL mutations, each sent with the rule of its kind (write-rules.ts). */
export const writes = defineWrites({
  mutation: {
    route: 'POST /graphql (a mutation)',
    shape: envelope,
    afterLostAnswer: 'caller',
    why: 'a mutation GitHub may have applied is sent once: no retry of any kind (`retries: 0`); the caller decides (client)',
  },
  repeatableMutation: {
    route: 'POST /graphql (a repeatable mutation)',
    shape: envelope,
    afterLostAnswer: 'repeat',
    why: 'the caller says a second application changes nothing (client)',
  },
});

export interface GraphqlRunnerDeps {
  octokit: Octokit;
  url: string;
  budget: BudgetTracker;
  /** The client's retry settings, bound and clock: errors inside a 200 follow the same matrix as REST's. */
  retry?: Pick<ClientRetry, 'settings' | 'maxWaitMs' | 'sleep'>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class GraphqlRunner {
  /** Set once the server showed it has no GraphQL endpoint: later documents fall back without a request. */
  private missing: string | undefined;

  constructor(private readonly deps: GraphqlRunnerDeps) {}

  /** Why GraphQL cannot serve `points` now, or undefined when it can (as far as the client knows). */
  unavailable(points = 1): GraphqlUnavailableError | undefined {
    if (this.missing) return new GraphqlUnavailableError('missing', 'a document', this.missing);
    if (!this.deps.budget.canAfford(points)) {
      const s = this.deps.budget.state();
      return new GraphqlUnavailableError(
        'budget',
        'a document',
        `${points} points needed, ${s.remaining} of ${s.limit} remain and ${this.deps.budget.reserve} are kept in reserve (resets ${new Date(s.reset * 1000).toISOString()})`,
      );
    }
    return undefined;
  }

  async run<D, V>(doc: GraphqlDocument<D, V>, variables: V, options: GraphqlRunOptions = {}): Promise<D> {
    for (let attempt = 0; ; attempt++) {
      const before = this.unavailable(doc.points);
      if (before) throw new GraphqlUnavailableError(before.reason, doc.name, before.message);
      const body = await this.send(doc, variables, options);
      const entries = errorEntries(body.errors);
      if (!entries.length) return this.dataOf(doc, body);
      const answer = classifyAnswer({ status: 200, errors: entries });
      if (answer.kind === 'graphql-budget') {
        const s = this.deps.budget.state();
        this.deps.budget.noteRemaining(0, s.known ? s.reset : Math.floor(Date.now() / 1000) + 3600);
        throw new GraphqlUnavailableError('budget', doc.name, entries[0].message);
      }
      if (answer.kind === 'graphql-timeout') throw new GraphqlUnavailableError('timeout', doc.name, entries[0].message);
      if (isSchemaMismatch(entries)) throw new GraphqlUnavailableError('schema', doc.name, entries[0].message);
      // A mutation GitHub may have applied is not sent again unless the caller says it can be; a refused one can.
      const mayRepeat = doc.operation !== 'mutation' || options.repeatable || answer.kind === 'secondary';
      const retry = this.deps.retry;
      if (retry && mayRepeat && (answer.kind === 'transient' || answer.kind === 'secondary')) {
        const decision = decideRetry({ status: 200, headers: {}, errors: entries }, attempt, attempt, {
          ...retry.settings,
          maxWaitMs: retry.maxWaitMs,
        });
        if (decision.retry && decision.waitMs <= retry.maxWaitMs) {
          await retry.sleep(decision.waitMs);
          continue;
        }
      }
      throw new GraphqlError(doc.name, entries, body.data);
    }
  }

  private async send<D, V>(
    doc: GraphqlDocument<D, V>,
    variables: V,
    options: GraphqlRunOptions,
  ): Promise<Record<string, unknown>> {
    const route = `POST /graphql (${doc.name})`;
    let body: unknown;
    try {
      const response = await this.deps.octokit.request({
        method: 'POST',
        url: this.deps.url,
        query: doc.text,
        variables: variables as Record<string, unknown>,
        request: {
          graphqlOperation: doc.operation,
          graphqlPoints: doc.points,
          ...(doc.operation === 'mutation' && !options.repeatable
            ? { retries: 0, ...declared(writes.mutation) }
            : doc.operation === 'mutation'
              ? declared(writes.repeatableMutation)
              : declared(reads.query)),
        },
      });
      body = response.data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        this.missing = `${this.deps.url} answered 404`;
        throw new GraphqlUnavailableError('missing', doc.name, this.missing, err);
      }
      if (err instanceof ApiError && (err.status === 403 || err.status === 429) && !this.deps.budget.canAfford(1))
        throw new GraphqlUnavailableError('budget', doc.name, `GraphQL's primary budget is spent (${err.status})`, err);
      if (
        err instanceof ApiError &&
        classifyAnswer({ status: err.status, message: err.apiMessage }).kind === 'graphql-timeout'
      )
        throw new GraphqlUnavailableError('timeout', doc.name, err.apiMessage, err);
      throw err;
    }
    if (!isObject(body)) throw new ShapeError(route, 200, 'not a JSON object', this.deps.url);
    if (body.errors !== undefined && !Array.isArray(body.errors))
      throw new ShapeError(route, 200, '`errors` is not a list', this.deps.url);
    return body;
  }

  private dataOf<D, V>(doc: GraphqlDocument<D, V>, body: Record<string, unknown>): D {
    return checkedData(doc, body.data, this.deps.url);
  }
}
