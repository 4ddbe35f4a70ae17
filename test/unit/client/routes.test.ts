// Every route the code calls has a schema for its answer (or is listed as unread), and every write call passes the
// rule for a lost answer its action declares (src/<action>/writes.ts, src/webhooks/writes.ts): a new call without
// one, or with the rule of another route, fails here. The client itself holds no action's route.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_SCHEMAS, UNREAD_ROUTES } from '../../../src/client/schemas';
import * as clientRules from '../../../src/client/write-rules';
import { declaredWrites, writeModules, type DeclaredWrite } from '../../../scripts/write-rules-table';

const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const ROUTE = /'((?:GET|POST|PATCH|PUT|DELETE) \/[^']+)'/g;
const WRITE = /^(?:POST|PATCH|PUT|DELETE) /;
/** The code that calls the API: outside the client, without the modules that only declare writes. */
const callers = sources(SRC).filter(
  (f) => !f.startsWith(join(SRC, 'client')) && !f.endsWith(`${join('', 'writes.ts')}`),
);
const called = new Set(callers.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(ROUTE)].map((m) => m[1])));

/** The text of the call whose argument list holds `at` (from there to its closing parenthesis). */
export function callText(text: string, at: number): string {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) return text.slice(at, i);
      depth--;
    }
  }
  return text.slice(at);
}

/** The writes module a caller imports `writes` from, relative to the repository. */
function writesModuleOf(file: string, text: string): string | undefined {
  const from = /import \{ writes \} from '([^']+)';/.exec(text)?.[1];
  return from
    ? relative(ROOT, resolve(dirname(file), `${from}.ts`))
        .split('\\')
        .join('/')
    : undefined;
}

interface WriteCall {
  at: string;
  route: string;
  /** The declared write the call passes (`ruleOf(writes.<name>)`), as `module#name`. */
  passes?: string;
}

/** Every write call with a literal route, or a method and url (the upload), and the rule it passes. */
function writeCalls(): WriteCall[] {
  return callers.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const module = writesModuleOf(file, text);
    const found: WriteCall[] = [];
    const note = (index: number, route: string, call: string) => {
      const name = /ruleOf\(writes\.(\w+)\)/.exec(call)?.[1];
      found.push({
        at: `${relative(ROOT, file)}:${text.slice(0, index).split('\n').length}`,
        route,
        passes: name && module ? `${module}#${name}` : undefined,
      });
    };
    for (const m of text.matchAll(ROUTE))
      if (WRITE.test(m[1]) && /request\(\s*$/.test(text.slice(Math.max(0, m.index - 40), m.index)))
        note(m.index, m[1], callText(text, m.index));
    // A call by method and url (a release asset to its upload_url): its route is the declared write it passes.
    for (const m of text.matchAll(/request\(\s*\{\s*method: '(POST|PATCH|PUT|DELETE)'/g))
      note(m.index, `${m[1]} (by url)`, callText(text, m.index + m[0].indexOf('{')));
    return found;
  });
}

let declared: DeclaredWrite[];
let byKey: Map<string, DeclaredWrite>;
beforeAll(async () => {
  declared = await declaredWrites();
  byKey = new Map(declared.map((w) => [`${w.module}#${w.name}`, w]));
});

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

  it('finds the write calls, the declared writes of every action and the service', () => {
    const calls = writeCalls();
    expect(calls.length).toBeGreaterThan(35);
    expect(calls.some((c) => c.route === 'POST (by url)')).toBe(true);
    expect(new Set(declared.map((w) => w.owner))).toEqual(new Set([...writeModules().map((m) => m.owner), 'client']));
  });

  it('the code calls routes by their strings, never through octokit.rest (which this check could not see)', () => {
    const rest = callers.filter((f) => /\boctokit\.rest\./.test(readFileSync(f, 'utf8')));
    expect(rest.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('every write call passes the rule its action declares for that route', () => {
    const wrong = writeCalls().flatMap((c) => {
      const write = c.passes ? byKey.get(c.passes) : undefined;
      if (!write) return [`${c.at}: ${c.route} passes no declared rule (request: ruleOf(writes.<name>))`];
      if (!c.route.endsWith('(by url)') && write.rule.route !== c.route)
        return [`${c.at}: ${c.route} passes the rule of ${write.rule.route}`];
      if (c.route.endsWith('(by url)') && !write.rule.route.startsWith(c.route.split(' ')[0]))
        return [`${c.at}: a ${c.route} call passes the rule of ${write.rule.route}`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('every declared write of an action or the service is passed by a call (none is left over)', () => {
    const passed = new Set(writeCalls().map((c) => c.passes));
    const unused = declared.filter((w) => w.owner !== 'client' && !passed.has(`${w.module}#${w.name}`));
    expect(unused.map((w) => `${w.module}#${w.name}`)).toEqual([]);
  });

  it('no declared write is for a read; each has a reason', () => {
    expect(declared.filter((w) => !WRITE.test(w.rule.route)).map((w) => w.rule.route)).toEqual([]);
    expect(declared.filter((w) => w.rule.why.trim().length < 10).map((w) => w.rule.route)).toEqual([]);
  });

  it("the client's write-rules.ts holds no route of an action: only its own GraphQL mutations", () => {
    const text = readFileSync(join(SRC, 'client', 'write-rules.ts'), 'utf8');
    const routes = [...text.matchAll(ROUTE)].map((m) => m[1]);
    expect(routes.every((r) => r.startsWith('POST /graphql'))).toBe(true);
    expect(Object.values(clientRules.CLIENT_WRITES).map((w) => w.route.split(' (')[0])).toEqual([
      'POST /graphql',
      'POST /graphql',
    ]);
    expect('WRITE_RULES' in clientRules || 'writeRuleOf' in clientRules).toBe(false);
  });
});

describe('callText', () => {
  it('reads a call to its closing parenthesis, past nested objects and strings', () => {
    const text = "request('POST /x', { a: { b: ')' }, request: ruleOf(writes.y) }); next(1)";
    expect(callText(text, 8)).toBe("'POST /x', { a: { b: ')' }, request: ruleOf(writes.y) }");
  });
});
