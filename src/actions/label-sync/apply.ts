// Executors of the planned label operations. Each converges against a repository that changed since it was read, and
// against its own earlier attempt whose answer was lost (the client retries a write after a 5xx or a reset; the
// retry then meets what the first attempt did). The retry rules, one per write:
// - create: 422 `already_exists` → read the label fresh, patch it only if it differs.
// - update / rename: 404 → read the wanted name fresh: there (a rename that happened) → patch only if it differs;
//   absent (deleted meanwhile) → create. A rename answered 422 `already_exists` (the new name was created
//   meanwhile) → merge the old label into it.
// - delete: 404 → done only when a fresh read agrees (GitHub also answers 404 to a token that may not write).
// - merge: add the new label to every carrier (adding is idempotent), list the carriers again and label any that
//   still lack it, and only then delete the alias: a crash at any point leaves the alias on every issue that is not
//   yet relabelled, so the re-run plans the same merge and finishes it.
import { declared } from '../../github/client/declared';
import { reads } from './reads';
import { writes } from './writes';
import { z } from 'zod';
import { type ApiError, classifyError, isAlreadyExists, isStatus } from '../../github/client';
import type { Clock } from '../../github/client/clock';
import type { Client } from '../../github/client/types';
import { labelNameProblem, parseRepositoryName, pathParameter, type RepositoryName } from '../../github/names';
import { runPool } from '../../kernel/pool';
import type { ActionLog } from '../../kernel/action';
import { messageOf, plural } from '../../kernel/words';
import { normaliseColor } from './domain/color';
import type { LabelFields, LabelOperation } from './plan';
import { MERGE_PROGRESS, Progress } from '../../kernel/progress';
import { listCarriers } from './domain/state';

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
  return isStatus(err, 403) && classifyError(err)?.kind === 'permission';
}

// A label as GitHub's OpenAPI description gives it (the fields compared); every other field passes.
const apiLabel = z.looseObject({ name: z.string(), color: z.string(), description: z.string().nullish() });
type ApiLabel = z.infer<typeof apiLabel>;

/** The parameters that address one label: every one validated (never `.`, `..` or empty in the path). */
function labelAt(repo: RepositoryName, name: string) {
  return { owner: repo.owner, repo: repo.repo, name: pathParameter(name) };
}

function safeColor(color: string): string {
  try {
    return normaliseColor(color);
  } catch {
    return color;
  }
}

/** Whether a label as read equals what is wanted (a description left out is not compared). */
export function inLine(current: ApiLabel, wanted: LabelFields): boolean {
  return (
    current.name === wanted.name &&
    safeColor(current.color) === wanted.color &&
    (wanted.description === undefined || (current.description ?? '') === wanted.description)
  );
}

export interface ExecutorOptions {
  client: Client;
  log: Pick<ActionLog, 'info'>;
  clock: Clock;
}

export class LabelExecutor {
  /** Repositories that refused a write for lack of permission: their other writes are not attempted. */
  private readonly refused = new Map<string, ApiError>();
  private readonly client: Client;

  constructor(private readonly options: ExecutorOptions) {
    this.client = options.client;
  }

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
    const repo = parseRepositoryName(op.target);
    const p = op.payload;
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

  private async create(repo: RepositoryName, wanted: LabelFields): Promise<Outcome> {
    try {
      await this.octokit.request('POST /repos/{owner}/{repo}/labels', {
        ...repo,
        ...fields(wanted),
        request: declared(writes.createLabel),
      });
      return 'created';
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
    // Created meanwhile, or by this very request whose first answer was lost.
    const current = await this.read(repo, wanted.name);
    if (!current) throw new Error(`${wanted.name}: the create answered "already exists" but a fresh read finds none`);
    return `already there; ${await this.bringInLine(repo, current, wanted)}`;
  }

  /** Patches a label read fresh only if it is not as wanted. */
  private async bringInLine(repo: RepositoryName, current: ApiLabel, wanted: LabelFields): Promise<Outcome> {
    if (inLine(current, wanted)) return 'in line';
    await this.patch(repo, current.name, wanted);
    return 'updated';
  }

  private async update(repo: RepositoryName, current: string, wanted: LabelFields): Promise<Outcome> {
    try {
      await this.patch(repo, current, wanted);
      return current === wanted.name ? 'updated' : `${current} → ${wanted.name}`;
    } catch (err) {
      const renaming = current.toLowerCase() !== wanted.name.toLowerCase();
      if (renaming && isAlreadyExists(err)) return this.mergeInstead(repo, current, wanted);
      if (!isStatus(err, 404)) throw err;
    }
    // `current` is gone: renamed already (a lost answer) or deleted meanwhile. A fresh read of the wanted name tells.
    const now = await this.read(repo, wanted.name);
    if (now) return `${current} is gone, ${wanted.name} is there; ${await this.bringInLine(repo, now, wanted)}`;
    return `${current} was deleted meanwhile; ${await this.create(repo, wanted)}`;
  }

  /** A rename whose new name was created meanwhile by someone else: the old label is merged into it instead. */
  private async mergeInstead(repo: RepositoryName, current: string, wanted: LabelFields): Promise<Outcome> {
    const target = await this.read(repo, wanted.name);
    if (!target) throw new Error(`renaming ${current} → ${wanted.name}: "already exists", yet a fresh read finds none`);
    const lined = await this.bringInLine(repo, target, wanted);
    const carriers = await listCarriers(this.client, `${repo.owner}/${repo.repo}`, current);
    const merged = await this.merge(
      repo,
      current,
      wanted.name,
      carriers.map((c) => c.number),
    );
    return `${wanted.name} was created meanwhile (${lined}): merged into it instead (${merged})`;
  }

  private async patch(repo: RepositoryName, current: string, wanted: LabelFields): Promise<void> {
    const { name, ...rest } = fields(wanted);
    await this.octokit.request('PATCH /repos/{owner}/{repo}/labels/{name}', {
      request: declared(writes.updateLabel),
      ...labelAt(repo, current),
      ...(current !== name ? { new_name: name } : {}),
      ...rest,
    });
  }

  /**
   * Adds `into` to every issue that carries `alias`, then lists the carriers of `alias` again (a big merge takes
   * minutes under the secondary limits, and a lost answer may hide a failed add) and labels every one that still lacks
   * `into`; only then deletes `alias`, which would take it off them.
   */
  private async merge(repo: RepositoryName, alias: string, into: string, issues: readonly number[]): Promise<Outcome> {
    await this.relabel(repo, alias, into, issues);
    let late: number[] = [];
    if (issues.length > 0) {
      const intoKey = into.toLowerCase();
      const carriers = await listCarriers(this.client, `${repo.owner}/${repo.repo}`, alias);
      late = carriers.filter((c) => !c.labels.some((l) => l.toLowerCase() === intoKey)).map((c) => c.number);
      await this.relabel(repo, alias, into, late);
    }
    await this.remove(repo, alias);
    const relabelled = plural(issues.length + late.length, 'issue');
    return `${relabelled} relabelled${late.length ? ` (${late.length} on a second look)` : ''}, ${alias} deleted`;
  }

  private async relabel(repo: RepositoryName, alias: string, into: string, issues: readonly number[]): Promise<void> {
    if (issues.length === 0) return;
    const progress = new Progress({
      ...MERGE_PROGRESS,
      label: `${repo.owner}/${repo.repo}: merging ${alias} into ${into}`,
      total: issues.length,
      noun: 'issue',
      detail: () => 'relabelled',
      clock: this.options.clock,
      log: (line) => this.options.log.info(line),
    });
    const settled = await runPool(
      issues,
      async (issue) => {
        await this.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
          request: declared(writes.addLabels),
          ...repo,
          issue_number: issue,
          labels: [into],
        });
        progress.advance();
      },
      { limit: this.client.options.concurrency ?? 4 },
    );
    const failed = settled.flatMap((r, i) => (r.status === 'failed' ? [`#${issues[i]}: ${r.error.message}`] : []));
    // The alias is kept while any carrier lacks the new label, so that a re-run can finish the merge.
    if (failed.length > 0)
      throw new Error(
        `could not add ${into} to ${failed.length} of ${plural(issues.length, 'issue')}, ${alias} kept: ${failed.join('; ')}`,
      );
  }

  /** Deletes a label; resolves true when it was already gone. */
  private async remove(repo: RepositoryName, name: string): Promise<boolean> {
    try {
      await this.octokit.request('DELETE /repos/{owner}/{repo}/labels/{name}', {
        ...labelAt(repo, name),
        request: declared(writes.deleteLabel),
      });
      return false;
    } catch (err) {
      if (!isStatus(err, 404)) throw err;
      // GitHub also answers 404 to a write the token may not make: "gone" only if a fresh read agrees.
      if (await this.read(repo, name)) {
        throw new Error(
          `${messageOf(err)} But ${name} is still there: the token may not delete labels in ${repo.owner}/${repo.repo} (it needs \`permissions: issues: write\`).`,
          { cause: err },
        );
      }
      return true;
    }
  }

  /** A label read fresh (past the ETag cache), or undefined when it does not exist. */
  private async read(repo: RepositoryName, name: string): Promise<ApiLabel | undefined> {
    try {
      const { data } = await this.octokit.request('GET /repos/{owner}/{repo}/labels/{name}', {
        request: { ...declared(reads.label), noCache: true },
        ...labelAt(repo, name),
      });
      const label = apiLabel.safeParse(data);
      if (!label.success)
        throw new Error(`GET ${name} in ${repo.owner}/${repo.repo} answered something that is not a label`);
      return label.data;
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }
}

/**
 * The request body: never a `#` in the colour (GitHub refuses it), no description when the file leaves it out, and
 * never a name that could not be addressed afterwards (`.`, `..`, blank, over 50 characters).
 */
function fields(wanted: LabelFields): Record<string, string> & { name: string } {
  const problem = labelNameProblem(wanted.name);
  if (problem) throw new Error(`refused before sending: ${problem}`);
  return {
    name: wanted.name,
    color: wanted.color.replace(/^#/, ''),
    ...(wanted.description !== undefined ? { description: wanted.description } : {}),
  };
}
