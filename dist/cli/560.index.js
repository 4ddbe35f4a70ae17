export const id = 560;
export const ids = [560];
export const modules = {

/***/ 2729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pv: () => (/* binding */ timeScaleOf)
/* harmony export */ });
/* unused harmony exports TIME_SCALE_VARIABLE, proxiedFor, readRunnerEnvironment */
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
// The Actions runner's environment, read once. Only `src/hosts/actions-runner` and `src/hosts/cli` read `process.env`:
// an action gets these values through its `ActionContext`.



/**
 * The one variable that scales time for tests against the emulator (`0.01` makes a minute 600 ms).
 * Read here and nowhere else; production never sets it.
 */
const TIME_SCALE_VARIABLE = 'REPO_ACTIONS_TIME_SCALE';
/** Whether the runner's proxy variables route requests to `url` through a proxy. */
function proxiedFor(url, env) {
    let host;
    try {
        host = new URL(url).hostname;
    }
    catch {
        return false;
    }
    const noProxy = (env.no_proxy ?? env.NO_PROXY ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (noProxy.some((n) => n === '*' || host === n || host.endsWith(n.startsWith('.') ? n : `.${n}`)))
        return false;
    return Boolean(env.https_proxy ?? env.HTTPS_PROXY ?? env.http_proxy ?? env.HTTP_PROXY);
}
function trimSlash(url) {
    return url.replace(/\/+$/, '');
}
function timeScaleOf(env) {
    const v = Number(env[TIME_SCALE_VARIABLE]);
    return Number.isFinite(v) && v > 0 ? v : 1;
}
function readRunnerEnvironment(env = process.env) {
    const apiUrl = trimSlash(env.GITHUB_API_URL || 'https://api.github.com');
    return {
        workspace: env.GITHUB_WORKSPACE || process.cwd(),
        tempDir: env.RUNNER_TEMP || tmpdir(),
        hasRunnerTemp: Boolean(env.RUNNER_TEMP),
        serverUrl: trimSlash(env.GITHUB_SERVER_URL || 'https://github.com'),
        apiUrl,
        graphqlUrl: env.GITHUB_GRAPHQL_URL ? trimSlash(env.GITHUB_GRAPHQL_URL) : undefined,
        cacheDir: env.RUNNER_TEMP ? join(env.RUNNER_TEMP, 'repo-actions-cache') : null,
        apiProxied: proxiedFor(apiUrl, env),
        clock: realClock(timeScaleOf(env)),
    };
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

/***/ 8560:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   REDELIVER_USAGE: () => (/* binding */ REDELIVER_USAGE),
/* harmony export */   redeliverCommand: () => (/* binding */ redeliverCommand),
/* harmony export */   undelivered: () => (/* binding */ undelivered)
/* harmony export */ });
/* harmony import */ var _github_client_declared__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8025);
/* harmony import */ var _service_reads__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8894);
/* harmony import */ var _service_writes__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(751);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7597);
/* harmony import */ var _flag_problem__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8836);
/* harmony import */ var _github_client__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9287);
/* harmony import */ var _actions_runner_environment__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2729);
/* harmony import */ var _kernel_words__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(9644);
/* harmony import */ var _terminal__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5344);
/* harmony import */ var _service_app_token_provider__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7308);
// `repo-actions redeliver --since 2h`: after a receiver outage GitHub keeps its delivery log but replays nothing.
// This reads the App's log (`GET /app/hook/deliveries`, authenticated as the App with a JWT), finds the
// deliveries (by X-GitHub-Delivery guid) of the period that never got a 2xx, and asks GitHub to send each again
// (`POST /app/hook/deliveries/{id}/attempts`). The plan is printed first; `--dry-run` stops there. The receiver
// deduplicates, so redelivering one that did arrive after all costs a 202 and no work.













const REDELIVER_USAGE = `Usage: repo-actions redeliver --since 2h [options]

Asks GitHub to redeliver the App's webhook deliveries of the period that never got a 2xx answer.

Options:
  --since duration       how far back: 90m, 2h, 3d (GitHub keeps the log for 3 days)
  --app-id id            the App (or GITHUB_APP_ID)
  --private-key-file f   the App's private key (PEM); or --private-key-env NAME (default GITHUB_APP_PRIVATE_KEY)
  --api-url url          the API base (default GITHUB_API_URL or https://api.github.com)
  --dry-run              list what would be redelivered, ask for nothing`;
const Flags = zod__WEBPACK_IMPORTED_MODULE_9__/* .object */ .Ikc({
    since: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().regex(/^\d+(\.\d+)?[mhd]$/, 'must be a duration such as 90m, 2h or 3d'),
    'app-id': zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().regex(/^\d+$/, 'must be the numeric App id'),
    'private-key-file': zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().min(1).optional(),
    'private-key-env': zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
    'api-url': zod__WEBPACK_IMPORTED_MODULE_9__/* .url */ .OZ5().optional(),
    'dry-run': zod__WEBPACK_IMPORTED_MODULE_9__/* .boolean */ .zMY(),
    help: zod__WEBPACK_IMPORTED_MODULE_9__/* .boolean */ .zMY(),
});
const Attempt = zod__WEBPACK_IMPORTED_MODULE_9__/* .looseObject */ ._H3({
    id: zod__WEBPACK_IMPORTED_MODULE_9__/* .number */ .aig(),
    guid: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP(),
    delivered_at: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP(),
    redelivery: zod__WEBPACK_IMPORTED_MODULE_9__/* .boolean */ .zMY(),
    status_code: zod__WEBPACK_IMPORTED_MODULE_9__/* .number */ .aig(),
    event: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP(),
    action: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().nullable().optional(),
});
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Guids whose attempts in the period all failed, each with its latest attempt (the one to redeliver). */
function undelivered(attempts, sinceMs) {
    const byGuid = new Map();
    for (const a of attempts)
        byGuid.set(a.guid, [...(byGuid.get(a.guid) ?? []), a]);
    const out = [];
    for (const list of byGuid.values()) {
        if (list.some((a) => a.status_code >= 200 && a.status_code < 300))
            continue;
        const first = Math.min(...list.map((a) => Date.parse(a.delivered_at)));
        if (first < sinceMs)
            continue;
        out.push(list.reduce((latest, a) => (a.id > latest.id ? a : latest)));
    }
    return out.sort((a, b) => a.id - b.id);
}
async function redeliverCommand(argv) {
    let flags;
    try {
        const { values } = (0,node_util__WEBPACK_IMPORTED_MODULE_4__.parseArgs)({
            args: argv,
            options: {
                since: { type: 'string' },
                'app-id': { type: 'string' },
                'private-key-file': { type: 'string' },
                'private-key-env': { type: 'string', default: 'GITHUB_APP_PRIVATE_KEY' },
                'api-url': { type: 'string' },
                'dry-run': { type: 'boolean', default: false },
                help: { type: 'boolean', short: 'h', default: false },
            },
            strict: true,
        });
        if (values.help) {
            process.stdout.write(`${REDELIVER_USAGE}\n`);
            return 0;
        }
        flags = Flags.parse({ ...values, 'app-id': values['app-id'] ?? process.env.GITHUB_APP_ID });
    }
    catch (err) {
        process.stderr.write(`repo-actions redeliver: ${(0,_flag_problem__WEBPACK_IMPORTED_MODULE_10__/* .flagProblem */ .W)(err)}\n\n${REDELIVER_USAGE}\n`);
        return 2;
    }
    const pem = flags['private-key-file']
        ? (0,node_fs__WEBPACK_IMPORTED_MODULE_3__.readFileSync)(flags['private-key-file'], 'utf8')
        : (process.env[flags['private-key-env']] ?? '');
    if (!pem) {
        process.stderr.write(`repo-actions redeliver: set the App's private key in ${flags['private-key-env']} or give --private-key-file\n`);
        return 2;
    }
    const apiUrl = (flags['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
    const amount = Number(flags.since.slice(0, -1));
    const sinceMs = Date.now() - amount * UNIT_MS[flags.since.slice(-1)];
    const timeScale = (0,_actions_runner_environment__WEBPACK_IMPORTED_MODULE_6__/* .timeScaleOf */ .pv)(process.env);
    const client = (0,_github_client__WEBPACK_IMPORTED_MODULE_5__/* .createClient */ .UU)({
        token: (0,_service_app_token_provider__WEBPACK_IMPORTED_MODULE_8__/* .appJwt */ .xk)(flags['app-id'], (0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.createPrivateKey)(pem), Date.now()),
        action: 'redeliver',
        baseUrl: apiUrl,
        cacheDir: null,
        timeScale,
    });
    try {
        // Newest first: stop at the first page that reaches before the period.
        const attempts = [];
        for await (const page of client.pages('GET /app/hook/deliveries', {
            request: (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_11__/* .declared */ .bu)(_service_reads__WEBPACK_IMPORTED_MODULE_0__/* .reads */ .U.deliveries),
        })) {
            const parsed = page.map((a) => Attempt.parse(a));
            attempts.push(...parsed);
            if (parsed.some((a) => Date.parse(a.delivered_at) < sinceMs))
                break;
        }
        const todo = undelivered(attempts, sinceMs);
        process.stdout.write(`${(0,_kernel_words__WEBPACK_IMPORTED_MODULE_12__/* .plural */ .LS)(attempts.length, 'attempt')} in the log; ${(0,_kernel_words__WEBPACK_IMPORTED_MODULE_12__/* .plural */ .LS)(todo.length, 'delivery', 'deliveries')} since ${new Date(sinceMs).toISOString()} never got a 2xx${todo.length ? ':' : '.'}\n`);
        for (const a of todo)
            process.stdout.write((0,_terminal__WEBPACK_IMPORTED_MODULE_7__/* .terminalText */ .eR)(`  ${a.guid}  ${a.action ? `${a.event}.${a.action}` : a.event}  last status ${a.status_code || 'none'}`) + '\n');
        if (flags['dry-run'] || todo.length === 0)
            return 0;
        let failed = 0;
        for (const a of todo) {
            try {
                await client.octokit.request('POST /app/hook/deliveries/{delivery_id}/attempts', {
                    delivery_id: a.id,
                    request: (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_11__/* .declared */ .bu)(_service_writes__WEBPACK_IMPORTED_MODULE_1__/* .writes */ .D.redeliver),
                });
            }
            catch (err) {
                failed++;
                process.stderr.write(`repo-actions redeliver: ${(0,_terminal__WEBPACK_IMPORTED_MODULE_7__/* .terminalText */ .eR)(`${a.guid}: ${(0,_kernel_words__WEBPACK_IMPORTED_MODULE_12__/* .messageOf */ .bD)(err)}`)}\n`);
            }
        }
        process.stdout.write(`Asked GitHub to redeliver ${(0,_kernel_words__WEBPACK_IMPORTED_MODULE_12__/* .plural */ .LS)(todo.length - failed, 'delivery', 'deliveries')}.\n`);
        return failed ? 1 : 0;
    }
    catch (err) {
        process.stderr.write(`repo-actions redeliver: ${(0,_terminal__WEBPACK_IMPORTED_MODULE_7__/* .terminalText */ .eR)((0,_kernel_words__WEBPACK_IMPORTED_MODULE_12__/* .messageOf */ .bD)(err))}\n`);
        return 1;
    }
}


/***/ }),

/***/ 7308:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ej: () => (/* binding */ AppCredentialsError),
/* harmony export */   I9: () => (/* binding */ appTokenProvider),
/* harmony export */   xk: () => (/* binding */ appJwt)
/* harmony export */ });
/* harmony import */ var _github_client_declared__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8025);
/* harmony import */ var _reads__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8894);
/* harmony import */ var _writes__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(751);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7597);
/* harmony import */ var _github_client__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9287);
// Installation tokens of a GitHub App: a JWT (RS256, signed with the App's private key, valid 10 minutes)
// exchanges for an installation token (`POST /app/installations/{id}/access_tokens`, valid an hour). Tokens
// are cached per installation until 5 minutes before they expire; concurrent deliveries share one request.
// A delivery without `installation.id` finds its installation through `GET /repos/{owner}/{repo}/installation`.
// `GET /app` (JWT) names the App itself: its slug gives the login its installation tokens write as.
// Several keys of the App during a rotation: when GitHub refuses the JWT (401) the others are tried, and the one it
// accepts is used from then on. When it refuses every key (revoked, or the wrong App), the provider says so
// (`credentialProblem`: /readyz is 503 and a metric is 1) and asks again at most every `recheckMs`; the jobs wait on
// their installation's circuit meanwhile (`item-job.ts`), spending no attempt, and run once a key is accepted.






const AccessToken = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ token: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().min(1), expires_at: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP() });
const Installation = zod__WEBPACK_IMPORTED_MODULE_4__/* .looseObject */ ._H3({ id: zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .aig().int().positive() });
/** GitHub refused the App's own credentials (401): no retry helps until the App id or the key is fixed. */
class AppCredentialsError extends Error {
    constructor(appId, detail) {
        super(`GitHub refused the JWT of App ${appId} (401: ${detail}): check --app-id / GITHUB_APP_ID and the private key ` +
            '(--private-key-file or --private-key-env): it must be the key of that App, not revoked');
        this.name = 'AppCredentialsError';
    }
}
function statusOf(err) {
    const status = err?.status;
    return typeof status === 'number' ? status : undefined;
}
const REFRESH_BEFORE_MS = 5 * 60_000;
const JWT_LIFETIME_S = 9 * 60; // GitHub allows 10 minutes; leave room for clock drift
const base64url = (data) => Buffer.from(data).toString('base64url');
/** A GitHub App JWT: issued a minute in the past (clock drift), expiring within ten minutes. */
function appJwt(appId, key, nowMs) {
    const now = Math.floor(nowMs / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const payload = base64url(JSON.stringify({ iat: now - 60, exp: now + JWT_LIFETIME_S, iss: String(appId) }));
    const signature = (0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.createSign)('RSA-SHA256').update(`${header}.${payload}`).sign(key);
    return `${header}.${payload}.${base64url(signature)}`;
}
const RECHECK_MS = 30_000;
function appTokenProvider(options) {
    const keys = [options.privateKey, ...(options.previousPrivateKeys ?? [])]
        .filter((k, i, all) => k && all.indexOf(k) === i)
        .map((k) => (0,node_crypto__WEBPACK_IMPORTED_MODULE_2__.createPrivateKey)(k));
    const now = options.now ?? Date.now;
    const tokens = new Map();
    const installations = new Map();
    let app;
    let active = 0;
    /** Set while GitHub refuses every key. */
    let refused;
    /** A client authenticated as the App (a new JWT before the previous one expires). */
    function appClient() {
        const at = now();
        if (!app || app.until <= at) {
            const token = appJwt(options.appId, keys[active], at);
            options.onSecret?.(token);
            app = {
                client: (0,_github_client__WEBPACK_IMPORTED_MODULE_3__/* .createClient */ .UU)({ ...options.client, token, action: 'webhooks', baseUrl: options.apiUrl, cacheDir: null }),
                until: at + (JWT_LIFETIME_S - 60) * 1000,
            };
        }
        return app.client;
    }
    /**
     * Runs `call` as the App: on a 401 with the key in use the other keys are tried, and the one GitHub accepts stays
     * in use; a 401 with every key is an AppCredentialsError (remembered for `credentialProblem`).
     */
    async function asApp(call) {
        let last;
        for (let tried = 0; tried < keys.length; tried++) {
            const index = (active + tried) % keys.length;
            if (index !== active) {
                active = index;
                app = undefined;
            }
            try {
                const result = await call(appClient());
                refused = undefined;
                return result;
            }
            catch (err) {
                if (statusOf(err) !== 401)
                    throw err;
                last = err;
            }
        }
        const detail = last.message.slice(0, 200);
        refused = { detail, checkedAt: now() };
        throw new AppCredentialsError(options.appId, detail);
    }
    async function installationOf(repository) {
        const known = installations.get(repository.toLowerCase());
        if (known)
            return known;
        const [owner, repo] = repository.split('/');
        const { data } = await asApp((c) => c.octokit.request('GET /repos/{owner}/{repo}/installation', {
            request: (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_5__/* .declared */ .bu)(_reads__WEBPACK_IMPORTED_MODULE_0__/* .reads */ .U.installation),
            owner,
            repo,
        }));
        const id = Installation.parse(data).id;
        installations.set(repository.toLowerCase(), id);
        return id;
    }
    async function exchange(installationId) {
        const { data } = await asApp((c) => c.octokit.request('POST /app/installations/{installation_id}/access_tokens', {
            installation_id: installationId,
            request: (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_5__/* .declared */ .bu)(_writes__WEBPACK_IMPORTED_MODULE_1__/* .writes */ .D.installationToken),
        }));
        const parsed = AccessToken.parse(data);
        options.onSecret?.(parsed.token);
        return { token: parsed.token, expiresAt: Date.parse(parsed.expires_at) };
    }
    return {
        keyInUse: () => active,
        credentialProblem() {
            return (refused &&
                `private key refused: GitHub answered 401 to the JWT of every key of App ${options.appId} (${refused.detail})`);
        },
        async recheckCredentials() {
            if (!refused || now() - refused.checkedAt < (options.recheckMs ?? RECHECK_MS))
                return;
            refused.checkedAt = now();
            await asApp((c) => c.octokit.request('GET /app', { request: (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_5__/* .declared */ .bu)(_reads__WEBPACK_IMPORTED_MODULE_0__/* .reads */ .U.app) })).catch(() => { });
        },
        async identity() {
            const { data } = await asApp((c) => c.octokit.request('GET /app', { request: (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_5__/* .declared */ .bu)(_reads__WEBPACK_IMPORTED_MODULE_0__/* .reads */ .U.app) }));
            const app = _reads__WEBPACK_IMPORTED_MODULE_0__/* .AppAnswer */ .I.parse(data);
            if (String(app.id) !== String(options.appId))
                throw new Error(`GET /app names App ${app.id}, not ${options.appId}: the JWT is not this App's`);
            return { appId: app.id, login: `${app.slug}[bot]` };
        },
        async installations() {
            const listed = await asApp((c) => c.paginate('GET /app/installations', { request: (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_5__/* .declared */ .bu)(_reads__WEBPACK_IMPORTED_MODULE_0__/* .reads */ .U.installations) }));
            return listed.map((i) => i.id).filter((id) => Number.isInteger(id) && id > 0);
        },
        async tokenFor(installationId, repository) {
            const id = installationId ?? (await installationOf(repository));
            const cached = tokens.get(id);
            if (cached) {
                const t = await cached.catch(() => undefined);
                if (t && t.expiresAt - REFRESH_BEFORE_MS > now())
                    return t.token;
                if (tokens.get(id) !== cached)
                    return (await tokens.get(id)).token; // someone refreshed meanwhile
            }
            const pending = exchange(id);
            tokens.set(id, pending);
            pending.catch(() => {
                if (tokens.get(id) === pending)
                    tokens.delete(id);
            });
            return (await pending).token;
        },
    };
}


/***/ }),

/***/ 8894:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ AppAnswer),
/* harmony export */   U: () => (/* binding */ reads)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7597);
/* harmony import */ var _github_client_declared__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8025);
// The service's reads of the App API and the shape of each answer (src/github/client/declared.ts): its identity and
// installations (app-token-provider.ts, installed-repositories.ts) and the deliveries the command line lists
// (hosts/cli/redeliver.ts). Each call passes its declaration with the request (`request: declared(reads.app)`); its
// writes are in writes.ts.


/** "Get the authenticated app": its id and slug (the login its tokens write as is `<slug>[bot]`, a slug's shape). */
const AppAnswer = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive(),
    slug: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98}[A-Za-z0-9])?$/),
});
const reads = (0,_github_client_declared__WEBPACK_IMPORTED_MODULE_1__/* .defineReads */ .hh)({
    // "Get the authenticated app" (App JWT): the service's identity is `<slug>[bot]`.
    app: { route: 'GET /app', shape: AppAnswer },
    // "List installations for the authenticated app" (App JWT) and "List repositories accessible to the app
    // installation" (installation token; the list sits under `repositories`).
    installations: { route: 'GET /app/installations', shape: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ id: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig() })) },
    repositories: {
        route: 'GET /installation/repositories',
        shape: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
            total_count: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
            repositories: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ full_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() })),
        }),
    },
    installation: { route: 'GET /repos/{owner}/{repo}/installation', shape: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ id: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig() }) },
    deliveries: {
        route: 'GET /app/hook/deliveries',
        shape: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ id: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(), guid: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), status_code: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(), delivered_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() })),
    },
});


/***/ }),

/***/ 751:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ writes)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7597);
/* harmony import */ var _github_client_write_rules__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(918);
// The service's writes to the App API and what happens to each when its answer is lost (src/github/client/write-rules.ts):
// the installation tokens (app-token-provider.ts) and the redeliveries the command line asks for (hosts/cli/redeliver.ts).
// Each call passes the declaration with the request (`request: declared(writes.redeliver)`): its answer's shape
// (declared.ts) and its rule; the docs' table is generated from here.


const writes = (0,_github_client_write_rules__WEBPACK_IMPORTED_MODULE_0__/* .defineWrites */ .Q)({
    installationToken: {
        route: 'POST /app/installations/{installation_id}/access_tokens',
        shape: zod__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ token: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() }),
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


/***/ })

};
