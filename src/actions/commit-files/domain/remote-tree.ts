// The branch's files as GitHub's recursive tree lists them: one read, or, when GitHub truncates the listing,
// a walk of only the folders that can hold selected paths.
import { z } from 'zod';

export const treeEntrySchema = z.object({
  path: z.string(),
  mode: z.string(),
  type: z.enum(['blob', 'tree', 'commit']),
  sha: z.string(),
  size: z.number().optional(),
});

export const treeResponseSchema = z.object({
  sha: z.string(),
  truncated: z.boolean().optional().default(false),
  tree: z.array(treeEntrySchema),
});

export type TreeEntry = z.infer<typeof treeEntrySchema>;

/** A file of the branch (blob or submodule), keyed by path. */
export interface RemoteEntry {
  path: string;
  mode: string;
  type: 'blob' | 'commit';
  sha: string;
}

export interface RemoteTree {
  /** The root tree's id. */
  sha: string;
  files: Map<string, RemoteEntry>;
  /** Folder reads made because the recursive listing was truncated. */
  walkedFolders: number;
}

export interface TreeReader {
  /** `GET /git/trees/{sha}` (recursive or not). `sha` may be a commit id: GitHub answers with its tree. */
  read(sha: string, recursive: boolean): Promise<z.infer<typeof treeResponseSchema>>;
}

function addEntries(files: Map<string, RemoteEntry>, prefix: string, entries: TreeEntry[]): void {
  for (const e of entries) {
    if (e.type === 'tree') continue;
    const path = prefix ? `${prefix}/${e.path}` : e.path;
    files.set(path, { path, mode: e.mode, type: e.type, sha: e.sha });
  }
}

/**
 * Reads every file of the tree at `sha` (a commit or tree id) with one recursive request. When GitHub truncates
 * the answer, walks folder by folder, entering only folders for which `mayContain(folder)` is true.
 */
export async function readRemoteTree(
  reader: TreeReader,
  sha: string,
  mayContain: (dir: string) => boolean,
): Promise<RemoteTree> {
  const first = await reader.read(sha, true);
  const files = new Map<string, RemoteEntry>();
  if (!first.truncated) {
    addEntries(files, '', first.tree);
    return { sha: first.sha, files, walkedFolders: 0 };
  }
  let walkedFolders = 0;
  const walk = async (treeSha: string, prefix: string): Promise<void> => {
    const level = await reader.read(treeSha, false);
    walkedFolders++;
    addEntries(files, prefix, level.tree);
    const folders = level.tree
      .filter((e) => e.type === 'tree')
      .map((e) => ({ sha: e.sha, path: prefix ? `${prefix}/${e.path}` : e.path }));
    await Promise.all(folders.filter((f) => mayContain(f.path)).map((f) => walk(f.sha, f.path)));
  };
  await walk(first.sha, '');
  return { sha: first.sha, files, walkedFolders };
}
