// A label file in the workspace can come from a pull request (a dry-run on `pull_request`): built to exhaust the
// parser, it must fail as a config error at once, and a very large honest file must parse in time linear in its size.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/kernel/config-file';
import { parseLabelFile } from '../../src/actions/label-sync/domain/config';
import { cpuTimed, growthRatio } from './cpu-time';

/** Nine levels of nine aliases: a billion "lol"s if expanded. */
const ALIAS_BOMB = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...Array.from({ length: 8 }, (_, i) => {
    const [name, previous] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)];
    return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`;
  }),
  'labels: *i',
].join('\n');

/** The CPU time parsing takes (the machine is shared; see cpu-time.ts), and the error it ends with. */
function timed(text: string): { ms: number; error?: unknown } {
  const { value, cpuMs } = cpuTimed((): { error?: unknown } => {
    try {
      parseLabelFile(text, '.github/labels.yml');
      return {};
    } catch (error) {
      return { error };
    }
  });
  return { ms: cpuMs, ...value };
}

describe('hostile label files', () => {
  it.each([
    ['an alias bomb', ALIAS_BOMB],
    ['flow sequences nested 20 000 deep', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['a 70 000-character name', `- name: "${'x'.repeat(70_000)}"\n  color: fff\n`],
  ])('%s is a ConfigError within a bounded time', (_, text) => {
    const { ms, error } = timed(text);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).file).toBe('.github/labels.yml');
    // generous: the machine is shared; the measured times are tens to hundreds of milliseconds
    expect(ms).toBeLessThan(10_000);
  });

  it('a file of 5 000 labels parses, and 4 times as many takes roughly 4 times as long (linear)', () => {
    const file = (n: number) => Array.from({ length: n }, (_, i) => `- name: l${i}\n  color: fff\n`).join('');
    expect(timed(file(20_000)).error).toBeUndefined();
    expect(growthRatio((n) => parseLabelFile(file(n), '.github/labels.yml'), 5_000, 50)).toBeLessThan(10);
  });
});
