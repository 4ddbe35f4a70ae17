// The repositories a sweep covers: every repository each installation can reach (`GET /installation/repositories`
// with the installation's token, paginated), cached for `cacheMs`, plus those seen in stored deliveries (a token
// that is not an installation token cannot list its repositories). Installations come from the App
// (`GET /app/installations` with its JWT), or are the token's own. Evidence: GitHub's REST docs, "List repositories
// accessible to the app installation" (200 {total_count, repositories[]}, installation access tokens only).
import { declared } from '../../github/client/declared';
import { reads } from './reads';
import type { Logger } from '../../github/client/types';
import { messageOf } from '../../kernel/words';
import type { ClientPool } from './client-pool';
import type { SweepSource } from './sweeps';
import type { TokenProvider } from './token-provider';

export interface InstalledRepositoriesOptions {
  tokenProvider: TokenProvider;
  clients: ClientPool;
  /** Repositories known otherwise (seen in deliveries). */
  known: SweepSource;
  log: Logger;
  now: () => number;
  /** How long a listing is reused (default 1 hour). */
  cacheMs?: number;
}

interface Listed {
  full_name: string;
}

export function installedRepositories(o: InstalledRepositoriesOptions): SweepSource {
  const cache = new Map<string, { at: number; repositories: string[] }>();

  async function listOf(installation: number | undefined): Promise<string[]> {
    const key = String(installation ?? 'token');
    const hit = cache.get(key);
    if (hit && o.now() - hit.at < (o.cacheMs ?? 3_600_000)) return hit.repositories;
    const token = await o.tokenProvider.tokenFor(installation, '');
    const listed = await o.clients.for(token).paginate<Listed>('GET /installation/repositories', {
      request: declared(reads.repositories),
    });
    const repositories = listed.map((r) => r.full_name).filter((n) => typeof n === 'string' && n.includes('/'));
    cache.set(key, { at: o.now(), repositories });
    return repositories;
  }

  return async () => {
    const found = new Map<string, { repository: string; installation?: number }>();
    for (const r of await o.known()) found.set(r.repository.toLowerCase(), r);
    const installations = o.tokenProvider.installations ? await o.tokenProvider.installations() : [undefined];
    for (const installation of installations) {
      try {
        for (const repository of await listOf(installation))
          found.set(repository.toLowerCase(), { repository, installation });
      } catch (err) {
        o.log.warning(
          `Cannot list the repositories of ${installation === undefined ? 'the token' : `installation ${installation}`}: ${messageOf(err)}`,
        );
      }
    }
    return [...found.values()].sort((a, b) => (a.repository < b.repository ? -1 : 1));
  };
}
