// Replays @octokit/fixtures recordings (real GitHub traffic, normalised) with nock, in order, and records
// what our client actually sent so tests can assert on the conventions.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import nock from 'nock';

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios', 'api.github.com');

export interface Recorded {
  scope: string;
  method: string;
  path: string;
  body: unknown;
  status: number;
  response: unknown;
  headers: Record<string, string>;
}

export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function loadFixture(name: string): Recorded[] {
  return JSON.parse(readFileSync(join(root, name, 'normalized-fixture.json'), 'utf8'));
}

/** Defines every recorded exchange as a one-shot interceptor; returns what was sent and a done() check. */
export function replay(name: string, edit?: (fixtures: Recorded[]) => Recorded[]) {
  const fixtures = edit ? edit(loadFixture(name)) : loadFixture(name);
  const sent: Sent[] = [];
  for (const f of fixtures) {
    const scope = nock(f.scope.replace(/:443$/, ''));
    const hasBody = f.body !== '' && f.body !== undefined;
    const [path, query = ''] = f.path.split('?');
    const wanted = new URLSearchParams(query);
    scope
      // Our client asks for per_page=100 on every list; the recordings were made with the default.
      .intercept(
        (uri: string) => {
          const [p, q = ''] = uri.split('?');
          const got = new URLSearchParams(q);
          if (!wanted.has('per_page') && got.get('per_page') === '100') got.delete('per_page');
          const trim = (x: string) => decodeURIComponent(x).replace(/\/+$/, '');
          return trim(p) === trim(path) && got.toString() === wanted.toString();
        },
        f.method.toUpperCase(),
        hasBody ? (f.body as any) : undefined,
      )
      .reply(f.status, f.response as any, f.headers);
    scope.on('request', (req: any, _interceptor: unknown, body: string) => {
      sent.push({
        method: String(req.method).toUpperCase(),
        url: String(req.url ?? req.path ?? ''),
        headers:
          typeof req.headers?.entries === 'function' ? Object.fromEntries(req.headers.entries()) : { ...req.headers },
        body,
      });
    });
  }
  return {
    fixtures,
    sent,
    done() {
      const pending = nock.pendingMocks();
      if (pending.length) throw new Error(`not replayed: ${pending.join(', ')}`);
    },
  };
}
