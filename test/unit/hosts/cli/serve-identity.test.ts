// The App-mode service's identity: GET /app's `<slug>[bot]`, with --own-login only a check (case-insensitive).
import { describe, expect, it } from 'vitest';
import { appServiceIdentity } from '../../../../src/hosts/cli/serve-identity';

const provider = { identity: async () => ({ appId: 42, login: 'our-app[bot]' }) };
const log = { info: (_m: string) => {} };

describe('appServiceIdentity', () => {
  it('takes the login GET /app names when --own-login is not given', async () => {
    expect(await appServiceIdentity(provider, undefined, log)).toEqual({
      identity: { appId: 42, login: 'our-app[bot]' },
    });
  });

  it('accepts a matching --own-login (logins are case-insensitive)', async () => {
    expect(await appServiceIdentity(provider, 'Our-App[bot]', log)).toEqual({
      identity: { appId: 42, login: 'our-app[bot]' },
    });
  });

  it('refuses a different --own-login, naming both', async () => {
    const answer = await appServiceIdentity(provider, 'our-app', log);
    expect(answer).toEqual({ problem: expect.stringContaining('--own-login our-app does not match the App') });
    expect('problem' in answer && answer.problem).toContain('write as our-app[bot]');
  });

  it('says why when GET /app fails', async () => {
    const failing = { identity: async () => Promise.reject(new Error('connect ECONNREFUSED')) };
    expect(await appServiceIdentity(failing, undefined, log)).toEqual({
      problem: "cannot learn the App's identity (GET /app): connect ECONNREFUSED",
    });
  });
});
