import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_NAMES, actionPaths } from '../../src/actions';

describe('runtime', () => {
  it('runs the tests on Node 24, the runtime the actions declare', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('every action declares node24 and points at its committed bundle', () => {
    for (const name of ACTION_NAMES) {
      const meta = parse(readFileSync(actionPaths(name).actionYml, 'utf8'));
      expect(meta.runs, name).toEqual({ using: 'node24', main: `../../${actionPaths(name).bundle}` });
    }
  });
});
