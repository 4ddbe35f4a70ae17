// A `fetch` for streamed request bodies, on node:http(s) with backpressure.
//
// Node's built-in fetch (undici) reads a streamed request body as fast as the source delivers it, whatever
// the network takes (nodejs/undici#4058): uploading a 1.9 GiB file with it grows the process to ~2 GB, and
// a 90 MB blob costs ~130 MB. Writing into an http.ClientRequest and waiting for the socket to drain keeps
// memory flat. The agent comes from @actions/http-client, which honours the runner's proxy settings
// (`https_proxy`, `no_proxy`). The client's policy picks this fetch by itself for a streamed body.
import { HttpClient } from '@actions/http-client';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable, type Writable } from 'node:stream';

let agents: HttpClient | undefined;

/** Socket inactivity after which an upload is abandoned (a slow but moving upload is not). */
export const IDLE_TIMEOUT_MS = 120_000;

/** A body that writes itself into the request (and ends it). */
export interface WritableBody {
  writeTo(out: Writable): Promise<void>;
}

function isWritableBody(body: unknown): body is WritableBody {
  return typeof (body as WritableBody | null)?.writeTo === 'function';
}

function isAsyncIterable(body: unknown): body is AsyncIterable<string | Uint8Array> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}

/** A body that must be streamed: written with backpressure, never held whole in memory. */
export function isStreamBody(body: unknown): boolean {
  return isWritableBody(body) || body instanceof Readable || (isAsyncIterable(body) && !(body instanceof Uint8Array));
}

function responseHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function requestHeaders(init: RequestInit): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (out[name] = value));
  return out;
}

/** Resolves on `drain`, or on `close` (the error itself reaches the request's `error` listener). */
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

async function writeIterable(req: ClientRequest, body: AsyncIterable<string | Uint8Array>): Promise<void> {
  for await (const piece of body) {
    if (req.destroyed) return;
    if (!req.write(piece)) await drained(req);
  }
  req.end();
}

/** Sends `init.body` (a WritableBody, a Node readable stream, an async iterable, a string or bytes). */
export function streamingFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input));
  agents ??= new HttpClient('repo-actions');
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = init.body as unknown;
  return new Promise<Response>((resolve, reject) => {
    const options = {
      method: init.method ?? 'GET',
      headers: requestHeaders(init),
      agent: agents!.getAgent(url.toString()),
      signal: init.signal ?? undefined,
    };
    const req = send(url, options, (res) => {
      const status = res.statusCode ?? 0;
      const empty = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
      resolve(
        new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), {
          status,
          statusText: res.statusMessage,
          headers: responseHeaders(res.headers),
        }),
      );
    });
    const fail = (err: Error) => {
      if (body instanceof Readable) body.destroy();
      reject(err);
    };
    req.on('error', fail);
    // A stalled connection (nothing sent or received for this long) fails the attempt instead of hanging.
    req.setTimeout(IDLE_TIMEOUT_MS, () => req.destroy(new Error(`no progress for ${IDLE_TIMEOUT_MS / 1000} s`)));
    if (isWritableBody(body)) {
      body.writeTo(req).catch((err: Error) => req.destroy(err));
    } else if (body instanceof Readable) {
      body.on('error', (err) => req.destroy(err));
      body.pipe(req);
    } else if (typeof body === 'string' || body instanceof Uint8Array) {
      req.end(body);
    } else if (isAsyncIterable(body)) {
      writeIterable(req, body).catch((err: Error) => req.destroy(err));
    } else if (body == null) {
      req.end();
    } else {
      req.destroy();
      reject(
        new TypeError(
          'streamingFetch sends a body with writeTo(), a Node readable stream, an async iterable, a string or bytes',
        ),
      );
    }
  });
}
