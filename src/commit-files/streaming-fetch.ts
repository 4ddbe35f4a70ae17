// A `fetch` for request bodies that must stream: Node's own fetch (undici) keeps a streamed request body in
// memory as it sends it (nodejs/undici#4058), so a 90 MB upload would cost ~130 MB of RAM. This one pipes the
// body into node:http(s) with backpressure. Octokit takes it per request (`request: { fetch }`); everything
// else (auth, pacing, retries) still goes through the shared client. Behind a proxy the client's fetch is kept.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ClientRequest } from 'node:http';

type FetchInit = { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal | null };

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function isAsyncIterable(body: unknown): body is AsyncIterable<string | Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}

/** Resolves on `drain`, or on `close` (the error itself reaches the request's `error` listener); leaves no listener behind. */
function drained(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}

/** Writes each piece as it comes, waiting for the socket to drain (strings go to the socket without a copy in JS). */
async function writeBody(req: ClientRequest, body: AsyncIterable<string | Uint8Array>): Promise<void> {
  for await (const piece of body) {
    if (req.destroyed) return;
    if (!req.write(piece)) await drained(req);
  }
  req.end();
}

export async function streamingFetch(input: string | URL, init: FetchInit = {}): Promise<Response> {
  const url = new URL(String(input));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const req = send(url, { method: init.method ?? 'GET', headers: init.headers, agent: false, signal: init.signal ?? undefined });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const body = NULL_BODY.has(status) ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers: responseHeaders(res.headers) }));
      });
    });
    const { body } = init;
    if (isAsyncIterable(body)) writeBody(req, body).catch((err) => req.destroy(err));
    else req.end(body as string | Buffer | undefined);
  });
}

/** Whether requests to `url` go through a proxy (then the client's proxy-aware fetch is used instead). */
export function proxiedUrl(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const host = new URL(url).hostname;
  const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (noProxy.some((n) => n === '*' || host === n || host.endsWith(n.startsWith('.') ? n : `.${n}`))) return false;
  return Boolean(env.https_proxy ?? env.HTTPS_PROXY ?? env.http_proxy ?? env.HTTP_PROXY);
}
