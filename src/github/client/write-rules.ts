// What happens to a write when its answer is lost (a 5xx or a broken connection after the request may have run).
// The rule travels with the request, as plugin-retry reads `request.retries`: a call passes
// `request: declared(write)` (declared.ts), and the retry stage reads `request.afterLostAnswer`. Each action declares
// its writes next to its own code (src/actions/<action>/writes.ts, the service's in src/hosts/service/writes.ts) as `{ route,
// shape, afterLostAnswer, why }` values, so the client holds no list of the actions' routes and a new write edits
// only its action; the client's own (GraphQL mutations) are declared where it sends them (graphql/run.ts).
// `repeat`: the client retries it, because a repeat cannot do harm (content-addressed objects, set-like additions)
// or because its failure mode is handled by the caller (`already_exists`, 404). `caller`: the client does not
// retry; the caller reads the state before any repeat.
//
// A write that arrives without a rule is not repeated after a lost answer (DEFAULT_AFTER_LOST_ANSWER): repeating a
// write nobody has reasoned about can make a second comment, release or upload, while not repeating it only turns a
// transient failure into a reported one. Every write of the actions and the service declares its rule
// (test/unit/github/client/routes.test.ts fails on a call site without one), so the default changes no existing call.
import type { RequestDeclaration } from './declared';

export type LostAnswerRule = 'repeat' | 'caller';

export interface WriteRule extends RequestDeclaration {
  readonly afterLostAnswer: LostAnswerRule;
  /** What makes a second try safe, and who implements it. */
  readonly why: string;
}

/** The rule of a write nobody declared: not repeated after a lost answer (see above). */
export const DEFAULT_AFTER_LOST_ANSWER: LostAnswerRule = 'caller';

/** One module's writes, by name; the names are what its call sites pass to `declared`. */
export function defineWrites<const K extends string>(writes: Record<K, WriteRule>): Readonly<Record<K, WriteRule>> {
  return writes;
}
