// "Now" for inactivity: the API server's clock (its `Date` header), never earlier than the local one.
// Timestamps such as `updated_at` come from the server, so measuring against its clock keeps a runner
// with a skewed clock from marking items stale too early or too late.
import { realClock, type Clock } from '../../../github/client/clock';
import type { Octokit } from '../../../github/client/types';

export function trackServerClock(octokit: Octokit, clock: Clock = realClock()): () => Date {
  let server = 0;
  octokit.hook.after('request', (response) => {
    const header = (response.headers as Record<string, unknown> | undefined)?.date;
    const date = typeof header === 'string' ? Date.parse(header) : NaN;
    if (Number.isFinite(date) && date > server) server = date;
  });
  return () => new Date(Math.max(clock.now(), server));
}
