// An in-memory reader and client budget for the engine's unit tests.
import { ApiError } from '../../../../src/github/client/errors';
import type { Client } from '../../../../src/github/client/types';
import type { EffectivePermission } from '../../../../src/actions/triage/domain/commands';
import type { Item } from '../../../../src/actions/triage/domain/item';
import type { CommentLike } from '../../../../src/actions/triage/domain/markers';
import type { FreshComment } from '../../../../src/actions/triage/domain/fresh-comment';
import type { Reaction, TriageReader } from '../../../../src/actions/triage/domain/reader';

export interface FakeRepo {
  items: Item[];
  comments?: Record<number, CommentLike[]>;
  files?: Record<number, string[]>;
  permissions?: Record<string, EffectivePermission>;
  reactions?: Record<number, Reaction[]>;
  /** Comments by id as the API has them now (a missing one answers 404, as a deleted comment does). */
  comment?: Record<number, FreshComment>;
  /** `owner:branch@sha` → pull request numbers. */
  heads?: Record<string, number[]>;
  /** The repository's labels; without them the reader cannot list labels (no missing-label check). */
  labels?: string[];
}

export function fakeReader(repo: FakeRepo): TriageReader & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async item(n) {
      reads.push(`item ${n}`);
      const item = repo.items.find((i) => i.number === n);
      if (!item) throw new Error(`no item ${n}`);
      return structuredClone(item);
    },
    async comments(n) {
      reads.push(`comments ${n}`);
      return repo.comments?.[n] ?? [];
    },
    async files(n) {
      reads.push(`files ${n}`);
      return repo.files?.[n] ?? [];
    },
    async permission(login) {
      reads.push(`permission ${login}`);
      return { level: repo.permissions?.[login] ?? 'none' };
    },
    ...(repo.labels
      ? {
          // Read once per reader, as the real one does.
          async labels() {
            if (!reads.includes('labels')) reads.push('labels');
            return [...repo.labels!];
          },
        }
      : {}),
    async comment(id) {
      reads.push(`comment ${id}`);
      const found = repo.comment?.[id];
      if (!found)
        throw new ApiError({
          status: 404,
          method: 'GET',
          url: `https://api.github.com/repos/o/r/issues/comments/${id}`,
        });
      return structuredClone(found);
    },
    async reactions(id) {
      reads.push(`reactions ${id}`);
      return repo.reactions?.[id] ?? [];
    },
    async pullRequestsForHead(head) {
      const key = `${head.owner}:${head.branch}@${head.sha}`;
      reads.push(`pulls ${key}`);
      return repo.heads?.[key] ?? [];
    },
    openItems() {
      const open = repo.items
        .filter((i) => i.state === 'open')
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.number - b.number);
      return {
        async *[Symbol.asyncIterator]() {
          for (let i = 0; i < open.length; i += 100) {
            reads.push('list');
            yield open.slice(i, i + 100).map((x) => structuredClone(x));
          }
        },
      };
    },
  };
}

/** A client whose budget affords `usable` requests; nothing else is used by the engine when reader and execute are given. */
export function fakeClient(usable = 10_000): Client {
  const budget = {
    reserve: 0,
    state: () => ({ known: true, limit: 5000, remaining: usable, used: 0, reset: 0, resource: 'core' }),
    refresh: async () => budget.state(),
    canAfford: (cost: { requests: number } | number) => (typeof cost === 'number' ? cost : cost.requests) <= usable,
    ensure: async (cost: { requests: number } | number) => {
      if (!budget.canAfford(cost)) throw new Error('budget');
    },
  };
  return { budget } as unknown as Client;
}

export const silentLog = { debug: () => {}, info: () => {}, warning: () => {} };
