export const id = 489;
export const ids = [489];
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

/***/ 2695:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MIGRATE_USAGE: () => (/* binding */ MIGRATE_USAGE),
/* harmony export */   migrateCommand: () => (/* binding */ migrateCommand)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7597);
/* harmony import */ var _command_flags__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2173);
/* harmony import */ var _serve_environment__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8717);
/* harmony import */ var _terminal__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5344);
/* harmony import */ var _service_store_open_store__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7010);
/* harmony import */ var _service_store_schema_migrations__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3826);
// `repo-actions migrate`: applies the service's schema before a rollout (graphile-worker's migrations, then ours,
// `hosts/service/store/schema-migrations.ts`: additive and online, so the running replicas keep taking deliveries), and
// says which it applied; `--status` only says where the database stands. A database newer than this build is refused
// (exit 1) either way. Same store flags as `deliveries`.







const MIGRATE_USAGE = `Usage: repo-actions migrate [--status]

Applies the service's schema (graphile-worker's and repo-actions' own migrations; all online, safe while
replicas run) and records its version. Run it before rolling out a new version; serve applies what is pending at
start too, and refuses a database whose schema is newer than it knows. --status says where the database stands.

Store: --database url (or REPO_ACTIONS_DATABASE, DATABASE_URL, or a file named by their _FILE), else the embedded
PostgreSQL in --data-dir dir (or REPO_ACTIONS_DATA_DIR; the same default as serve).`;
const Flags = zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
    ..._command_flags__WEBPACK_IMPORTED_MODULE_1__/* .storeFlagSchemas */ .s,
    status: zod__WEBPACK_IMPORTED_MODULE_6__/* .boolean */ .zMY(),
    help: zod__WEBPACK_IMPORTED_MODULE_6__/* .boolean */ .zMY(),
});
async function migrateCommand(argv) {
    const flags = (0,_command_flags__WEBPACK_IMPORTED_MODULE_1__/* .commandFlags */ .L)('migrate', MIGRATE_USAGE, () => {
        const parsed = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            options: {
                database: { type: 'string' },
                'data-dir': { type: 'string' },
                status: { type: 'boolean', default: false },
                help: { type: 'boolean', short: 'h', default: false },
            },
            strict: true,
        });
        return Flags.parse({
            ...parsed.values,
            database: (0,_serve_environment__WEBPACK_IMPORTED_MODULE_2__/* .databaseOf */ .zJ)(parsed.values.database, process.env),
            'data-dir': (0,_serve_environment__WEBPACK_IMPORTED_MODULE_2__/* .dataDirOf */ .bf)(parsed.values['data-dir'], process.env),
        });
    });
    if (typeof flags === 'number')
        return flags;
    const choice = { database: flags.database, dataDir: flags['data-dir'], shared: true, maxConnections: 2 };
    let store;
    try {
        store = await (0,_service_store_open_store__WEBPACK_IMPORTED_MODULE_4__/* .openStore */ .Ch)({ ...choice, schema: 'check' });
    }
    catch (err) {
        process.stderr.write(`repo-actions migrate: cannot open the ${(0,_service_store_open_store__WEBPACK_IMPORTED_MODULE_4__/* .describeStore */ .Fk)(choice)}: ${(0,_terminal__WEBPACK_IMPORTED_MODULE_3__/* .terminalText */ .eR)(err.message)}\n`);
        return 1;
    }
    const out = (line) => process.stdout.write(`${line}\n`);
    try {
        if (flags.status) {
            const found = await (0,_service_store_schema_migrations__WEBPACK_IMPORTED_MODULE_5__/* .schemaVersion */ .CZ)(store.pool);
            const pending = _service_store_schema_migrations__WEBPACK_IMPORTED_MODULE_5__/* .MIGRATIONS */ .ox.filter((m) => m.version > found);
            out(`Schema version ${found} (this build knows ${_service_store_schema_migrations__WEBPACK_IMPORTED_MODULE_5__/* .SCHEMA_VERSION */ .f$}).`);
            for (const m of pending)
                out(`  pending ${m.version}: ${m.name}`);
            if (pending.length === 0)
                out('Up to date.');
            return 0;
        }
        const result = await (0,_service_store_schema_migrations__WEBPACK_IMPORTED_MODULE_5__/* .applyMigrations */ .KV)(store.url, store.pool, (m) => out(`Applied ${m.version}: ${m.name}`));
        out(result.applied.length
            ? `Schema at version ${result.to} (was ${result.from}).`
            : `Schema at version ${result.to}: up to date, nothing applied.`);
        return 0;
    }
    catch (err) {
        process.stderr.write(`repo-actions migrate: ${(0,_terminal__WEBPACK_IMPORTED_MODULE_3__/* .terminalText */ .eR)(err.message)}\n`);
        return 1;
    }
    finally {
        await store.close();
    }
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


/***/ })

};
