// Who this run writes as, learnt from the token instead of asked for (`own-login` is only a check now). Whose
// comments and whose `labeled` events are this action's own depends on it: markers count only in its comments,
// and a stale label whose last `labeled` event is by it is its mark (also one actions/stale made with the same
// token before the switch). The evidence for each kind of token:
// - the workflow token (`GITHUB_TOKEN`) writes as `github-actions[bot]`, through GitHub Actions' App (15368);
// - an App installation token writes as `<slug>[bot]`; GraphQL's `viewer` names it (fullsend-ai/fullsend#1953:
//   "`viewer` returns `fullsend-ai-coder[bot]`"), while `GET /app` needs the App's JWT and `GET /user` answers 403
//   "Resource not accessible by integration" (neuralinkcorp/datarepo#62);
// - a personal token writes as its user: `viewer`, or `GET /user` where GraphQL is not served.
// The service, which knows its App's slug from `GET /app` (JWT), builds the same identity with `identityOfLogin`.
import { declared } from '../../../github/client/declared';
import { reads } from '../reads';
import type { Client, Logger } from '../../../github/client/types';
import { isStatus } from '../../../github/client/errors';
import { sendQuery } from '../../../github/graphql/query';
import type { LoginMemory } from './login-memory';
import { GITHUB_ACTIONS_APP_ID, WORKFLOW_TOKEN_IDENTITY, type Identity } from './markers';
import { triageViewer } from '../queries/documents';

const WORKFLOW_LOGIN = 'github-actions[bot]';

/** The identity of a login: the workflow token's carries GitHub Actions' App id (its comments name the App). */
export function identityOfLogin(login: string): Identity {
  return login.toLowerCase() === WORKFLOW_LOGIN ? WORKFLOW_TOKEN_IDENTITY : { login };
}

/** The login as REST writes it: GraphQL may name a bot without its `[bot]` suffix. */
export function restLoginOf(viewer: { __typename?: string; login: string }): string {
  return viewer.__typename === 'Bot' && !viewer.login.endsWith('[bot]') ? `${viewer.login}[bot]` : viewer.login;
}

/** True when two logins are the same account (GitHub's logins are case-insensitive). */
export function sameLogin(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}

/** GraphQL's `viewer` (1 point): the login a user or integration token writes as, or undefined. */
export async function viewerLogin(client: Pick<Client, 'graphql' | 'telemetry'>): Promise<string | undefined> {
  // The answer is TriageViewerData, checked by the client against the document's shape: only an empty login is left.
  const { viewer } = (await sendQuery(client, triageViewer, {})).data;
  return viewer.login === '' ? undefined : restLoginOf(viewer);
}

/** `GET /user`: a personal token's login; undefined when refused (integration tokens: 403). */
export async function userLogin(client: Pick<Client, 'octokit'>): Promise<string | undefined> {
  try {
    const { data } = await client.octokit.request('GET /user', { request: declared(reads.self) });
    const login = (data as { login?: unknown }).login;
    return typeof login === 'string' && login !== '' ? login : undefined;
  } catch (err) {
    if (isStatus(err, 401, 403, 404)) return undefined;
    throw err;
  }
}

/**
 * True for an integration token (the workflow token, an App installation token): GitHub's token formats give them
 * the prefix `ghs_` ("Behind GitHub's new authentication token formats", github.blog 2021-04-05; `ghp_` and
 * `github_pat_` are personal tokens, `gho_`/`ghu_` OAuth and user-to-server). `GET /user` refuses them, so it is
 * not asked.
 */
export function isIntegrationToken(token: string): boolean {
  return token.startsWith('ghs_');
}

/**
 * The login the token writes as: GraphQL's `viewer` (one point), else `GET /user` (user tokens only), else
 * undefined (an integration token on a server without GraphQL).
 */
export async function learnLogin(
  client: Pick<Client, 'graphql' | 'telemetry' | 'octokit'>,
  log: Logger,
  integration: boolean,
): Promise<string | undefined> {
  try {
    const login = await viewerLogin(client);
    if (login) return login;
  } catch (err) {
    log.debug(`GraphQL's viewer did not answer (${(err as Error).message}).`);
  }
  return integration ? undefined : userLogin(client);
}

/**
 * This run's identity: the learnt login (or the one learnt earlier in this job for the same token, `memory`), checked
 * against `own-login` when that is given (a different login means
 * the markers and label events would be read as someone else's: the run fails naming both). When nothing tells,
 * `own-login`, else the workflow token's identity.
 */
export async function learnIdentity(
  client: Pick<Client, 'graphql' | 'telemetry' | 'octokit'>,
  log: Logger,
  options: { ownLogin?: string; token: string; memory?: LoginMemory },
): Promise<{ identity: Identity; mismatch?: string }> {
  const { ownLogin, memory } = options;
  const remembered = memory?.get();
  const login = remembered ?? (await learnLogin(client, log, isIntegrationToken(options.token)));
  if (login !== undefined && remembered === undefined) await memory?.remember(login);
  if (login === undefined) {
    if (ownLogin) return { identity: identityOfLogin(ownLogin) };
    // An integration token without GraphQL: most likely the workflow token (an App's token is named by own-login).
    log.info(
      `The token's login could not be learnt (GraphQL's viewer did not answer): taken as the workflow token's ${WORKFLOW_LOGIN}; give own-login if it writes as an App.`,
    );
    return { identity: WORKFLOW_TOKEN_IDENTITY };
  }
  if (ownLogin && !sameLogin(ownLogin, login))
    return { identity: identityOfLogin(login), mismatch: `the token writes as ${login}, not as ${ownLogin}` };
  log.info(
    `Writing as ${login}${login.toLowerCase() === WORKFLOW_LOGIN ? ` (GitHub Actions, App ${GITHUB_ACTIONS_APP_ID})` : ''}.`,
  );
  return { identity: identityOfLogin(login) };
}
