// From a verified delivery to the triage engine: the delivery's repository and installation (zod), a token
// from the TokenProvider, a client per token, the repository's triage config (contents API, ETag-cached),
// then triage's run sequence with the event (triage-host.ts: the action's steps, the service's rendering), one
// delivery per issue at a time. Every failure is logged and counted; nothing here throws into the queue, so one bad
// delivery never stops the receiver.
import { z } from 'zod';
import { SERVICE_EVENTS } from '../../actions';
import { ConfigError } from '../../kernel/config-file';
import { describeOperation } from '../../kernel/plan';
import { messageOf } from '../../kernel/words';
import type { Logger, WriteHistory } from '../../github/client/types';
import { dispatch as modeOf, type Mode } from '../../actions/triage/domain/dispatch';
import type { TriageOptions, TriageResult } from '../../actions/triage/domain/engine';
import type { RepoRef } from '../../actions/triage/domain/reader';
import { AppCredentialsError } from './app-token-provider';
import { ClientPool, type PoolClientOptions } from './client-pool';
import { ConfigCache } from './config-cache';
import { combinedKind, failureKind, type FailureKind } from './failure-kind';
import { KeyedLock } from './keyed-lock';
import { runTriageInService } from './triage-host';
import { scopeOf } from './store/circuits';
import type { Lane } from './store/write-history';
import type { LogFields } from './json-log';
import type { TokenProvider } from './token-provider';

/** A verified delivery, as stored. */
export interface Delivery {
  id: string;
  event: string;
  hookId?: string;
  payload: Record<string, unknown>;
}

/** The events this receiver hands to the engine (the registry's service events); other events are answered 204. */
export const HANDLED_EVENTS: readonly string[] = SERVICE_EVENTS;

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const REPO_NAME = /^[A-Za-z0-9._-]+$/;

const Target = z.looseObject({
  repository: z
    .looseObject({
      full_name: z.string().optional(),
      name: z.string().regex(REPO_NAME).optional(),
      owner: z.looseObject({ login: z.string().regex(LOGIN) }).nullish(),
    })
    .transform((r, ctx): RepoRef => {
      if (r.owner?.login && r.name) return { owner: r.owner.login, repo: r.name };
      const [owner, repo, ...rest] = (r.full_name ?? '').split('/');
      if (owner && repo && rest.length === 0 && LOGIN.test(owner) && REPO_NAME.test(repo)) return { owner, repo };
      ctx.issues.push({ code: 'custom', message: 'needs owner.login and name, or full_name "owner/name"', input: r });
      return z.NEVER;
    }),
  installation: z.looseObject({ id: z.number().int().positive() }).nullish(),
});

export type OutcomeStatus = 'done' | 'ignored' | 'no-config' | 'invalid-config' | 'unauthorized' | 'failed';

export interface DispatchOutcome {
  delivery: string;
  event: string;
  action?: string;
  repository?: string;
  number?: number;
  status: OutcomeStatus;
  /** Writes made (or planned, in dry-run). */
  operations: number;
  message: string;
  /** For a 'failed' outcome: whether to wait for GitHub, retry, or give up (`failure-kind.ts`). */
  failure?: FailureKind;
  result?: TriageResult;
}

/** Who the service acts as: the triage engine trusts markers only in comments written by this identity. */
export interface ServiceIdentity {
  appId?: number;
  login?: string;
}

/** One triage run of a delivery (default `runTriageInService`), with the identity as a trailing optional argument. */
export type TriageEngine = (options: TriageOptions, extra?: { identity: ServiceIdentity }) => Promise<TriageResult>;

/** What the receiver stores with a delivery: its repository, installation and the item it touches. */
export interface DeliveryDescription {
  handled: boolean;
  action?: string;
  repository?: string;
  installation?: number;
  /** 'owner/name#number' (lower-cased owner/name), or 'owner/name#sweep' for a sweep. */
  itemKey?: string;
}

export interface DispatcherOptions {
  tokenProvider: TokenProvider;
  identity?: ServiceIdentity;
  /** The triage config in each repository (default `.github/triage.yml`). */
  configPath?: string;
  log: Logger;
  /** baseUrl, cacheDir, timeScale, reserve... of the clients. */
  client?: PoolClientOptions;
  dryRun?: boolean;
  /** Writes per delivery at most (default 100). */
  maxOperations?: number;
  /** Called after each delivery (tests, bench, metrics). */
  onOutcome?: (outcome: DispatchOutcome) => void;
  /** Replaces the engine (tests). */
  engine?: TriageEngine;
  /** The identity's write history shared by replicas and token refreshes (`store/write-history.ts`). */
  writeHistory?: (identity: string, lane: Lane) => WriteHistory;
}

export interface DispatchStats {
  done: number;
  ignored: number;
  failed: number;
}

/** A log that may make children with fields (the service's `FieldLogger`): the run's report lines are marked so. */
type FieldsLog = Logger & { child?: (fields: LogFields) => Logger };

/** The log with every message prefixed (the delivery, the item); a child with fields is prefixed too. */
function prefixed(log: FieldsLog, prefix: string): FieldsLog {
  const say = (m: string) => `${prefix} ${m}`;
  const out: FieldsLog = {
    debug: (m) => log.debug(say(m)),
    info: (m) => log.info(say(m)),
    warning: (m) => log.warning(say(m)),
  };
  const child = log.child?.bind(log);
  if (child) out.child = (fields) => prefixed(child(fields), prefix);
  return out;
}

function numberOf(mode: Mode): number | undefined {
  return mode.kind === 'item' || mode.kind === 'command' ? mode.number : undefined;
}

/** What one delivery came to: the outcome without the delivery's own id, event and action. */
type Verdict = Omit<DispatchOutcome, 'delivery' | 'event' | 'action'>;

/** A delivery the engine acts on: its repository, item and installation. */
interface Located {
  repo: RepoRef;
  repository: string;
  number?: number;
  installation?: number;
}

/** The engine's result as a status and message: 'failed' when any planned write failed. */
function verdictOf(
  result: TriageResult,
  dryRun: boolean,
  kindOf: (err: unknown) => FailureKind,
): Pick<Verdict, 'status' | 'operations' | 'message' | 'failure'> {
  const failures = result.report?.results.filter((r) => r.status !== 'done') ?? [];
  const operations = result.report ? result.report.done : result.plan.length;
  if (failures.length) {
    const which = failures.map((f) => `${describeOperation(f.op)}: ${f.error?.message ?? f.status}`).join('; ');
    return {
      status: 'failed',
      operations,
      message: `${failures.length} of ${result.plan.length} operation(s) failed: ${which}`,
      // An operation skipped without an error (the run stopped before it) is the run's own failure.
      failure: combinedKind(failures.map((f) => (f.error ? kindOf(f.error) : { kind: 'own' }))),
    };
  }
  const ops = result.plan.map((op) => describeOperation(op)).join('; ');
  const message = result.plan.length
    ? `${dryRun ? 'planned (dry run)' : 'done'}: ${ops}`
    : (result.notes[0] ?? 'nothing to change');
  return { status: 'done', operations, message };
}

export function createDispatcher(options: DispatcherOptions) {
  const configPath = options.configPath ?? '.github/triage.yml';
  const pool = new ClientPool(options.client ?? {}, options.log);
  const configs = new ConfigCache(configPath);
  const lock = new KeyedLock();
  const engine: TriageEngine = options.engine ?? runTriageInService;
  /** The client last used per installation ('token' without one), for the budget metrics. */
  const clientsByInstallation = new Map<string, ReturnType<ClientPool['for']>>();
  const stats: DispatchStats = { done: 0, ignored: 0, failed: 0 };
  const kindOf = (err: unknown) => failureKind(err, Date.now(), options.client?.timeScale ?? 1);

  /** Events the engine acts on; anything else (issues.labeled, a star) is answered 204 without queueing. */
  function handles(event: string, payload: Record<string, unknown>): boolean {
    return HANDLED_EVENTS.includes(event) && modeOf(event, payload).kind !== 'ignore';
  }

  /**
   * Deliveries with one key may run once for all (the newest): they only say the item changed, and the engine reads
   * its fresh state. Commands and sweeps have none: each runs.
   */
  function coalescingKey(event: string, payload: Record<string, unknown>): string | undefined {
    const mode = modeOf(event, payload);
    return mode.kind === 'item' ? `${event}.${mode.action}` : undefined;
  }

  /** The delivery's repository, installation and item, and whether this service acts on it (never throws). */
  function describe(event: string, payload: Record<string, unknown>): DeliveryDescription {
    const action = typeof payload.action === 'string' ? payload.action.slice(0, 64) : undefined;
    const target = Target.safeParse(payload);
    const handled = handles(event, payload);
    if (!target.success) return { handled, action };
    const repository = `${target.data.repository.owner}/${target.data.repository.repo}`;
    const installation = target.data.installation?.id ?? undefined;
    const mode = modeOf(event, payload);
    const number = numberOf(mode);
    const item = mode.kind === 'sweep' ? 'sweep' : number === undefined ? '*' : String(number);
    return { handled, action, repository, installation, itemKey: `${repository.toLowerCase()}#${item}` };
  }

  /** The delivery's repository and item, or why it is ignored (no usable repository, nothing to do). */
  function locate(delivery: Delivery): Located | Verdict {
    const target = Target.safeParse(delivery.payload);
    if (!target.success) {
      const why = target.error.issues[0]?.message ?? 'invalid';
      return { status: 'ignored', operations: 0, message: `no usable repository in the payload (${why})` };
    }
    const repo = target.data.repository;
    const repository = `${repo.owner}/${repo.repo}`;
    const mode = modeOf(delivery.event, delivery.payload);
    const number = numberOf(mode);
    if (mode.kind === 'ignore') return { status: 'ignored', operations: 0, message: mode.reason, repository, number };
    return { repo, repository, number, installation: target.data.installation?.id ?? undefined };
  }

  /** Reads the config and runs the engine for a located delivery, one delivery per item at a time. */
  async function triage(delivery: Delivery, at: Located, log: Logger): Promise<Verdict> {
    const { repo, repository: full, number } = at;
    const itemLog = prefixed(log, `${full}${number === undefined ? '' : `#${number}`}`);
    const token = await options.tokenProvider.tokenFor(at.installation, full);
    const lane: Lane = modeOf(delivery.event, delivery.payload).kind === 'sweep' ? 'sweep' : 'webhook';
    const history = options.writeHistory?.(scopeOf(at.installation), lane);
    const client = pool.for(token, history && { lane, history });
    clientsByInstallation.set(String(at.installation ?? 'token'), client);
    // One delivery per item at a time: the engine reads fresh state, then writes.
    return lock.run(`${full.toLowerCase()}#${number ?? '*'}`, async (): Promise<Verdict> => {
      const lookup = await configs.load(client, repo, log);
      if (lookup.kind === 'missing') {
        return {
          status: 'no-config',
          operations: 0,
          message: `no ${configPath} on the default branch of ${full}: nothing to do`,
        };
      }
      if (lookup.kind === 'invalid') {
        const where = lookup.error instanceof ConfigError ? '' : `${configPath}: `;
        return {
          status: 'invalid-config',
          operations: 0,
          message: `invalid config in ${full}: ${where}${lookup.error.message}`,
        };
      }
      const result = await engine(
        {
          client,
          repo,
          config: lookup.config,
          event: { name: delivery.event, payload: delivery.payload },
          log: itemLog,
          dryRun: options.dryRun,
          maxOperations: options.maxOperations,
        },
        { identity: options.identity ?? {} },
      );
      return { ...verdictOf(result, options.dryRun ?? false, kindOf), result };
    });
  }

  /** Never throws: a thrown error becomes a 'failed' (or, for the App's own credentials, 'unauthorized') verdict. */
  async function decide(delivery: Delivery, log: Logger): Promise<Verdict> {
    const located = locate(delivery);
    if ('status' in located) return located;
    const where = { repository: located.repository, number: located.number };
    try {
      return { ...where, ...(await triage(delivery, located, log)) };
    } catch (err) {
      // The App's own credentials refused: every delivery fails the same way until they are fixed.
      if (err instanceof AppCredentialsError)
        return { ...where, status: 'unauthorized', operations: 0, message: err.message };
      return { ...where, status: 'failed', operations: 0, message: messageOf(err), failure: kindOf(err) };
    }
  }

  async function process(delivery: Delivery, deliveryLog: Logger = options.log): Promise<DispatchOutcome> {
    const action = typeof delivery.payload.action === 'string' ? delivery.payload.action : undefined;
    const name = action ? `${delivery.event}.${action}` : delivery.event;
    const log = deliveryLog === options.log ? prefixed(options.log, `[${name} ${delivery.id}]`) : deliveryLog;
    const outcome: DispatchOutcome = {
      delivery: delivery.id,
      event: delivery.event,
      action,
      ...(await decide(delivery, log)),
    };
    const where = outcome.repository
      ? `${outcome.repository}${outcome.number === undefined ? '' : `#${outcome.number}`}: `
      : '';
    if (outcome.status === 'failed' || outcome.status === 'invalid-config' || outcome.status === 'unauthorized') {
      stats.failed++;
      log.warning(`${where}${outcome.message}`);
    } else {
      if (outcome.status === 'done') stats.done++;
      else stats.ignored++;
      log.info(`${where}${outcome.message}`);
    }
    options.onOutcome?.(outcome);
    return outcome;
  }

  /** Remaining primary rate limit per installation, where a response told it. */
  function budgets(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [installation, client] of clientsByInstallation) {
      const state = client.budget.state();
      if (state.known) out.set(installation, state.remaining);
    }
    return out;
  }

  return { handles, describe, coalescingKey, process, budgets, stats, clients: pool, configs };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
