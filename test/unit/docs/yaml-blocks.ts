// Finds the YAML a reader would copy: every fenced ```yaml/```yml block of the project's Markdown files, and every
// workflow template. Each block is classified by what it is (a config file, a whole workflow, or a fragment of
// steps) so the test can check it the way GitHub or the action would read it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isMap, isSeq, parseDocument } from 'yaml';
import { ACTION_NAMES, actionPaths } from '../../../src/actions';

export interface YamlBlock {
  /** `file:line` of the block's first line, for messages. */
  where: string;
  file: string;
  line: number;
  text: string;
}

export type BlockKind =
  { kind: 'label-file' } | { kind: 'triage-config' } | { kind: 'workflow' } | { kind: 'fragment' } | { kind: 'other' };

const ROOT_DOCS = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'CHANGELOG.md'];

function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** Every Markdown file a user reads: root docs, each action's README, src/, templates and docs/. */
export function documentationFiles(root: string): string[] {
  const actions = ACTION_NAMES.map((name) => actionPaths(name).readme).filter((path) => existsSync(join(root, path)));
  const candidates = [...ROOT_DOCS, ...actions, 'src/README.md', 'action-templates/README.md'];
  const docs = markdownUnder(join(root, 'docs')).map((path) => relative(root, path));
  return [...candidates.filter((path) => existsSync(join(root, path))), ...docs];
}

export function templateFiles(root: string): string[] {
  return readdirSync(join(root, 'action-templates'))
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => join('action-templates', name));
}

/** The fenced YAML blocks of one Markdown text, with the fence's own indentation removed. */
export function fencedYamlBlocks(file: string, markdown: string): YamlBlock[] {
  const lines = markdown.split('\n');
  const blocks: YamlBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(yaml|yml)\s*$/i.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j].trim().startsWith(fence); j++) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    blocks.push({ where: `${file}:${i + 2}`, file, line: i + 2, text: dedent(body).join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

/** A fragment copied from inside a job (`      - uses: …`) loses its common indentation. */
function dedent(lines: string[]): string[] {
  const widths = lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const common = widths.length ? Math.min(...widths) : 0;
  return lines.map((l) => l.slice(Math.min(common, /^ */.exec(l)![0].length)));
}

const FILE_HEADER = /^#\s*\.github\/(labels|triage)\.ya?ml\b/;
const TRIAGE_KEYS = new Set(['rules', 'commands', 'stale']);

/** What a block is, from its header comment (`# .github/labels.yml`) or, failing that, from its shape. */
export function classify(text: string, value: unknown): BlockKind {
  const header = FILE_HEADER.exec(text.split('\n')[0]);
  if (header) return { kind: header[1] === 'labels' ? 'label-file' : 'triage-config' };
  const doc = parseDocument(text);
  if (isMap(doc.contents)) {
    const keys = Object.keys(value as object);
    if (keys.includes('jobs')) return { kind: 'workflow' };
    if (keys.includes('steps')) return { kind: 'fragment' };
    if (keys.length > 0 && keys.every((k) => TRIAGE_KEYS.has(k))) return { kind: 'triage-config' };
    if (keys.length === 1 && keys[0] === 'labels') return { kind: 'label-file' };
  }
  if (isSeq(doc.contents) && Array.isArray(value) && value.length > 0) {
    const items = value as Record<string, unknown>[];
    if (items.every((s) => s && typeof s === 'object' && ('uses' in s || 'run' in s))) return { kind: 'fragment' };
    if (items.every((s) => s && typeof s === 'object' && 'name' in s && 'color' in s)) return { kind: 'label-file' };
  }
  return { kind: 'other' };
}

export function readBlocks(root: string): YamlBlock[] {
  const fromDocs = documentationFiles(root).flatMap((file) =>
    fencedYamlBlocks(file, readFileSync(join(root, file), 'utf8')),
  );
  const templates = templateFiles(root).map((file) => ({
    where: `${file}:1`,
    file,
    line: 1,
    // GitHub fills in $default-branch when a template is used.
    text: readFileSync(join(root, file), 'utf8').replaceAll('$default-branch', 'main'),
  }));
  return [...fromDocs, ...templates];
}
