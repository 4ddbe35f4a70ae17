// Release asset uploads: streamed (not buffered), Content-Length required, sanitised names, duplicates, cut uploads.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/index';
import { call } from '../../emulator/request';

let emu: Emulator;
const token = 'ghs_rel';

beforeAll(async () => {
  emu = await createEmulator({
    tokens: { [token]: { kind: 'workflow', repositories: ['octo/app'], permissions: { contents: 'write' } } },
    repositories: [
      { owner: 'octo', name: 'app', releases: [{ tag: 'v1.0.0' }, { tag: 'v2.0.0', draft: true }] },
      { owner: 'octo', name: 'locked', immutableReleases: true, releases: [{ tag: 'v1' }] },
    ],
  });
});
afterAll(() => emu.close());

function chunks(total: number, size = 64 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(size, total - sent);
      const buf = Buffer.alloc(n, sent % 251);
      sent += n;
      this.push(buf);
    },
  });
}

function upload(
  url: string,
  body: Readable | Buffer,
  length: number | undefined,
  name: string,
): Promise<{ status: number; body: any }> {
  const target = new URL(url.replace(/\{\?name,label\}$/, ''));
  target.searchParams.set('name', name);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'user-agent': 'test',
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
    };
    if (length !== undefined) headers['content-length'] = String(length);
    const req = request(target, { method: 'POST', headers }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (d) => (text += d))
        .on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

async function release(tag: string, repo = 'octo/app') {
  const r = await call(emu.apiUrl, 'GET', `/repos/${repo}/releases/tags/${tag}`, { token });
  return r.body;
}

describe('asset uploads', () => {
  it('streams a 200 MB body to disk without buffering it, with the sha256 digest', async () => {
    const rel = await release('v1.0.0');
    expect(rel.upload_url).toMatch(
      new RegExp(`^${emu.uploadUrl}/repos/octo/app/releases/\\d+/assets\\{\\?name,label\\}$`),
    );
    const total = 200 * 1024 * 1024;
    const expected = createHash('sha256');
    const source = chunks(total);
    source.on('data', (c) => expected.update(c));
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const res = await upload(rel.upload_url, source, total, 'big file.bin');
    clearInterval(timer);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'big.file.bin',
      state: 'uploaded',
      size: total,
      digest: `sha256:${expected.digest('hex')}`,
    });
    expect((peak - base) / 1024 / 1024).toBeLessThan(100);
    const entry = emu.log.entries.at(-1)!;
    expect(entry).toMatchObject({ host: 'uploads', method: 'POST', status: 201, counted: true, contentCreating: true });
  });

  it('requires Content-Length and answers 422 already_exists for a duplicate name', async () => {
    const rel = await release('v1.0.0');
    expect((await upload(rel.upload_url, chunks(10), undefined, 'chunked.txt')).status).toBe(400);
    expect((await upload(rel.upload_url, Buffer.from('one'), 3, 'dup.txt')).status).toBe(201);
    const dup = await upload(rel.upload_url, Buffer.from('two'), 3, 'dup.txt');
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }]);
  });

  it('leaves an asset in the starter state when the upload is cut mid-body', async () => {
    const rel = await release('v1.0.0');
    emu.faults.reset({ host: 'uploads', when: { afterBytes: 100_000 } });
    await expect(upload(rel.upload_url, chunks(1_000_000), 1_000_000, 'cut.bin')).rejects.toThrow();
    const assets = (await call(emu.apiUrl, 'GET', `/repos/octo/app/releases/${rel.id}/assets`, { token })).body;
    const cut = assets.find((a: any) => a.name === 'cut.bin');
    expect(cut.state).toBe('starter');
    expect((await upload(rel.upload_url, Buffer.from('x'), 1, 'cut.bin')).status).toBe(422);
    expect((await call(emu.apiUrl, 'DELETE', `/repos/octo/app/releases/assets/${cut.id}`, { token })).status).toBe(204);
    expect((await upload(rel.upload_url, Buffer.from('x'), 1, 'cut.bin')).status).toBe(201);
  });

  it('a 502 upstream failure after the body leaves a starter asset', async () => {
    const rel = await release('v1.0.0');
    emu.faults.respond({ host: 'uploads', status: 502, afterHandler: true });
    expect((await upload(rel.upload_url, Buffer.from('abc'), 3, 'flaky.txt')).status).toBe(502);
    const assets = (await call(emu.apiUrl, 'GET', `/repos/octo/app/releases/${rel.id}/assets`, { token })).body;
    expect(assets.find((a: any) => a.name === 'flaky.txt').state).toBe('starter');
  });

  it('refuses asset changes on a published immutable release', async () => {
    const rel = await release('v1', 'octo/locked');
    expect(rel.immutable).toBe(true);
    // A user token of the owner (the workflow token cannot write octo/locked at all).
    emu.state.tokens.set('owner', { kind: 'user', login: 'octo' });
    const target = new URL(rel.upload_url.replace(/\{\?name,label\}$/, ''));
    target.searchParams.set('name', 'late.txt');
    const r = await fetch(target, {
      method: 'POST',
      headers: { 'user-agent': 't', authorization: 'Bearer owner', 'content-length': '1' },
      body: 'x',
    });
    expect(r.status).toBe(422);
    expect(((await r.json()) as { message: string }).message).toMatch(/immutable/);
  });
});
