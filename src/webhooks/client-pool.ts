// One API client per token (an installation token is valid for an hour; a new one gets a new client), so
// each token keeps its own budget, pacing and ETag cache entries. Bounded: the least recently used goes.
import { createClient } from '../client';
import type { Client, ClientOptions, Logger } from '../client/types';

export type PoolClientOptions = Omit<ClientOptions, 'token' | 'action' | 'log'>;

export class ClientPool {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly options: PoolClientOptions,
    private readonly log: Logger,
    private readonly max = 50,
    private readonly create: (o: ClientOptions) => Client = createClient,
  ) {}

  for(token: string): Client {
    let client = this.clients.get(token);
    if (client) {
      this.clients.delete(token); // re-inserted below: most recently used last
    } else {
      client = this.create({ ...this.options, token, action: 'webhooks', log: this.log });
    }
    this.clients.set(token, client);
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
