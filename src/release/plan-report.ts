// The plan as operations for the shared plan table (log and job summary), and the assets output.
import type { Operation } from '../core/plan';
import type { ReleasePlan, UpdateParams } from './plan';
import type { RemoteAsset } from './release-types';

const READ = { requests: 1, writes: 0 };
const WRITE = { requests: 1, writes: 1 };
const FREE = { requests: 0, writes: 0 };

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

function describeUpdate(update: UpdateParams): string {
  return Object.entries(update)
    .map(([k, v]) => (k === 'body' ? `body (${String(v).length} chars)` : `${k}: ${JSON.stringify(v)}`))
    .join(', ');
}

/** One row per step, in the order they run. */
export function planOperations(plan: ReleasePlan): Operation[] {
  const ops: Operation[] = [];
  if (plan.create) {
    ops.push({
      kind: 'create',
      target: 'release',
      subject: plan.tag,
      detail: 'as a draft, published by the final update',
      cost: WRITE,
      payload: null,
    });
    ops.push({
      kind: 'read',
      target: 'releases',
      subject: plan.tag,
      detail: 'first page again: converge with concurrent runs',
      cost: READ,
      payload: null,
    });
  }
  for (const stray of plan.strays) {
    ops.push({
      kind: 'delete',
      target: 'asset',
      subject: stray.name,
      detail: 'left by an interrupted replace',
      cost: WRITE,
      payload: null,
    });
  }
  for (const step of plan.assets) {
    const renamed = step.asset.fileName !== step.asset.name ? ` (file "${step.asset.fileName}")` : '';
    const detail = `${size(step.asset.size)}${renamed}; ${step.reason}`;
    if (step.swap) {
      ops.push({
        kind: 'upload',
        target: 'asset',
        subject: step.asset.name,
        detail: `${detail}; under a staging name first`,
        cost: WRITE,
        payload: null,
      });
      ops.push({
        kind: 'delete',
        target: 'asset',
        subject: step.asset.name,
        detail: `id ${step.existing?.id}, once the new one is in`,
        cost: WRITE,
        payload: null,
      });
      ops.push({
        kind: 'rename',
        target: 'asset',
        subject: step.asset.name,
        detail: 'the staged upload takes the name',
        cost: WRITE,
        payload: null,
      });
    } else if (step.action === 'replace') {
      ops.push({
        kind: 'delete',
        target: 'asset',
        subject: step.asset.name,
        detail: `id ${step.existing?.id}`,
        cost: WRITE,
        payload: null,
      });
      ops.push({ kind: 'upload', target: 'asset', subject: step.asset.name, detail, cost: WRITE, payload: null });
    } else if (step.action === 'upload') {
      ops.push({ kind: 'upload', target: 'asset', subject: step.asset.name, detail, cost: WRITE, payload: null });
    } else {
      ops.push({ kind: step.action, target: 'asset', subject: step.asset.name, detail, cost: FREE, payload: null });
    }
  }
  if (plan.generateNotes)
    ops.push({ kind: 'generate', target: 'notes', subject: plan.tag, cost: WRITE, payload: null });
  if (plan.update) {
    ops.push({
      kind: 'update',
      target: 'release',
      subject: plan.tag,
      detail: describeUpdate(plan.update) || 'notes',
      cost: WRITE,
      payload: null,
    });
  }
  return ops;
}

export interface OutputAsset {
  name: string;
  id: number;
  size: number;
  digest: string | null;
  url: string;
}

export function outputAsset(asset: RemoteAsset): OutputAsset {
  return {
    name: asset.name,
    id: asset.id,
    size: asset.size,
    digest: asset.digest ?? null,
    url: asset.browser_download_url,
  };
}
