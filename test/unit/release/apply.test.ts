// runRelease with an in-memory ReleaseApi: the order of calls (budget before the first write, one final update),
// convergence when a create loses a race, dry runs, and notes for an existing draft.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/errors';
import type { Budget, Cost } from '../../../src/client/types';
import type { ReleaseApi } from '../../../src/release/api';
import { runRelease, type ReleaseRequest } from '../../../src/release/apply';
import type { DesiredAsset } from '../../../src/release/desired-assets';
import { sha256Text } from '../../../src/release/digest';
import type { CreateParams, UpdateParams } from '../../../src/release/plan';
import type { RemoteAsset, RemoteRelease } from '../../../src/release/release-types';

const dir = mkdtempSync(join(tmpdir(), 'release-apply-'));
function asset(name: string, text = name): DesiredAsset {
  const path = join(dir, name);
  writeFileSync(path, text);
  return { name, fileName: name, path, size: text.length, contentType: 'application/octet-stream' };
}

class FakeApi {
  calls: string[] = [];
  releases: RemoteRelease[] = [];
  nextId = 100;
  createFails?: ApiError;
  /** Releases another run creates right after this run's create. */
  raceWith?: () => RemoteRelease;

  private release(params: Partial<RemoteRelease> & { tag_name: string }): RemoteRelease {
    const id = this.nextId++;
    return {
      id, name: null, body: null, draft: true, prerelease: false, html_url: `https://x/${id}`,
      upload_url: `https://uploads.example/releases/${id}/assets{?name,label}`, assets: [], ...params,
    };
  }

  add(params: Partial<RemoteRelease> & { tag_name: string }): RemoteRelease {
    const r = this.release(params);
    this.releases.push(r);
    return r;
  }

  async getByTag(tag: string) {
    this.calls.push('getByTag');
    return this.releases.find((r) => r.tag_name === tag && !r.draft);
  }
  async findInList(tag: string) {
    this.calls.push('findInList');
    return this.releases.find((r) => r.tag_name === tag);
  }
  async allForTag(tag: string) {
    this.calls.push('allForTag');
    return this.releases.filter((r) => r.tag_name === tag);
  }
  async create(params: CreateParams) {
    this.calls.push('create');
    if (this.createFails) throw this.createFails;
    const own = this.add({ tag_name: params.tag_name, name: params.name, body: params.body ?? null, prerelease: params.prerelease });
    if (this.raceWith) this.raceWith();
    return own;
  }
  async update(id: number, params: UpdateParams) {
    this.calls.push(`update ${JSON.stringify(params)}`);
    const r = this.releases.find((x) => x.id === id)!;
    Object.assign(r, params);
    return r;
  }
  async deleteRelease(id: number) {
    this.calls.push(`deleteRelease ${id}`);
    this.releases = this.releases.filter((r) => r.id !== id);
  }
  async listAssets(id: number) {
    return this.releases.find((r) => r.id === id)!.assets;
  }
  async deleteAsset(id: number) {
    this.calls.push(`deleteAsset ${id}`);
    for (const r of this.releases) r.assets = r.assets.filter((a) => a.id !== id);
  }
  async generateNotes(tag: string) {
    this.calls.push('generateNotes');
    return `notes for ${tag}`;
  }
  client = {
    octokit: {
      request: async (options: { url: string; data: { writeTo(out: Writable): Promise<void>; digest(): string; size: number } }) => {
        const url = new URL(options.url);
        const id = Number(/releases\/(\d+)\/assets/.exec(url.pathname)![1]);
        this.calls.push(`upload ${id} ${url.searchParams.get('name')}`);
        await options.data.writeTo(new Writable({ write: (_c, _e, cb) => cb() }));
        const a: RemoteAsset = {
          id: this.nextId++, name: url.searchParams.get('name')!, size: options.data.size, state: 'uploaded',
          digest: `sha256:${options.data.digest()}`, browser_download_url: `https://x/${url.searchParams.get('name')}`,
        };
        this.releases.find((r) => r.id === id)!.assets.push(a);
        return { data: a };
      },
    },
  };
}

function budget(calls: string[], refuse = false): Budget {
  return {
    reserve: 0,
    state: () => ({ known: true, limit: 1000, remaining: 1000, used: 0, reset: 0, resource: 'core' }),
    refresh: async () => ({ known: true, limit: 1000, remaining: 1000, used: 0, reset: 0, resource: 'core' }),
    canAfford: () => !refuse,
    ensure: async (cost: Cost | number) => {
      calls.push(`ensure ${typeof cost === 'number' ? cost : cost.requests}`);
      if (refuse) throw new Error('budget too small');
    },
  };
}

const log = { debug() {}, info() {}, warning() {} };

function request(extra: Partial<ReleaseRequest> = {}, assets = [asset('a.zip'), asset('b.zip')]): ReleaseRequest {
  return {
    desired: { tag: 'v1', generateNotes: false, draft: false, prerelease: false, body: 'notes' },
    assets,
    options: { existingAssets: 'replace' },
    maxParallelUploads: 2,
    dryRun: false,
    ...extra,
  };
}

function deps(api: FakeApi, refuse = false) {
  return { api: api as unknown as ReleaseApi, budget: budget(api.calls, refuse), log, tempDir: dir, uploadBaseDelayMs: 1 };
}

describe('runRelease', () => {
  it('new release: by-tag read, budget, create, list, uploads, one publishing update', async () => {
    const api = new FakeApi();
    const result = await runRelease(deps(api), request());
    expect(api.calls.slice(0, 3)).toEqual(['getByTag', 'ensure 5', 'create']);
    // The releases of the tag are read while the uploads start.
    expect(api.calls.slice(3, 6).sort()).toEqual(['allForTag', 'upload 100 a.zip', 'upload 100 b.zip']);
    expect(api.calls.slice(6)).toEqual(['update {"draft":false}']);
    expect(result).toMatchObject({ created: true, release: { id: 100, draft: false } });
    expect(result.assets.map((a) => [a.name, a.digest])).toEqual([
      ['a.zip', `sha256:${sha256Text('a.zip')}`],
      ['b.zip', `sha256:${sha256Text('b.zip')}`],
    ]);
  });

  it('nothing is written when the budget refuses the plan', async () => {
    const api = new FakeApi();
    await expect(runRelease(deps(api, true), request())).rejects.toThrow('budget too small');
    expect(api.calls).toEqual(['getByTag', 'ensure 5']);
  });

  it('a draft created first by another run wins: own draft deleted (with what it got), the winner planned and filled', async () => {
    const api = new FakeApi();
    const theirs = api.add({ tag_name: 'v1', name: 'v1', body: 'notes' });
    theirs.assets.push({ id: 5, name: 'a.zip', size: 5, state: 'uploaded', digest: `sha256:${sha256Text('a.zip')}`, browser_download_url: 'x' });
    const result = await runRelease(deps(api), request());
    const own = api.calls.indexOf('deleteRelease 101');
    expect(api.calls.slice(0, 3)).toEqual(['getByTag', 'ensure 5', 'create']);
    expect(api.calls.slice(3, own)).toContain('allForTag');
    expect(api.calls.slice(3, own).every((c) => c === 'allForTag' || c.startsWith('upload 101 '))).toBe(true);
    expect(api.calls.slice(own)).toEqual(['deleteRelease 101', 'ensure 2', 'upload 100 b.zip', 'update {"draft":false}']);
    expect(result).toMatchObject({ created: false, release: { id: 100 } });
    expect(api.releases.map((r) => r.id)).toEqual([100]);
  });

  it('a draft another run creates just after its own loses to it (higher id): it keeps its own', async () => {
    const api = new FakeApi();
    api.raceWith = () => api.add({ tag_name: 'v1' });
    const result = await runRelease(deps(api), request());
    expect(result).toMatchObject({ created: true, release: { id: 100 } });
    expect(api.calls.filter((c) => c.startsWith('deleteRelease'))).toEqual([]);
  });

  it('a create answered 422 already_exists continues with the release that exists now', async () => {
    const api = new FakeApi();
    api.createFails = new ApiError({ status: 422, method: 'POST', url: 'https://api/repos/o/r/releases', message: 'Validation Failed', errors: [{ resource: 'Release', code: 'already_exists', field: 'tag_name' }] });
    api.calls.push = function (this: string[], ...items: string[]) {
      // The other run publishes between our by-tag read and our create.
      if (items[0] === 'create') api.add({ tag_name: 'v1', draft: false, name: 'v1', body: 'notes' });
      return Array.prototype.push.apply(this, items);
    };
    const result = await runRelease(deps(api), request());
    expect(result).toMatchObject({ created: false, release: { id: 100, draft: false } });
    expect(api.calls.slice(0, 5)).toEqual(['getByTag', 'ensure 5', 'create', 'getByTag', 'ensure 2']);
    expect(api.calls.slice(5).sort()).toEqual(['upload 100 a.zip', 'upload 100 b.zip']);
  });

  it('dry run: reads (drafts through the list) and returns the plan without writing', async () => {
    const api = new FakeApi();
    api.add({ tag_name: 'v1', name: 'v1', body: 'notes' });
    const result = await runRelease(deps(api), request({ dryRun: true }));
    expect(api.calls).toEqual(['getByTag', 'findInList']);
    expect(result.plan.assets.map((s) => s.action)).toEqual(['upload', 'upload']);
    expect(result.plan.update).toEqual({ draft: false });
  });

  it('generated notes for an existing draft: asked for after the uploads, put after `body` in the one update', async () => {
    const api = new FakeApi();
    api.add({ tag_name: 'v1', name: 'v1', body: 'old' });
    api.createFails = new ApiError({ status: 500, method: 'POST', url: 'x' });
    await runRelease(deps(api), request({ dryRun: false, desired: { tag: 'v1', generateNotes: true, draft: false, prerelease: false, body: 'Intro' } }, [])).catch(() => undefined);
    // The by-tag read cannot see the draft, so a create is attempted first; here it fails and nothing else is written.
    expect(api.calls).toEqual(['getByTag', 'ensure 3', 'create']);

    const found = new FakeApi();
    found.add({ tag_name: 'v1', name: 'v1', body: 'old' });
    const result = await runRelease(deps(found), request({ desired: { tag: 'v1', generateNotes: true, draft: false, prerelease: false, body: 'Intro' } }, []));
    expect(found.calls.slice(-2)).toEqual(['generateNotes', 'update {"draft":false,"body":"Intro\\n\\nnotes for v1"}']);
    expect(result.release?.body).toBe('Intro\n\nnotes for v1');
  });
});
