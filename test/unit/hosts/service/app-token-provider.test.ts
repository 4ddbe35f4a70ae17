// The GitHub App token provider against a small fake of the two App endpoints: the JWT is RS256-signed by
// the App's key, installation tokens are cached until shortly before they expire, concurrent deliveries
// share one exchange, and a delivery without installation id finds it through the repository.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCredentialsError, appTokenProvider } from '../../../../src/hosts/service/app-token-provider';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
let server: Server;
let apiUrl: string;
const seen: { method: string; path: string; iss?: string }[] = [];
let issued = 0;
let clock = Date.parse('2026-01-01T00:00:00Z');

function verifyJwt(auth: string | undefined): { iss: string; iat: number; exp: number } | undefined {
  const m = /^Bearer (.+)\.(.+)\.(.+)$/.exec(auth ?? '');
  if (!m) return undefined;
  const ok = createVerify('RSA-SHA256').update(`${m[1]}.${m[2]}`).verify(publicKey, Buffer.from(m[3], 'base64url'));
  const header = JSON.parse(Buffer.from(m[1], 'base64url').toString());
  return ok && header.alg === 'RS256' ? JSON.parse(Buffer.from(m[2], 'base64url').toString()) : undefined;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const claims = verifyJwt(req.headers.authorization);
    seen.push({ method: req.method!, path: req.url!, iss: claims?.iss });
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!claims || claims.exp - claims.iat > 600)
      return send(401, { message: 'A JSON web token could not be decoded' });
    if (req.method === 'GET' && req.url === '/app')
      return claims.iss === '1234'
        ? send(200, { id: 1234, slug: 'our-app', name: 'Our App' })
        : send(200, { id: 99, slug: 'x' });
    if (req.method === 'GET' && req.url === '/repos/octo/app/installation')
      return send(200, { id: 77, account: { login: 'octo' } });
    const m = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(req.url!);
    if (req.method === 'POST' && m) {
      issued++;
      return setTimeout(
        () => send(201, { token: `ghs_${m[1]}_${issued}`, expires_at: new Date(clock + 3_600_000).toISOString() }),
        20,
      );
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('appTokenProvider', () => {
  it('exchanges a signed JWT for an installation token, once for concurrent deliveries, again near expiry', async () => {
    const provider = appTokenProvider({ appId: 1234, privateKey: pem, apiUrl, now: () => clock });
    const tokens = await Promise.all([
      provider.tokenFor(5, 'octo/app'),
      provider.tokenFor(5, 'octo/app'),
      provider.tokenFor(5, 'octo/app'),
    ]);
    expect(new Set(tokens)).toEqual(new Set(['ghs_5_1']));
    expect(seen.filter((s) => s.path === '/app/installations/5/access_tokens')).toHaveLength(1);
    expect(seen.every((s) => s.iss === '1234')).toBe(true);

    clock += 50 * 60_000; // 10 minutes left: still good
    expect(await provider.tokenFor(5, 'octo/app')).toBe('ghs_5_1');
    clock += 6 * 60_000; // 4 minutes left: refreshed (with a new JWT: the old one has expired)
    expect(await provider.tokenFor(5, 'octo/app')).toBe('ghs_5_2');
  });

  it('finds the installation of a repository when the delivery has none', async () => {
    const provider = appTokenProvider({ appId: 1234, privateKey: pem, apiUrl, now: () => clock });
    expect(await provider.tokenFor(undefined, 'octo/app')).toMatch(/^ghs_77_/);
    expect(await provider.tokenFor(undefined, 'octo/app')).toMatch(/^ghs_77_/);
    expect(seen.filter((s) => s.path === '/repos/octo/app/installation')).toHaveLength(1);
    await expect(provider.tokenFor(undefined, 'octo/unknown')).rejects.toThrow();
  });

  it('fails at once on a 401 (a wrong key), naming the App id and the key, without retrying', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    });
    const provider = appTokenProvider({ appId: 4321, privateKey: other.toString(), apiUrl, now: () => clock });
    const before = seen.length;
    const error = await provider.tokenFor(9, 'octo/app').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppCredentialsError);
    expect((error as Error).message).toMatch(/App 4321 .*401.*private key/);
    expect(seen.length - before).toBe(1);
  });

  it("learns the App's identity from GET /app with its JWT: <slug>[bot]", async () => {
    const provider = appTokenProvider({ appId: 1234, privateKey: pem, apiUrl, now: () => clock });
    expect(await provider.identity()).toEqual({ appId: 1234, login: 'our-app[bot]' });
    expect(seen.filter((s) => s.path === '/app').at(-1)?.iss).toBe('1234');
  });

  it('refuses an answer naming another App than the JWT is for', async () => {
    const provider = appTokenProvider({ appId: 5678, privateKey: pem, apiUrl, now: () => clock });
    await expect(provider.identity()).rejects.toThrow('GET /app names App 99, not 5678');
  });

  it('during a rotation tries the other key on a 401, keeps the one GitHub accepts, and says when it accepts none', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const rotating = appTokenProvider({
      appId: 1234,
      privateKey: other,
      previousPrivateKeys: [pem],
      apiUrl,
      now: () => clock,
    });
    const before = seen.length;
    expect(await rotating.identity()).toEqual({ appId: 1234, login: 'our-app[bot]' });
    expect(seen.length - before).toBe(2); // the refused key once, then the accepted one
    expect(rotating.keyInUse()).toBe(1);
    expect(rotating.credentialProblem!()).toBeUndefined();
    await rotating.identity();
    expect(seen.length - before).toBe(3); // the accepted key stays in use

    let at = clock;
    const refusedAll = appTokenProvider({ appId: 1234, privateKey: other, apiUrl, now: () => at, recheckMs: 1_000 });
    await expect(refusedAll.identity()).rejects.toBeInstanceOf(AppCredentialsError);
    expect(refusedAll.credentialProblem!()).toMatch(/^private key refused: .*App 1234.*401/);
    const asked = seen.length;
    await refusedAll.recheckCredentials!();
    expect(seen.length).toBe(asked); // asked again at most every recheckMs
    at += 1_000;
    await refusedAll.recheckCredentials!();
    expect(seen.length).toBe(asked + 1);
    expect(refusedAll.credentialProblem!()).toMatch(/private key refused/);
  });
});
