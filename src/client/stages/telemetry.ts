// Stage 10, telemetry: every attempt counted (status, write, retry, wait), one debug line per attempt, and
// one warning per deprecated route (`Deprecation`/`Sunset`) or moved repository.
import type { BudgetTracker } from '../budget';
import type { TelemetryRecorder } from '../telemetry';
import type { Logger } from '../types';
import { pathOf, type Attempt, type Exchange, type Verdict } from './exchange';

export class AttemptObserver {
  private readonly warned = new Set<string>();

  constructor(
    private readonly telemetry: TelemetryRecorder,
    private readonly budget: BudgetTracker,
    private readonly log: Logger,
  ) {}

  observe(ex: Exchange, attempt: Attempt, verdict: Verdict): void {
    const path = pathOf(ex.parsed.url);
    if (!ex.free) this.telemetry.record(attempt.status, ex.write);
    this.telemetry.budget(this.budget.state());
    const remaining = attempt.headers['x-ratelimit-remaining'];
    this.log.debug(
      `${ex.method} ${path} → ${attempt.status ?? 'no answer'} in ${Date.now() - attempt.startedAt} ms` +
        (remaining ? ` (remaining ${remaining})` : ''),
    );
    this.noteDeprecation(ex, attempt);
    if (verdict.kind === 'retry') {
      this.telemetry.retries++;
      this.telemetry.waitedMs += verdict.waitMs;
      this.log.info(`${ex.method} ${path}: ${verdict.reason}; retrying in ${(verdict.waitMs / 1000).toFixed(1)} s`);
    } else if (verdict.kind === 'follow') {
      this.warnOnce(
        `moved ${path.split('/').slice(0, 4).join('/')}`,
        `${path} moved permanently to ${pathOf(verdict.to)}: the repository was renamed or transferred; update the workflow to the new name.`,
      );
    }
  }

  private noteDeprecation(ex: Exchange, attempt: Attempt): void {
    const { deprecation, sunset, link } = attempt.headers;
    if (!deprecation && !sunset) return;
    const docs = /<([^>]+)>;\s*rel="deprecation"/.exec(link ?? '')?.[1];
    const parts = [`${ex.method} ${ex.route} is deprecated${deprecation ? ` (Deprecation: ${deprecation})` : ''}`];
    if (sunset) parts.push(`it stops working on ${sunset}`);
    if (docs) parts.push(`see ${docs}`);
    this.warnOnce(`deprecation ${ex.method} ${ex.route}`, parts.join('; '));
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.log.warning(message);
  }
}
