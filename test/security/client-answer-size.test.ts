// A hostile or broken server answers a small gzip body that expands to 1 GiB: the client counts the decoded bytes
// while it reads, stops at the request's cap (32 MiB unless its declaration raises it) with an error naming the route, does not retry, and
// its memory stays far below the expansion. The same through a followed redirect. And another port of the API's
// host is another origin: it never gets the token unless the API itself named it as a release's upload host.
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLargeError, createClient, UntrustedOriginError } from '../../src/github/client';
import { DEFAULT_ANSWER_MAX_BYTES, FILE_ANSWER_MAX_BYTES, answerMaxBytes } from '../../src/github/client/answer-limits';
import { declared } from '../../src/github/client/declared';
import { secondOrigin, type SecondOrigin } from '../e2e/client/second-origin';

const MIB = 1024 * 1024;
const TOKEN = 'ghs_answer_size';

/** 1 GiB of JSON-ish zeros as 64 concatenated gzip members of 16 MiB each (gzip decoders read every member). */
let bomb: Buffer;
beforeAll(() => {
  const member = gzipSync(Buffer.alloc(16 * MIB, 0x30));
  bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
});

let server: Server | undefined;
let other: SecondOrigin | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  await other?.close();
  server = undefined;
  other = undefined;
});

interface Hit {
  url: string;
  authorization?: string;
}

async function bombServer(): Promise<{ url: string; hits: Hit[] }> {
  const hits: Hit[] = [];
  server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (req.url?.startsWith('/repos/o/r/moved')) {
      res.writeHead(302, { location: '/repos/o/r/labels', 'content-length': '0' });
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': String(bomb.length),
    });
    res.end(bomb);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as { port: number }).port}`, hits };
}

describe('a decompression bomb in an answer', () => {
  it('the bomb really is small on the wire and huge decoded', () => {
    expect(bomb.length).toBeLessThan(2 * MIB);
    expect(64 * 16 * MIB).toBe(1024 * MIB);
  });

  it.each([
    { what: 'directly', path: '/repos/o/r/labels', hits: 1 },
    { what: 'through a followed redirect', path: '/repos/o/r/moved', hits: 2 },
  ])('fails fast $what, naming the route, once, with RSS far below the expansion', async ({ path, hits }) => {
    const api = await bombServer();
    const c = createClient({ token: TOKEN, action: 'security', baseUrl: api.url, retries: 4 });
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const err = await c.octokit.request(`GET ${path}`).catch((e: unknown) => e);
    const grewMb = (process.memoryUsage().rss - rssBefore) / MIB;
    expect(err).toBeInstanceOf(AnswerTooLargeError);
    expect((err as Error).message).toMatch(/GET \/repos\/o\/r\/(labels|moved)/);
    expect((err as Error).message).toContain(String(DEFAULT_ANSWER_MAX_BYTES));
    expect(api.hits).toHaveLength(hits);
    expect(c.telemetry.snapshot().retries).toBe(0);
    expect(grewMb).toBeLessThan(100);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a declaration that carries files raises the cap for its answers, a followed redirect included', async () => {
    // 40 MiB decoded: past the default cap, within a file route's.
    const member = gzipSync(Buffer.alloc(8 * MIB, 0x30));
    const forty = Buffer.concat(Array.from({ length: 5 }, () => member));
    server = createServer((req, res) => {
      if (req.url?.startsWith('/repos/o/r/moved')) {
        res.writeHead(302, { location: '/repos/o/r/file', 'content-length': '0' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' });
      res.end(forty);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const c = createClient({
      token: TOKEN,
      action: 'security',
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      retries: 0,
    });
    const file = { route: 'GET /repos/o/r/moved', shape: 'unread' as const, maxAnswerBytes: FILE_ANSWER_MAX_BYTES };
    const raised = await c.octokit.request(file.route, { request: declared(file) });
    expect(Buffer.from(raised.data as ArrayBuffer).length).toBe(40 * MIB);
    const plain = await c.octokit.request('GET /repos/o/r/moved').catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(AnswerTooLargeError);
    expect(answerMaxBytes(undefined)).toBe(DEFAULT_ANSWER_MAX_BYTES);
    expect(answerMaxBytes({ answer: { route: 'GET /x', shape: 'unread', maxBytes: -1 } })).toBe(
      DEFAULT_ANSWER_MAX_BYTES,
    );
  });
});

describe('the uploads host is compared by origin', () => {
  it('another port of the API host gets no token and no write', async () => {
    other = await secondOrigin();
    const apiUrl = other.url.replace(/:\d+$/, ':1');
    const c = createClient({ token: TOKEN, action: 'security', baseUrl: apiUrl, retries: 0 });
    const otherPort = other.url;
    expect(new URL(otherPort).hostname).toBe(new URL(apiUrl).hostname);
    const write = await c.octokit
      .request({ method: 'POST', url: `${otherPort}/repos/o/r/releases/1/assets?name=a`, data: 'x' })
      .catch((e: unknown) => e);
    expect(write).toBeInstanceOf(UntrustedOriginError);
    await c.octokit.request({ method: 'GET', url: `${otherPort}/repos/o/r/labels/x` });
    expect(other.received.map((r) => [r.method, r.headers.authorization])).toEqual([['GET', undefined]]);
  });
});
