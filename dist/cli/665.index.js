export const id = 665;
export const ids = [665];
export const modules = {

/***/ 1884:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ atExit)
/* harmony export */ });
/* unused harmony export pendingExitTasks */
// One `exit` listener for the whole process. A client with a cache directory saves its pacing history (the
// content-creating requests of the last minutes) when the process ends; each client used to add its own listener, so
// `serve --cache-dir` with 60 installation tokens held 60 listeners (Node warns after the 11th) and every evicted
// client stayed reachable from `process` forever. Now a client registers a task here and removes it when it is
// closed (the service's client pool closes the clients it evicts); the one listener runs what is left.
const tasks = new Set();
let listening = false;
function runTasks() {
    for (const task of [...tasks]) {
        tasks.delete(task);
        try {
            task();
        }
        catch {
            // An exit task only saves what helps the next process; the others still run.
        }
    }
}
/** Runs `task` when the process exits, unless the returned function removed it before. */
function atExit(task) {
    if (!listening) {
        process.on('exit', runTasks);
        listening = true;
    }
    tasks.add(task);
    return () => {
        tasks.delete(task);
    };
}
/** How many tasks wait for the exit (for tests and diagnostics). */
function pendingExitTasks() {
    return tasks.size;
}


/***/ }),

/***/ 2416:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DELIVERIES_USAGE: () => (/* binding */ DELIVERIES_USAGE),
  deliveriesCommand: () => (/* binding */ deliveriesCommand)
});

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 9 modules
var schemas = __webpack_require__(7597);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/coerce.js
var coerce = __webpack_require__(9567);
// EXTERNAL MODULE: ./src/hosts/cli/command-flags.ts
var command_flags = __webpack_require__(2173);
// EXTERNAL MODULE: ./src/kernel/words.ts
var words = __webpack_require__(9644);
// EXTERNAL MODULE: ./src/hosts/cli/serve-environment.ts
var serve_environment = __webpack_require__(8717);
// EXTERNAL MODULE: ./src/hosts/cli/terminal.ts
var terminal = __webpack_require__(5344);
// EXTERNAL MODULE: ./src/hosts/service/json-text.ts
var json_text = __webpack_require__(4353);
// EXTERNAL MODULE: ./src/hosts/service/store/operator-controls.ts
var operator_controls = __webpack_require__(912);
;// CONCATENATED MODULE: ./src/hosts/cli/ops-commands.ts
// The operator's `deliveries` subcommands (`deliveries.ts` reads the flags and opens the store): `pause` and `resume`
// a scope (everything, `--installation N`, `--repository owner/name`, `--event name`, or `--sweeps`), `paused` lists
// the pauses in force, `cancel <id>` or `cancel` with a filter ends open or failed deliveries as cancelled, and
// `retry` with a filter queues failed ones again. The work itself is `store/operator-controls.ts`; every command
// prints what it changed (nothing, when run twice).




const OPS_USAGE = `       repo-actions deliveries pause [scope] [--reason text]
       repo-actions deliveries resume [scope]
       repo-actions deliveries paused
       repo-actions deliveries cancel <delivery-id> | [filter] [--state queued|running|failed] [--reason text]
       repo-actions deliveries retry [filter]

Scope (pause, resume; none: every delivery): --installation n | --repository owner/name | --event name | --sweeps
Filter (cancel, retry; every one given must match, at least one): the scope's flags, --since and --until (a
duration back from now such as 90m, 2h, 3d, or an ISO time). cancel takes queued, running and failed deliveries
unless --state says one; retry takes failed ones.`;
const OPS_COMMANDS = ['pause', 'resume', 'paused', 'cancel'];
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** `90m`, `2h`, `3d` back from `now`, or an ISO time; undefined when it is neither. */
function timeOf(text, now = Date.now()) {
    const m = /^(\d+(?:\.\d+)?)([mhd])$/.exec(text);
    if (m)
        return now - Number(m[1]) * UNIT_MS[m[2]];
    if (!/^\d{4}-\d{2}-\d{2}/.test(text))
        return undefined;
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : at;
}
/** The one scope the flags name (several: an error). */
function scopeOf(f) {
    const named = [];
    if (f.installation !== undefined)
        named.push({ kind: 'installation', installation: f.installation });
    if (f.repository !== undefined)
        named.push({ kind: 'repository', repository: f.repository });
    if (f.event !== undefined)
        named.push({ kind: 'event', event: f.event });
    if (f.sweeps)
        named.push({ kind: 'sweeps' });
    if (named.length > 1)
        return 'name one scope: --installation, --repository, --event or --sweeps';
    if (f.since || f.until || f.state)
        return '--since, --until and --state choose deliveries: not a pause scope';
    return named[0] ?? { kind: 'all' };
}
function describe(s) {
    switch (s.kind) {
        case 'all':
            return 'every delivery';
        case 'installation':
            return `installation ${s.installation}`;
        case 'repository':
            return `repository ${s.repository}`;
        case 'event':
            return `event ${s.event}`;
        case 'sweeps':
            return 'the sweeps';
    }
}
/** The filter the flags say (`id` alone, or at least one filter flag), or the problem with them. */
function filterOf(f, id, states) {
    const since = f.since === undefined ? undefined : timeOf(f.since);
    const until = f.until === undefined ? undefined : timeOf(f.until);
    if (f.since !== undefined && since === undefined)
        return '--since must be a duration such as 2h or an ISO time';
    if (f.until !== undefined && until === undefined)
        return '--until must be a duration such as 2h or an ISO time';
    const filter = { installation: f.installation, repository: f.repository, event: f.event, sweeps: f.sweeps };
    const narrowed = Object.values(filter).some((v) => v !== undefined && v !== false) || since || until;
    if (id && narrowed)
        return 'a delivery id or a filter, not both';
    if (!id && !narrowed)
        return 'name a delivery id or a filter (--all retries every failed delivery)';
    return { ...filter, id, since, until, states };
}
function usageProblem(problem) {
    process.stderr.write(`repo-actions deliveries: ${problem}\n`);
    return 2;
}
function changed(ids, what, json) {
    if (json)
        process.stdout.write(`${(0,json_text/* jsonText */.s)({ [what]: ids }, 2)}\n`);
    else if (ids.length === 0)
        process.stdout.write(`No delivery ${what} (nothing matched).\n`);
    else
        process.stdout.write(`${(0,words/* plural */.LS)(ids.length, 'delivery', 'deliveries')} ${what}:\n${(0,terminal/* terminalText */.eR)(ids.map((id) => `  ${id}`).join('\n'))}\n`);
}
/** Runs `command` (one of `OPS_COMMANDS`, or a filtered `retry`) on the store's pool; the exit code. */
async function opsCommand(command, id, flags, pool) {
    const controls = new operator_controls/* OperatorControls */.zo(pool);
    const out = (line) => process.stdout.write(`${(0,terminal/* terminalText */.eR)(line)}\n`);
    if (command === 'pause' || command === 'resume') {
        const scope = scopeOf(flags);
        if (typeof scope === 'string' || id)
            return usageProblem(typeof scope === 'string' ? scope : 'unexpected id');
        if (command === 'pause') {
            const paused = await controls.pause(scope, flags.reason);
            out(paused ? `Paused ${describe(scope)}.` : `${describe(scope)}: paused already, nothing changed.`);
        }
        else {
            const { resumed, jobs } = await controls.resume(scope);
            out(resumed
                ? `Resumed ${describe(scope)}: ${(0,words/* plural */.LS)(jobs, 'waiting job')} brought forward.`
                : `${describe(scope)}: not paused, nothing changed.`);
        }
        return 0;
    }
    if (command === 'paused') {
        const pauses = await controls.paused();
        if (flags.json)
            process.stdout.write(`${(0,json_text/* jsonText */.s)(pauses, 2)}\n`);
        else if (pauses.length === 0)
            out('Nothing is paused.');
        else
            out(pauses
                .map((p) => `${p.scope}  since ${new Date(p.pausedAt).toISOString()}${p.reason ? `  ${p.reason}` : ''}`)
                .join('\n'));
        return 0;
    }
    if (command === 'cancel') {
        const states = flags.state ? [flags.state] : ['queued', 'running', 'failed'];
        if (flags.state === 'done')
            return usageProblem('done deliveries cannot be cancelled');
        const filter = filterOf(flags, id, states);
        if (typeof filter === 'string')
            return usageProblem(filter);
        changed(await controls.cancel(filter, flags.reason), 'cancelled', flags.json);
        return 0;
    }
    // A filtered retry.
    if (flags.state && flags.state !== 'failed')
        return usageProblem('retry takes failed deliveries (--state failed)');
    const filter = filterOf(flags, id, ['failed']);
    if (typeof filter === 'string')
        return usageProblem(filter);
    changed(await controls.retry(filter), 'queued again', flags.json);
    return 0;
}

// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: ./src/hosts/service/store/delivery-transfer.ts
var delivery_transfer = __webpack_require__(5021);
;// CONCATENATED MODULE: ./src/hosts/cli/deliveries-transfer.ts
// `repo-actions deliveries export --out FILE` and `import --in FILE`: the delivery log to a file and back
// (`store/delivery-transfer.ts` has the format), for backups of the embedded store (which ships no `pg_dump`) and its
// move across a major PostgreSQL version (docs/service-operations.md). The export is written to `FILE.partial`
// (0600: payloads and errors are private) and renamed when whole, so FILE is never a cut export; the import streams
// the file line by line and stores it in one transaction.






async function exportCommand(pool, out) {
    const partial = `${out}.partial`;
    const file = (0,external_node_fs_.createWriteStream)(partial, { mode: 0o600, flags: 'w' });
    const failed = new Promise((_, reject) => file.once('error', reject));
    failed.catch(() => { });
    try {
        const rows = await Promise.race([
            (0,delivery_transfer/* exportDeliveries */.ng)(pool, async (line) => {
                if (!file.write(`${line}\n`))
                    await Promise.race([(0,external_node_events_.once)(file, 'drain'), failed]);
            }),
            failed,
        ]);
        file.end();
        await Promise.race([(0,external_node_events_.once)(file, 'finish'), failed]);
        (0,external_node_fs_.renameSync)(partial, out);
        process.stdout.write(`${(0,terminal/* terminalText */.eR)(`Exported ${(0,words/* plural */.LS)(rows, 'delivery', 'deliveries')} to ${out}.`)}\n`);
        return 0;
    }
    catch (err) {
        file.destroy();
        (0,external_node_fs_.rmSync)(partial, { force: true });
        throw err;
    }
}
async function importCommand(pool, input) {
    const lines = (0,external_node_readline_.createInterface)({ input: (0,external_node_fs_.createReadStream)(input, { encoding: 'utf8' }), crlfDelay: Infinity });
    try {
        // Iterated from now: readline drops the lines it reads before an iterator exists (the import connects first).
        const iterator = lines[Symbol.asyncIterator]();
        const { read, imported } = await (0,delivery_transfer/* importDeliveries */.qq)(pool, { [Symbol.asyncIterator]: () => iterator });
        const already = read - imported;
        process.stdout.write(`${(0,terminal/* terminalText */.eR)(`Imported ${(0,words/* plural */.LS)(imported, 'delivery', 'deliveries')} from ${input}${already ? ` (${already} stored already, left as they are)` : ''}.`)}\n`);
        return 0;
    }
    catch (err) {
        if (!(err instanceof delivery_transfer/* TransferFormatError */.X7))
            throw err;
        process.stderr.write(`${(0,terminal/* terminalText */.eR)(`repo-actions deliveries import: ${input}: ${err.message}`)}\n`);
        return 1;
    }
    finally {
        lines.close();
    }
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/hosts/service/store/open-store.ts + 9 modules
var open_store = __webpack_require__(7010);
;// CONCATENATED MODULE: ./src/hosts/cli/deliveries.ts
// `repo-actions deliveries`: what the service's store holds. `list` (the default) shows the latest deliveries
// (`--state failed` for the failed ones, with their last error); `retry <id>` and `retry --all` queue failed
// deliveries again, and a running `serve` picks them up. Same store flags as `serve`: `--database` /
// DATABASE_URL (or their _FILE), else the embedded PostgreSQL a running `serve` started in `--data-dir` (the same
// absolute default as serve's, serve-environment.ts, so any working folder finds it). The operator's subcommands
// (pause, resume, paused, cancel, a filtered retry) are in ops-commands.ts; `export` and `import` (the log to a file
// and back) in deliveries-transfer.ts, which start the embedded PostgreSQL themselves when no `serve` runs there.












const DELIVERIES_USAGE = `Usage: repo-actions deliveries [list] [--state queued|running|done|failed] [--limit n]
       repo-actions deliveries retry <delivery-id>
       repo-actions deliveries retry --all
       repo-actions deliveries export --out file
       repo-actions deliveries import --in file
${OPS_USAGE}

Store: --database url (or REPO_ACTIONS_DATABASE, DATABASE_URL, or a file named by their _FILE) for PostgreSQL,
else the embedded PostgreSQL that a running serve started in --data-dir dir (or REPO_ACTIONS_DATA_DIR; default
~/.local/state/repo-actions, $XDG_STATE_HOME/repo-actions, or /var/lib/repo-actions as root).`;
const Flags = schemas/* object */.Ikc({
    ...command_flags/* storeFlagSchemas */.s,
    state: schemas/* enum */.k5n(['queued', 'running', 'done', 'failed']).optional(),
    limit: coerce/* number */.ai().int().min(1).max(10_000),
    all: schemas/* boolean */.zMY(),
    installation: coerce/* number */.ai().int().min(1).optional(),
    repository: schemas/* string */.YjP()
        .regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name')
        .optional(),
    event: schemas/* string */.YjP()
        .regex(/^[a-z_]{1,64}$/, 'must be an event name such as issues')
        .optional(),
    sweeps: schemas/* boolean */.zMY(),
    since: schemas/* string */.YjP().optional(),
    until: schemas/* string */.YjP().optional(),
    reason: schemas/* string */.YjP().max(500).optional(),
    out: schemas/* string */.YjP().min(1).optional(),
    in: schemas/* string */.YjP().min(1).optional(),
    json: schemas/* boolean */.zMY(),
    help: schemas/* boolean */.zMY(),
});
function row(d) {
    const what = d.action ? `${d.event}.${d.action}` : d.event;
    const error = d.lastError ? `  ${d.lastError.replace(/\s+/g, ' ').slice(0, 160)}` : '';
    const earlier = d.history.length > d.attempts ? `  history ${d.history.length}` : '';
    const last = d.history.at(-1)?.outcome;
    const state = last === 'cancelled' || last === 'paused' ? `${d.state} (${last})` : d.state;
    return `${d.id}  ${what}  ${d.repository ?? '-'}  ${state}  attempts ${d.attempts}  ${new Date(d.receivedAt).toISOString()}${earlier}${error}`;
}
async function deliveriesCommand(argv) {
    let positionals = [];
    const flags = (0,command_flags/* commandFlags */.L)('deliveries', DELIVERIES_USAGE, () => {
        const parsed = (0,external_node_util_.parseArgs)({
            args: argv,
            allowPositionals: true,
            options: {
                database: { type: 'string' },
                'data-dir': { type: 'string' },
                state: { type: 'string' },
                limit: { type: 'string', default: '50' },
                all: { type: 'boolean', default: false },
                installation: { type: 'string' },
                repository: { type: 'string' },
                event: { type: 'string' },
                sweeps: { type: 'boolean', default: false },
                since: { type: 'string' },
                until: { type: 'string' },
                reason: { type: 'string' },
                out: { type: 'string' },
                in: { type: 'string' },
                json: { type: 'boolean', default: false },
                help: { type: 'boolean', short: 'h', default: false },
            },
            strict: true,
        });
        positionals = parsed.positionals;
        return Flags.parse({
            ...parsed.values,
            database: (0,serve_environment/* databaseOf */.zJ)(parsed.values.database, process.env),
            'data-dir': (0,serve_environment/* dataDirOf */.bf)(parsed.values['data-dir'], process.env),
        });
    });
    if (typeof flags === 'number')
        return flags;
    const [command = 'list', id, ...extra] = positionals;
    const filtered = ['installation', 'repository', 'event', 'since', 'until'].some((k) => flags[k] !== undefined);
    // `retry` with a filter, and the operator's subcommands, are ops-commands.ts's.
    const operator = OPS_COMMANDS.includes(command) || (command === 'retry' && (filtered || flags.sweeps));
    const retrying = command === 'retry' && !operator;
    const transfer = (command === 'export' && !!flags.out && !flags.in) || (command === 'import' && !!flags.in && !flags.out);
    if ((command !== 'list' && !retrying && !operator && !transfer) ||
        (!transfer && (flags.out || flags.in)) ||
        (transfer && id) ||
        extra.length ||
        (operator && flags.all) ||
        (retrying && !!id === flags.all) ||
        (command === 'list' && id)) {
        process.stderr.write(`repo-actions deliveries: unexpected arguments\n\n${DELIVERIES_USAGE}\n`);
        return 2;
    }
    // export and import start the embedded server when no serve runs there (a backup while stopped, a fresh data folder).
    const running = transfer ? (0,external_node_fs_.existsSync)((0,external_node_path_.join)(flags['data-dir'], 'postgres', 'postmaster.pid')) : true;
    const choice = { database: flags.database, dataDir: flags['data-dir'], shared: running, maxConnections: 2 };
    let store;
    try {
        store = await (0,open_store/* openStore */.Ch)(choice);
    }
    catch (err) {
        process.stderr.write(`repo-actions deliveries: cannot open the ${(0,open_store/* describeStore */.Fk)(choice)}: ${(0,terminal/* terminalText */.eR)(err.message)}\n`);
        return 1;
    }
    try {
        if (operator)
            return await opsCommand(command, id, flags, store.pool);
        if (command === 'export')
            return await exportCommand(store.pool, flags.out);
        if (command === 'import')
            return await importCommand(store.pool, flags.in);
        if (retrying) {
            const queued = await store.log.retry(flags.all ? undefined : id);
            if (!flags.all && queued === 0) {
                process.stderr.write(`repo-actions deliveries: no failed delivery ${id}\n`);
                return 1;
            }
            process.stdout.write(`Queued ${(0,words/* plural */.LS)(queued, 'failed delivery', 'failed deliveries')} again.\n`);
            return 0;
        }
        const list = await store.log.list({ state: flags.state, limit: flags.limit });
        if (flags.json)
            process.stdout.write(`${(0,json_text/* jsonText */.s)(list, 2)}\n`);
        else if (list.length === 0)
            process.stdout.write(`No deliveries${flags.state ? ` in state ${flags.state}` : ''}.\n`);
        else
            process.stdout.write(`${(0,terminal/* terminalText */.eR)(list.map(row).join('\n'))}\n`);
        return 0;
    }
    finally {
        await store.close();
    }
}


/***/ }),

/***/ 4353:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ jsonText)
/* harmony export */ });
// JSON text that is safe to show and to split into lines. `JSON.stringify` escapes the C0 controls, `"` and `\`,
// and (since ES2019's well-formed JSON.stringify) lone surrogates, but leaves DEL, the C1 controls
// (U+0080–U+009F: in UTF-8 a terminal may still act on CSI U+009B or OSC U+009D), the line and paragraph
// separators U+2028/U+2029 (line breaks to many log readers) and the bidirectional embeddings, overrides and
// isolates (they reorder what a reader sees) as raw characters. Those appear only inside JSON strings, so
// writing each as a `\uXXXX` escape keeps the value the same for any JSON parser.
/** DEL, C1, U+2028/U+2029, bidirectional controls, and any surrogate not part of a pair. */
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/gu;
const escaped = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
/** `JSON.stringify(value, null, space)` with every character above written as an escape. */
function jsonText(value, space) {
    return JSON.stringify(value, null, space).replace(UNSAFE, escaped);
}


/***/ }),

/***/ 9644:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   Ru: () => (/* binding */ valueText),
/* harmony export */   bD: () => (/* binding */ messageOf)
/* harmony export */ });
// Small wording helpers shared by every action's log lines and summaries.
/** `plural(1, 'request')` → "1 request"; `plural(2, 'entry', 'entries')` → "2 entries". */
function plural(count, word, pluralWord = `${word}s`) {
    return `${count} ${count === 1 ? word : pluralWord}`;
}
/** The message of anything thrown. */
function messageOf(err) {
    if (err instanceof Error)
        return err.message || err.name;
    return String(err);
}
/** A YAML or JSON value as input text: strings as they are, other scalars as written, objects and lists as JSON. */
function valueText(value) {
    if (value === undefined || value === null)
        return '';
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
        return value.toString();
    return JSON.stringify(value) ?? '';
}


/***/ }),

/***/ 9567:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ai: () => (/* binding */ number)
/* harmony export */ });
/* unused harmony exports string, boolean, bigint, date */
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3759);
/* harmony import */ var _schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7597);


function string(params) {
    return core._coercedString(schemas.ZodString, params);
}
function number(params) {
    return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* ._coercedNumber */ .qG(_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .ZodNumber */ .rSt, params);
}
function boolean(params) {
    return core._coercedBoolean(schemas.ZodBoolean, params);
}
function bigint(params) {
    return core._coercedBigint(schemas.ZodBigInt, params);
}
function date(params) {
    return core._coercedDate(schemas.ZodDate, params);
}


/***/ })

};
