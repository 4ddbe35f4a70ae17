// Executors of the planned label operations. Each is idempotent against a repository that changed since it was read:
// a create that finds the label already there re-reads it and updates it only if needed; an update or rename whose
// label was deleted meanwhile creates it; a delete of a label already gone is done.
import { isAlreadyExists, isStatus } from '../client';
import type { Client } from '../client/types';
import { normaliseColor } from './color';
import type { LabelOperation, LabelPayload } from './plan';
import { splitRepository } from './state';

interface Wanted {
  name: string;
  color: string;
  description: string;
}

/** What an executor did, in words (for the plan output and the log). */
export type Outcome = string;

export class LabelExecutor {
  constructor(private readonly client: Client) {}

  run(op: LabelOperation): Promise<Outcome> {
    const repo = splitRepository(op.target);
    const p: LabelPayload = op.payload;
    switch (p.kind) {
      case 'create':
        return this.create(repo, p);
      case 'update':
      case 'rename':
        return this.update(repo, p.current, p);
      case 'merge':
        return this.merge(repo, p.current, p.into, p.issues);
      case 'delete':
        return this.remove(repo, p.current).then((gone) => (gone ? 'already gone' : 'deleted'));
    }
  }

  private get octokit() {
    return this.client.octokit;
  }

  private async create(repo: { owner: string; repo: string }, wanted: Wanted): Promise<Outcome> {
    try {
      await this.octokit.request('POST /repos/{owner}/{repo}/labels', { ...repo, ...wanted });
      return 'created';
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
    // Created meanwhile (perhaps in another case): read it fresh and bring it in line.
    const { data } = await this.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', { ...repo, name: wanted.name, request: { noCache: true } });
    const current = data as { name: string; color: string; description?: string | null };
    const inLine = current.name === wanted.name && safeColor(current.color) === wanted.color && (current.description ?? '') === wanted.description;
    if (inLine) return 'created meanwhile by someone else, already in line';
    await this.patch(repo, current.name, wanted);
    return 'created meanwhile by someone else; updated';
  }

  private async update(repo: { owner: string; repo: string }, current: string, wanted: Wanted): Promise<Outcome> {
    try {
      await this.patch(repo, current, wanted);
      return current === wanted.name ? 'updated' : `${current} → ${wanted.name}`;
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
    }
    // Deleted meanwhile: create it instead.
    const created = await this.create(repo, wanted);
    return `${current} was deleted meanwhile; ${created}`;
  }

  private async patch(repo: { owner: string; repo: string }, current: string, wanted: Wanted): Promise<void> {
    await this.octokit.request('PATCH /repos/{owner}/{repo}/labels/{name}', {
      ...repo,
      name: current,
      ...(current !== wanted.name ? { new_name: wanted.name } : {}),
      color: wanted.color,
      description: wanted.description,
    });
  }

  /** Adds `into` to every issue that carries `alias` (in parallel; the client paces), then deletes `alias`. */
  private async merge(repo: { owner: string; repo: string }, alias: string, into: string, issues: readonly number[]): Promise<Outcome> {
    const results = await Promise.allSettled(
      issues.map((issue_number) => this.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...repo, issue_number, labels: [into] })),
    );
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`#${issues[i]}: ${(r.reason as Error).message}`] : []));
    // The alias is kept while any carrier lacks the new label, so that a re-run can finish the merge.
    if (failed.length > 0) throw new Error(`could not add ${into} to ${failed.length} of ${issues.length} issues, ${alias} kept: ${failed.join('; ')}`);
    await this.remove(repo, alias);
    return `${issues.length} issue${issues.length === 1 ? '' : 's'} relabelled, ${alias} deleted`;
  }

  /** Deletes a label; resolves true when it was already gone. */
  private async remove(repo: { owner: string; repo: string }, name: string): Promise<boolean> {
    try {
      await this.octokit.request('DELETE /repos/{owner}/{repo}/labels/{name}', { ...repo, name });
      return false;
    } catch (err) {
      if (isStatus(err, 404)) return true;
      throw err;
    }
  }
}

function safeColor(color: string): string {
  try {
    return normaliseColor(color);
  } catch {
    return color;
  }
}
