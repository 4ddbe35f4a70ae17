// The receiving side of webhook deliveries: verify, deduplicate, enqueue, answer quickly.
// 401 for a missing or bad signature (never 2xx); 400 for a missing event or delivery header or a body
// that is not a JSON object; 200 for ping; 204 for an event this receiver does not handle; 202 once the
// delivery is queued, or when it is a duplicate that was already accepted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { DeliveryStore } from './dedupe';
import { WorkQueue } from './queue';
import { verifySignature } from './signature';

export interface Delivery {
  id: string;
  event: string;
  hookId?: string;
  payload: Record<string, unknown>;
}

export interface WebhookLogger {
  info(message: string): void;
  warning(message: string): void;
}

export interface HandlerOptions {
  secret: string;
  /** Whether this receiver processes the event (others are answered 204). */
  handles(event: string, payload: Record<string, unknown>): boolean;
  process(delivery: Delivery): Promise<void>;
  dedupe?: DeliveryStore;
  queue?: WorkQueue;
  log?: WebhookLogger;
  /** GitHub caps payloads at 25 MB. */
  maxBodyBytes?: number;
}

const payloadSchema = z.record(z.string(), z.unknown());

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body?: Record<string, unknown>): void {
  if (res.headersSent) return;
  if (body === undefined || status === 204) {
    res.writeHead(status).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function createWebhookHandler(options: HandlerOptions) {
  const dedupe = options.dedupe ?? new DeliveryStore();
  const log = options.log ?? { info() {}, warning() {} };
  const queue =
    options.queue ??
    new WorkQueue({ onError: (err, label) => log.warning(`${label} failed: ${(err as Error)?.message ?? err}`) });
  const limit = options.maxBodyBytes ?? 25 * 1024 * 1024;

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return answer(res, 405, { message: 'Only POST deliveries are accepted' });
    }
    let raw: Buffer;
    try {
      raw = await readBody(req, limit);
    } catch (err) {
      return answer(res, err instanceof BodyTooLarge ? 413 : 400, { message: 'Could not read the body' });
    }
    if (!verifySignature(options.secret, raw, header(req, 'x-hub-signature-256'))) {
      log.warning(
        `Rejected a delivery with a missing or invalid X-Hub-Signature-256 (${header(req, 'x-github-delivery') ?? 'no id'})`,
      );
      return answer(res, 401, { message: 'Invalid signature' });
    }
    const event = header(req, 'x-github-event');
    const id = header(req, 'x-github-delivery');
    if (!event || !id) return answer(res, 400, { message: 'Missing X-GitHub-Event or X-GitHub-Delivery header' });
    let payload: Record<string, unknown>;
    try {
      payload = payloadSchema.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      return answer(res, 400, { message: 'The body is not a JSON object' });
    }
    const hookId = header(req, 'x-github-hook-id');
    if (event === 'ping') {
      log.info(`ping from hook ${hookId ?? payload.hook_id ?? '?'}: ${String(payload.zen ?? '')}`);
      return answer(res, 200, { ok: true, hook_id: payload.hook_id ?? hookId ?? null });
    }
    if (!options.handles(event, payload)) return answer(res, 204);
    if (!dedupe.firstTime(id)) return answer(res, 202, { accepted: true, duplicate: true });
    const queued = queue.push(`${event} ${id}`, () => options.process({ id, event, hookId, payload }));
    if (!queued) {
      dedupe.forget(id);
      return answer(res, 503, { message: 'Busy: redeliver later' });
    }
    return answer(res, 202, { accepted: true });
  };

  return Object.assign(
    (req: IncomingMessage, res: ServerResponse) => {
      handler(req, res).catch((err) => {
        log.warning(`Webhook handler error: ${(err as Error)?.message ?? err}`);
        answer(res, 500, { message: 'Internal error' });
      });
    },
    { queue, dedupe },
  );
}
