import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable, type Writable } from 'node:stream';
import { isStreamBody, streamingFetch } from '../../../../src/github/client/streaming-fetch';

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
        res.writeHead(req.url === '/fail' ? 422 : 201, {
          'content-type': 'application/json',
          'x-ratelimit-remaining': '41',
        });
        res.end(
          JSON.stringify({
            method: req.method,
            type: req.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
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
    const res = await streamingFetch(`${url}/blobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body as any,
    });
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

describe('the client picks the streaming fetch for a streamed body', () => {
  it('sends an async iterable body through node:http, not the runtime fetch', async () => {
    const { createServer } = await import('node:http');
    const { createClient } = await import('../../../../src/github/client');
    const seen: { fetchMode?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ fetchMode: req.headers['sec-fetch-mode'] as string | undefined, body });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"sha":"x"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const c = createClient({
        token: 't',
        action: 'test',
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        cacheDir: null,
      });
      // An async generator (a plain object would be JSON-encoded by Octokit).
      const body = (async function* () {
        yield '{"content":';
        yield '"eA=="}';
      })();
      const res = await c.octokit.request('POST /repos/{owner}/{repo}/git/blobs', {
        owner: 'o',
        repo: 'r',
        data: body,
        headers: { 'content-length': '18' },
      } as any);
      expect(res.status).toBe(201);
      expect(seen[0].body).toBe('{"content":"eA=="}');
      // Node's fetch (undici) marks its requests with sec-fetch-mode; node:http does not.
      expect(seen[0].fetchMode).toBeUndefined();
      const plain = await c.octokit.request('POST /repos/{owner}/{repo}/git/blobs', {
        owner: 'o',
        repo: 'r',
        content: 'x',
      });
      expect(plain.status).toBe(201);
      expect(seen[1].fetchMode).toBe('cors');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
