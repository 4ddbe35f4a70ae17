// ESLint rule: no import cycles among the TypeScript files of src/ (type-only imports included: a cycle of
// types is still two concepts that cannot be read apart). The graph is built once per lint run from the
// files' import and export-from specifiers; each file in a cycle is reported with the cycle's path.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function listTs(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listTs(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveSpecifier(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** Tarjan's strongly connected components: file → its component (only components with a cycle). */
function cyclicComponents(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const result = new Map();
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? new Set()).has(v);
      if (component.length > 1 || selfLoop) for (const f of component) result.set(f, component);
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return result;
}

const cache = new Map();

function componentsFor(srcRoot) {
  if (!cache.has(srcRoot)) {
    const graph = new Map();
    for (const file of listTs(srcRoot)) {
      const edges = new Set();
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(SPECIFIER)) {
        const target = resolveSpecifier(file, m[1] ?? m[2]);
        if (target) edges.add(target);
      }
      graph.set(file, edges);
    }
    cache.set(srcRoot, { graph, components: cyclicComponents(graph) });
  }
  return cache.get(srcRoot);
}

/** One concrete cycle through `file` inside its component (breadth-first back to itself). */
function cycleThrough(file, graph, component) {
  const members = new Set(component);
  const previous = new Map([[file, null]]);
  const queue = [file];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === file) {
        const path = [v];
        for (let p = previous.get(v); p; p = previous.get(p)) path.unshift(p);
        return [...path, file];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [file];
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'disallow import cycles among the files of src/' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}' },
  },
  create(context) {
    const file = context.filename;
    const srcRoot = resolve(context.cwd, 'src');
    if (!file.startsWith(srcRoot)) return {};
    return {
      Program(node) {
        const { graph, components } = componentsFor(srcRoot);
        const component = components.get(file);
        if (!component) return;
        const path = cycleThrough(file, graph, component).map((f) => relative(context.cwd, f));
        context.report({ node, messageId: 'cycle', data: { path: path.join(' → ') } });
      },
    };
  },
};
