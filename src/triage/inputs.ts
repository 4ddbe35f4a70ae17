// The inputs of triage beyond the common ones (token, dry-run, budget-reserve, read by src/core/run).
import { z } from 'zod';
import { getInputs, intInput, stringInput, type InputReader } from '../core/inputs';

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

const schema = z.object({
  config: stringInput('.github/triage.yml'),
  'max-operations': intInput({ min: 1, default: 100 }),
  'own-login': z
    .string()
    .trim()
    .refine((login) => LOGIN.test(login), { message: 'must be the login the token writes as (user or app[bot])' })
    .optional(),
});

export interface TriageInputs {
  config: string;
  maxOperations: number;
  /** The login the token comments as, when it is not the workflow token (a personal token, an App's bot). */
  ownLogin?: string;
}

export function readTriageInputs(read?: InputReader): TriageInputs {
  const raw = getInputs(schema, read);
  return {
    config: raw.config,
    maxOperations: raw['max-operations'],
    ...(raw['own-login'] ? { ownLogin: raw['own-login'] } : {}),
  };
}
