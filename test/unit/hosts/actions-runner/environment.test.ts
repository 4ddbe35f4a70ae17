// The runner environment the client is built from: API URL, cache directory, proxy, time scale.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proxiedFor, readRunnerEnvironment } from '../../../../src/hosts/actions-runner/environment';

describe('readRunnerEnvironment', () => {
  it('puts the ETag cache in RUNNER_TEMP, or nowhere on disk without it', () => {
    expect(readRunnerEnvironment({ RUNNER_TEMP: '/tmp/job' }).cacheDir).toBe(join('/tmp/job', 'repo-actions-cache'));
    expect(readRunnerEnvironment({}).cacheDir).toBeNull();
  });

  it('takes GITHUB_API_URL without a trailing slash, and the time scale into the clock', () => {
    const env = readRunnerEnvironment({
      GITHUB_API_URL: 'https://ghe.example.test/api/v3/',
      REPO_ACTIONS_TIME_SCALE: '0.01',
    });
    expect(env.apiUrl).toBe('https://ghe.example.test/api/v3');
    expect(env.clock.scale).toBe(0.01);
    expect(readRunnerEnvironment({ REPO_ACTIONS_TIME_SCALE: 'nonsense' }).clock.scale).toBe(1);
  });
});

describe('proxiedFor', () => {
  const url = 'https://api.github.com/repos/o/r';
  it('is true when a proxy variable is set and no_proxy does not exclude the host', () => {
    expect(proxiedFor(url, { https_proxy: 'http://proxy:3128' })).toBe(true);
    expect(proxiedFor(url, { HTTP_PROXY: 'http://proxy:3128' })).toBe(true);
    expect(proxiedFor(url, {})).toBe(false);
  });

  it('honours no_proxy: exact hosts, domain suffixes and *', () => {
    const proxy = { https_proxy: 'http://proxy:3128' };
    expect(proxiedFor(url, { ...proxy, no_proxy: 'api.github.com' })).toBe(false);
    expect(proxiedFor(url, { ...proxy, NO_PROXY: '.github.com' })).toBe(false);
    expect(proxiedFor(url, { ...proxy, no_proxy: 'github.com' })).toBe(false);
    expect(proxiedFor(url, { ...proxy, no_proxy: '*' })).toBe(false);
    expect(proxiedFor(url, { ...proxy, no_proxy: 'hub.com' })).toBe(true);
    expect(proxiedFor('not a url', proxy)).toBe(false);
  });
});

describe('GITHUB_GRAPHQL_URL', () => {
  it('is read from the runner (GHES: https://HOST/api/graphql), else left to the client to derive', () => {
    const ghes = readRunnerEnvironment({
      GITHUB_API_URL: 'https://ghe.example.com/api/v3',
      GITHUB_GRAPHQL_URL: 'https://ghe.example.com/api/graphql/',
    });
    expect(ghes).toMatchObject({
      apiUrl: 'https://ghe.example.com/api/v3',
      graphqlUrl: 'https://ghe.example.com/api/graphql',
    });
    expect(readRunnerEnvironment({}).graphqlUrl).toBeUndefined();
  });

  it("without it the client (and the command line's runner environment) derive GHES's beside /api/v3", async () => {
    const { defaultGraphqlUrl } = await import('../../../../src/github/client');
    expect(defaultGraphqlUrl('https://ghe.example.com/api/v3')).toBe('https://ghe.example.com/api/graphql');
    expect(defaultGraphqlUrl('https://ghe.example.com/api/v3/')).toBe('https://ghe.example.com/api/graphql');
    expect(defaultGraphqlUrl('https://api.github.com')).toBe('https://api.github.com/graphql');
  });
});
