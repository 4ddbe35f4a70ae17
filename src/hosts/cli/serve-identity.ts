// Who the service is, learnt at start instead of asked for. In App mode `GET /app` (with the App's JWT) names the
// App's slug, and its installation tokens write as `<slug>[bot]` (Probot derives its bot login the same way);
// `--own-login` is then only a check: a different login would make the service read its own comments, markers and
// reactions as someone else's (a rule commenting again on every edit), so serve refuses to start naming both. With
// a token the login is learnt too (`tokenServiceIdentity`): `GET /user` for a personal token (no GraphQL point),
// else GraphQL's `viewer` (1 point), which names an installation token's `<slug>[bot]` and the workflow token's
// `github-actions[bot]` where `GET /user` answers 403 (src/actions/triage/domain/identity.ts cites the evidence); `--own-login` is a
// check there as well. The identity never falls back to "any bot": with no login, only comments the App made (its
// id) count as the service's own.
import { isStatus } from '../../github/client/errors';
import type { Client, Logger } from '../../github/client/types';
import { identityOfLogin, isIntegrationToken, userLogin, viewerLogin } from '../../actions/triage/domain/identity';
import type { AppTokenProvider } from '../service/app-token-provider';
import type { ServiceIdentity } from '../service/dispatch';

export type IdentityAnswer = { identity: ServiceIdentity } | { problem: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The App's identity from `GET /app`, checked against `--own-login` when given. */
export async function appServiceIdentity(
  provider: Pick<AppTokenProvider, 'identity'>,
  ownLogin: string | undefined,
  log: Pick<Logger, 'info'>,
): Promise<IdentityAnswer> {
  let app;
  try {
    app = await provider.identity();
  } catch (err) {
    return { problem: `cannot learn the App's identity (GET /app): ${(err as Error).message}` };
  }
  if (ownLogin !== undefined && !same(ownLogin, app.login))
    return {
      problem:
        `--own-login ${ownLogin} does not match the App: GET /app names App ${app.appId} "${app.login.slice(0, -5)}", ` +
        `whose installation tokens write as ${app.login}; give --own-login ${app.login} or leave it out`,
    };
  log.info(`Acting as App ${app.appId}, writing as ${app.login}.`);
  return { identity: { appId: app.appId, login: app.login } };
}

/**
 * The token's identity: `GET /user` for a personal token, else (an integration token, or `GET /user` refused)
 * GraphQL's `viewer`; checked against `--own-login` when given. A token GitHub refuses (401) stops the start, as a
 * wrong App key does. When no answer decides (the API unreachable or failing, GraphQL not served) the service starts
 * as before it learnt logins, with a warning: as `--own-login` when given, else with no login, where GraphQL's
 * `viewerDidAuthor` still recognises its comments and no bot's reaction counts as its own.
 */
export async function tokenServiceIdentity(
  client: Pick<Client, 'graphql' | 'telemetry' | 'octokit'>,
  token: string,
  ownLogin: string | undefined,
  log: Pick<Logger, 'info' | 'warning'>,
): Promise<IdentityAnswer> {
  let login: string | undefined;
  let failure: string | undefined;
  try {
    if (!isIntegrationToken(token)) login = await userLogin(client);
    login ??= await viewerLogin(client);
  } catch (err) {
    if (isStatus(err, 401)) return { problem: `GitHub refuses the token (401): ${(err as Error).message}` };
    failure = (err as Error).message;
  }
  if (login === undefined) {
    const why = failure ?? "GET /user refused it and GraphQL's viewer named nobody";
    log.warning(
      `The token's login could not be learnt (${why}): ` +
        (ownLogin === undefined
          ? 'starting without one (give --own-login to name it).'
          : `taking --own-login ${ownLogin} unchecked.`),
    );
    return { identity: ownLogin === undefined ? {} : { login: ownLogin } };
  }
  if (ownLogin !== undefined && !same(ownLogin, login))
    return {
      problem: `--own-login ${ownLogin} does not match the token, which writes as ${login}; give --own-login ${login} or leave it out`,
    };
  const { appId } = identityOfLogin(login);
  log.info(`Acting with a token, writing as ${login}.`);
  return { identity: { login, ...(appId === undefined ? {} : { appId }) } };
}
