// The App-mode service obtains installation tokens (and JWTs) while it runs: each is registered with the log's
// redaction as it is obtained, so an API error that echoes the token (the attack: a delivery whose processing
// fails with the token in the message) is masked in the JSON log, and redacted in the delivery's recorded error
// before it is persisted.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realClock } from '../../src/github/client/clock';
import { Redactor } from '../../src/kernel/redaction';
import { appTokenProvider } from '../../src/hosts/service/app-token-provider';
import { itemJobRunner } from '../../src/hosts/service/item-job';
import { jsonLogger } from '../../src/hosts/service/json-log';
import type { Dispatcher } from '../../src/hosts/service/dispatch';
import type { DeliveryLog } from '../../src/hosts/service/store/delivery-log';
import type { TakenDelivery } from '../../src/hosts/service/store/types';

const TOKEN = 'ghs_installationTokenEchoedBack0123456789';
const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();
let server: Server;
let apiUrl: string;
let jwtSeen = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    jwtSeen = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    res
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ token: TOKEN, expires_at: new Date(Date.now() + 3_600_000).toISOString() }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('installation tokens in the service', () => {
  it('are masked in the log and redacted in the recorded error once obtained', async () => {
    const secrets = new Redactor(['webhook-secret']);
    const lines: string[] = [];
    const log = jsonLogger({ secrets, verbose: true, write: (_l, line) => lines.push(line) });
    const provider = appTokenProvider({ appId: 1, privateKey: pem, apiUrl, onSecret: (s) => secrets.addToken(s) });
    expect(await provider.tokenFor(5, 'octo/app')).toBe(TOKEN);

    const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    const echoed = `Bad credentials: token ${TOKEN} (basic ${basic}, jwt ${jwtSeen})`;
    const settled: { error?: string }[] = [];
    const delivery: TakenDelivery = {
      id: 'd1',
      event: 'issue_comment',
      installation: 5,
      repository: 'octo/app',
      headers: {},
      body: Buffer.from('{"action":"created"}'),
      attempts: 1,
      receivedAt: 0,
      sealed: true,
    } as unknown as TakenDelivery;
    const deliveries = {
      take: async () => [delivery],
      settle: async (_key: string, s: { error?: string }) => {
        settled.push(s);
      },
    } as unknown as DeliveryLog;
    const dispatcher = {
      coalescingKey: () => undefined,
      process: async () => ({ status: 'failed', message: echoed }),
    } as unknown as Dispatcher;
    const run = itemJobRunner({ deliveries, dispatcher, log, clock: realClock(), maxAttempts: 3, retryBaseMs: 10 });
    await run('octo/app#1');
    log.child({ delivery: 'd1' }).warning(echoed);

    expect(jwtSeen.length).toBeGreaterThan(20);
    expect(settled).toHaveLength(1);
    for (const text of [settled[0].error ?? '', ...lines]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(basic);
      expect(text).not.toContain(jwtSeen);
    }
    expect(settled[0].error).toContain('***');
    expect(lines.join('')).toContain('***');
  });
});
