// The plan as rows of the shared plan table (log and job summary), in the order the steps run, each priced.
import type { Operation } from '../../../kernel/plan';
import { formatBytes } from '../../../kernel/sizes';
import { contentTypeFor } from './content-type';
import type { AssetStep, ReleasePlan, UpdateParams } from '../plan';
import { shownTag } from './target';

const READ = { requests: 1, writes: 0 };
const WRITE = { requests: 1, writes: 1 };
const FREE = { requests: 0, writes: 0 };
/** One GraphQL query of one point (GraphQL's own budget). */
const QUERY = { requests: 0, writes: 0, points: 1 };

function describeUpdate(update: UpdateParams): string {
  return Object.entries(update)
    .map(([k, v]) => (k === 'body' ? `body (${String(v).length} chars)` : `${k}: ${JSON.stringify(v)}`))
    .join(', ');
}

/** One row about an asset: a write unless `cost` says otherwise. */
function assetRow(kind: string, subject: string, detail: string, cost = WRITE): Operation {
  return { kind, target: 'asset', subject, detail, cost, payload: null };
}

function assetRows(step: AssetStep): Operation[] {
  const name = step.asset.name;
  const renamed = step.asset.fileName !== name ? ` (file "${step.asset.fileName}")` : '';
  const label = step.asset.label !== undefined && step.action !== 'keep' ? `, label "${step.asset.label}"` : '';
  // A content type other than the file name's (`asset-content-type`) is shown where it is sent.
  const typed =
    step.action !== 'keep' && step.action !== 'skip' && step.asset.contentType !== contentTypeFor(step.asset.fileName)
      ? `, content type ${step.asset.contentType}`
      : '';
  const detail = `${formatBytes(step.asset.size)}${renamed}${label}${typed}; ${step.reason}`;
  const ops: Operation[] = [];
  if (step.staged) {
    if (step.existing) ops.push(assetRow('delete', name, `id ${step.existing.id}`));
    ops.push(
      assetRow('rename', name, `"${step.staged.name}" (same sha256, staged by an interrupted run) takes the name`),
    );
  } else if (step.swap) {
    ops.push(
      assetRow('upload', name, `${detail}; under a staging name first`),
      assetRow('delete', name, `id ${step.existing?.id}, once the new one is in`),
      assetRow('rename', name, 'the staged upload takes the name'),
    );
  } else if (step.action === 'replace') {
    ops.push(assetRow('delete', name, `id ${step.existing?.id}`), assetRow('upload', name, detail));
  } else if (step.action === 'upload') {
    ops.push(assetRow('upload', name, detail));
  } else {
    ops.push(assetRow(step.action, name, detail, FREE));
  }
  if (step.relabel !== undefined) ops.push(assetRow('label', name, step.relabel));
  return ops;
}

function notesRow(plan: ReleasePlan): Operation {
  return {
    kind: 'generate',
    target: 'notes',
    subject: shownTag(plan.tag),
    detail: plan.notes?.previousTag ? `since ${plan.notes.previousTag}` : 'since the previous release',
    cost: WRITE,
    payload: null,
  };
}

/** What goes around generated notes, for the row that writes them. */
function addedText(plan: ReleasePlan): string {
  const parts = plan.notes?.parts ?? {};
  const around = [
    parts.prepend !== undefined ? 'prepend-body' : '',
    parts.body !== undefined ? 'body first' : '',
    parts.append !== undefined ? 'append-body' : '',
  ].filter(Boolean);
  return around.length ? ` (with ${around.join(', ')})` : '';
}

/** One row per step, in the order they run. */
export function planOperations(plan: ReleasePlan): Operation[] {
  const ops: Operation[] = [];
  if (plan.skipped)
    return [
      { kind: 'skip', target: 'release', subject: shownTag(plan.tag), detail: plan.skipped, cost: FREE, payload: null },
    ];
  if (plan.create) {
    ops.push({
      kind: 'create',
      target: 'release',
      subject: shownTag(plan.tag),
      detail:
        // Only a final update with `draft: false` publishes it; with `draft: true` it stays a draft.
        (plan.update?.draft === false
          ? 'as a draft, published by the final update'
          : plan.tag === ''
            ? 'as a draft without a tag (GitHub shows it as untagged-…), and left a draft'
            : 'as a draft, and left a draft') + (plan.notes ? `; body: generated notes${addedText(plan)}` : ''),
      cost: WRITE,
      payload: null,
    });
    ops.push({
      kind: 'read',
      target: 'releases',
      subject: shownTag(plan.tag),
      detail: `first page again${plan.listsThroughGraphql ? ' (GraphQL)' : ''}: converge with concurrent runs`,
      cost: plan.listsThroughGraphql ? QUERY : READ,
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
  if (plan.defaultBranchRead !== undefined)
    ops.push({
      kind: 'read',
      target: 'repository',
      subject: 'default branch',
      detail: `${plan.defaultBranchRead}: the target of the generated notes (the tag may not exist yet)`,
      cost: READ,
      payload: null,
    });
  if (plan.categoriesRead && plan.discussionCategory)
    ops.push({
      kind: 'read',
      target: 'discussion categories',
      subject: plan.discussionCategory,
      detail: 'GraphQL, before any write',
      cost: READ,
      payload: null,
    });
  if (plan.notes && plan.create) ops.push(notesRow(plan));
  for (const step of plan.assets) ops.push(...assetRows(step));
  for (const gone of plan.removals) {
    ops.push({
      kind: 'delete',
      target: 'asset',
      subject: gone.name,
      detail: `${formatBytes(gone.size)}; not among the files (remove-assets)`,
      cost: WRITE,
      payload: null,
    });
  }
  if (plan.checksums) {
    if (plan.checksums.rebuild) {
      ops.push({
        kind: 'read',
        target: 'assets',
        subject: plan.checksums.step.asset.name,
        detail: 'fresh, after the uploads: the checksums list every asset',
        cost: READ,
        payload: null,
      });
      const rows = assetRows(plan.checksums.step);
      ops.push(...(rows.some((r) => r.cost.writes > 0) ? rows : [{ ...rows[0], kind: 'upload', cost: WRITE }]));
      ops.push({
        kind: 'read',
        target: 'assets',
        subject: plan.checksums.step.asset.name,
        detail: 'again: check the file written',
        cost: READ,
        payload: null,
      });
    } else ops.push(...assetRows(plan.checksums.step));
  }
  if (plan.notes && !plan.create) ops.push(notesRow(plan));
  if (plan.update) {
    ops.push({
      kind: 'update',
      target: 'release',
      subject: shownTag(plan.tag),
      detail: [describeUpdate(plan.update), plan.notes && !plan.create ? `body: generated notes${addedText(plan)}` : '']
        .filter(Boolean)
        .join(', '),
      cost: WRITE,
      payload: null,
    });
  }
  return ops;
}
