// The bench's balancer (bench/service/balancer.ts) sends deliveries only to replicas whose /readyz answers 200,
// passes each replica's answer back, and sends a delivery whose connection was refused on to another replica.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../../../bench/service/balancer';

interface Replica {
  url: string;
  origin: string;
  ready: boolean;
  bodies: string[];
  server: Server;
}

async function replica(status: number): Promise<Replica> {
  const r = { ready: true, bodies: [] as string[] } as Replica;
  r.server = createServer((req, res) => {
    if (req.url === '/readyz') return res.writeHead(r.ready ? 200 : 503).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.bodies.push(Buffer.concat(chunks).toString());
      res.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
  r.origin = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}`;
  r.url = `${r.origin}/hooks`;
  return r;
}

const post = async (url: string, body: string) => (await fetch(url, { method: 'POST', body })).status;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let balancer: Balancer | undefined;
const replicas: Replica[] = [];
afterEach(async () => {
  await balancer?.close();
  for (const r of replicas.splice(0)) r.server.close();
});

describe('bench balancer', () => {
  it('sends to the ready replicas only, round robin, with their answers', async () => {
    replicas.push(await replica(202), await replica(202));
    balancer = await startBalancer(() => replicas);
    expect(new URL(balancer.url).pathname).toBe('/hooks');
    for (let i = 0; i < 4; i++) expect(await post(balancer.url, `a${i}`)).toBe(202);
    expect(replicas.map((r) => r.bodies.length)).toEqual([2, 2]);
    replicas[0].ready = false;
    await sleep(400);
    for (let i = 0; i < 4; i++) expect(await post(balancer.url, `b${i}`)).toBe(202);
    expect(replicas[0].bodies.filter((b) => b.startsWith('b'))).toEqual([]);
    expect(replicas[1].bodies.filter((b) => b.startsWith('b'))).toEqual(['b0', 'b1', 'b2', 'b3']);
  });

  it('passes a refusal through and sends a refused connection on to another replica', async () => {
    replicas.push(await replica(503), await replica(202));
    balancer = await startBalancer(() => replicas);
    const answers = [await post(balancer.url, 'x0'), await post(balancer.url, 'x1')];
    expect(answers.sort()).toEqual([202, 503]);
    // The first replica stops listening before the poll notices: its delivery goes to the other one.
    await new Promise<void>((resolve) => replicas[0].server.close(() => resolve()));
    expect([await post(balancer.url, 'y0'), await post(balancer.url, 'y1')]).toEqual([202, 202]);
    expect(replicas[1].bodies.filter((b) => b.startsWith('y'))).toEqual(['y0', 'y1']);
    expect(balancer.retried).toBe(1);
  });
});
