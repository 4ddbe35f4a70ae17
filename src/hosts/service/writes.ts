// The service's writes to the App API and what happens to each when its answer is lost (src/github/client/write-rules.ts):
// the installation tokens (app-token-provider.ts) and the redeliveries the command line asks for (hosts/cli/redeliver.ts).
// Each call passes the declaration with the request (`request: declared(writes.redeliver)`): its answer's shape
// (declared.ts) and its rule; the docs' table is generated from here.
import { z } from 'zod';
import { defineWrites } from '../../github/client/write-rules';

export const writes = defineWrites({
  installationToken: {
    route: 'POST /app/installations/{installation_id}/access_tokens',
    shape: z.looseObject({ token: z.string() }),
    afterLostAnswer: 'repeat',
    why: 'a second token is harmless; the first expires unused (client)',
  },
  redeliver: {
    route: 'POST /app/hook/deliveries/{delivery_id}/attempts',
    shape: 'unread',
    afterLostAnswer: 'repeat',
    why: 'a second redelivery carries the same X-GitHub-Delivery, which the receiver stores once (client)',
  },
});
