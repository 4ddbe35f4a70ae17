import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

describe('runtime', () => {
  it('runs the tests on Node 24, the runtime the actions declare', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('every action declares node24 and points at its committed bundle', () => {
    for (const name of readdirSync('actions')) {
      const meta = parse(readFileSync(`actions/${name}/action.yml`, 'utf8'));
      expect(meta.runs, name).toEqual({ using: 'node24', main: `../../dist/${name}/index.js` });
    }
  });
});
