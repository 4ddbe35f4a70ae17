// Finds which route template (`GET /repos/{owner}/{repo}/labels`) a request belongs to: by the route the caller
// named, or, for an absolute URL (a next page, a redirect, an upload), by matching its path.

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

export function routeMatcher(keys: Iterable<string>): RouteMatcher {
  const known = new Set(keys);
  // Most literal first, so that `/releases/latest` wins over `/releases/{release_id}`.
  const compiled = [...known].map(compile).sort((a, b) => b.literals - a.literals);
  return (method, route, path) => {
    const named = `${method} ${route}`;
    if (known.has(named)) return named;
    return compiled.find((c) => c.method === method && c.regex.test(path))?.key;
  };
}
