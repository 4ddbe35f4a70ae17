// The service in the test's own process with a fake triage engine: a real PostgreSQL per test file, the receiver on
// a free port, and the repository's triage config answered without a network (the config read is the only request
// a delivery makes before the engine), so a test sees exactly which deliveries reach the engine and when.
import { afterAll, beforeAll } from 'vitest';
import { dispatch as modeOf } from '../../src/actions/triage/domain/dispatch';
import type { TriageOptions, TriageResult } from '../../src/actions/triage/domain/engine';
import type { DispatcherOptions } from '../../src/hosts/service/dispatch';
import { jsonLogger } from '../../src/hosts/service/json-log';
import { createService, type Service, type ServiceOptions } from '../../src/hosts/service/server';
import { openStore, type Store } from '../../src/hosts/service/store/open-store';
import type { SealKeyChoice } from '../../src/hosts/service/store/seal-key';
import { postDelivery, startPostgres, type Postgres, type PostOptions } from '../../harness/service';

/** What a fake engine answers: the delivery's mode, one item processed, nothing to write. */
export function nothingToDo(o: TriageOptions): TriageResult {
  return {
    mode: modeOf(o.event.name, o.event.payload),
    processed: 1,
    plan: [],
    remaining: 0,
    notes: [],
    counts: {} as TriageResult['counts'],
  };
}

export interface InProcessServiceOptions {
  secret: string;
  engine: NonNullable<DispatcherOptions['engine']>;
  /** Jobs at once (the service's default when left out). */
  concurrency?: number;
  /** The key the store seals its rows with (none: rows are not sealed); several during a rotation, the new first. */
  sealKey?: string | readonly string[];
  /** The seal keys as `serve` gives them (`seal-key.ts`; wins over `sealKey`). */
  seal?: SealKeyChoice;
  /** Every JSON log line of the service is pushed here. */
  logs?: string[];
  /** More dispatcher options (the token provider answers 'token' unless given). */
  dispatcher?: Partial<DispatcherOptions>;
  /** More service options (attempts, retry and circuit times). */
  service?: Partial<Omit<ServiceOptions, 'secret' | 'store' | 'dispatcher' | 'log'>>;
}

export interface InProcessService {
  service: Service;
  store: Store;
  postgres: Postgres;
  /** The delivery URL. */
  url: string;
}

/**
 * Starts the service before the file's tests and stops it after them. The returned object is filled in by then:
 * read its fields inside tests and hooks, not at the top level of the file.
 */
export function useInProcessService(o: InProcessServiceOptions): InProcessService {
  const handle = {} as InProcessService;
  beforeAll(async () => {
    handle.postgres = await startPostgres();
    handle.store = await openStore({
      database: handle.postgres.url,
      dataDir: handle.postgres.dataDir,
      sealKey: o.sealKey,
      seal: o.seal,
    });
    handle.service = createService({
      secret: o.secret,
      store: handle.store,
      concurrency: o.concurrency,
      ...o.service,
      log: jsonLogger({ secrets: [], verbose: false, write: (_, line) => o.logs?.push(line) }),
      dispatcher: { tokenProvider: { tokenFor: async () => 'token' }, engine: o.engine, ...o.dispatcher },
    });
    (handle.service.dispatcher.configs as unknown as { load: unknown }).load = async () => ({
      kind: 'found',
      config: { rules: [] },
      fromCache: false,
    });
    handle.url = `${await handle.service.listen({ port: 0 })}/api/github/webhooks`;
  }, 60_000);
  afterAll(async () => {
    await handle.service?.drain(5_000);
    await handle.store?.close();
    await handle.postgres?.stop();
  });
  return handle;
}

/**
 * Posts a delivery until the service stores it. A 503 means the database did not answer within the service's bound
 * (under a loaded machine), 0 a connection that failed: GitHub's answer to either is a redelivery, so the test
 * sends it again, a bounded number of times. `onRetry` counts the redeliveries.
 */
export async function deliverUntilStored(
  url: string,
  o: PostOptions,
  onRetry: (status: number) => void = () => {},
): Promise<{ status: number; body: string }> {
  for (let attempt = 1; ; attempt++) {
    const answer = await postDelivery(url, o);
    if ((answer.status !== 503 && answer.status !== 0) || attempt >= 20) return answer;
    onRetry(answer.status);
  }
}
