// Every YAML block of the triage README and every triage workflow template parses; a block that starts with
// `# .github/triage.yml` passes the action's own config parser; templates never cancel comment-triggered runs.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseTriageConfig } from '../../../../src/actions/triage/domain/config';

const README = readFileSync('actions/triage/README.md', 'utf8');

function yamlBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (current === undefined && line.trim() === '```yaml') current = [];
    else if (current !== undefined && line.trim() === '```') {
      blocks.push(current.join('\n'));
      current = undefined;
    } else current?.push(line);
  }
  return blocks;
}

const templates = readdirSync('action-templates').filter((f) => /^triage.*\.yml$/.test(f));

describe('triage docs and templates', () => {
  const blocks = yamlBlocks(README);

  it('has YAML blocks, config examples among them', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks.filter((b) => b.startsWith('# .github/triage.yml')).length).toBeGreaterThanOrEqual(2);
  });

  it.each(blocks.map((block, index) => [index, block]))('README block %i parses', (_index, block) => {
    expect(() => parse(block)).not.toThrow();
    if (block.startsWith('# .github/triage.yml'))
      expect(() => parseTriageConfig(block, '.github/triage.yml')).not.toThrow();
  });

  it.each(templates)('%s: comment runs never cancel each other', (file) => {
    const workflow = parse(readFileSync(`action-templates/${file}`, 'utf8')) as {
      on: Record<string, unknown>;
      concurrency?: { group: string; 'cancel-in-progress'?: boolean };
    };
    expect(workflow.concurrency?.['cancel-in-progress']).not.toBe(true);
    if ('issue_comment' in workflow.on) expect(workflow.concurrency?.group).toContain('github.event.comment.id');
  });
});
