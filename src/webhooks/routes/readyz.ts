// GET /readyz: ready for deliveries when not draining and the database takes a write that commits within the
// time limit (an unreachable, frozen, full or read-only database is not ready: 503).
import { messageOf } from '../../core/words';
import { withTimeout } from '../with-timeout';
import { answer } from './answer';
import type { Route } from './route';

export interface ReadyzDeps {
  draining(): boolean;
  /** Throws unless a write commits. */
  probe(): Promise<void>;
  timeoutMs: number;
}

export function readyzRoute(deps: ReadyzDeps): Route {
  return {
    method: 'GET',
    path: '/readyz',
    async handle({ res }) {
      if (deps.draining()) return answer(res, 503, { ready: false, reason: 'draining' });
      try {
        await withTimeout(deps.probe(), deps.timeoutMs, 'the database did not answer');
        return answer(res, 200, { ready: true });
      } catch (err) {
        return answer(res, 503, { ready: false, reason: `store not writable: ${messageOf(err)}` });
      }
    },
  };
}
