// The shared columns of a stored delivery turned into the service's values: NULL → undefined, bigint strings →
// numbers, timestamptz → milliseconds (a Date from pg, a string or number from elsewhere).
import { describe, expect, it } from 'vitest';
import { deliveryBaseOf, ms } from '../../../../../src/hosts/service/store/delivery-row';

describe('deliveryBaseOf', () => {
  it('maps a full row', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(
      deliveryBaseOf({
        id: 'd-1',
        event: 'issues',
        repository: 'octo/app',
        installation: '9007199254740',
        attempts: 2,
        received_at: at,
      }),
    ).toEqual({
      id: 'd-1',
      event: 'issues',
      repository: 'octo/app',
      installation: 9007199254740,
      attempts: 2,
      receivedAt: at.getTime(),
    });
  });

  it('gives undefined for NULL repository and installation, and a number for a string count', () => {
    const base = deliveryBaseOf({
      id: 'sweep:octo/app:1',
      event: 'schedule',
      repository: null,
      installation: null,
      attempts: '3' as unknown as number,
      received_at: new Date(0),
    });
    expect(base.repository).toBeUndefined();
    expect(base.installation).toBeUndefined();
    expect(base.attempts).toBe(3);
    expect(base.receivedAt).toBe(0);
  });
});

describe('ms', () => {
  it('reads a Date, an ISO string and a number alike', () => {
    const iso = '2026-01-02T03:04:05.678Z';
    const expected = Date.parse(iso);
    expect([ms(new Date(iso)), ms(iso), ms(expected)]).toEqual([expected, expected, expected]);
  });
});
