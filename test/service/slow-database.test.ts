// A database that answers slowly is not one that is away. A lock held on the deliveries table (as a migration or a
// long maintenance statement holds one) stalls the storing statement: while the database keeps answering the
// service's other statements (here /readyz's probe, a write to another table), a delivery waits for its write
// and gets its 202 once the lock goes (GitHub waits 10 s and never redelivers a 503 by itself); when the database
// answers nothing else, the delivery is refused with 503 as soon as the 0.9 s bound passes.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postDelivery } from '../../harness/service';
import { T } from '../../src/hosts/service/store/delivery-log';
import { nothingToDo, useInProcessService } from './in-process-service';
import { editedIssue } from './issue-payloads';

const SECRET = 'slow-database secret';
const running = useInProcessService({ secret: SECRET, engine: async (o) => nothingToDo(o) });

/** Holds a SHARE lock on the deliveries table (reads pass, writes wait) for `ms`, from a connection of its own. */
async function lockDeliveries(ms: number): Promise<{ held: Promise<void> }> {
  const db = new pg.Client({ connectionString: running.postgres.url });
  db.on('error', () => {});
  await db.connect();
  await db.query('BEGIN');
  await db.query(`LOCK TABLE ${T} IN SHARE MODE`);
  const held = new Promise<void>((resolve) =>
    setTimeout(() => {
      void db
        .query('COMMIT')
        .then(() => db.end())
        .finally(resolve);
    }, ms),
  );
  return { held };
}

const readyzUrl = () => running.url.replace('/api/github/webhooks', '/readyz');

describe('a slow database and a silent one', () => {
  it('waits for a slow write while the database answers, and refuses at the bound when it answers nothing', async () => {
    // 1. Locked for 2.5 s while /readyz is asked all the time (its probe answers): the delivery waits and is stored.
    // Three pollers, so that the database answers something every few tens of ms even on a loaded machine where one
    // probe may take longer than the receiver's 250 ms gap.
    const lock = await lockDeliveries(2_500);
    let polling = true;
    const poller = async (offset: number) => {
      await new Promise((r) => setTimeout(r, offset));
      while (polling) {
        await fetch(readyzUrl()).then((r) => r.text());
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const poll = Promise.all([0, 20, 40].map(poller));
    const slow = await postDelivery(running.url, {
      id: 'slow-1',
      event: 'issues',
      payload: editedIssue(1, 1),
      secret: SECRET,
    });
    polling = false;
    await poll;
    await lock.held;
    expect(slow.status).toBe(202);
    expect(slow.ms).toBeGreaterThan(900); // it outlived the bound a silent database gets

    // 2. Locked again, nothing else asked of the database: the delivery is refused (and stored once the lock goes,
    // so GitHub's redelivery is a duplicate).
    const second = await lockDeliveries(2_500);
    const refused = await postDelivery(running.url, {
      id: 'slow-2',
      event: 'issues',
      payload: editedIssue(2, 1),
      secret: SECRET,
    });
    await second.held;
    expect(refused.status).toBe(503);
    const again = await postDelivery(running.url, {
      id: 'slow-2',
      event: 'issues',
      payload: editedIssue(2, 1),
      secret: SECRET,
    });
    expect(again.status).toBe(202);
  }, 60_000);
});
