// Git over smart HTTP for `npm run emulator`: `git clone http://127.0.0.1:PORT/<owner>/<name>.git` gives a real
// checkout of an emulated repository, so commit-files can be tried as it runs in a workflow (its base known from the
// checkout's HEAD, the default `on-unknown-base: fail`, the three-way replay when the branch moved meanwhile). Before
// each request the repository's current objects and branches (the API's writes included) are exported into a bare
// repository, which the system's `git http-backend` serves as a CGI. Fetching only: a push is refused, since the
// emulator takes commits through the API (that is what commit-files does). `--checkout DIR` writes the same clone.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import type { Emulator } from './local-emulator';

type Repository = NonNullable<ReturnType<Emulator['state']['repo']>>;

const GIT_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const git = (dir: string, args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV, encoding: 'utf8' });

/** `/owner/name.git/…` → the repository and the rest of the path; only names the emulator could hold. */
const ROUTE = /^\/([\w.-]+)\/([\w.-]+?)(?:\.git)?(\/(?:info\/refs|git-upload-pack|git-receive-pack|HEAD))$/;

export interface GitServer {
  url: string;
  /** The clone URL of a repository. */
  cloneUrl(fullName: string): string;
  close(): Promise<void>;
}

/** Writes the repository's current branches (and tags naming commits) with every object they reach into `bare`. */
export function exportRepository(repo: Repository, bare: string): void {
  if (!existsSync(join(bare, 'HEAD'))) {
    mkdirSync(bare, { recursive: true });
    git(bare, ['init', '-q', '--bare']);
  }
  const written = new Set<string>();
  const put = (sha: string) => {
    if (written.has(sha)) return;
    written.add(sha);
    const path = join(bare, 'objects', sha.slice(0, 2), sha.slice(2));
    const object = repo.objects.get(sha);
    if (!object) return;
    if (!existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(
        path,
        deflateSync(Buffer.concat([Buffer.from(`${object.type} ${object.body.length}\0`), object.body])),
      );
    }
    if (object.type === 'tree') for (const e of repo.objects.tree(sha) ?? []) if (e.type !== 'commit') put(e.sha);
    if (object.type === 'commit') put(repo.objects.commit(sha)!.tree);
  };
  const refs: string[] = [];
  for (const [ref, sha] of repo.refs) {
    if (!ref.startsWith('refs/heads/') && !ref.startsWith('refs/tags/')) continue;
    if (repo.objects.get(sha)?.type !== 'commit') continue;
    for (const commit of new Set([sha, ...repo.objects.commitsBetween(undefined, sha)])) put(commit);
    refs.push(`update ${ref} ${sha}`);
  }
  const existing = git(bare, ['for-each-ref', '--format=%(refname)']).split('\n').filter(Boolean);
  for (const ref of existing) if (!repo.refs.has(ref)) refs.push(`delete ${ref}`);
  if (refs.length)
    execFileSync('git', ['update-ref', '--stdin'], { cwd: bare, env: GIT_ENV, input: `${refs.join('\n')}\n` });
  git(bare, ['symbolic-ref', 'HEAD', `refs/heads/${repo.defaultBranch}`]);
}

/** Runs `git http-backend` for one request and copies its CGI answer to `res`. */
function cgi(req: IncomingMessage, res: ServerResponse, root: string, pathInfo: string, query: string): void {
  const child = spawn('git', ['http-backend'], {
    env: {
      ...GIT_ENV,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: pathInfo,
      QUERY_STRING: query,
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (started) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    started = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const at = line.indexOf(':');
      const name = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]) || 500;
      else if (name) res.setHeader(name, value);
    }
    res.writeHead(status);
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => {
    if (!started) res.writeHead(502, { 'content-type': 'text/plain' }).end('git http-backend gave no answer\n');
    else res.end();
  });
}

/** Serves every repository of the emulator over git's smart HTTP on 127.0.0.1 (`port` 0: a free one). */
export async function startGitServer(emulator: Emulator, port = 0): Promise<GitServer> {
  const root = mkdtempSync(join(tmpdir(), 'repo-actions-emulator-git-'));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = ROUTE.exec(url.pathname);
    const repo = route ? emulator.state.repo(`${route[1]}/${route[2]}`) : undefined;
    if (!route || !repo)
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Repository not found.\n');
    const service = url.searchParams.get('service') ?? route[3];
    if (service.includes('receive-pack'))
      return void res
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('The emulator takes commits through its API (commit-files), not git push.\n');
    try {
      exportRepository(repo, join(root, repo.owner, `${repo.name}.git`));
    } catch (err) {
      return void res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(err as Error).message}\n`);
    }
    cgi(req, res, root, `/${repo.owner}/${repo.name}.git${route[3]}`, url.search.replace(/^\?/, ''));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    cloneUrl: (fullName) => `${url}/${fullName}.git`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).finally(() => rmSync(root, { recursive: true, force: true })),
  };
}

/**
 * `git clone` of a repository from the git server into `dir` (which must not exist or be empty). Asynchronous: the
 * server answering it runs in this process.
 */
export async function cloneInto(server: GitServer, fullName: string, dir: string): Promise<void> {
  await promisify(execFile)('git', ['clone', '-q', server.cloneUrl(fullName), dir], { env: GIT_ENV });
}
