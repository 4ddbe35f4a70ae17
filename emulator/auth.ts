// Credentials: parse `Authorization`, decide what a token may see (404) and do (403).
import type { IncomingMessage } from 'node:http';
import { appOfJwt } from './app-hook-routes';
import { error, notFound } from './http';
import type { Repo, State, Token } from './state';
import type { Level } from './types';

const RANK: Record<Level, number> = { none: 0, read: 1, write: 2, admin: 3 };

export interface Credentials {
  token?: Token;
  tokenString?: string;
  /** An Authorization header was sent but is not a known token. */
  invalid: boolean;
}

export function readCredentials(req: IncomingMessage, state: State): Credentials {
  const header = req.headers.authorization;
  if (!header) return { invalid: false };
  const m = /^(?:bearer|token)\s+(\S+)\s*$/i.exec(header);
  if (!m) return { invalid: true };
  const token = state.tokens.get(m[1]);
  // An App's JWT: no repository access; the /app routes check it (emulator/app-hook-routes.ts).
  if (!token && appOfJwt(state, m[1]) !== undefined) return { tokenString: m[1], invalid: false };
  return token ? { token, tokenString: m[1], invalid: false } : { invalid: true };
}

function listed(token: Token, repo: Repo): boolean {
  return !token.repositories || token.repositories.some((r) => r.toLowerCase() === repo.fullName.toLowerCase());
}

/** Whether the repository exists for this caller (private ones only for tokens that may see them). */
export function canSee(token: Token | undefined, repo: Repo): boolean {
  if (!repo.private) return true;
  if (!token) return false;
  if (token.kind === 'user' && !token.repositories) return !!repo.role(token.login);
  return listed(token, repo);
}

/** Throws the 403 GitHub answers when the token lacks `scope: level` on the repository. */
export function checkPermission(token: Token | undefined, repo: Repo, scope: string, level: Level): void {
  if (!token) {
    if (level !== 'read') throw error(401, 'Requires authentication');
    return;
  }
  // Public data is readable by any token, whatever its permissions.
  if (level === 'read' && !repo.private) return;
  const integration = token.kind !== 'user';
  const message = integration
    ? 'Resource not accessible by integration'
    : 'Resource not accessible by personal access token';
  if (level !== 'read' && !listed(token, repo)) throw error(403, message);
  if (token.permissions) {
    // 'issues|pull-requests': either scope suffices (GitHub's issue endpoints accept both for pull requests).
    const granted = scope.split('|').map((s) => token.permissions![s] ?? (s === 'metadata' ? 'read' : 'none'));
    if (!granted.some((g) => RANK[g] >= RANK[level])) throw error(403, message);
  }
  if (token.kind === 'user' && level !== 'read') {
    const role = repo.role(token.login);
    if (!role || role === 'read') throw error(403, 'Must have push access to repository');
  }
}

/** Resolve an owner/repo path pair, answering 301 for a renamed repository and 404 for an invisible one. */
export function findRepo(
  state: State,
  token: Token | undefined,
  owner: string,
  name: string,
): { repo?: Repo; movedTo?: Repo } {
  const full = `${owner}/${name}`;
  const repo = state.repo(full);
  if (repo) {
    if (!canSee(token, repo)) throw notFound();
    return { repo };
  }
  const moved = state.renamed.get(full.toLowerCase());
  if (moved && canSee(token, moved)) return { movedTo: moved };
  throw notFound();
}
