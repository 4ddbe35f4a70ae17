// One API client per token (an installation token is valid for an hour; a new one gets a new client), so
// each token keeps its own budget, pacing and ETag cache entries. Bounded: the least recently used goes. A client
// may also ask its identity's shared write history (`store/write-history.ts`) before each write: one client per
// token and lane then. Every request also carries the abort signal of the run it is made for (`run-claim.ts`).
import { createClient } from '../../github/client';
import type { Client, ClientOptions, Logger, WriteHistory } from '../../github/client/types';
import { currentClaim } from './store/run-claim';

export type PoolClientOptions = Omit<ClientOptions, 'token' | 'action' | 'log'>;

export class ClientPool {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly options: PoolClientOptions,
    private readonly log: Logger,
    private readonly max = 50,
    private readonly create: (o: ClientOptions) => Client = createClient,
  ) {}

  for(token: string, shared?: { lane: string; history: WriteHistory }): Client {
    const key = shared ? `${shared.lane}\0${token}` : token;
    let client = this.clients.get(key);
    if (client) {
      this.clients.delete(key); // re-inserted below: most recently used last
    } else {
      const writeHistory = shared?.history;
      const abortSignal = this.options.abortSignal ?? (() => currentClaim()?.signal);
      client = this.create({ ...this.options, token, action: 'webhooks', log: this.log, writeHistory, abortSignal });
    }
    this.clients.set(key, client);
    while (this.clients.size > this.max) {
      const oldest = this.clients.keys().next().value as string;
      this.clients.get(oldest)?.close(); // its pacing history saved, its exit task gone: nothing holds it
      this.clients.delete(oldest);
    }
    return client;
  }

  get size(): number {
    return this.clients.size;
  }
}
