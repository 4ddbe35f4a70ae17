import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declared, defineReads } from '../../../../../src/github/client/declared';
import { checkShape, completeBodies } from '../../../../../src/github/client/stages/integrity';
import { IntegrityError, ShapeError } from '../../../../../src/github/client/transport-errors';
import { attempt, exchange } from './fixture';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** A fetch answering a body that arrives in pieces, optionally breaking off after them. */
function fetchAnswering(status: number, headers: Record<string, string>, pieces: string[], breakOff = false) {
  return async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of pieces) controller.enqueue(new TextEncoder().encode(p));
        if (breakOff) controller.error(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
        else controller.close();
      },
    });
    return new Response(body, { status, headers });
  };
}

describe('integrity stage: complete bodies', () => {
  it('passes a complete JSON answer through, readable again', async () => {
    const f = completeBodies(fetchAnswering(200, { ...JSON_TYPE, 'content-length': '12' }, ['[{"a":', '1}]', '   ']));
    const res = await f('https://api.example.test/x');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ a: 1 }]);
    expect(res.url).toBe('https://api.example.test/x');
  });

  it('a body that breaks off is an IntegrityError, never data', async () => {
    const f = completeBodies(fetchAnswering(200, JSON_TYPE, ['[{"a":'], true));
    await expect(f('https://api.example.test/x')).rejects.toThrow(IntegrityError);
  });

  it('a body shorter than its content-length is an IntegrityError', async () => {
    const f = completeBodies(fetchAnswering(200, { ...JSON_TYPE, 'content-length': '100' }, ['[]']));
    await expect(f('https://api.example.test/x')).rejects.toThrow(/declared 100 bytes but 2 arrived/);
  });

  it('a 2xx JSON answer that does not parse is an IntegrityError; a 4xx body is only read whole', async () => {
    await expect(completeBodies(fetchAnswering(201, JSON_TYPE, ['{"id": 1']))('https://a.test/x')).rejects.toThrow(
      /not valid JSON/,
    );
    const notFound = await completeBodies(fetchAnswering(404, JSON_TYPE, ['<html>']))('https://a.test/x');
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toBe('<html>');
  });

  it('an empty 2xx JSON body is accepted only when it says so (content-length: 0); 204 and 304 carry none', async () => {
    await expect(completeBodies(fetchAnswering(200, JSON_TYPE, []))('https://a.test/x')).rejects.toThrow(
      IntegrityError,
    );
    const empty = await completeBodies(fetchAnswering(200, { ...JSON_TYPE, 'content-length': '0' }, []))(
      'https://a.test/x',
    );
    expect(empty.status).toBe(200);
    const noContent = await completeBodies(async () => new Response(null, { status: 204 }))('https://a.test/x');
    expect(noContent.status).toBe(204);
  });
});

describe('integrity stage: the shape the call declared', () => {
  const { labels: declaredLabels } = defineReads({
    labels: { route: 'GET /repos/{owner}/{repo}/labels', shape: z.array(z.looseObject({ name: z.string() })) },
  });
  const labels = () =>
    exchange('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' }, declared(declaredLabels));
  const answer = (data: unknown) =>
    attempt(200, { headers: JSON_TYPE, response: { status: 200, url: '', headers: JSON_TYPE, data } });

  it('accepts the declared shape and lets unknown fields through', () => {
    const a = answer([{ name: 'bug', color: 'fff', extra: { deep: true } }]);
    checkShape(labels(), a);
    expect(a.failure).toBeUndefined();
    expect((a.response?.data as { extra: unknown }[])[0].extra).toEqual({ deep: true });
  });

  it('a wrong shape is a ShapeError naming the declared route, and the answer is dropped', () => {
    const a = answer({ message: 'Moved' });
    checkShape(labels(), a);
    expect(a.failure).toBeInstanceOf(ShapeError);
    expect((a.failure as Error).message).toContain('GET /repos/{owner}/{repo}/labels');
    expect(a.response).toBeUndefined();
  });

  it('an empty JSON body (content-length 0) is a ShapeError, never an empty list', () => {
    const a = answer('');
    checkShape(labels(), a);
    expect(a.failure).toBeInstanceOf(ShapeError);
    expect(a.response).toBeUndefined();
  });

  it('checks a next page (an absolute URL of another path) by the declaration it carries, not by its path', () => {
    const next = labels();
    next.route = '/repositories/1296269/labels';
    next.parsed = { ...next.parsed, url: 'https://api.example.test/repositories/1296269/labels?page=2' };
    const a = answer([{ nom: 'bug' }]);
    checkShape(next, a);
    expect((a.failure as Error).message).toMatch(/^GET \/repos\/\{owner\}\/\{repo\}\/labels answered 200 .*0\.name/);
  });

  it('checks nothing of an answer declared unread, nor of a call that declares nothing (its JSON still parsed)', () => {
    const { assignable } = defineReads({
      assignable: { route: 'GET /repos/{owner}/{repo}/assignees/{assignee}', shape: 'unread' },
    });
    const unread = answer({ anything: true });
    checkShape(exchange('GET /repos/{owner}/{repo}/assignees/{assignee}', {}, declared(assignable)), unread);
    expect(unread.failure).toBeUndefined();
    const undeclared = answer({ message: 'Moved' });
    checkShape(exchange('GET /repos/{owner}/{repo}/labels', { owner: 'o', repo: 'r' }), undeclared);
    expect(undeclared.failure).toBeUndefined();
  });

  it('leaves raw (non-JSON) answers alone', () => {
    const { file } = defineReads({
      file: { route: 'GET /repos/{owner}/{repo}/contents/{path}', shape: z.looseObject({ path: z.string() }) },
    });
    const ex = exchange(file.route, { owner: 'o', repo: 'r', path: 'a.yml' }, declared(file));
    const a = attempt(200, {
      headers: { 'content-type': 'application/vnd.github.raw' },
      response: { status: 200, url: '', headers: {}, data: 'x: 1' },
    });
    checkShape(ex, a);
    expect(a.failure).toBeUndefined();
  });
});
