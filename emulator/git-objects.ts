// A git object database with the same object ids real git computes (SHA-1 over "<type> <size>\0<body>").
import { createHash } from 'node:crypto';

export type ObjectType = 'blob' | 'tree' | 'commit' | 'tag';
export type TreeMode = '100644' | '100755' | '120000' | '040000' | '160000';

export interface TreeEntry {
  name: string;
  mode: TreeMode;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
}

export interface Person {
  name: string;
  email: string;
  /** ISO 8601 */
  date: string;
}

export interface CommitData {
  tree: string;
  parents: string[];
  author: Person;
  committer: Person;
  message: string;
}

export function hashObject(type: ObjectType, body: Buffer): string {
  const h = createHash('sha1');
  h.update(`${type} ${body.length}\0`);
  h.update(body);
  return h.digest('hex');
}

/** Git orders tree entries by name, comparing a tree's name as if it ended in '/'. */
function sortKey(e: TreeEntry): Buffer {
  return Buffer.from(e.type === 'tree' ? `${e.name}/` : e.name);
}

export function encodeTree(entries: TreeEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
  const parts: Buffer[] = [];
  for (const e of sorted) {
    const mode = e.mode === '040000' ? '40000' : e.mode;
    parts.push(Buffer.from(`${mode} ${e.name}\0`), Buffer.from(e.sha, 'hex'));
  }
  return Buffer.concat(parts);
}

function decodeTree(body: Buffer): TreeEntry[] {
  const out: TreeEntry[] = [];
  let i = 0;
  while (i < body.length) {
    const sp = body.indexOf(0x20, i);
    const nul = body.indexOf(0, sp);
    const rawMode = body.subarray(i, sp).toString();
    const name = body.subarray(sp + 1, nul).toString();
    const sha = body.subarray(nul + 1, nul + 21).toString('hex');
    const mode = (rawMode === '40000' ? '040000' : rawMode) as TreeMode;
    out.push({ name, mode, sha, type: mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob' });
    i = nul + 21;
  }
  return out;
}

function gitDate(iso: string): string {
  const secs = Math.floor(new Date(iso).getTime() / 1000);
  return `${secs} +0000`;
}

export function encodeCommit(c: CommitData): Buffer {
  const lines = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`)];
  lines.push(`author ${c.author.name} <${c.author.email}> ${gitDate(c.author.date)}`);
  lines.push(`committer ${c.committer.name} <${c.committer.email}> ${gitDate(c.committer.date)}`);
  return Buffer.from(`${lines.join('\n')}\n\n${c.message}`);
}

function decodeCommit(body: Buffer): CommitData {
  const text = body.toString();
  const split = text.indexOf('\n\n');
  const head = text.slice(0, split).split('\n');
  const message = text.slice(split + 2);
  const c: CommitData = {
    tree: '',
    parents: [],
    author: undefined as unknown as Person,
    committer: undefined as unknown as Person,
    message,
  };
  for (const line of head) {
    const [key, ...rest] = line.split(' ');
    const value = rest.join(' ');
    if (key === 'tree') c.tree = value;
    else if (key === 'parent') c.parents.push(value);
    else if (key === 'author' || key === 'committer') {
      const m = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(value);
      if (m)
        c[key] = { name: m[1], email: m[2], date: new Date(Number(m[3]) * 1000).toISOString().replace('.000Z', 'Z') };
    }
  }
  return c;
}

/** A flat view of a tree: path → entry (blobs and submodules only). */
export type FlatTree = Map<string, { mode: TreeMode; sha: string }>;

export class ObjectStore {
  private readonly objects = new Map<string, { type: ObjectType; body: Buffer }>();
  readonly emptyTree: string;

  constructor() {
    this.emptyTree = this.put('tree', Buffer.alloc(0));
  }

  put(type: ObjectType, body: Buffer): string {
    const sha = hashObject(type, body);
    if (!this.objects.has(sha)) this.objects.set(sha, { type, body });
    return sha;
  }

  get(sha: string): { type: ObjectType; body: Buffer } | undefined {
    return this.objects.get(sha);
  }

  has(sha: string, type?: ObjectType): boolean {
    const o = this.objects.get(sha);
    return !!o && (!type || o.type === type);
  }

  /** Full sha from a unique prefix of at least 4 characters. */
  resolve(prefix: string): string | undefined {
    if (this.objects.has(prefix)) return prefix;
    if (prefix.length < 4 || !/^[0-9a-f]+$/.test(prefix)) return undefined;
    const hits = [...this.objects.keys()].filter((k) => k.startsWith(prefix));
    return hits.length === 1 ? hits[0] : undefined;
  }

  putBlob(content: Buffer): string {
    return this.put('blob', content);
  }

  blob(sha: string): Buffer | undefined {
    const o = this.objects.get(sha);
    return o?.type === 'blob' ? o.body : undefined;
  }

  /** Every blob ever stored, reachable or not (for tests proving that some bytes never reached the server). */
  *allBlobs(): IterableIterator<Buffer> {
    for (const o of this.objects.values()) if (o.type === 'blob') yield o.body;
  }

  putTree(entries: TreeEntry[]): string {
    return this.put('tree', encodeTree(entries));
  }

  tree(sha: string): TreeEntry[] | undefined {
    const o = this.objects.get(sha);
    return o?.type === 'tree' ? decodeTree(o.body) : undefined;
  }

  putCommit(c: CommitData): string {
    return this.put('commit', encodeCommit(c));
  }

  commit(sha: string): CommitData | undefined {
    const o = this.objects.get(sha);
    return o?.type === 'commit' ? decodeCommit(o.body) : undefined;
  }

  /** Every blob under a tree, by full path. */
  flatten(treeSha: string, prefix = '', out: FlatTree = new Map()): FlatTree {
    for (const e of this.tree(treeSha) ?? []) {
      const path = prefix + e.name;
      if (e.type === 'tree') this.flatten(e.sha, `${path}/`, out);
      else out.set(path, { mode: e.mode, sha: e.sha });
    }
    return out;
  }

  /** Builds the nested trees of a flat path → entry map; returns the root tree sha. */
  buildTree(flat: FlatTree): string {
    interface Dir {
      files: TreeEntry[];
      dirs: Map<string, Dir>;
    }
    const root: Dir = { files: [], dirs: new Map() };
    for (const [path, e] of flat) {
      const parts = path.split('/');
      let dir = root;
      for (const p of parts.slice(0, -1)) {
        let next = dir.dirs.get(p);
        if (!next) dir.dirs.set(p, (next = { files: [], dirs: new Map() }));
        dir = next;
      }
      dir.files.push({
        name: parts[parts.length - 1],
        mode: e.mode,
        type: e.mode === '160000' ? 'commit' : 'blob',
        sha: e.sha,
      });
    }
    const write = (d: Dir): string => {
      const entries = [...d.files];
      for (const [name, sub] of d.dirs) entries.push({ name, mode: '040000', type: 'tree', sha: write(sub) });
      return this.putTree(entries);
    };
    return write(root);
  }

  /** The entry at a path inside a tree (a blob, or a subtree), or undefined. */
  lookup(treeSha: string, path: string): TreeEntry | undefined {
    const parts = path.split('/').filter(Boolean);
    if (parts.length === 0) return { name: '', mode: '040000', type: 'tree', sha: treeSha };
    let entries = this.tree(treeSha);
    let found: TreeEntry | undefined;
    for (const [i, p] of parts.entries()) {
      found = entries?.find((e) => e.name === p);
      if (!found) return undefined;
      if (i < parts.length - 1) {
        if (found.type !== 'tree') return undefined;
        entries = this.tree(found.sha);
      }
    }
    return found;
  }

  /** True when `ancestor` is `sha` or reachable from it through parents. */
  isAncestor(ancestor: string, sha: string): boolean {
    const seen = new Set<string>();
    const queue = [sha];
    while (queue.length) {
      const s = queue.pop()!;
      if (s === ancestor) return true;
      if (seen.has(s)) continue;
      seen.add(s);
      queue.push(...(this.commit(s)?.parents ?? []));
    }
    return false;
  }

  /** Commits reachable from `head` and not from `base` (newest first). */
  commitsBetween(base: string | undefined, head: string): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    const queue = [head];
    while (queue.length) {
      const s = queue.shift()!;
      if (seen.has(s) || (base && this.isAncestor(s, base))) continue;
      seen.add(s);
      out.push(s);
      queue.push(...(this.commit(s)?.parents ?? []));
    }
    return out;
  }
}
