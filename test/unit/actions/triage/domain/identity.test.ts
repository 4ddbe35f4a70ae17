// Who the run writes as (identity.ts): GraphQL's viewer first, `GET /user` only for personal tokens, `own-login` a
// check; and whose `labeled` events are the run's own.
import { describe, expect, it } from 'vitest';
import type { Client, Logger } from '../../../../../src/github/client/types';
import {
  identityOfLogin,
  isIntegrationToken,
  learnIdentity,
  restLoginOf,
} from '../../../../../src/actions/triage/domain/identity';
import {
  GITHUB_ACTIONS_APP_ID,
  isOwnActor,
  WORKFLOW_TOKEN_IDENTITY,
} from '../../../../../src/actions/triage/domain/markers';

const lines: string[] = [];
const log: Logger = {
  debug: (m) => lines.push(`debug ${m}`),
  info: (m) => lines.push(`info ${m}`),
  warning: (m) => lines.push(`warning ${m}`),
};

/** A client whose GraphQL answers `viewer` (or fails) and whose REST answers `GET /user` (or 403). */
function fakeClient(viewer: { __typename?: string; login: string } | Error, user?: string) {
  const asked: string[] = [];
  let points = 0;
  const client = {
    graphql: async () => {
      asked.push('graphql viewer');
      if (viewer instanceof Error) throw viewer;
      points++;
      return { viewer };
    },
    telemetry: { snapshot: () => ({ graphqlPoints: points }) },
    octokit: {
      request: async (route: string) => {
        asked.push(route);
        if (user === undefined)
          throw Object.assign(new Error('Resource not accessible by integration'), { status: 403 });
        return { data: { login: user } };
      },
    },
  } as unknown as Pick<Client, 'graphql' | 'telemetry' | 'octokit'>;
  return { client, asked };
}

describe('learnIdentity', () => {
  it("the workflow token: github-actions[bot], with GitHub Actions' App id", async () => {
    const { client, asked } = fakeClient({ __typename: 'Bot', login: 'github-actions' });
    const { identity } = await learnIdentity(client, log, { token: 'ghs_workflow' });
    expect(identity).toEqual(WORKFLOW_TOKEN_IDENTITY);
    expect(identity.appId).toBe(GITHUB_ACTIONS_APP_ID);
    expect(asked).toEqual(['graphql viewer']);
  });

  it("an App's installation token: <slug>[bot] from the viewer, no GET /user", async () => {
    const { client, asked } = fakeClient({ login: 'tidy-bot[bot]' });
    expect((await learnIdentity(client, log, { token: 'ghs_app' })).identity).toEqual({ login: 'tidy-bot[bot]' });
    expect(asked).toEqual(['graphql viewer']);
  });

  it('a personal token without GraphQL: GET /user names it', async () => {
    const { client, asked } = fakeClient(new Error('no GraphQL'), 'mona');
    expect((await learnIdentity(client, log, { token: 'ghp_mona' })).identity).toEqual({ login: 'mona' });
    expect(asked).toEqual(['graphql viewer', 'GET /user']);
  });

  it('an integration token without GraphQL: taken as the workflow token, or as own-login when given', async () => {
    const { client, asked } = fakeClient(new Error('no GraphQL'));
    expect((await learnIdentity(client, log, { token: 'ghs_x' })).identity).toEqual(WORKFLOW_TOKEN_IDENTITY);
    expect((await learnIdentity(client, log, { token: 'ghs_x', ownLogin: 'tidy-bot[bot]' })).identity).toEqual({
      login: 'tidy-bot[bot]',
    });
    expect(asked).not.toContain('GET /user');
  });

  it('own-login is a check: another login is a mismatch naming both; the same login in other case is not', async () => {
    const { client } = fakeClient({ login: 'tidy-bot[bot]' });
    expect((await learnIdentity(client, log, { token: 'ghs_app', ownLogin: 'mona' })).mismatch).toBe(
      'the token writes as tidy-bot[bot], not as mona',
    );
    expect(
      (await learnIdentity(client, log, { token: 'ghs_app', ownLogin: 'Tidy-Bot[bot]' })).mismatch,
    ).toBeUndefined();
  });
});

describe('identity helpers', () => {
  it('logins as REST writes them, token kinds by prefix, and own label events by login', () => {
    expect(restLoginOf({ __typename: 'Bot', login: 'tidy-bot' })).toBe('tidy-bot[bot]');
    expect(restLoginOf({ __typename: 'Bot', login: 'tidy-bot[bot]' })).toBe('tidy-bot[bot]');
    expect(restLoginOf({ __typename: 'User', login: 'mona' })).toBe('mona');
    expect([isIntegrationToken('ghs_abc'), isIntegrationToken('ghp_abc'), isIntegrationToken('github_pat_x')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(identityOfLogin('GitHub-Actions[bot]')).toBe(WORKFLOW_TOKEN_IDENTITY);
    expect(isOwnActor('github-actions[bot]', WORKFLOW_TOKEN_IDENTITY)).toBe(true);
    expect(isOwnActor('mona', WORKFLOW_TOKEN_IDENTITY)).toBe(false);
    expect(isOwnActor(null, { login: 'mona' })).toBe(false);
  });
});
