// Real GitHub answers (recorded in @octokit/fixtures) fit the client's response schemas: the schemas are loose
// enough for GitHub itself, so a ShapeError means an answer that is not GitHub's.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKeyOf, shapeProblem } from '../../src/client/schemas';
import { loadFixture } from './replay';

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios', 'api.github.com');

const checked = readdirSync(root).flatMap((scenario) =>
  loadFixture(scenario)
    .filter((f) => f.status >= 200 && f.status < 300 && f.response !== '' && typeof f.response === 'object')
    .map((f) => {
      const path = f.path.split('?')[0];
      return { scenario, method: f.method.toUpperCase(), path, route: routeKeyOf(f.method.toUpperCase(), '', path), f };
    })
    .filter((c) => c.route !== undefined),
);

describe('recorded GitHub answers fit the response schemas', () => {
  it('covers recorded answers of several routes', () => {
    expect(new Set(checked.map((c) => c.route)).size).toBeGreaterThanOrEqual(5);
  });

  for (const c of checked)
    it(`${c.scenario}: ${c.method} ${c.path} (${c.route})`, () => {
      expect(shapeProblem(c.route, c.f.response)).toBeUndefined();
    });
});
