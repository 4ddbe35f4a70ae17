// Which items need their details (comments, label events, assignees, files) beyond the list, found by planning each
// once with a reader that records the reads and answers them with nothing (no request, no log line). Assignees
// only ever spare an item a write (an exemption, someone assigned already), so an item planned without them that
// needs no write and no read needs none with them either. The planner reads what it needs in a fixed order
// (pull request, files, comments, label events), so the recorded reads are the ones the real planning asks for;
// the details query reads comments, label events and assignees together, and files when any was asked for.
import type { Logger } from '../../../github/client/types';
import type { Item } from '../domain/item';
import { planItem, type ItemPlanContext, type ItemPlanInput } from '../domain/item-plan';
import type { TriageReader } from '../domain/reader';

export interface DetailReads {
  /**
   * The item needs its details: planning read something, or planned a write (an assignee may exempt it from the
   * write or have it assigned already, and the details carry the assignees the list leaves out).
   */
  any: boolean;
  comments: boolean;
  labeledAt: boolean;
  files: boolean;
}

const silent: Logger = { debug: () => undefined, info: () => undefined, warning: () => undefined };

/** A reader that records the detail reads and answers each with an empty value. */
function recordingReader(base: TriageReader, reads: DetailReads): TriageReader {
  const refused = (what: string) => () =>
    Promise.reject(new Error(`${what} is not read while finding an item's reads`));
  return {
    ...base,
    item: refused('the item'),
    comments: async () => ((reads.comments = reads.any = true), []),
    labelEvent: async () => ((reads.labeledAt = reads.any = true), null),
    files: async () => ((reads.files = reads.any = true), []),
    // Head branch and size come with the list; an item without them (an issue) is never asked.
    pull: base.pull ? (n: number) => base.pull!(n) : undefined,
    assignable: async () => true,
    permission: refused('a permission'),
    reactions: refused('reactions'),
  };
}

export async function detailReads(
  input: ItemPlanInput,
  context: ItemPlanContext,
  base: TriageReader,
): Promise<DetailReads> {
  const reads: DetailReads = { any: false, comments: false, labeledAt: false, files: false };
  const operations = await planItem(input, { ...context, log: silent, reader: recordingReader(base, reads) });
  if (operations.length > 0) reads.any = true;
  return reads;
}

/** The items' details read ahead when the reader can (GraphQL), else the items unchanged. */
export async function withDetails(
  items: Item[],
  input: Omit<ItemPlanInput, 'item'>,
  context: ItemPlanContext,
): Promise<Item[]> {
  const reader = context.reader as TriageReader & {
    prefetch?(items: Item[], needs: (item: Item) => Promise<DetailReads>): Promise<Item[]>;
  };
  if (!reader.prefetch) return items;
  return reader.prefetch(items, (item) => detailReads({ ...input, item }, context, reader));
}
