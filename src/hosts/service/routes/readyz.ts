// GET /readyz: ready for deliveries when not draining and the database takes a write that commits within the
// time limit (an unreachable, frozen, full or read-only database is not ready: 503). Installations waiting for GitHub
// (open circuits) do not make the service unready — it still stores every delivery — but the answer names them.
// GitHub refusing the App's every private key does (503 "private key refused"): no delivery can run until it changes.
import { messageOf } from '../../../kernel/words';
import { withTimeout } from '../with-timeout';
import { answer } from './answer';
import type { CircuitState } from '../store/circuits';
import type { Route } from './route';

export interface ReadyzDeps {
  draining(): boolean;
  /** Throws unless a write commits. */
  probe(): Promise<void>;
  timeoutMs: number;
  /** The installations whose jobs wait for GitHub (`store/circuits.ts`). */
  circuits?(): Promise<CircuitState[]>;
  /** Why GitHub refuses the service's credentials (an App's every private key), after asking again; undefined: not. */
  credentials?(): Promise<string | undefined>;
}

export function readyzRoute(deps: ReadyzDeps): Route {
  return {
    method: 'GET',
    path: '/readyz',
    async handle({ res }) {
      if (deps.draining()) return answer(res, 503, { ready: false, reason: 'draining' });
      try {
        await withTimeout(deps.probe(), deps.timeoutMs, 'the database did not answer');
        // Deliveries are still stored, but none can run: not ready, so an operator's probe says why at once.
        const refused = deps.credentials
          ? await withTimeout(deps.credentials(), deps.timeoutMs, 'GitHub did not answer').catch(() => undefined)
          : undefined;
        if (refused) return answer(res, 503, { ready: false, reason: 'private key refused', detail: refused });
        const circuits = deps.circuits
          ? await withTimeout(deps.circuits(), deps.timeoutMs, 'the database did not answer').catch(() => undefined)
          : [];
        if (!circuits?.length) return answer(res, 200, { ready: true });
        const waiting = circuits.map((c) => ({
          installation: c.scope,
          cause: c.cause,
          until: new Date(c.untilMs).toISOString(),
          since: new Date(c.openedAt).toISOString(),
          lastError: c.lastError,
        }));
        return answer(res, 200, { ready: true, waiting });
      } catch (err) {
        return answer(res, 503, { ready: false, reason: `store not writable: ${messageOf(err)}` });
      }
    },
  };
}
