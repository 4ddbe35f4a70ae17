// The token's login is remembered across the runs of one job (login-memory.ts): the second run asks GitHub nothing,
// another token is asked again, the token itself is never written, and a folder or file that is not this user's
// alone is neither read nor written.
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client, Logger } from '../../../../../src/github/client/types';
import { learnIdentity } from '../../../../../src/actions/triage/domain/identity';
import { loadLoginMemory } from '../../../../../src/actions/triage/domain/login-memory';
import { WORKFLOW_TOKEN_IDENTITY } from '../../../../../src/actions/triage/domain/markers';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'login-memory-'));
  made.push(dir);
  return dir;
};
const log: Logger = { debug() {}, info() {}, warning() {} };

/** A client whose GraphQL viewer is `login`, counting the questions. */
function viewerClient(login: string) {
  const asked: string[] = [];
  const client = {
    graphql: async () => {
      asked.push('viewer');
      return { viewer: { __typename: 'Bot', login } };
    },
    telemetry: { snapshot: () => ({ graphqlPoints: asked.length }) },
    octokit: { request: async () => ({ data: {} }) },
  } as unknown as Pick<Client, 'graphql' | 'telemetry' | 'octokit'>;
  return { client, asked };
}

describe('the login remembered in the job', () => {
  it('is learnt once per token: the next run of the job asks nothing, another token is asked again', async () => {
    const dir = temp();
    const first = viewerClient('github-actions');
    const run = async (token: string, client: Pick<Client, 'graphql' | 'telemetry' | 'octokit'>) =>
      (await learnIdentity(client, log, { token, memory: await loadLoginMemory(dir, token) })).identity;
    expect(await run('ghs_workflow_token_1', first.client)).toEqual(WORKFLOW_TOKEN_IDENTITY);
    expect(await run('ghs_workflow_token_1', first.client)).toEqual(WORKFLOW_TOKEN_IDENTITY);
    expect(first.asked).toEqual(['viewer']);
    const app = viewerClient('tidy-bot');
    expect(await run('ghs_app_token_2', app.client)).toEqual({ login: 'tidy-bot[bot]' });
    expect(app.asked).toEqual(['viewer']);
    const stored = readFileSync(join(dir, 'repo-actions-triage', 'logins.json'), 'utf8');
    expect(stored).not.toContain('ghs_');
    expect(Object.values(JSON.parse(stored) as Record<string, string>).sort()).toEqual([
      'github-actions[bot]',
      'tidy-bot[bot]',
    ]);
  });

  it('keeps nothing when only own-login says who the token is', async () => {
    const dir = temp();
    const client = {
      graphql: async () => {
        throw new Error('no GraphQL');
      },
      telemetry: { snapshot: () => ({ graphqlPoints: 0 }) },
      octokit: { request: async () => ({ data: {} }) },
    } as unknown as Pick<Client, 'graphql' | 'telemetry' | 'octokit'>;
    const memory = await loadLoginMemory(dir, 'ghs_x');
    await learnIdentity(client, log, { token: 'ghs_x', ownLogin: 'tidy-bot[bot]', memory });
    expect((await loadLoginMemory(dir, 'ghs_x')).get()).toBeUndefined();
  });

  it.each([
    ['a folder open to others', (dir: string) => chmodSync(join(dir, 'repo-actions-triage'), 0o777)],
    [
      'a file that is a link',
      (dir: string) => {
        const elsewhere = join(dir, 'planted.json');
        writeFileSync(elsewhere, JSON.stringify({ [createHash('sha256').update('ghs_t').digest('hex')]: 'mallory' }));
        rmSync(join(dir, 'repo-actions-triage', 'logins.json'));
        symlinkSync(elsewhere, join(dir, 'repo-actions-triage', 'logins.json'));
      },
    ],
  ])('is not read from %s', async (_, spoil) => {
    const dir = temp();
    mkdirSync(join(dir, 'repo-actions-triage'), { mode: 0o700 });
    await (await loadLoginMemory(dir, 'ghs_t')).remember('github-actions[bot]');
    expect((await loadLoginMemory(dir, 'ghs_t')).get()).toBe('github-actions[bot]');
    spoil(dir);
    expect((await loadLoginMemory(dir, 'ghs_t')).get()).toBeUndefined();
  });
});
