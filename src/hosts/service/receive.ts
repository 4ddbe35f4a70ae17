// Reading one webhook delivery off the wire, as a stranger may send it. Cheap checks first: a missing or
// malformed X-Hub-Signature-256, a missing event or delivery id, a declared length over the limit, or a content
// type GitHub never sends are refused before a byte of the body is read. The body then streams through the HMAC
// with a size limit, and only a matching signature lets the payload be parsed: `application/json`, or
// `application/x-www-form-urlencoded` with `payload=<url-encoded JSON>` (a hook's `content_type: form`, the
// default of POST /repos/{owner}/{repo}/hooks in GitHub's OpenAPI); the signature covers the raw form bytes.
// Until the signature matches, the body's bytes are a stranger's: they are held only under a claim on the
// service's budget of unauthenticated bytes (`edge/byte-budget.ts`); no claim, no read (503 with Retry-After).
import type { IncomingMessage } from 'node:http';
import type { ByteClaim } from './edge/byte-budget';
import { isWellFormedSignature, SignatureCheck } from './signature';

export type RejectReason =
  | 'signature_missing'
  | 'signature_malformed'
  | 'signature_mismatch'
  | 'headers_missing'
  | 'content_type'
  | 'too_large'
  | 'busy'
  | 'body_unreadable'
  | 'payload_invalid';

export type Received =
  | {
      ok: true;
      id: string;
      event: string;
      hookId?: string;
      payload: Record<string, unknown>;
      /** The JSON payload's bytes (for a form body, the decoded `payload` field). */
      json: Buffer;
      /** The headers worth keeping with the delivery (never the signatures). */
      headers: Record<string, string>;
    }
  | {
      ok: false;
      status: number;
      reason: RejectReason;
      message: string;
      bodyRead: boolean;
      /** Seconds the sender should wait before trying again (503 `busy`). */
      retryAfterSeconds?: number;
    };

export interface ReadOptions {
  /**
   * Claims room for `bytes` more unauthenticated bytes (the declared length up front, or each chunk without one);
   * undefined when there is none. Without it, the body is read under `maxBodyBytes` only.
   */
  claim?: (bytes: number) => ByteClaim | undefined;
  /** Seconds in `Retry-After` when there is no room (default 5). */
  retryAfterSeconds?: number;
}

/** GitHub's delivery ids are GUIDs; allow any short token of safe characters. */
const DELIVERY_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const EVENT = /^[a-z_]{1,64}$/;
const KEPT_HEADERS = [
  'content-type',
  'user-agent',
  'x-github-event',
  'x-github-delivery',
  'x-github-hook-id',
  'x-github-hook-installation-target-type',
  'x-github-hook-installation-target-id',
];

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function refuse(status: number, reason: RejectReason, message: string, bodyRead = false): Received {
  return { ok: false, status, reason, message, bodyRead };
}

class TooLarge extends Error {}
class NoRoom extends Error {}

/**
 * The body through the HMAC, at most `limit` bytes; rejects with TooLarge past it. With a claim, bytes beyond what
 * was claimed up front are claimed as they come; rejects with NoRoom when that fails.
 */
function streamBody(
  req: IncomingMessage,
  check: SignatureCheck,
  limit: number,
  claim?: { held: ByteClaim; upFront: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        reject(new TooLarge());
        return;
      }
      if (claim && size > claim.upFront && !claim.held.grow(Math.min(chunk.length, size - claim.upFront))) {
        req.off('data', onData);
        reject(new NoRoom());
        return;
      }
      if (claim && size > claim.upFront) claim.upFront = size;
      check.update(chunk);
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, size)));
    req.once('error', reject);
    req.once('aborted', () => reject(new Error('aborted')));
  });
}

/** The JSON text of a form body's `payload` field, or undefined. Linear: URLSearchParams. */
function formPayload(bytes: Buffer): string | undefined {
  return new URLSearchParams(bytes.toString('utf8')).get('payload') ?? undefined;
}

export async function readDelivery(
  req: IncomingMessage,
  /** The webhook secret, or the secrets accepted while it is rotated (the new one first). */
  secret: string | readonly string[],
  maxBodyBytes: number,
  options: ReadOptions = {},
): Promise<Received> {
  const signature = header(req, 'x-hub-signature-256');
  if (signature === undefined) return refuse(401, 'signature_missing', 'Missing X-Hub-Signature-256');
  if (!isWellFormedSignature(signature)) return refuse(401, 'signature_malformed', 'Malformed X-Hub-Signature-256');
  const event = header(req, 'x-github-event');
  const id = header(req, 'x-github-delivery');
  if (!event || !id || !EVENT.test(event) || !DELIVERY_ID.test(id))
    return refuse(400, 'headers_missing', 'Missing or malformed X-GitHub-Event or X-GitHub-Delivery');
  const type = (header(req, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  const form = type === 'application/x-www-form-urlencoded';
  if (type !== 'application/json' && !form)
    return refuse(415, 'content_type', 'Content-Type must be application/json or application/x-www-form-urlencoded');
  const declared = Number(header(req, 'content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBodyBytes)
    return refuse(413, 'too_large', `The body is over ${maxBodyBytes} bytes`);

  const upFront = Number.isFinite(declared) && declared >= 0 ? declared : 0;
  const held = options.claim?.(upFront);
  const retryAfterSeconds = options.retryAfterSeconds ?? 5;
  const busy = () => ({
    ...refuse(503, 'busy', 'Too many unverified bytes in flight: retry later'),
    retryAfterSeconds,
  });
  if (options.claim && !held) return busy();
  let bytes: Buffer;
  // One HMAC per accepted secret (two while a secret is rotated), fed as the body streams in: it is read once.
  const check = new SignatureCheck(secret);
  try {
    bytes = await streamBody(req, check, maxBodyBytes, held && { held, upFront });
  } catch (err) {
    if (err instanceof NoRoom) return busy();
    return err instanceof TooLarge
      ? refuse(413, 'too_large', `The body is over ${maxBodyBytes} bytes`)
      : refuse(400, 'body_unreadable', 'Could not read the body');
  } finally {
    held?.release();
  }
  if (!check.matches(signature)) return refuse(401, 'signature_mismatch', 'Invalid signature', true);

  const text = form ? formPayload(bytes) : bytes.toString('utf8');
  let payload: unknown;
  try {
    payload = text === undefined ? undefined : JSON.parse(text);
  } catch {
    payload = undefined;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return refuse(
      400,
      'payload_invalid',
      form ? 'The form has no JSON object in `payload`' : 'The body is not a JSON object',
      true,
    );
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = header(req, name);
    if (value !== undefined) headers[name] = value.slice(0, 200);
  }
  return {
    ok: true,
    id,
    event,
    hookId: header(req, 'x-github-hook-id'),
    payload: payload as Record<string, unknown>,
    json: form ? Buffer.from(text!, 'utf8') : bytes,
    headers,
  };
}
