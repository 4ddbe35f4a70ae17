export const id = 872;
export const ids = [872];
export const modules = {

/***/ 5866:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ privateDirectoryProblem)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
// A private directory for data that must stay ours (cached API answers): mode 0700, our own, never a symbolic link,
// and reached only through folders that nobody else can rename or replace — each real folder above it belongs to
// root or to us and is writable by nobody else unless it is sticky (as /tmp is). Checking the last component alone
// would let the owner of a folder above swap the whole path for one of their own.


const STICKY = 0o1000;
/** Why `dir` cannot be a private directory, or undefined when it can (created 0700 when missing). */
function privateDirectoryProblem(dir, uid = process.getuid?.()) {
    try {
        try {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(dir, { recursive: true, mode: 0o700 });
        }
        catch (err) {
            // Something is there already (a file, a link): the checks below say what.
            if (err.code !== 'EEXIST')
                throw err;
        }
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(dir);
        if (stat.isSymbolicLink())
            return `${dir}: it is a symbolic link`;
        if (!stat.isDirectory())
            return `${dir}: it is not a directory`;
        if (uid !== undefined && stat.uid !== uid)
            return `${dir}: it belongs to user ${stat.uid}, not to you (${uid})`;
        const unsafe = unsafeAncestor((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(dir)), uid);
        if (unsafe)
            return `${dir}: it is reached through ${unsafe}`;
        if ((stat.mode & 0o777) !== 0o700)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.chmodSync)(dir, 0o700);
        return undefined;
    }
    catch (err) {
        return `${dir}: it cannot be used: ${err.message}`;
    }
}
/** The first real folder from `real` up to the root that someone else could rename entries of, described. */
function unsafeAncestor(real, uid) {
    for (let folder = real;; folder = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(folder)) {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(folder);
        if (uid !== undefined && stat.uid !== 0 && stat.uid !== uid)
            return `${folder}, which belongs to user ${stat.uid}`;
        if ((stat.mode & 0o022) !== 0 && (stat.mode & STICKY) === 0)
            return `${folder}, which others may write to (mode ${(stat.mode & 0o777).toString(8)})`;
        if ((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(folder) === folder)
            return undefined;
    }
}


/***/ }),

/***/ 3872:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CACHE_HELP: () => (/* binding */ CACHE_HELP),
/* harmony export */   cacheCommand: () => (/* binding */ cacheCommand),
/* harmony export */   cacheListing: () => (/* binding */ cacheListing)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _cache_dir__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1598);
/* harmony import */ var _command_flags__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2173);
/* harmony import */ var _local_state__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5705);
/* harmony import */ var _terminal__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5344);
// `repo-actions cache` lists what the command line keeps between runs (one entry per API origin and repository,
// `local-state.ts`); `repo-actions cache clear [--api-url URL] [--repo owner/name]` removes entries.





const CACHE_HELP = `Usage: repo-actions cache [list]
       repo-actions cache clear [--api-url URL] [--repo owner/name]

What the command line keeps between runs, one entry per API origin (--api-url) and repository: the ETag cache
that makes a repeated dry run nearly free, the recent writes that pace the next run, and triage's job memory.
An entry is used for 6 hours from its first run (as long as a job's RUNNER_TEMP lives), then removed.
The entries are in $XDG_CACHE_HOME/repo-actions (else ~/.cache/repo-actions), readable only by you.
  list              the entries: origin, repository, size, when each expires (the default)
  clear             removes every entry, or those of --api-url and/or --repo
  --no-cache        (on an action's command) runs with an empty folder, removed afterwards`;
function size(bytes) {
    if (bytes < 1024)
        return `${bytes} B`;
    if (bytes < 1024 * 1024)
        return `${(bytes / 1024).toFixed(1)} KiB`;
    return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
function expiresIn(entry, now) {
    const minutes = Math.max(0, Math.round((entry.expires.getTime() - now.getTime()) / 60_000));
    return minutes >= 60 ? `in ${Math.floor(minutes / 60)} h ${minutes % 60} min` : `in ${minutes} min`;
}
/** The listing as lines of text (tested without a terminal). */
function cacheListing(root, now = new Date()) {
    const entries = (0,_local_state__WEBPACK_IMPORTED_MODULE_3__/* .listEntries */ .fi)(root);
    const older = (0,_local_state__WEBPACK_IMPORTED_MODULE_3__/* .olderLayoutFolders */ .eK)(root);
    if (entries.length === 0 && older.length === 0)
        return [`Nothing is kept (${root} holds no entry).`];
    const rows = entries.map((e) => [e.apiUrl, e.repository, size(e.bytes), expiresIn(e, now)].map(_terminal__WEBPACK_IMPORTED_MODULE_4__/* .terminalText */ .eR));
    const head = ['API', 'repository', 'size', 'expires'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells) => cells
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    const out = [`Kept in ${root}:`, ...(rows.length ? [line(head), ...rows.map(line)] : [])];
    for (const folder of older)
        out.push(`${folder}: from an older version, removed by the next run or cache clear`);
    return out;
}
async function cacheCommand(argv) {
    const flags = (0,_command_flags__WEBPACK_IMPORTED_MODULE_2__/* .commandFlags */ .L)('cache', CACHE_HELP, () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            options: {
                'api-url': { type: 'string' },
                repo: { type: 'string' },
                help: { type: 'boolean', short: 'h', default: false },
            },
            allowPositionals: true,
            strict: true,
        });
        const [sub = 'list', ...extra] = positionals;
        if (extra.length || (sub !== 'list' && sub !== 'clear'))
            throw new Error(`unknown subcommand "${positionals.join(' ')}"`);
        if (sub === 'list' && (values['api-url'] !== undefined || values.repo !== undefined))
            throw new Error('--api-url and --repo go with cache clear');
        return { ...values, sub };
    });
    if (typeof flags === 'number')
        return flags;
    const root = (0,_cache_dir__WEBPACK_IMPORTED_MODULE_1__/* .cacheDirectory */ .o3)(process.env);
    if (flags.sub === 'list') {
        process.stdout.write(`${cacheListing(root).join('\n')}\n`);
        return 0;
    }
    const removed = (0,_local_state__WEBPACK_IMPORTED_MODULE_3__/* .clearEntries */ .SB)(root, { apiUrl: flags['api-url'], repository: flags.repo });
    const what = removed.map((e) => `  ${(0,_terminal__WEBPACK_IMPORTED_MODULE_4__/* .terminalText */ .eR)(e.apiUrl)}  ${(0,_terminal__WEBPACK_IMPORTED_MODULE_4__/* .terminalText */ .eR)(e.repository)}`);
    process.stdout.write(`${removed.length === 1 ? 'Removed 1 entry' : `Removed ${removed.length} entries`}${what.length ? ':' : '.'}\n${what.map((l) => `${l}\n`).join('')}`);
    return 0;
}


/***/ }),

/***/ 1598:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I0: () => (/* binding */ preparePrivateDirectory),
/* harmony export */   o3: () => (/* binding */ cacheDirectory)
/* harmony export */ });
/* unused harmony exports CACHE_FOLDER, CacheDirectoryError */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _github_client_private_dir__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5866);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
// The command line's cache (the ETag cache and the write history that make a repeated dry run nearly free) lives in
// the user's cache directory. It holds API responses, so it must be private: mode 0700, the user's own, and never a
// symbolic link (which could point it at a directory that someone else controls or can read).




const CACHE_FOLDER = 'repo-actions';
/** `$XDG_CACHE_HOME/repo-actions` when that is an absolute path (the XDG rule), else `~/.cache/repo-actions`. */
function cacheDirectory(env, home = (0,node_os__WEBPACK_IMPORTED_MODULE_2__.homedir)()) {
    const xdg = env.XDG_CACHE_HOME;
    return (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(xdg && (0,node_path__WEBPACK_IMPORTED_MODULE_3__.isAbsolute)(xdg) ? xdg : (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(home, '.cache'), CACHE_FOLDER);
}
class CacheDirectoryError extends Error {
}
/**
 * Creates the directory (0700) or checks the one that exists (the client's `privateDirectoryProblem`): a symbolic
 * link, something that is not a directory, a directory owned by another user, or one reached through a folder that
 * someone else may write to is refused; a directory of ours with a wider mode is narrowed to 0700. `uid` is the user
 * the files must belong to (the current one; a parameter for tests).
 */
function preparePrivateDirectory(path, uid = process.getuid?.()) {
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(path, '..'), { recursive: true, mode: 0o700 });
    const problem = (0,_github_client_private_dir__WEBPACK_IMPORTED_MODULE_1__/* .privateDirectoryProblem */ .O)(path, uid);
    if (problem)
        throw new CacheDirectoryError(`refusing the cache directory ${problem}`);
    return path;
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

/***/ 5705:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SB: () => (/* binding */ clearEntries),
/* harmony export */   eK: () => (/* binding */ olderLayoutFolders),
/* harmony export */   fi: () => (/* binding */ listEntries),
/* harmony export */   vW: () => (/* binding */ openEntry)
/* harmony export */ });
/* unused harmony exports ENTRY_LIFETIME_MS, originKey, entryPath, pruneEntries */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7597);
// What the command line keeps between runs, made explicit: one folder per API origin and repository under the
// user's private cache directory (`cache-dir.ts`), given to the action as its RUNNER_TEMP. The client's ETag cache
// and write history and triage's job memory live in it, so state from one server (the local emulator) never
// reaches another (github.com), and an entry lives as long as a job could (6 hours from its first run), as
// RUNNER_TEMP does in a workflow. `repo-actions cache` lists the entries, `repo-actions cache clear` removes them,
// `--no-cache` runs with a fresh folder removed afterwards. Each entry's `entry.json` says what it belongs to.




/** How long an entry is used after its first run: the longest a GitHub-hosted job runs (6 hours). */
const ENTRY_LIFETIME_MS = 6 * 60 * 60 * 1000;
const ENTRY_FILE = 'entry.json';
/** The folders of the layout before entries (one shared ETag cache, job memory keyed by repository alone). */
const OLDER_LAYOUT = ['repo-actions-cache', 'repo-actions-triage'];
const entrySchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ apiUrl: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), repository: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), created: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP() });
const safe = (text) => text.replace(/[^A-Za-z0-9._-]/g, '_');
/** The folder name of an API origin: readable (`api.github.com`, `127.0.0.1_7878`) plus a hash of the exact URL. */
function originKey(apiUrl) {
    const url = new URL(apiUrl);
    const readable = safe(`${url.hostname}${url.port ? `_${url.port}` : ''}${url.pathname.replace(/\/+$/, '')}`);
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(apiUrl.replace(/\/+$/, '')).digest('hex').slice(0, 8);
    return `${readable.slice(0, 80)}-${hash}`;
}
function entryPath(root, apiUrl, repository) {
    const [owner = '', name = ''] = repository.split('/');
    return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(root, originKey(apiUrl), `${safe(owner)}__${safe(name)}`);
}
function readMeta(folder) {
    try {
        const parsed = entrySchema.safeParse(JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(folder, ENTRY_FILE), 'utf8')));
        return parsed.success ? parsed.data : undefined;
    }
    catch {
        return undefined;
    }
}
function isDirectory(path) {
    try {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.lstatSync)(path);
        return stat.isDirectory() && !stat.isSymbolicLink();
    }
    catch {
        return false;
    }
}
function sizeOf(path) {
    let total = 0;
    for (const name of (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readdirSync)(path)) {
        const child = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(path, name);
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.lstatSync)(child);
        total += stat.isDirectory() ? sizeOf(child) : stat.size;
    }
    return total;
}
/** Every entry under `root`, newest first; a folder without a readable `entry.json` is listed as unknown. */
function listEntries(root) {
    if (!isDirectory(root))
        return [];
    const out = [];
    for (const origin of (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readdirSync)(root)) {
        const originDir = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(root, origin);
        if (!isDirectory(originDir) || OLDER_LAYOUT.includes(origin))
            continue;
        for (const repo of (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readdirSync)(originDir)) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(originDir, repo);
            if (!isDirectory(path))
                continue;
            const meta = readMeta(path) ?? {
                apiUrl: '(unknown)',
                repository: '(unknown)',
                created: new Date(0).toISOString(),
            };
            const created = Date.parse(meta.created);
            out.push({ ...meta, path, bytes: sizeOf(path), expires: new Date((created || 0) + ENTRY_LIFETIME_MS) });
        }
    }
    return out.sort((a, b) => b.created.localeCompare(a.created));
}
/** The folders of the older layout that exist under `root` (removed by `prune` and `clear`). */
function olderLayoutFolders(root) {
    return OLDER_LAYOUT.map((name) => (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(root, name)).filter(isDirectory);
}
function removeEntry(path) {
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(path, { recursive: true, force: true });
    const originDir = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(path, '..');
    if (isDirectory(originDir) && (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readdirSync)(originDir).length === 0)
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(originDir, { recursive: true, force: true });
}
/** Removes the expired entries (and the older layout's folders); returns what it removed. */
function pruneEntries(root, now = new Date()) {
    const removed = [...olderLayoutFolders(root)];
    for (const folder of removed)
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(folder, { recursive: true, force: true });
    for (const entry of listEntries(root)) {
        if (entry.expires.getTime() > now.getTime())
            continue;
        removeEntry(entry.path);
        removed.push(entry.path);
    }
    return removed;
}
/** Removes the entries that match (all of them without a filter); returns the removed entries. */
function clearEntries(root, filter = {}) {
    const apiUrl = filter.apiUrl?.replace(/\/+$/, '');
    const repository = filter.repository?.toLowerCase();
    const removed = listEntries(root).filter((e) => (apiUrl === undefined || e.apiUrl === apiUrl) &&
        (repository === undefined || e.repository.toLowerCase() === repository));
    for (const entry of removed)
        removeEntry(entry.path);
    if (apiUrl === undefined && repository === undefined)
        for (const folder of olderLayoutFolders(root))
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(folder, { recursive: true, force: true });
    return removed;
}
/**
 * The entry for an origin and repository, created (0700, `entry.json` recording what it is for) when missing or
 * expired; the expired ones of every origin are removed first. `root` must already be a private directory.
 */
function openEntry(root, apiUrl, repository, now = new Date()) {
    pruneEntries(root, now);
    const path = entryPath(root, apiUrl, repository);
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdirSync)(path, { recursive: true, mode: 0o700 });
    if (!readMeta(path)) {
        const meta = { apiUrl: apiUrl.replace(/\/+$/, ''), repository, created: now.toISOString() };
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.writeFileSync)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(path, ENTRY_FILE), `${JSON.stringify(meta)}\n`, { mode: 0o600 });
    }
    return path;
}


/***/ })

};
