// `client.graphql(document, variables)`: one GraphQL document through the same pipeline as REST (credentials,
// integrity, answer caps, retries, redirect rules, telemetry — which counts its requests and points in GraphQL's
// column), checked against GraphQL's own primary budget first, its answer's `errors` turned into typed errors and
// its `data` checked against the document's shape.
import { ApiError } from '../errors';
import { ShapeError } from '../transport-errors';
import type { BudgetTracker } from '../budget';
import type { Octokit } from '../types';
import type { GraphqlDocument, GraphqlRunOptions } from './document';
import { errorEntries, GraphqlError, GraphqlUnavailableError, isSchemaMismatch } from './errors';
import { shapeProblem } from './shape';

export interface GraphqlRunnerDeps {
  octokit: Octokit;
  url: string;
  budget: BudgetTracker;
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
    const before = this.unavailable(doc.points);
    if (before) throw new GraphqlUnavailableError(before.reason, doc.name, before.message);
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
          ...(doc.operation === 'mutation' && !options.repeatable ? { retries: 0 } : {}),
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
      throw err;
    }
    if (!isObject(body)) throw new ShapeError(route, 200, 'not a JSON object', this.deps.url);
    const entries = errorEntries(body.errors);
    if (body.errors !== undefined && !Array.isArray(body.errors))
      throw new ShapeError(route, 200, '`errors` is not a list', this.deps.url);
    if (entries.length) {
      if (entries.some((e) => e.type === 'RATE_LIMITED')) {
        const s = this.deps.budget.state();
        this.deps.budget.noteRemaining(0, s.known ? s.reset : Math.floor(Date.now() / 1000) + 3600);
        throw new GraphqlUnavailableError('budget', doc.name, entries[0].message);
      }
      if (isSchemaMismatch(entries)) throw new GraphqlUnavailableError('schema', doc.name, entries[0].message);
      throw new GraphqlError(doc.name, entries, body.data);
    }
    const data = body.data;
    if (!isObject(data)) throw new ShapeError(route, 200, '`data` is missing', this.deps.url);
    const problem = shapeProblem(doc.shape, data);
    if (problem) throw new ShapeError(route, 200, problem, this.deps.url);
    return data as D;
  }
}
