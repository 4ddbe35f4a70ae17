// The one webhook signature check (src/hosts/service/signature.ts): raw bytes, chunked bodies, a rotated secret, and the
// headers it refuses before any comparison.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isWellFormedSignature, sign, SignatureCheck, verifySignature } from '../../../../src/hosts/service/signature';

// GitHub's own example (docs: "Validating webhook deliveries"): secret "It's a Secret to Everybody", payload
// "Hello, World!", signature 757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17.
const DOCS = {
  secret: "It's a Secret to Everybody",
  body: 'Hello, World!',
  header: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
};

describe('signature', () => {
  it("signs as GitHub's documented example", () => {
    expect(sign(DOCS.secret, DOCS.body)).toBe(DOCS.header);
    expect(verifySignature(DOCS.secret, Buffer.from(DOCS.body), DOCS.header)).toBe(true);
    expect(
      verifySignature(DOCS.secret, Buffer.from(DOCS.body), DOCS.header.toUpperCase().replace('SHA256', 'sha256')),
    ).toBe(true);
  });

  const body = Buffer.from('{"action":"opened"}');
  const good = sign('s3cret', body);
  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['sha1 only', `sha1=${createHmac('sha1', 's3cret').update(body).digest('hex')}`],
    ['no prefix', good.slice('sha256='.length)],
    ['a short digest', good.slice(0, -2)],
    ['a non-hex digit', `${good.slice(0, -1)}g`],
    ['another secret', sign('other', body)],
    ['another body', sign('s3cret', '{"action":"closed"}')],
  ])('refuses %s', (_name, header) => {
    expect(verifySignature('s3cret', body, header)).toBe(false);
  });

  it('checks the bytes as received, not their text', () => {
    const raw = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]); // not UTF-8: decoding and re-encoding would change them
    const header = sign('k', raw);
    expect(verifySignature('k', raw, header)).toBe(true);
    expect(verifySignature('k', Buffer.from(raw.toString('utf8')), header)).toBe(false);
  });

  it('is the same over chunks as over the whole body', () => {
    const check = new SignatureCheck('s3cret');
    for (let i = 0; i < body.length; i += 5) check.update(body.subarray(i, i + 5));
    expect(check.matches(good)).toBe(true);
  });

  it('accepts either secret while one is rotated, and never an empty one', () => {
    expect(verifySignature(['new', 'old'], body, sign('old', body))).toBe(true);
    expect(verifySignature(['new', 'old'], body, sign('new', body))).toBe(true);
    expect(verifySignature(['new', 'old'], body, sign('third', body))).toBe(false);
    expect(verifySignature('', body, sign('', body))).toBe(false);
    expect(verifySignature(['', 'old'], body, sign('', body))).toBe(false);
  });

  it('tells a well-formed header from the rest', () => {
    expect(isWellFormedSignature(good)).toBe(true);
    expect(isWellFormedSignature(`${good} `)).toBe(false);
    expect(isWellFormedSignature(undefined)).toBe(false);
  });
});
