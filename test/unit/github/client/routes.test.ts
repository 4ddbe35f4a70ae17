// Every request the code sends carries its declaration (src/github/client/declared.ts): the answer's shape, and for a write
// the rule after a lost answer, declared by the request's owner next to its code (src/actions/<action>/reads.ts and
// writes.ts, src/hosts/service/, src/kernel/workflow-run-reads.ts, the client's own where it makes them). A call site without one, or
// with the declaration of another route, fails here, and so does a declaration no call passes. The client holds no
// action's route.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredRequests, type DeclaredRequest } from '../../../../scripts/declared-requests';
import { ACTION_NAMES } from '../../../../src/actions';

const ROOT = join(__dirname, '..', '..', '..', '..');
const SRC = join(ROOT, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const rel = (file: string) => relative(ROOT, file).split('\\').join('/');
const ROUTE = /'((?:GET|POST|PATCH|PUT|DELETE) \/[^']+)'/g;
const WRITE = /^(?:POST|PATCH|PUT|DELETE) /;
/** The client's own requests: the only files of src/github/client whose calls are checked (the rest forward routes). */
const CLIENT_CALLERS = ['src/github/client/client.ts', 'src/github/client/contents.ts', 'src/github/graphql/run.ts'];
/** Modules that only declare (an owner's reads.ts and writes.ts). */
const declaring = (file: string) => /^src\/(?:[\w-]+\/)*(?:reads|writes)\.ts$/.test(rel(file));
const callers = sources(SRC).filter(
  (f) => !declaring(f) && (!rel(f).startsWith('src/github/client/') || CLIENT_CALLERS.includes(rel(f))),
);

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

/** The module a caller's `reads` or `writes` comes from: imported, or declared in the file itself. */
function moduleOf(file: string, text: string, ns: string): string | undefined {
  const from = new RegExp(`import \\{[^}]*\\b${ns}\\b[^}]*\\} from '([^']+)';`).exec(text)?.[1];
  if (from) return rel(resolve(dirname(file), `${from}.ts`));
  return new RegExp(`export const ${ns} = define`).test(text) ? rel(file) : undefined;
}

interface CallSite {
  at: string;
  /** The route the call names (a literal), or `METHOD (by url)`. */
  route: string;
  /** The declarations the call passes (`declared(reads.labels)`), as `module#name`. */
  passes: string[];
}

interface Scan {
  calls: CallSite[];
  /** Every declaration a caller refers to (passes to `declared`, `requestDeclared` or a helper), as `module#name`. */
  used: Set<string>;
  problems: string[];
}

function scan(): Scan {
  const calls: CallSite[] = [];
  const used = new Set<string>();
  const problems: string[] = [];
  for (const file of callers) {
    const text = readFileSync(file, 'utf8');
    const at = (index: number) => `${rel(file)}:${text.slice(0, index).split('\n').length}`;
    const key = (ns: string, name: string) => `${moduleOf(file, text, ns) ?? `${rel(file)}?${ns}`}#${name}`;
    const passes = (call: string) =>
      [...call.matchAll(/\bdeclared\((reads|writes)\.(\w+)\)/g)].map((m) => key(m[1], m[2]));
    for (const m of text.matchAll(/\b(reads|writes)\.(\w+)\b(?!\.route)/g)) used.add(key(m[1], m[2]));
    // A route written out: the first argument of a request, list or page call that passes its declaration.
    for (const m of text.matchAll(ROUTE)) {
      const before = text.slice(Math.max(0, m.index - 300), m.index);
      if (/\broute: $/.test(before)) continue; // a declaration in the file itself (the client's own)
      if (!/\b(?:request|paginate|pages|pageAnswers|find)(?:<[^()]*>)?\(\s*(?:[\w.]+,\s*)?$/.test(before))
        problems.push(`${at(m.index)}: ${m[1]} is written outside a call (name it at the call, with its declaration)`);
      else calls.push({ at: at(m.index), route: m[1], passes: passes(callText(text, m.index)) });
    }
    // A call by method and url (a release asset to its upload_url, GraphQL): its route is its declaration's.
    for (const m of text.matchAll(/request\(\s*\{\s*method: '(POST|PATCH|PUT|DELETE)'/g))
      calls.push({ at: at(m.index), route: `${m[1]} (by url)`, passes: passes(callText(text, m.index + 1)) });
    // A route taken from a declaration (`request(read.route, { request: declared(read) })`) must pass that one.
    for (const m of text.matchAll(/\b(?:request|paginate|pages|pageAnswers|find)\(\s*([\w.]+)\.route\b/g))
      if (!callText(text, m.index + m[0].indexOf('(') + 1).includes(`declared(${m[1]})`))
        problems.push(`${at(m.index)}: a call to ${m[1]}.route does not pass declared(${m[1]})`);
    // A route in a variable cannot be checked here: outside the client, calls name their route (or a declaration's).
    if (!rel(file).startsWith('src/github/client/'))
      for (const m of text.matchAll(
        /\.(?:request|paginate|pages|pageAnswers)(?:<[^>(]*>)?\(\s*([A-Za-z_$][\w$]*)\s*[,)]/g,
      ))
        problems.push(`${at(m.index)}: a request to the route in \`${m[1]}\` (write the route, or pass a declaration)`);
  }
  return { calls, used, problems };
}

let declared: DeclaredRequest[];
let byKey: Map<string, DeclaredRequest>;
let found: Scan;
beforeAll(async () => {
  declared = await declaredRequests();
  byKey = new Map(declared.map((d) => [`${d.module}#${d.name}`, d]));
  found = scan();
});

describe('request declarations', () => {
  it('finds the call sites and the declarations of every action, the service, core and the client', () => {
    expect(found.calls.length).toBeGreaterThan(60);
    expect(found.calls.some((c) => c.route === 'POST (by url)')).toBe(true);
    expect(found.calls.map((c) => c.route)).toContain('GET /repos/{owner}/{repo}/git/trees/{tree_sha}');
    expect(new Set(declared.map((d) => d.owner))).toEqual(new Set([...ACTION_NAMES, 'service', 'kernel', 'client']));
  });

  it('every call site passes the one declaration of the route it calls', () => {
    // (A call may choose among declarations of its route, such as GraphQL's query, mutation and repeatable one.)
    const wrong = found.calls.flatMap((c) => {
      if (c.passes.length === 0) return [`${c.at}: ${c.route} passes no declaration (request: declared(reads.<name>))`];
      return c.passes.flatMap((key) => {
        const d = byKey.get(key);
        if (!d) return [`${c.at}: ${c.route} passes ${key}, which is not a declaration`];
        const route = d.declaration.route;
        if (c.route.endsWith('(by url)') ? !route.startsWith(c.route.split(' ')[0]) : route !== c.route)
          return [`${c.at}: ${c.route} passes the declaration of ${route}`];
        if (WRITE.test(route) && d.kind !== 'writes' && !route.startsWith('POST /graphql'))
          return [`${c.at}: the write ${route} passes a read's declaration (no rule after a lost answer)`];
        return [];
      });
    });
    expect([...found.problems, ...wrong]).toEqual([]);
  });

  it('every declaration is passed by a call (none is left over)', () => {
    expect(declared.map((d) => `${d.module}#${d.name}`).filter((k) => !found.used.has(k))).toEqual([]);
  });

  it('reads are reads, writes are writes with a rule and a reason; every shape is a schema or `unread`', () => {
    const reads = declared.filter((d) => d.kind === 'reads');
    const writes = declared.filter((d) => d.kind === 'writes');
    expect(reads.filter((d) => !/^GET |^POST \/graphql$/.test(d.declaration.route)).map((d) => d.name)).toEqual([]);
    expect(writes.filter((d) => !WRITE.test(d.declaration.route)).map((d) => d.name)).toEqual([]);
    for (const d of writes) {
      const rule = d.declaration as { afterLostAnswer?: string; why?: string };
      expect(['repeat', 'caller'], `${d.module}#${d.name}`).toContain(rule.afterLostAnswer);
      expect(rule.why?.trim().length ?? 0, `${d.module}#${d.name}`).toBeGreaterThanOrEqual(10);
    }
    const shapeless = declared.filter(
      (d) => d.declaration.shape !== 'unread' && typeof d.declaration.shape.safeParse !== 'function',
    );
    expect(shapeless).toEqual([]);
  });

  it('the code calls routes by their strings, never through octokit.rest (which this check could not see)', () => {
    const rest = callers.filter((f) => /\boctokit\.rest\./.test(readFileSync(f, 'utf8')));
    expect(rest.map(rel)).toEqual([]);
  });

  it('the client holds no route registry: its only routes are its own requests', () => {
    expect(existsSync(join(SRC, 'github', 'client', 'schemas.ts'))).toBe(false);
    const own = new Set(declared.filter((d) => d.owner === 'client').map((d) => d.declaration.route));
    const client = sources(join(SRC, 'github'));
    const foreign = client.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(ROUTE)].filter((m) => !own.has(m[1])).map((m) => `${rel(f)}: ${m[1]}`),
    );
    expect(foreign).toEqual([]);
    expect(client.filter((f) => /RESPONSE_SCHEMAS|routeKeyOf|WRITE_RULES/.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});

describe('callText', () => {
  it('reads a call to its closing parenthesis, past nested objects and strings', () => {
    const text = "request('POST /x', { a: { b: ')' }, request: declared(writes.y) }); next(1)";
    expect(callText(text, 8)).toBe("'POST /x', { a: { b: ')' }, request: declared(writes.y) }");
  });
});
