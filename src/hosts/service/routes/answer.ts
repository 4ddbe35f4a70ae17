// How the service's routes answer: a JSON object or plain text with its length, never twice for one request.
import type { IncomingMessage, ServerResponse } from 'node:http';

export function answer(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
  res
    .writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(text)), ...headers })
    .end(text);
}

/** Answers without reading the body, and closes the connection so the rest of it is never read. */
export function refuseUnread(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.once('finish', () => req.destroy());
  answer(res, status, body, { connection: 'close', ...headers });
}
