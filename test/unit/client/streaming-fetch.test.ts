import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable, type Writable } from 'node:stream';
import { isStreamBody, streamingFetch } from '../../../src/client/streaming-fetch';

describe('streamingFetch', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/not-modified') {
          res.writeHead(304, { etag: 'W/"x"' }).end();
          return;
        }
        res.writeHead(req.url === '/fail' ? 422 : 201, { 'content-type': 'application/json', 'x-ratelimit-remaining': '41' });
        res.end(JSON.stringify({ method: req.method, type: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends an async iterable body piece by piece and answers a Response', async () => {
    const body = {
      async *[Symbol.asyncIterator]() {
        yield '{"a":';
        yield Buffer.from('"b"');
        yield '}';
      },
    };
    const res = await streamingFetch(`${url}/blobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body as any });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('41');
    expect(await res.json()).toEqual({ method: 'POST', type: 'application/json', body: '{"a":"b"}' });
  });

  it('passes error statuses and null-body statuses through', async () => {
    expect((await streamingFetch(`${url}/fail`, { method: 'POST', body: 'x' })).status).toBe(422);
    const res = await streamingFetch(`${url}/not-modified`);
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('W/"x"');
  });

  it('rejects on a connection failure', async () => {
    await expect(streamingFetch('http://127.0.0.1:1/', { method: 'GET' })).rejects.toThrow();
  });

  it('sends a Node readable stream and a body that writes itself', async () => {
    const piped = await streamingFetch(`${url}/r`, { method: 'POST', body: Readable.from(['a', 'b', 'c']) as any });
    expect(((await piped.json()) as any).body).toBe('abc');
    const self = { writeTo: async (out: Writable) => void out.end('written') };
    const written = await streamingFetch(`${url}/w`, { method: 'POST', body: self as any });
    expect(((await written.json()) as any).body).toBe('written');
  });

  it('tells streamed bodies from plain ones', () => {
    expect(isStreamBody(Readable.from(['x']))).toBe(true);
    expect(isStreamBody({ writeTo: async () => {} })).toBe(true);
    expect(isStreamBody({ async *[Symbol.asyncIterator]() {} })).toBe(true);
    expect(isStreamBody('text')).toBe(false);
    expect(isStreamBody(Buffer.from('x'))).toBe(false);
    expect(isStreamBody({ title: 'x' })).toBe(false);
  });
});
