// Every route the code calls has a schema for its answer (or is listed as unread), and every write has a
// rule for a lost answer: a new call without one fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESPONSE_SCHEMAS, UNREAD_ROUTES } from '../../../src/client/schemas';
import { WRITE_RULES } from '../../../src/client/write-rules';

const SRC = join(__dirname, '..', '..', '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const ROUTE = /'((?:GET|POST|PATCH|PUT|DELETE) \/[^']+)'/g;
const called = new Set(
  sources(SRC)
    .filter((f) => !f.includes(`${join('src', 'client')}`))
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(ROUTE)].map((m) => m[1])),
);

describe('routes', () => {
  it('finds the routes the actions and the service call', () => {
    expect(called.size).toBeGreaterThan(30);
    expect(called).toContain('GET /repos/{owner}/{repo}/git/trees/{tree_sha}');
    expect(called).toContain('DELETE /repos/{owner}/{repo}/labels/{name}');
  });

  it('every called route has a response schema or is listed as unread', () => {
    const missing = [...called].filter((r) => !RESPONSE_SCHEMAS[r] && !UNREAD_ROUTES.has(r));
    expect(missing).toEqual([]);
  });

  it('every called write has a rule for a lost answer', () => {
    const ruled = new Set(WRITE_RULES.map((r) => r.route));
    const missing = [...called].filter((r) => !r.startsWith('GET ') && !ruled.has(r));
    expect(missing).toEqual([]);
  });

  it('no route is both checked and unread, and no rule is for a read', () => {
    expect(Object.keys(RESPONSE_SCHEMAS).filter((r) => UNREAD_ROUTES.has(r))).toEqual([]);
    expect(WRITE_RULES.filter((r) => r.route.startsWith('GET '))).toEqual([]);
  });
});
