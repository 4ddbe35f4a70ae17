// The service (PostgreSQL) with the dispatcher in front of a recording engine: every example payload of
// @octokit/webhooks-examples for the handled events is answered 202 and reaches the engine with its
// repository and installation token, or is answered 204 when the engine has nothing to do for it.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Client, ClientOptions } from '../../../../src/github/client/types';
import { dispatch as modeOf } from '../../../../src/actions/triage/domain/dispatch';
import type { TriageOptions, TriageResult } from '../../../../src/actions/triage/domain/engine';
import { ClientPool } from '../../../../src/hosts/service/client-pool';
import { createDispatcher, type DispatchOutcome } from '../../../../src/hosts/service/dispatch';
import { KeyedLock } from '../../../../src/hosts/service/keyed-lock';
import { sign } from '../../../../src/hosts/service/signature';
import { installationTokenProvider, staticTokenProvider } from '../../../../src/hosts/service/token-provider';
import { nothingToDo, useInProcessService } from '../../../service/in-process-service';

const require = createRequire(import.meta.url);
const examples: { name: string; examples: Record<string, any>[] }[] = require('@octokit/webhooks-examples');
const SECRET = 'dispatch test secret';
const silent = { debug() {}, info() {}, warning() {} };

const calls: { token: string; repo: string; event: string; action: string }[] = [];
const outcomes: DispatchOutcome[] = [];
const tokensAsked: (number | undefined)[] = [];

async function fakeEngine(o: TriageOptions): Promise<TriageResult> {
  calls.push({
    token: o.client.options.token,
    repo: `${o.repo.owner}/${o.repo.repo}`,
    event: o.event.name,
    action: String((o.event.payload as any).action),
  });
  return nothingToDo(o);
}

const svc = useInProcessService({
  secret: SECRET,
  engine: fakeEngine,
  dispatcher: {
    tokenProvider: {
      async tokenFor(id, repository) {
        tokensAsked.push(id);
        return id === undefined ? `static-for-${repository}` : `installation-${id}`;
      },
    },
    onOutcome: (o) => outcomes.push(o),
  },
});

/** Until every stored job finished. */
async function settled(): Promise<void> {
  while ((await openDeliveries()) > 0) await new Promise((r) => setTimeout(r, 20));
}

let seq = 0;
async function deliver(event: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const res = await fetch(svc.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': `dispatch-${++seq}`,
      'x-hub-signature-256': sign(SECRET, body),
    },
    body,
  });
  return res.status;
}

describe('dispatching the example payloads', () => {
  it('hands every handled example to the engine with its repository and installation token, or answers 204', async () => {
    const groups = examples.filter((e) => ['issues', 'issue_comment', 'pull_request', 'ping'].includes(e.name));
    let expectedCalls = 0;
    let answered204 = 0;
    for (const group of groups) {
      for (const payload of group.examples) {
        const status = await deliver(group.name, payload);
        const mode = group.name === 'ping' ? undefined : modeOf(group.name, payload);
        const expected = group.name === 'ping' ? 200 : mode!.kind === 'ignore' ? 204 : 202;
        expect(status, `${group.name}.${payload.action}`).toBe(expected);
        if (expected === 202) expectedCalls++;
        if (expected === 204) answered204++;
        // One at a time: examples about the same item and action would otherwise coalesce into one engine run.
        await settled();
      }
    }
    await settled();
    expect(expectedCalls).toBeGreaterThan(10);
    expect(answered204).toBeGreaterThan(10);
    expect(calls).toHaveLength(expectedCalls);
    for (const c of calls) {
      expect(['issues', 'issue_comment', 'pull_request']).toContain(c.event);
      expect(c.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
    }
    // Example payloads of an App carry installation.id; the token follows it.
    const withInstallation = calls.filter((c) => c.token.startsWith('installation-'));
    expect(withInstallation.length).toBeGreaterThan(0);
    expect(tokensAsked.filter((id) => id !== undefined).length).toBe(withInstallation.length);
    expect(outcomes.filter((o) => o.status === 'done')).toHaveLength(expectedCalls);
  });

  it('uses full_name when owner or name is missing, and ignores a payload without a usable repository', async () => {
    const before = calls.length;
    const outcomesBefore = outcomes.length;
    const issue = { number: 7, title: 't', state: 'open', user: { login: 'a' }, labels: [] };
    // One at a time: the two without a usable repository share no item, and would otherwise coalesce into one run.
    const payloads = [
      { action: 'opened', issue, repository: { full_name: 'octo/by-full-name' } },
      { action: 'opened', issue, repository: { full_name: 'not a repository' } },
      { action: 'opened', issue },
    ];
    for (const payload of payloads) {
      expect(await deliver('issues', payload)).toBe(202);
      await settled();
    }
    expect(calls.slice(before).map((c) => c.repo)).toEqual(['octo/by-full-name']);
    // Deliveries are processed concurrently: their outcomes come in any order.
    expect(
      outcomes
        .slice(outcomesBefore)
        .map((o) => o.status)
        .sort(),
    ).toEqual(['done', 'ignored', 'ignored']);
  });
});

describe('processing failures', () => {
  it('logs a token or engine failure and keeps serving', async () => {
    const warnings: string[] = [];
    const d = createDispatcher({
      tokenProvider: installationTokenProvider({ 1: 'one' }),
      log: { ...silent, warning: (m) => warnings.push(m) },
      engine: async () => {
        throw new Error('engine exploded');
      },
    });
    (d.configs as any).load = async () => ({ kind: 'found', config: { rules: [] }, fromCache: false });
    const payload = (installation?: number) => ({
      action: 'opened',
      issue: { number: 3, title: 't', state: 'open', user: { login: 'a' }, labels: [] },
      repository: { name: 'app', owner: { login: 'octo' } },
      ...(installation ? { installation: { id: installation } } : {}),
    });
    const noToken = await d.process({ id: 'x1', event: 'issues', payload: payload(2) });
    expect(noToken.status).toBe('failed');
    expect(noToken.message).toMatch(/no token for octo\/app \(installation 2\)/);
    const exploded = await d.process({ id: 'x2', event: 'issues', payload: payload(1) });
    expect(exploded.status).toBe('failed');
    expect(warnings.some((w) => w.includes('engine exploded') && w.includes('octo/app#3'))).toBe(true);
    expect(d.stats.failed).toBe(2);
  });
});

describe('building blocks', () => {
  it('KeyedLock runs one job per key at a time and different keys together', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const job = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${name}`);
    };
    await Promise.all([lock.run('a', job('a1', 30)), lock.run('a', job('a2', 1)), lock.run('b', job('b1', 5))]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    expect(lock.size).toBe(0);
  });

  it('ClientPool keeps one client per token, at most max', () => {
    const made: string[] = [];
    const closed: string[] = [];
    const pool = new ClientPool({}, silent, 2, (o: ClientOptions) => {
      made.push(o.token);
      return { options: { token: o.token }, close: () => closed.push(o.token) } as unknown as Client;
    });
    expect(pool.for('a')).toBe(pool.for('a'));
    pool.for('b');
    pool.for('c'); // evicts (and closes) a
    pool.for('a'); // evicts b
    expect(made).toEqual(['a', 'b', 'c', 'a']);
    expect(closed).toEqual(['a', 'b']);
    expect(pool.size).toBe(2);
  });

  it('static and installation token providers', async () => {
    expect(await staticTokenProvider('t').tokenFor(5, 'o/r')).toBe('t');
    expect(await installationTokenProvider({ 5: 'five' }, 'fallback').tokenFor(5, 'o/r')).toBe('five');
    expect(await installationTokenProvider({ 5: 'five' }, 'fallback').tokenFor(undefined, 'o/r')).toBe('fallback');
    await expect(installationTokenProvider({}).tokenFor(9, 'o/r')).rejects.toThrow(/no token/);
  });
});

/** Deliveries queued or running. */
async function openDeliveries(): Promise<number> {
  const s = await svc.store.log.stats();
  return s.queued + s.running;
}
