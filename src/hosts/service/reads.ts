// The service's reads of the App API and the shape of each answer (src/github/client/declared.ts): its identity and
// installations (app-token-provider.ts, installed-repositories.ts) and the deliveries the command line lists
// (hosts/cli/redeliver.ts). Each call passes its declaration with the request (`request: declared(reads.app)`); its
// writes are in writes.ts.
import { z } from 'zod';
import { defineReads } from '../../github/client/declared';

/** "Get the authenticated app": its id and slug (the login its tokens write as is `<slug>[bot]`, a slug's shape). */
export const AppAnswer = z.looseObject({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98}[A-Za-z0-9])?$/),
});

export const reads = defineReads({
  // "Get the authenticated app" (App JWT): the service's identity is `<slug>[bot]`.
  app: { route: 'GET /app', shape: AppAnswer },
  // "List installations for the authenticated app" (App JWT) and "List repositories accessible to the app
  // installation" (installation token; the list sits under `repositories`).
  installations: { route: 'GET /app/installations', shape: z.array(z.looseObject({ id: z.number() })) },
  repositories: {
    route: 'GET /installation/repositories',
    shape: z.looseObject({
      total_count: z.number(),
      repositories: z.array(z.looseObject({ full_name: z.string() })),
    }),
  },
  installation: { route: 'GET /repos/{owner}/{repo}/installation', shape: z.looseObject({ id: z.number() }) },
  deliveries: {
    route: 'GET /app/hook/deliveries',
    shape: z.array(
      z.looseObject({ id: z.number(), guid: z.string(), status_code: z.number(), delivered_at: z.string() }),
    ),
  },
});
