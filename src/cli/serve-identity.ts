// Who the service is, learnt at start instead of asked for. In App mode `GET /app` (with the App's JWT) names the
// App's slug, and its installation tokens write as `<slug>[bot]` (Probot derives its bot login the same way);
// `--own-login` is then only a check: a different login would make the service read its own comments, markers and
// reactions as someone else's (a rule commenting again on every edit), so serve refuses to start naming both. With
// a token, `--own-login` names the login (a token's owner is not asked here). The identity never falls back to
// "any bot": with no login, only comments the App made (its id) count as the service's own.
import type { Logger } from '../client/types';
import type { AppTokenProvider } from '../webhooks/app-token-provider';
import type { ServiceIdentity } from '../webhooks/dispatch';

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
