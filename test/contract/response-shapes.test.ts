// Real GitHub answers (recorded in @octokit/fixtures) fit the shapes the code declares for its requests (every
// declaration in src, scripts/declared-requests.ts): the shapes are loose enough for GitHub itself, so a ShapeError
// means an answer that is not GitHub's. A recorded request is matched to a declared route by its path.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shapeProblem, type DeclaredShape } from '../../src/github/client/declared';
import { routeMatcher } from '../../harness/route-match';
import { declaredRequests } from '../../scripts/declared-requests';
import { loadFixture } from './replay';

const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve('@octokit/fixtures/package.json')), 'scenarios', 'api.github.com');

/** Each declared route's shapes (two owners may declare one route, each with the fields it reads). */
const shapes = new Map<string, DeclaredShape[]>();
for (const { declaration } of await declaredRequests()) {
  // A write's route may carry a note after the route (`POST /graphql (a mutation)`).
  const route = declaration.route.replace(/ \(.*\)$/, '');
  shapes.set(route, [...(shapes.get(route) ?? []), declaration.shape]);
}
const match = routeMatcher([...shapes.keys()]);

const checked = readdirSync(root).flatMap((scenario) =>
  loadFixture(scenario)
    .filter((f) => f.status >= 200 && f.status < 300 && f.response !== '' && typeof f.response === 'object')
    .map((f) => {
      const path = f.path.split('?')[0];
      return { scenario, method: f.method.toUpperCase(), path, route: match(f.method.toUpperCase(), '', path), f };
    })
    .filter((c) => c.route !== undefined),
);

describe('recorded GitHub answers fit the declared shapes', () => {
  it('covers recorded answers of several routes', () => {
    expect(new Set(checked.map((c) => c.route)).size).toBeGreaterThanOrEqual(5);
  });

  for (const c of checked)
    it(`${c.scenario}: ${c.method} ${c.path} (${c.route})`, () => {
      for (const shape of shapes.get(c.route!)!) expect(shapeProblem(shape, c.f.response)).toBeUndefined();
    });
});
