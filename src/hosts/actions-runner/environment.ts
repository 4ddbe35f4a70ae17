// The Actions runner's environment, read once. Only `src/hosts/actions-runner` and `src/hosts/cli` read `process.env`:
// an action gets these values through its `ActionContext`.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realClock, type Clock } from '../../github/client/clock';

/**
 * The one variable that scales time for tests against the emulator (`0.01` makes a minute 600 ms).
 * Read here and nowhere else; production never sets it.
 */
export const TIME_SCALE_VARIABLE = 'REPO_ACTIONS_TIME_SCALE';

export interface RunnerEnvironment {
  /** `GITHUB_WORKSPACE`, else the working directory. */
  workspace: string;
  /** `RUNNER_TEMP`, else the system's temporary directory. */
  tempDir: string;
  /** True when `RUNNER_TEMP` is set (a cache there lives as long as the job). */
  hasRunnerTemp: boolean;
  /** `GITHUB_SERVER_URL` without a trailing slash (https://github.com by default). */
  serverUrl: string;
  /** `GITHUB_API_URL` without a trailing slash (https://api.github.com by default). */
  apiUrl: string;
  /** `GITHUB_GRAPHQL_URL` (GHES: `https://HOST/api/graphql`); undefined lets the client derive it from `apiUrl`. */
  graphqlUrl: string | undefined;
  /** Where the API client keeps its ETag cache: `$RUNNER_TEMP/repo-actions-cache`, or null (memory only) without RUNNER_TEMP. */
  cacheDir: string | null;
  /** True when `https_proxy`/`http_proxy` route the API's host through a proxy (`no_proxy` not excluding it). */
  apiProxied: boolean;
  clock: Clock;
}

/** Whether the runner's proxy variables route requests to `url` through a proxy. */
export function proxiedFor(url: string, env: NodeJS.ProcessEnv): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (noProxy.some((n) => n === '*' || host === n || host.endsWith(n.startsWith('.') ? n : `.${n}`))) return false;
  return Boolean(env.https_proxy ?? env.HTTPS_PROXY ?? env.http_proxy ?? env.HTTP_PROXY);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function timeScaleOf(env: NodeJS.ProcessEnv): number {
  const v = Number(env[TIME_SCALE_VARIABLE]);
  return Number.isFinite(v) && v > 0 ? v : 1;
}

export function readRunnerEnvironment(env: NodeJS.ProcessEnv = process.env): RunnerEnvironment {
  const apiUrl = trimSlash(env.GITHUB_API_URL || 'https://api.github.com');
  return {
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    tempDir: env.RUNNER_TEMP || tmpdir(),
    hasRunnerTemp: Boolean(env.RUNNER_TEMP),
    serverUrl: trimSlash(env.GITHUB_SERVER_URL || 'https://github.com'),
    apiUrl,
    graphqlUrl: env.GITHUB_GRAPHQL_URL ? trimSlash(env.GITHUB_GRAPHQL_URL) : undefined,
    cacheDir: env.RUNNER_TEMP ? join(env.RUNNER_TEMP, 'repo-actions-cache') : null,
    apiProxied: proxiedFor(apiUrl, env),
    clock: realClock(timeScaleOf(env)),
  };
}
