// A Relay connection over a list, as GitHub pages its GraphQL connections: `first`/`after` from the start, `last`/
// `before` from the end, opaque cursors (the item's position), `totalCount`, `pageInfo`, `nodes` and `edges`
// ("Using pagination in the GraphQL API"). The 1..100 bounds are checked before execution (cost.ts).
import { GraphqlFault } from './registry';

export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

const cursorOf = (index: number) => Buffer.from(`cursor:v2:${index}`).toString('base64');

function indexOf(cursor: string): number {
  const m = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!m) throw new GraphqlFault('INVALID_CURSOR_ARGUMENTS', `\`${cursor}\` does not appear to be a valid cursor.`);
  return Number(m[1]);
}

export function connection<T>(items: readonly T[], args: PageArgs) {
  let start = 0;
  let end = items.length;
  if (args.after) start = Math.max(start, indexOf(args.after) + 1);
  if (args.before) end = Math.min(end, indexOf(args.before));
  if (typeof args.first === 'number') end = Math.min(end, start + args.first);
  if (typeof args.last === 'number') start = Math.max(start, end - args.last);
  const page = items.slice(start, Math.max(start, end)).map((node, i) => ({ node, cursor: cursorOf(start + i) }));
  return {
    totalCount: items.length,
    nodes: page.map((e) => e.node),
    edges: page,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: page[0]?.cursor ?? null,
      endCursor: page[page.length - 1]?.cursor ?? null,
    },
  };
}
