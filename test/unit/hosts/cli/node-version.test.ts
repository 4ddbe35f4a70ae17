// The command line's Node check reads package.json's `engines.node`: the two always agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minimumOf, nodeVersionProblem } from '../../../../src/hosts/cli/node-version';

const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines.node as string;

describe('nodeVersionProblem', () => {
  it("understands package.json's engines.node (a lower bound)", () => {
    expect(engines).toBe('>=20');
    expect(minimumOf(engines)).toEqual([20, 0, 0]);
  });

  it('accepts the minimum and anything newer', () => {
    for (const v of ['20.0.0', '20.19.5', '22.5.0', '24.21.0', '26.0.0'])
      expect(nodeVersionProblem(engines, v)).toBeUndefined();
  });

  it('refuses an older Node, naming both versions', () => {
    expect(nodeVersionProblem(engines, '18.20.4')).toBe(
      'repo-actions needs Node 20 or later (this is Node 18.20.4): install a newer Node, e.g. 24',
    );
    expect(nodeVersionProblem('>=22.5', '22.4.1')).toContain('needs Node 22.5 or later');
    expect(nodeVersionProblem('>=22.5', '22.5.0')).toBeUndefined();
  });

  it('ignores a range it does not understand rather than refusing every version', () => {
    expect(minimumOf('^20 || ^22')).toBeUndefined();
    expect(nodeVersionProblem('^20 || ^22', '10.0.0')).toBeUndefined();
  });
});
