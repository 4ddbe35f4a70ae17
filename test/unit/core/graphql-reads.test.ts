// The one account of GraphQL-first reads (src/core/graphql-reads.ts): what the queries cost, the switch to REST
// (once, with the first reason, logged once), and the reason a failure shows. Every action's reader uses it: no
// other module declares its own account or reason.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fallbackReason, GraphqlFirst } from '../../../src/core/graphql-reads';

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

  it('an answer of an unexpected shape names its first problem and where', () => {
    const result = z.object({ repository: z.object({ name: z.string() }) }).safeParse({ repository: { name: 5 } });
    expect(result.success).toBe(false);
    expect(fallbackReason(result.error)).toMatch(/^an answer of an unexpected shape \(repository\.name: /);
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
    expect(found.stdout.split('\n').filter((l) => l && !l.startsWith('src/core/graphql-reads.ts:'))).toEqual([]);
  });
});
