// Executors of the planned label operations. Each is idempotent against a repository that changed since it was read:
// a create that finds the label already there re-reads it and updates it only if needed; an update or rename whose
// label was deleted meanwhile creates it; a delete of a label already gone is done.
import { type ApiError, isAlreadyExists, isStatus } from '../client';
import type { Client } from '../client/types';
import { normaliseColor } from './color';
import type { LabelOperation, LabelPayload } from './plan';
import { listIssuesWithLabel, splitRepository } from './state';

interface Wanted {
  name: string;
  color: string;
  description: string;
}

/** What an executor did, in words (for the plan output and the log). */
export type Outcome = string;

/** A write not attempted because its repository refused an earlier one. */
export class NotAttempted extends Error {
  constructor(
    readonly repository: string,
    readonly refusal: ApiError,
  ) {
    super(
      `not attempted: ${repository} refused an earlier write (${refusal.status} ${refusal.apiMessage}). ${refusal.hint ?? ''}`.trim(),
    );
    this.name = 'NotAttempted';
  }
}

/** A 403 that is not a rate limit: the token may not write there, and no later write to that repository can succeed. */
export function isWriteRefusal(err: unknown): err is ApiError {
  if (!isStatus(err, 403)) return false;
  const { headers, apiMessage } = err as ApiError;
  return headers['x-ratelimit-remaining'] !== '0' && !headers['retry-after'] && !/rate limit|abuse/i.test(apiMessage);
}

export class LabelExecutor {
  /** Repositories that refused a write for lack of permission: their other writes are not attempted. */
  private readonly refused = new Map<string, ApiError>();

  constructor(private readonly client: Client) {}

  async run(op: LabelOperation): Promise<Outcome> {
    const refusal = this.refused.get(op.target);
    if (refusal) throw new NotAttempted(op.target, refusal);
    try {
      return await this.execute(op);
    } catch (err) {
      if (isWriteRefusal(err) && !this.refused.has(op.target)) this.refused.set(op.target, err);
      throw err;
    }
  }

  private execute(op: LabelOperation): Promise<Outcome> {
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
    const outcome = await this.bringInLine(repo, wanted);
    return `created meanwhile by someone else${outcome === 'updated' ? '; updated' : `, ${outcome}`}`;
  }

  /** Reads a label that exists (perhaps in another case) fresh, and updates it only if it is not as wanted. */
  private async bringInLine(repo: { owner: string; repo: string }, wanted: Wanted): Promise<Outcome> {
    const { data } = await this.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', {
      ...repo,
      name: wanted.name,
      request: { noCache: true },
    });
    const current = data as { name: string; color: string; description?: string | null };
    const inLine =
      current.name === wanted.name &&
      safeColor(current.color) === wanted.color &&
      (current.description ?? '') === wanted.description;
    if (inLine) return 'already in line';
    await this.patch(repo, current.name, wanted);
    return 'updated';
  }

  private async update(repo: { owner: string; repo: string }, current: string, wanted: Wanted): Promise<Outcome> {
    try {
      await this.patch(repo, current, wanted);
      return current === wanted.name ? 'updated' : `${current} → ${wanted.name}`;
    } catch (err) {
      const renaming = current.toLowerCase() !== wanted.name.toLowerCase();
      if (renaming && isAlreadyExists(err)) return this.mergeInstead(repo, current, wanted);
      if (!isStatus(err, 404)) throw err;
    }
    // Deleted meanwhile: create it instead.
    const created = await this.create(repo, wanted);
    return `${current} was deleted meanwhile; ${created}`;
  }

  /** A rename whose new name was created meanwhile by someone else: the old label is merged into it instead. */
  private async mergeInstead(repo: { owner: string; repo: string }, current: string, wanted: Wanted): Promise<Outcome> {
    const issues = await listIssuesWithLabel(this.client, `${repo.owner}/${repo.repo}`, current);
    const merged = await this.merge(repo, current, wanted.name, issues);
    return `${wanted.name} was created meanwhile: merged into it instead (${merged}); ${wanted.name} ${await this.bringInLine(repo, wanted)}`;
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

  /**
   * Adds `into` to every issue that carries `alias` (in parallel; the client paces), then, as a big merge takes
   * minutes under the secondary limits, lists the carriers again and labels any that got `alias` meanwhile; only then
   * deletes `alias`, which would take it off them.
   */
  private async merge(
    repo: { owner: string; repo: string },
    alias: string,
    into: string,
    issues: readonly number[],
  ): Promise<Outcome> {
    await this.relabel(repo, alias, into, issues);
    let late: number[] = [];
    if (issues.length > 0) {
      late = (await listIssuesWithLabel(this.client, `${repo.owner}/${repo.repo}`, alias)).filter(
        (n) => !issues.includes(n),
      );
      await this.relabel(repo, alias, into, late);
    }
    await this.remove(repo, alias);
    const n = issues.length + late.length;
    return `${n} issue${n === 1 ? '' : 's'} relabelled${late.length ? ` (${late.length} labelled ${alias} meanwhile)` : ''}, ${alias} deleted`;
  }

  private async relabel(
    repo: { owner: string; repo: string },
    alias: string,
    into: string,
    issues: readonly number[],
  ): Promise<void> {
    const results = await Promise.allSettled(
      issues.map((issue_number) =>
        this.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
          ...repo,
          issue_number,
          labels: [into],
        }),
      ),
    );
    const failed = results.flatMap((r, i) =>
      r.status === 'rejected' ? [`#${issues[i]}: ${(r.reason as Error).message}`] : [],
    );
    // The alias is kept while any carrier lacks the new label, so that a re-run can finish the merge.
    if (failed.length > 0)
      throw new Error(
        `could not add ${into} to ${failed.length} of ${issues.length} issues, ${alias} kept: ${failed.join('; ')}`,
      );
  }

  /** Deletes a label; resolves true when it was already gone. */
  private async remove(repo: { owner: string; repo: string }, name: string): Promise<boolean> {
    try {
      await this.octokit.request('DELETE /repos/{owner}/{repo}/labels/{name}', { ...repo, name });
      return false;
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
      // GitHub also answers 404 to a write the token may not make: "gone" only if a fresh read agrees.
      if (await this.exists(repo, name)) {
        throw new Error(
          `${(err as Error).message} But ${name} is still there: the token may not delete labels in ${repo.owner}/${repo.repo} (it needs \`permissions: issues: write\`).`,
          { cause: err },
        );
      }
      return true;
    }
  }

  private async exists(repo: { owner: string; repo: string }, name: string): Promise<boolean> {
    try {
      await this.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', {
        ...repo,
        name,
        request: { noCache: true },
      });
      return true;
    } catch (err) {
      if (isStatus(err, 404)) return false;
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
