import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/errors';
import { LabelExecutor } from '../../../src/label-sync/apply';
import type { LabelOperation, LabelPayload } from '../../../src/label-sync/plan';
import { fakeClient } from './fake-client';

const op = (payload: LabelPayload): LabelOperation => ({
  kind: payload.kind,
  target: 'o/r',
  subject: 'name' in payload ? payload.name : payload.kind === 'merge' ? payload.into : payload.current,
  cost: { requests: 1, writes: 1 },
  payload,
});

describe('LabelExecutor', () => {
  it('creates a label', async () => {
    const f = fakeClient();
    expect(await new LabelExecutor(f.client).run(op({ kind: 'create', name: 'bug', color: 'd73a4a', description: '' }))).toBe('created');
    expect(f.labels).toEqual([{ name: 'bug', color: 'd73a4a', description: null }]);
    expect(f.calls[0].params).toMatchObject({ owner: 'o', repo: 'r', name: 'bug', color: 'd73a4a', description: '' });
  });

  it('a create that finds the label already there (in another case) re-reads it fresh and updates it', async () => {
    const f = fakeClient({ labels: [{ name: 'BUG', color: 'ffffff', description: null }] });
    const outcome = await new LabelExecutor(f.client).run(op({ kind: 'create', name: 'bug', color: 'd73a4a', description: 'x' }));
    expect(outcome).toBe('created meanwhile by someone else; updated');
    expect(f.routes()).toEqual(['POST /labels bug', 'GET /labels/{name} bug', 'PATCH /labels/{name} BUG']);
    expect(f.calls[1].params.request).toEqual({ noCache: true });
    expect(f.calls[2].params).toMatchObject({ new_name: 'bug', color: 'd73a4a', description: 'x' });
    expect(f.labels).toEqual([{ name: 'bug', color: 'd73a4a', description: 'x' }]);
  });

  it('a create that finds the label already there and in line writes nothing more', async () => {
    const f = fakeClient({ labels: [{ name: 'bug', color: 'D73A4A', description: null }] });
    const outcome = await new LabelExecutor(f.client).run(op({ kind: 'create', name: 'bug', color: 'd73a4a', description: '' }));
    expect(outcome).toBe('created meanwhile by someone else, already in line');
    expect(f.routes()).toEqual(['POST /labels bug', 'GET /labels/{name} bug']);
  });

  it('an update whose label was deleted meanwhile creates it', async () => {
    const f = fakeClient();
    const outcome = await new LabelExecutor(f.client).run(op({ kind: 'update', current: 'bug', name: 'Bug', color: 'd73a4a', description: '' }));
    expect(outcome).toBe('bug was deleted meanwhile; created');
    expect(f.routes()).toEqual(['PATCH /labels/{name} bug', 'POST /labels Bug']);
    expect(f.labels.map((l) => l.name)).toEqual(['Bug']);
  });

  it('an update sends new_name only when the name changes', async () => {
    const f = fakeClient({ labels: [{ name: 'bug', color: 'ffffff', description: null }] });
    await new LabelExecutor(f.client).run(op({ kind: 'update', current: 'bug', name: 'bug', color: 'd73a4a', description: '' }));
    expect(f.calls[0].params).not.toHaveProperty('new_name');
  });

  it('a rename sends PATCH new_name with the colour and description', async () => {
    const f = fakeClient({ labels: [{ name: 'defect', color: 'ffffff', description: null }] });
    expect(await new LabelExecutor(f.client).run(op({ kind: 'rename', current: 'defect', name: 'bug', color: 'd73a4a', description: 'd' }))).toBe('defect → bug');
    expect(f.labels).toEqual([{ name: 'bug', color: 'd73a4a', description: 'd' }]);
  });

  it('a merge labels every carrier, then deletes the alias', async () => {
    const f = fakeClient({ labels: [{ name: 'bug', color: 'd73a4a', description: null }, { name: 'defect', color: 'ffffff', description: null }] });
    expect(await new LabelExecutor(f.client).run(op({ kind: 'merge', current: 'defect', into: 'bug', issues: [4, 9] }))).toBe('2 issues relabelled, defect deleted');
    expect(f.routes()).toEqual(['POST /issues/{issue_number}/labels 4', 'POST /issues/{issue_number}/labels 9', 'DELETE /labels/{name} defect']);
    expect(f.issueLabels.get(9)).toEqual(['bug']);
    expect(f.labels.map((l) => l.name)).toEqual(['bug']);
  });

  it('a merge keeps the alias when a carrier could not be labelled, and says which', async () => {
    const f = fakeClient({
      labels: [{ name: 'bug', color: 'd73a4a', description: null }, { name: 'defect', color: 'ffffff', description: null }],
      fail: (c) => (c.params.issue_number === 9 ? new ApiError({ status: 403, method: 'POST', url: 'https://x/repos/o/r/issues/9/labels', message: 'Forbidden' }) : undefined),
    });
    await expect(new LabelExecutor(f.client).run(op({ kind: 'merge', current: 'defect', into: 'bug', issues: [4, 9] }))).rejects.toThrow(
      /could not add bug to 1 of 2 issues, defect kept: #9: POST/,
    );
    expect(f.labels.map((l) => l.name)).toEqual(['bug', 'defect']);
  });

  it('a delete of a label already gone is done', async () => {
    const f = fakeClient();
    expect(await new LabelExecutor(f.client).run(op({ kind: 'delete', current: 'old' }))).toBe('already gone');
  });

  it('other errors propagate', async () => {
    const f = fakeClient({ fail: () => new ApiError({ status: 403, method: 'POST', url: 'https://x/repos/o/r/labels', message: 'Resource not accessible by integration' }) });
    await expect(new LabelExecutor(f.client).run(op({ kind: 'create', name: 'bug', color: 'd73a4a', description: '' }))).rejects.toThrow(/permissions: issues: write/);
  });
});
