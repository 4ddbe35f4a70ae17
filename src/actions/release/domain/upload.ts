// One asset upload: streamed from disk to the release's upload host, hashed on the way, retried on its own.
//
// The client cannot retry an upload (a stream cannot be replayed), so the request opts out of the client's retries
// (`request: { retries: 0 }`) and this module retries: after a 5xx or a broken connection it lists the release's
// assets, deletes what the failed attempt left under the name (state `starter`, or a wrong size), re-opens the file
// and tries again with exponential back-off, a bounded number of times. A 422 `already_exists` (a concurrent run
// uploaded the same name) follows `existing-assets`. Waits go through the run's clock (API time).
import { declared } from '../../../github/client/declared';
import { writes } from '../writes';
import type { Clock } from '../../../github/client/clock';
import { classifyError, isAlreadyExists, isApiError } from '../../../github/client/errors';
import type { Logger } from '../../../github/client/types';
import { messageOf, plural } from '../../../kernel/words';
import { formatBytes } from '../../../kernel/sizes';
import type { ReleaseApi } from './api';
import type { DesiredAsset } from './desired-assets';
import { sha256File } from './digest';
import { FileBody } from './file-body';
import type { ExistingAssetMode } from '../inputs';
import { Progress, UPLOAD_PROGRESS } from '../../../kernel/progress';
import { MAX_ASSET_BYTES } from './release-limits';
import { assetSha256, parseAsset, type RemoteAsset } from './release-types';

export interface UploadContext {
  api: ReleaseApi;
  releaseId: number;
  /** The release's `upload_url` (a URI template such as `https://uploads…/assets{?name,label}`). */
  uploadUrl: string;
  mode: ExistingAssetMode;
  log: Logger;
  /** The progress timing (waits between attempts follow the client's retry matrix, `client.retry`). */
  clock: Clock;
}

export type UploadOutcome = 'uploaded' | 'kept' | 'skipped';

export interface UploadResult {
  asset: RemoteAsset;
  outcome: UploadOutcome;
  attempts: number;
}

export interface UploadSource extends DesiredAsset {
  path: string;
}

/** The upload address without its URI template (`{?name,label}`): the host GitHub gave, never a guessed one. */
export function uploadBaseUrl(template: string): string {
  const brace = template.indexOf('{');
  return brace >= 0 ? template.slice(0, brace) : template;
}

/** Loopback hosts: an API there is a local server (the project's emulator, a tunnel), never one of GitHub's hosts. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Why the token must not go to `uploadUrl`, or undefined when it is GitHub's uploads host for the API at `apiUrl`:
 * the API's own host (GitHub Enterprise Server: `https://HOST/api/uploads`), or `uploads.X` beside `api.X`
 * (github.com, GHE.com), over the same scheme and on the same port: another port of the same host is another
 * origin, possibly another program. One exception: an API on a loopback address is a local server that holds the
 * token already (the emulator serves uploads from a second port of the same address, as github.com does from a
 * second host), so its uploads may be on another port of that address.
 */
export function uploadOriginProblem(uploadUrl: string, apiUrl: string): string | undefined {
  let upload: URL;
  let api: URL;
  try {
    upload = new URL(uploadBaseUrl(uploadUrl));
    api = new URL(apiUrl);
  } catch {
    return `the release's upload_url "${uploadUrl}" is not a URL`;
  }
  const sibling = api.hostname.startsWith('api.') && upload.hostname === `uploads.${api.hostname.slice(4)}`;
  const samePort = upload.port === api.port || (isLoopback(api.hostname) && upload.hostname === api.hostname);
  if (upload.protocol !== api.protocol || (upload.hostname !== api.hostname && !sibling) || !samePort)
    return (
      `the release's upload_url (${upload.origin}) is not GitHub's uploads host for ${api.origin}; ` +
      'the token is not sent there'
    );
  return undefined;
}

/**
 * The upload URL for one asset: the stored name, and its label (`asset-labels`, else the file's own name when GitHub
 * renames it).
 */
export function assetUploadUrl(template: string, asset: Pick<DesiredAsset, 'name' | 'fileName' | 'label'>): string {
  const url = new URL(uploadBaseUrl(template));
  url.searchParams.set('name', asset.name);
  const label = asset.label ?? (asset.fileName !== asset.name ? asset.fileName : undefined);
  if (label !== undefined) url.searchParams.set('label', label);
  return url.toString();
}

/** GitHub refused the upload for its size (413, or a 422 that says so): the same file never succeeds. */
export function refusedForSize(err: unknown): boolean {
  if (!isApiError(err)) return false;
  if (err.status === 413) return true;
  return err.status === 422 && /\b(size|too large|too big|exceeds)\b/i.test(err.apiMessage);
}

export function isTransient(err: unknown): boolean {
  return classifyError(err)?.kind === 'transient';
}

/** Seconds a rate-limit answer asks to wait (429, or 403 with `retry-after` / none remaining); else undefined. */
export function rateLimitWait(err: unknown, now: number): number | undefined {
  const kind = classifyError(err)?.kind;
  if (!isApiError(err) || (kind !== 'primary' && kind !== 'secondary')) return undefined;
  const retryAfter = Number(err.headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter;
  if (kind === 'primary') {
    const reset = Number(err.headers['x-ratelimit-reset']);
    return Number.isFinite(reset) ? Math.max(0, reset - now / 1000) : undefined;
  }
  // A secondary limit without retry-after: GitHub asks for at least a minute.
  return 60;
}

/** Uploads from this size on report their progress. */
export const PROGRESS_MIN_BYTES = 8 * 1024 * 1024;

export class AssetUploader {
  constructor(private readonly ctx: UploadContext) {}

  /**
   * One attempt after another, as the client's retry matrix decides (`client.retry`: 5xx and resets back off,
   * rate limits wait for `retry-after`, the rest fail at once). The client cannot replay a stream, so the loop is
   * here: before a retry the name is cleaned up (a `starter` left by the failed attempt), or found done.
   */
  async upload(source: UploadSource): Promise<UploadResult> {
    const retry = this.ctx.api.client.retry;
    let sha256 = source.sha256;
    const known = async () => (sha256 ??= await sha256File(source.path));
    for (let attempt = 1; ; attempt++) {
      const current = new FileBody(source.path, source.size, this.progressOf(source));
      try {
        const asset = await this.send(source, current);
        return { asset: this.verify(source, asset, current), outcome: 'uploaded', attempts: attempt };
      } catch (err) {
        if (current.complete && current.bytes === source.size) sha256 ??= current.digest();
        if (refusedForSize(err)) {
          // Streaming the same bytes again cannot succeed: no retry, whatever the retry matrix says of the status.
          await this.cleanUp(source, known).catch(() => undefined);
          throw new Error(
            `GitHub refused "${source.name}" for its size (${formatBytes(source.size)}; release assets must be ` +
              `under ${formatBytes(MAX_ASSET_BYTES)}): ${messageOf(err)}. It was not sent again.`,
            { cause: err },
          );
        }
        if (isAlreadyExists(err)) {
          const resolved = await this.onAlreadyExists(source, known);
          if (resolved) return { ...resolved, attempts: attempt };
        } else if (isTransient(err) || rateLimitWait(err, this.ctx.clock.now()) !== undefined) {
          const decision = retry.decide(err, attempt - 1);
          const again = decision.retry && decision.waitMs <= retry.maxWaitMs;
          if (decision.retry && decision.rateLimited) {
            // The client's pacing should prevent this. A rejected upload never started: nothing to clean up.
            if (!again) throw err;
            this.ctx.log.info(
              `Upload of "${source.name}" was rate limited; retrying in ${plural(Math.ceil(decision.waitMs / 1000), 'second')}.`,
            );
            await retry.sleep(decision.waitMs);
            continue;
          }
          this.ctx.log.info(
            `Upload of "${source.name}" failed (${messageOf(err)}); ` +
              (again ? `cleaning up and retrying (${decision.reason}).` : 'cleaning up.'),
          );
          if (again) await retry.sleep(decision.waitMs);
          // Also after the last attempt: no half-uploaded asset is left behind.
          const done = await this.cleanUp(source, known);
          if (done) return { asset: done, outcome: 'uploaded', attempts: attempt };
          if (!again)
            throw new Error(
              `Uploading "${source.name}" failed ${plural(attempt, 'time')}; the last error: ${messageOf(err)}`,
              {
                cause: err,
              },
            );
          continue;
        } else if (isApiError(err) && err.status === 422 && /immutable/i.test(err.apiMessage)) {
          throw new Error(
            `"${source.name}" cannot be added: the release was published meanwhile (by another run) and is immutable. ` +
              'With immutable releases, let matrix jobs upload with `draft: true` and publish in one job after them.',
            { cause: err },
          );
        } else {
          throw err;
        }
        // `already_exists` that was not ours: try again, within the matrix's number of retries.
        if (attempt > retry.settings.maxRetries)
          throw new Error(
            `Uploading "${source.name}" failed ${plural(attempt, 'time')}; the last error: ${messageOf(err)}`,
            {
              cause: err,
            },
          );
      }
    }
  }

  /** Uploads from 8 MiB on log their progress every 10% or 30 s with MiB/s (a callback of the bytes sent so far). */
  private progressOf(source: UploadSource): ((bytes: number) => void) | undefined {
    if (source.size < PROGRESS_MIN_BYTES) return undefined;
    const progress = new Progress({
      ...UPLOAD_PROGRESS,
      label: `Uploading "${source.name}"`,
      total: source.size,
      clock: this.ctx.clock,
      log: (line) => this.ctx.log.info(line),
    });
    let sent = 0;
    // Chunks may complete out of order: count only what is new.
    return (bytes) => {
      if (bytes <= sent) return;
      progress.advance(bytes - sent);
      sent = bytes;
      if (sent >= source.size) progress.finish();
    };
  }

  private async send(source: UploadSource, body: FileBody): Promise<RemoteAsset> {
    const problem = uploadOriginProblem(this.ctx.uploadUrl, this.ctx.api.client.options.baseUrl);
    if (problem) throw new Error(`"${source.name}" was not uploaded: ${problem}.`);
    const response = await this.ctx.api.client.octokit.request({
      method: 'POST',
      url: assetUploadUrl(this.ctx.uploadUrl, source),
      headers: { 'content-type': source.contentType, 'content-length': String(source.size) },
      data: body,
      // No client retries (a stream cannot be replayed); the client streams the body with backpressure.
      request: { retries: 0, ...declared(writes.uploadAsset) },
    } as any);
    return parseAsset(response.data);
  }

  private verify(source: UploadSource, asset: RemoteAsset, body: FileBody): RemoteAsset {
    if (!body.complete || body.bytes !== source.size) {
      throw new Error(
        `"${source.path}" changed while it was uploaded: ${formatBytes(body.bytes)} sent, ${formatBytes(source.size)} expected.`,
      );
    }
    const sent = body.digest();
    if (asset.size !== source.size)
      throw new Error(
        `GitHub stored "${asset.name}" with ${formatBytes(asset.size)}; ${formatBytes(source.size)} were sent.`,
      );
    const stored = assetSha256(asset);
    if (stored && stored !== sent)
      throw new Error(`GitHub stored "${asset.name}" with sha256 ${stored}; the bytes sent have ${sent}.`);
    if (asset.name !== source.name)
      this.ctx.log.warning(`GitHub stored "${source.fileName}" as "${asset.name}" (predicted "${source.name}").`);
    return { ...asset, digest: asset.digest ?? `sha256:${sent}` };
  }

  private async existing(name: string): Promise<RemoteAsset | undefined> {
    return (await this.ctx.api.listAssets(this.ctx.releaseId)).find((a) => a.name === name);
  }

  /**
   * After a failed attempt: the upload may have completed (the answer was lost) — then it is done; otherwise
   * whatever it left under the name is deleted so the next attempt does not meet `already_exists`.
   */
  private async cleanUp(source: UploadSource, sha256: () => Promise<string>): Promise<RemoteAsset | undefined> {
    const left = await this.existing(source.name);
    if (!left) return undefined;
    if (left.state === 'uploaded' && left.size === source.size) {
      const stored = assetSha256(left);
      if (stored && stored === (await sha256())) return left;
    }
    this.ctx.log.info(
      `Deleting "${left.name}" left by the failed upload (state ${left.state}, ${formatBytes(left.size)}).`,
    );
    await this.ctx.api.deleteAsset(left.id);
    return undefined;
  }

  /** Another run uploaded the same name meanwhile: keep it if identical, else follow `existing-assets`. */
  private async onAlreadyExists(
    source: UploadSource,
    sha256: () => Promise<string>,
  ): Promise<Omit<UploadResult, 'attempts'> | undefined> {
    const other = await this.existing(source.name);
    if (!other) return undefined;
    if (other.state !== 'uploaded') {
      await this.ctx.api.deleteAsset(other.id);
      return undefined;
    }
    const stored = assetSha256(other);
    if (stored && stored === (await sha256())) return { asset: other, outcome: 'kept' };
    switch (this.ctx.mode) {
      case 'skip':
        this.ctx.log.info(`"${source.name}" was uploaded by another run meanwhile; existing-assets: skip keeps it.`);
        return { asset: other, outcome: 'skipped' };
      case 'fail':
        throw new Error(
          `"${source.name}" was uploaded by another run meanwhile with other content, and \`existing-assets\` is \`fail\`.`,
        );
      default:
        this.ctx.log.info(`"${source.name}" was uploaded by another run meanwhile with other content; replacing it.`);
        await this.ctx.api.deleteAsset(other.id);
        return undefined;
    }
  }
}
