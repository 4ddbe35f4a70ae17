// The one account of GraphQL-first reads (src/kernel/reads.ts): what the queries cost, the switch to REST
// (once, with the first reason, logged once), and the reason a failure shows. Every action's reader uses it: no
// other module declares its own account or reason.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { GraphqlDocument } from '../../../src/github/graphql/document';
import { checkedData } from '../../../src/github/graphql/shape';
import { fallbackReason, GraphqlFirst } from '../../../src/kernel/reads';

const reader = () => {
  const logged: string[] = [];
  const first = new GraphqlFirst(
    { queries: 0, points: 0, fallback: null },
    { info: (m) => logged.push(m) },
    'x reads through REST',
  );
  return { first, logged };
};

describe('fallbackReason', () => {
  it('the first line of a message, capped at 200 characters', () => {
    expect(fallbackReason(new Error('refused\nsecond line'))).toBe('refused');
    expect(fallbackReason('a'.repeat(300))).toHaveLength(200);
  });

  it("an answer of the wrong shape: the reason is the client's check, naming the document and the first problem", () => {
    const doc: GraphqlDocument = {
      name: 'Repo',
      operation: 'query',
      text: 'query Repo { repository(owner: "o", name: "r") { name } }',
      points: 1,
      nodes: 1,
      shape: {
        kind: 'object',
        nullable: false,
        fields: {
          repository: {
            kind: 'object',
            nullable: true,
            fields: { name: { kind: 'scalar', nullable: false, type: 'string' } },
          },
        },
      },
    };
    let thrown: unknown;
    try {
      checkedData(doc, { repository: { name: 5 } }, 'https://api.github.com/graphql');
    } catch (err) {
      thrown = err;
    }
    expect(fallbackReason(thrown)).toBe(
      'POST /graphql (Repo) answered 200 with a body of the wrong shape (repository.name: expected a string, got a number)',
    );
  });
});

describe('GraphqlFirst', () => {
  it('counts the queries and their points while it serves', () => {
    const { first } = reader();
    expect(first.serves(undefined)).toBe(true);
    first.count(1);
    first.count(3);
    expect(first.account).toEqual({ queries: 2, points: 4, fallback: null });
  });

  it('a refusal or a failure switches to REST once: the first reason stays, logged once', () => {
    const { first, logged } = reader();
    expect(first.serves('GraphQL budget spent')).toBe(false);
    first.fallBack(new Error('later failure'));
    expect(first.serves(undefined)).toBe(false);
    expect(first.account.fallback).toBe('GraphQL budget spent');
    expect(logged).toEqual(['GraphQL unavailable (GraphQL budget spent): x reads through REST.']);
  });

  it('no other module of src/ declares its own reason or account of GraphQL reads', () => {
    const found = spawnSync(
      'git',
      ['grep', '-nE', String.raw`function reasonOf|fallback: string \| null;`, '--', 'src'],
      {
        encoding: 'utf8',
      },
    );
    expect(found.stdout.split('\n').filter((l) => l && !l.startsWith('src/kernel/reads.ts:'))).toEqual([]);
  });
});
