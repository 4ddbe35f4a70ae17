// The columns every read of a stored delivery shares (id, event, repository, installation, attempts, received_at),
// turned into the service's values in one place: pg gives NULL as null, bigint as a string and timestamptz as a
// Date, where the service's types say undefined, numbers and milliseconds.

/** The shared columns of a `repo_actions_deliveries` row as pg returns them. */
export interface DeliveryRow {
  id: string;
  event: string;
  repository: string | null;
  installation: string | null;
  attempts: number;
  received_at: Date;
}

/** What every view of a stored delivery says of it. */
interface DeliveryBase {
  id: string;
  event: string;
  repository?: string;
  installation?: number;
  attempts: number;
  receivedAt: number;
}

/** Milliseconds since the epoch of a timestamptz (a Date from pg; a string or number from other drivers). */
export function ms(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

export function deliveryBaseOf(r: DeliveryRow): DeliveryBase {
  return {
    id: r.id,
    event: r.event,
    repository: r.repository ?? undefined,
    installation: r.installation === null ? undefined : Number(r.installation),
    attempts: Number(r.attempts),
    receivedAt: ms(r.received_at),
  };
}
