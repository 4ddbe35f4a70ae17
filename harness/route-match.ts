// Finds which route template (`GET /repos/{owner}/{repo}/labels`) a request belongs to: by the route the caller
// named, or, for an absolute URL (a next page, a redirect, an upload) or a literal path, by matching its path.
// The tests' tool (the contract test matches recorded fixtures to the declared shapes): the client itself keeps no
// table of routes, its requests carry their declarations (src/github/client/declared.ts).

interface CompiledRoute {
  key: string;
  method: string;
  regex: RegExp;
  literals: number;
}

function compile(key: string): CompiledRoute {
  const [method, template] = key.split(' ');
  const pattern = template
    .split(/(\{\+?\w+\})/)
    .map((part) => {
      // `{+x}` is Octokit's reserved expansion (slashes kept); a contents `{path}` holds slashes too.
      if (part.startsWith('{+') || part === '{path}') return '.+';
      if (part.startsWith('{')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { key, method, regex: new RegExp(`^${pattern}/?$`), literals: template.replace(/\{[^}]*\}/g, '').length };
}

export type RouteMatcher = (method: string, route: string, path: string) => string | undefined;

/**
 * The path of a request as the route templates write it, however its URL was written:
 * - GitHub Enterprise Server serves the API under `/api/v3`, GraphQL at `/api/graphql` and uploads under
 *   `/api/uploads` (its REST and GraphQL docs), so those prefixes go;
 * - GitHub names a repository by id in `Link` headers and redirects (`/repositories/1296269/issues?page=2`,
 *   recorded in `@octokit/fixtures` `paginate-issues`; `rename-repository`), which is the same route as
 *   `/repos/{owner}/{repo}/issues`.
 */
export function apiRoutePath(path: string): string {
  let p = path;
  if (/^\/api\/graphql\/?$/.test(p)) return '/graphql';
  const prefixed = /^\/api\/(?:v3|uploads)(\/.*)?$/.exec(p);
  if (prefixed) p = prefixed[1] ?? '/';
  const byId = /^\/repositories\/\d+(\/.*)?$/.exec(p);
  if (byId) p = `/repos/{owner}/{repo}${byId[1] ?? ''}`;
  return p;
}

export function routeMatcher(keys: Iterable<string>): RouteMatcher {
  const known = new Set(keys);
  // Most literal first, so that `/releases/latest` wins over `/releases/{release_id}`.
  const compiled = [...known].map(compile).sort((a, b) => b.literals - a.literals);
  return (method, route, path) => {
    const named = `${method} ${route}`;
    if (known.has(named)) return named;
    const relative = apiRoutePath(path);
    return compiled.find((c) => c.method === method && c.regex.test(relative))?.key;
  };
}
