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
      id,
      name: null,
      body: null,
      draft: true,
      prerelease: false,
      html_url: `https://x/${id}`,
      upload_url: `https://uploads.example/releases/${id}/assets{?name,label}`,
      assets: [],
      ...params,
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
  /** One page: the releases of the tag, newest first. */
  async *releasePages(tag: string) {
    this.calls.push('list');
    yield { hits: this.releases.filter((r) => r.tag_name === tag).reverse(), more: false };
  }
  latestIs?: number;
  async latestId() {
    this.calls.push('latest');
    return this.latestIs;
  }
  async create(params: CreateParams) {
    this.calls.push('create');
    if (this.createFails) throw this.createFails;
    const own = this.add({
      tag_name: params.tag_name,
      name: params.name,
      body: params.body ?? null,
      prerelease: params.prerelease,
    });
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
      request: async (options: {
        url: string;
        data: { writeTo(out: Writable): Promise<void>; digest(): string; size: number };
      }) => {
        const url = new URL(options.url);
        const id = Number(/releases\/(\d+)\/assets/.exec(url.pathname)![1]);
        this.calls.push(`upload ${id} ${url.searchParams.get('name')}`);
        await options.data.writeTo(new Writable({ write: (_c, _e, cb) => cb() }));
        const a: RemoteAsset = {
          id: this.nextId++,
          name: url.searchParams.get('name')!,
          size: options.data.size,
          state: 'uploaded',
          digest: `sha256:${options.data.digest()}`,
          browser_download_url: `https://x/${url.searchParams.get('name')}`,
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
  return {
    api: api as unknown as ReleaseApi,
    budget: budget(api.calls, refuse),
    log,
    tempDir: dir,
    uploadBaseDelayMs: 1,
  };
}

describe('runRelease', () => {
  it('new release: list, budget, create, list, uploads, one publishing update', async () => {
    const api = new FakeApi();
    const result = await runRelease(deps(api), request());
    expect(api.calls.slice(0, 4)).toEqual(['list', 'ensure 5', 'create', 'list']);
    expect(api.calls.slice(4, 6).sort()).toEqual(['upload 100 a.zip', 'upload 100 b.zip']);
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
    expect(api.calls).toEqual(['list', 'ensure 5']);
  });

  it("an existing draft (a failed or concurrent run's) is found in the list and filled: no create", async () => {
    const api = new FakeApi();
    const theirs = api.add({ tag_name: 'v1', name: 'v1', body: 'notes' });
    theirs.assets.push({
      id: 5,
      name: 'a.zip',
      size: 5,
      state: 'uploaded',
      digest: `sha256:${sha256Text('a.zip')}`,
      browser_download_url: 'x',
    });
    const result = await runRelease(deps(api), request());
    expect(api.calls).toEqual(['list', 'ensure 2', 'upload 100 b.zip', 'update {"draft":false}']);
    expect(result).toMatchObject({ created: false, release: { id: 100 } });
  });

  it('a draft another run created first (lower id) wins after the create: own draft deleted, the winner filled', async () => {
    const api = new FakeApi();
    let theirs: RemoteRelease | undefined;
    api.create = async function (this: FakeApi, params: CreateParams) {
      this.calls.push('create');
      theirs = this.add({ tag_name: 'v1', name: 'v1', body: 'notes' });
      return this.add({ tag_name: params.tag_name, name: params.name, body: params.body ?? null });
    };
    const result = await runRelease(deps(api), request());
    expect(api.calls).toEqual([
      'list',
      'ensure 5',
      'create',
      'list',
      'deleteRelease 101',
      'ensure 3',
      'upload 100 a.zip',
      'upload 100 b.zip',
      'update {"draft":false}',
    ]);
    expect(result).toMatchObject({ created: false, release: { id: theirs!.id } });
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
    api.createFails = new ApiError({
      status: 422,
      method: 'POST',
      url: 'https://api/repos/o/r/releases',
      message: 'Validation Failed',
      errors: [{ resource: 'Release', code: 'already_exists', field: 'tag_name' }],
    });
    api.calls.push = function (this: string[], ...items: string[]) {
      // The other run publishes between our list read and our create.
      if (items[0] === 'create') api.add({ tag_name: 'v1', draft: false, name: 'v1', body: 'notes' });
      return Array.prototype.push.apply(this, items);
    };
    const result = await runRelease(deps(api), request());
    expect(result).toMatchObject({ created: false, release: { id: 100, draft: false } });
    expect(api.calls.slice(0, 5)).toEqual(['list', 'ensure 5', 'create', 'list', 'ensure 2']);
    expect(api.calls.slice(5).sort()).toEqual(['upload 100 a.zip', 'upload 100 b.zip']);
  });

  it('dry run: reads (drafts through the list) and returns the plan without writing', async () => {
    const api = new FakeApi();
    api.add({ tag_name: 'v1', name: 'v1', body: 'notes' });
    const result = await runRelease(deps(api), request({ dryRun: true }));
    expect(api.calls).toEqual(['list']);
    expect(result.plan.assets.map((s) => s.action)).toEqual(['upload', 'upload']);
    expect(result.plan.update).toEqual({ draft: false });
  });

  it('make-latest: true on a published release with nothing else to change: one read, one update only if needed', async () => {
    const api = new FakeApi();
    const rel = api.add({ tag_name: 'v1', name: 'v1', body: 'notes', draft: false });
    api.latestIs = 999;
    const desired = {
      tag: 'v1',
      generateNotes: false,
      draft: false,
      prerelease: false,
      body: 'notes',
      makeLatest: 'true' as const,
    };
    await runRelease(deps(api), request({ desired }, []));
    expect(api.calls).toEqual(['list', 'latest', 'ensure 1', 'update {"make_latest":"true"}']);
    api.calls.length = 0;
    api.latestIs = rel.id;
    await runRelease(deps(api), request({ desired }, []));
    expect(api.calls).toEqual(['list', 'latest', 'ensure 0']);
  });

  it('generated notes for an existing draft: asked for after the uploads, put after `body` in the one update', async () => {
    const found = new FakeApi();
    found.add({ tag_name: 'v1', name: 'v1', body: 'old' });
    const result = await runRelease(
      deps(found),
      request({ desired: { tag: 'v1', generateNotes: true, draft: false, prerelease: false, body: 'Intro' } }, []),
    );
    expect(found.calls).toEqual([
      'list',
      'ensure 2',
      'generateNotes',
      'update {"draft":false,"body":"Intro\\n\\nnotes for v1"}',
    ]);
    expect(result.release?.body).toBe('Intro\n\nnotes for v1');
  });
});
