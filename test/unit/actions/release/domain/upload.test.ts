// AssetUploader through the real client against a tiny uploads host: streaming with Content-Length, its own
// retries after a 502 or a reset (with the leftover deleted), 422 already_exists under each existing-assets mode.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../../src/github/client';
import { realClock } from '../../../../../src/github/client/clock';
import { ReleaseApi } from '../../../../../src/actions/release/domain/api';
import {
  assetUploadUrl,
  AssetUploader,
  uploadBaseUrl,
  uploadOriginProblem,
  type UploadSource,
} from '../../../../../src/actions/release/domain/upload';
import type { ExistingAssetMode } from '../../../../../src/actions/release/inputs';

interface StoredAsset {
  id: number;
  name: string;
  label: string | null;
  size: number;
  state: string;
  digest: string | null;
  content_type: string;
  browser_download_url: string;
}

type Fault =
  '502' | 'reset-midway' | 'reset-after-store' | 'wrong-digest' | 'secondary-limit' | 'renamed' | 'too-large';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: Server;
let base = '';
let assets: StoredAsset[] = [];
let faults: Fault[] = [];
let nextId = 1;
const seen: {
  method: string;
  path: string;
  contentLength?: string;
  contentType?: string;
  chunked: boolean;
  query: string;
}[] = [];

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url!, base);
  seen.push({
    method: req.method!,
    path: url.pathname,
    query: url.search,
    contentLength: req.headers['content-length'],
    contentType: req.headers['content-type'],
    chunked: req.headers['transfer-encoding'] === 'chunked',
  });
  if (req.method === 'POST' && url.pathname === '/uploads/repos/o/r/releases/1/assets') {
    const name = url.searchParams.get('name')!;
    if (assets.some((a) => a.name === name)) {
      req.resume();
      return json(res, 422, {
        message: 'Validation Failed',
        errors: [{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }],
      });
    }
    const fault = faults.shift();
    if (fault === 'too-large') {
      req.resume();
      return json(res, 422, { message: 'Validation Failed: size must be less than 2147483648' });
    }
    if (fault === 'secondary-limit') {
      req.resume();
      res.writeHead(403, { 'content-type': 'application/json', 'retry-after': '2' });
      res.end(JSON.stringify({ message: 'You have exceeded a secondary rate limit.' }));
      return;
    }
    const asset: StoredAsset = {
      id: nextId++,
      // A name GitHub chose otherwise than the request (its answer is authoritative).
      name: fault === 'renamed' ? `stored-${name}` : name,
      label: url.searchParams.get('label'),
      size: 0,
      state: 'starter',
      digest: null,
      content_type: String(req.headers['content-type']),
      browser_download_url: `${base}/download/${name}`,
    };
    assets.push(asset);
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      received += c.length;
      if (fault === 'reset-midway' && received > 1000) req.socket.destroy();
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (fault === '502') return json(res, 502, { message: 'Bad Gateway' });
      Object.assign(asset, {
        size: body.length,
        state: 'uploaded',
        digest: `sha256:${fault === 'wrong-digest' ? sha(Buffer.from('x')) : sha(body)}`,
      });
      if (fault === 'reset-after-store') return req.socket.destroy();
      json(res, 201, asset);
    });
    return;
  }
  if (req.method === 'GET' && url.pathname === '/repos/o/r/releases/1/assets') return json(res, 200, assets);
  const del = /^\/repos\/o\/r\/releases\/assets\/(\d+)$/.exec(url.pathname);
  if (req.method === 'DELETE' && del) {
    assets = assets.filter((a) => a.id !== Number(del[1]));
    res.writeHead(204).end();
    return;
  }
  json(res, 404, { message: 'Not Found' });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  assets = [];
  faults = [];
  seen.length = 0;
});

const dir = mkdtempSync(join(tmpdir(), 'release-upload-'));
function file(name: string, content: Buffer): UploadSource {
  const path = join(dir, name);
  writeFileSync(path, content);
  return { name, fileName: name, path, size: content.length, contentType: 'application/zip' };
}

function uploader(mode: ExistingAssetMode = 'replace', warnings: string[] = []) {
  const client = createClient({
    token: 'test-token',
    action: 'release',
    baseUrl: base,
    cacheDir: null,
    timeScale: 0.001,
  });
  const api = new ReleaseApi(client, { owner: 'o', repo: 'r' });
  const log = { debug() {}, info() {}, warning: (m: string) => void warnings.push(m) };
  return new AssetUploader({
    api,
    releaseId: 1,
    uploadUrl: `${base}/uploads/repos/o/r/releases/1/assets{?name,label}`,
    mode,
    log,
    clock: realClock(0.001),
  });
}

const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);

describe('upload URLs', () => {
  it('strip the URI template and encode name and label', () => {
    expect(uploadBaseUrl('https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}')).toBe(
      'https://uploads.github.com/repos/o/r/releases/1/assets',
    );
    expect(assetUploadUrl('https://u.example/a{?name,label}', { name: 'My.App+1.exe', fileName: 'My App+1.exe' })).toBe(
      'https://u.example/a?name=My.App%2B1.exe&label=My+App%2B1.exe',
    );
    expect(assetUploadUrl('https://u.example/a{?name,label}', { name: 'a.zip', fileName: 'a.zip' })).toBe(
      'https://u.example/a?name=a.zip',
    );
  });
});

describe('AssetUploader', () => {
  it('streams the file with Content-Length and its content type, and verifies the stored digest', async () => {
    const src = file('big.zip', big);
    const r = await uploader().upload(src);
    expect(r).toMatchObject({
      outcome: 'uploaded',
      attempts: 1,
      asset: { name: 'big.zip', size: big.length, digest: `sha256:${sha(big)}` },
    });
    const post = seen.find((s) => s.method === 'POST')!;
    expect(post).toMatchObject({ contentLength: String(big.length), contentType: 'application/zip', chunked: false });
  });

  it('a file GitHub refused for its size is never streamed again', async () => {
    faults = ['too-large', 'too-large'];
    await expect(uploader().upload(file('huge.zip', big))).rejects.toThrow(
      /GitHub refused "huge\.zip" for its size \(3\.0 MiB; release assets must be under 2\.00 GiB\).*not sent again/,
    );
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('retries after a 502, deleting the starter asset the failed attempt left', async () => {
    faults = ['502'];
    const r = await uploader().upload(file('a.zip', big));
    expect(r.attempts).toBe(2);
    expect(assets).toEqual([
      expect.objectContaining({ name: 'a.zip', state: 'uploaded', digest: `sha256:${sha(big)}` }),
    ]);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'GET', 'DELETE', 'POST']);
  });

  it('retries after a connection reset midway', async () => {
    faults = ['reset-midway'];
    const r = await uploader().upload(file('b.zip', big));
    expect(r.attempts).toBe(2);
    expect(assets.map((a) => [a.name, a.state, a.size])).toEqual([['b.zip', 'uploaded', big.length]]);
  });

  it('takes an upload whose answer was lost but whose asset is complete and identical', async () => {
    faults = ['reset-after-store'];
    const r = await uploader().upload(file('c.zip', big));
    expect(r).toMatchObject({ outcome: 'uploaded', attempts: 1 });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'GET']);
    expect(assets).toHaveLength(1);
  });

  it('gives up after the bounded attempts, leaving nothing behind', async () => {
    faults = ['502', '502', '502', '502', '502'];
    await expect(uploader().upload(file('d.zip', Buffer.from('small')))).rejects.toThrow(/failed 5 times.*Bad Gateway/);
    expect(assets).toEqual([]);
  });

  it('waits for retry-after when a secondary rate limit rejects an upload, then sends it again', async () => {
    faults = ['secondary-limit'];
    const r = await uploader().upload(file('g.zip', Buffer.from('g')));
    expect(r).toMatchObject({ outcome: 'uploaded', attempts: 2 });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'POST']);
  });

  it("uses the answer's name when GitHub stored the asset under another one, with a warning", async () => {
    faults = ['renamed'];
    const warnings: string[] = [];
    const r = await uploader('replace', warnings).upload(file('h.zip', Buffer.from('h')));
    expect(r.asset.name).toBe('stored-h.zip');
    expect(warnings).toEqual(['GitHub stored "h.zip" as "stored-h.zip" (predicted "h.zip").']);
  });

  it('fails when GitHub stored other bytes than were sent', async () => {
    faults = ['wrong-digest'];
    await expect(uploader().upload(file('e.zip', Buffer.from('abc')))).rejects.toThrow(/sha256/);
  });

  describe('422 already_exists from a concurrent run', () => {
    const other = (content: string): StoredAsset => ({
      id: 99,
      name: 'f.zip',
      label: null,
      size: content.length,
      state: 'uploaded',
      digest: `sha256:${sha(Buffer.from(content))}`,
      content_type: 'application/zip',
      browser_download_url: 'x',
    });

    it('keeps an identical asset', async () => {
      assets = [other('same')];
      expect(await uploader('fail').upload(file('f.zip', Buffer.from('same')))).toMatchObject({
        outcome: 'kept',
        asset: { id: 99 },
      });
    });

    it('replace deletes a different one and uploads', async () => {
      assets = [other('theirs')];
      const r = await uploader('replace').upload(file('f.zip', Buffer.from('mine')));
      expect(r).toMatchObject({ outcome: 'uploaded', attempts: 2 });
      expect(assets.map((a) => a.digest)).toEqual([`sha256:${sha(Buffer.from('mine'))}`]);
    });

    it('skip keeps a different one', async () => {
      assets = [other('theirs')];
      expect(await uploader('skip').upload(file('f.zip', Buffer.from('mine')))).toMatchObject({
        outcome: 'skipped',
        asset: { id: 99 },
      });
    });

    it('fail refuses a different one', async () => {
      assets = [other('theirs')];
      await expect(uploader('fail').upload(file('f.zip', Buffer.from('mine')))).rejects.toThrow(
        /existing-assets.*fail/,
      );
    });
  });
});

describe('uploadOriginProblem: the token goes only to GitHub uploads hosts', () => {
  it.each([
    ['https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}', 'https://api.github.com', true],
    ['https://uploads.acme.ghe.com/repos/o/r/releases/1/assets{?name,label}', 'https://api.acme.ghe.com', true],
    ['https://ghes.example/api/uploads/repos/o/r/releases/1/assets{?name,label}', 'https://ghes.example/api/v3', true],
    ['http://127.0.0.1:4001/repos/o/r/releases/1/assets{?name,label}', 'http://127.0.0.1:4000', true],
    ['https://ghes.example:8443/api/uploads/repos/o/r/releases/1/assets', 'https://ghes.example/api/v3', false],
    ['https://ghes.example:8443/api/uploads/repos/o/r/releases/1/assets', 'https://ghes.example:8443/api/v3', true],
    ['https://ghes.example/api/uploads/repos/o/r/releases/1/assets', 'https://ghes.example:8443/api/v3', false],
    ['https://uploads.github.com:444/repos/o/r/releases/1/assets', 'https://api.github.com', false],
    ['https://uploads.github.com:443/repos/o/r/releases/1/assets', 'https://api.github.com', true],
    ['http://127.0.0.2:4001/repos/o/r/releases/1/assets', 'http://127.0.0.1:4000', false],
    ['https://evil.example/repos/o/r/releases/1/assets{?name,label}', 'https://api.github.com', false],
    ['http://uploads.github.com/repos/o/r/releases/1/assets', 'https://api.github.com', false],
    ['https://uploads.github.com.evil.example/x', 'https://api.github.com', false],
    ['not a url', 'https://api.github.com', false],
  ])('%s for %s: %s', (upload, api, allowed) => {
    expect(uploadOriginProblem(upload, api) === undefined).toBe(allowed);
  });
});
