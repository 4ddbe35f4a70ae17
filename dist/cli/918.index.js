export const id = 918;
export const ids = [918];
export const modules = {

/***/ 1204:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ classifyAnswer)
/* harmony export */ });
/* unused harmony export isSecondaryLimitMessage */
// One classification of GitHub's answers: every place that asks "is this a rate limit?", "may this be repeated?"
// or "is this the read-after-write lag?" asks here, so a new GitHub answer gets one new rule in one place. Pure:
// it reads a status, headers, GitHub's message and error entries (REST `errors` or GraphQL `errors`), never the
// clock. What to do with the class (waits, retry counts) stays in retry.ts.
//
// Evidence, per class:
// - primary: "Rate limits for the REST API" — exceeding the primary limit answers 403 or 429 with
//   `x-ratelimit-remaining: 0`; wait until `x-ratelimit-reset`.
// - secondary: the same page — a secondary limit answers 403 or 429 with a message naming a secondary rate limit
//   (older answers say "abuse detection"), with or without `retry-after`; without it wait at least a minute, then
//   exponentially longer. GitHub's content-creation limit also arrives as 422 "was submitted too quickly" on some
//   endpoints, over REST and inside a GraphQL 200 (cli/cli#4801 `createIssue`, derberg/manage-files#5): the same
//   secondary signal, never final.
// - graphql-budget: "Rate limits and query limits for the GraphQL API" — a spent GraphQL budget answers 200 with an
//   error of type `RATE_LIMITED`; some answers spell it `RATE_LIMIT` (octokit/plugin-throttling.js#848).
// - graphql-timeout: a document GitHub could not finish in time — "We couldn't respond to your request in time"
//   (the GraphQL docs' "Timeouts"), `RESOURCE_LIMITS_EXCEEDED` / "Resource limits for this query exceeded", or the
//   502 "Something went wrong … This may be the result of a timeout" (apache/devlake#3521, github1s#105 on deep
//   `Tree.entries`). Timeouts count against the secondary limits ("Timeouts" again): the same document is not sent
//   again; the caller reads another way.
// - transient: 5xx, no answer at all, or a GraphQL 200 whose only error is GitHub's "Something went wrong while
//   executing your query. Please include `ID` …" without a type (octokit/plugin-retry.js#395: retry it as a 5xx).
// - lag: right after a ref is created or moved, `POST /pulls` may answer 422 "No commits between …" or a `head`
//   `invalid` error, and `POST/PATCH …/git/refs` 422 "Reference update failed" (octokit.rb#622,
//   dotnet/buildtools#1140, gitbutler#4904, rest-api-description#4887): worth a bounded retry and a confirming read.
// - permission: any other 403. final: anything else.
const SECONDARY = /secondary rate limit|abuse detection/i;
const TOO_QUICKLY = /submitted too quickly/i;
const GRAPHQL_TIMEOUT = /couldn't respond to your request in time|resource limits for this query exceeded|may be the result of a timeout/i;
const SOMETHING_WENT_WRONG = /^something went wrong while executing your query/i;
const LAG_MESSAGE = /no commits between|reference update failed/i;
function texts(a) {
    return [a.message ?? '', ...(a.errors ?? []).map((e) => e.message ?? '')];
}
/** GitHub's own words for a secondary limit (in a 403/429 message): the one regex for it. */
function isSecondaryLimitMessage(message) {
    return SECONDARY.test(message ?? '');
}
/** The class of one answer of GitHub (REST, or GraphQL with its `errors` inside a 200). */
function classifyAnswer(a) {
    const { status } = a;
    const headers = a.headers ?? {};
    const all = texts(a);
    const types = (a.errors ?? []).map((e) => e.type ?? e.code ?? '');
    if (status === undefined)
        return { kind: 'transient', reason: 'network failure' };
    if (all.some((t) => GRAPHQL_TIMEOUT.test(t)) || types.includes('RESOURCE_LIMITS_EXCEEDED'))
        return { kind: 'graphql-timeout', reason: `${status}: GitHub could not finish the query in time` };
    if (status >= 500)
        return { kind: 'transient', reason: `server error ${status}` };
    if (status === 403 || status === 429) {
        if (headers['x-ratelimit-remaining'] === '0' && headers['retry-after'] === undefined)
            return { kind: 'primary', reason: `${status}: primary rate limit exhausted` };
        if (headers['retry-after'] !== undefined)
            return { kind: 'secondary', reason: `${status} with retry-after` };
        if (status === 429 || all.some((t) => SECONDARY.test(t)))
            return { kind: 'secondary', reason: `${status}: secondary rate limit` };
        return { kind: 'permission', reason: '403: permission' };
    }
    if (all.some((t) => TOO_QUICKLY.test(t)))
        return { kind: 'secondary', reason: `${status}: was submitted too quickly (content-creation limit)` };
    if (types.some((t) => t === 'RATE_LIMITED' || t === 'RATE_LIMIT'))
        return { kind: 'graphql-budget', reason: "GraphQL's primary budget is spent" };
    if (status === 422 && (all.some((t) => LAG_MESSAGE.test(t)) || isHeadInvalid(a)))
        return { kind: 'lag', reason: `422: ${all.find((t) => t) ?? 'read-after-write lag'}` };
    if (status === 200 &&
        a.errors?.length &&
        a.errors.every((e) => !e.type && SOMETHING_WENT_WRONG.test(e.message ?? '')))
        return { kind: 'transient', reason: 'GraphQL: something went wrong while executing the query' };
    if (status < 400 && !a.errors?.length)
        return { kind: 'ok', reason: `${status}` };
    return { kind: 'final', reason: `${status}: the request, its visibility or the credential must change` };
}
/** `POST /pulls` 422 with `{ field: "head", code: "invalid" }`: the new branch is not visible yet (lag). */
function isHeadInvalid(a) {
    return (a.errors ?? []).some((e) => e.field === 'head' && e.code === 'invalid');
}


/***/ }),

/***/ 5347:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  xv: () => (/* binding */ VERSION),
  UU: () => (/* binding */ createClient),
  sd: () => (/* binding */ defaultGraphqlUrl)
});

// UNUSED EXPORTS: DEFAULT_API_URL, DEFAULT_API_VERSION, PROJECT, reads

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/utils.js + 21 modules
var utils = __webpack_require__(1845);
;// CONCATENATED MODULE: ./package.json
const package_namespaceObject = /*#__PURE__*/JSON.parse('{"UU":"repo-actions","rE":"1.0.0"}');
// EXTERNAL MODULE: ./src/github/client/errors.ts
var errors = __webpack_require__(6948);
// EXTERNAL MODULE: ./src/github/client/pacer.ts
var client_pacer = __webpack_require__(6820);
;// CONCATENATED MODULE: ./src/github/client/budget.ts
// The primary rate limit as a budget: numbers from every response's x-ratelimit-* headers and from the
// free `GET /rate_limit`; a plan is checked against it (minus a reserve) before any write.
// GitHub Enterprise Server with rate limiting disabled (its default, "Configuring rate limits") sends no
// x-ratelimit-* header and answers `GET /rate_limit` 404 "Rate limiting is not enabled." (actions/stale#1227): that
// is "no primary limit", a budget every plan fits. Secondary limits are paced regardless (pacer.ts).


const UNKNOWN = { known: false, limit: 0, remaining: 0, used: 0, reset: 0, resource: 'core' };
/** No primary limit: every plan fits, nothing is ever waited for. */
const UNLIMITED = {
    known: true,
    unlimited: true,
    limit: Number.POSITIVE_INFINITY,
    remaining: Number.POSITIVE_INFINITY,
    used: 0,
    reset: 0,
    resource: 'core',
};
function costOf(cost, resource) {
    if (typeof cost === 'number')
        return cost;
    return resource === 'graphql' ? (cost.points ?? 0) : cost.requests;
}
class BudgetTracker {
    deps;
    current;
    constructor(deps) {
        this.deps = deps;
        this.current = { ...UNKNOWN, resource: this.resource };
    }
    get resource() {
        return this.deps.resource ?? 'core';
    }
    get reserve() {
        return this.deps.reserve;
    }
    state() {
        return { ...this.current };
    }
    /** Takes the numbers of a response. Other resources (search, graphql) have budgets of their own. */
    update(headers) {
        const num = (k) => (headers[k] === undefined || headers[k] === '' ? undefined : Number(headers[k]));
        const limit = num('x-ratelimit-limit');
        const remaining = num('x-ratelimit-remaining');
        const reset = num('x-ratelimit-reset');
        const resource = String(headers['x-ratelimit-resource'] ?? 'core');
        if (resource !== this.resource || limit === undefined || remaining === undefined || reset === undefined)
            return;
        if (![limit, remaining, reset].every(Number.isFinite))
            return;
        // Responses can arrive out of order: within one window the smaller remaining is the newer. A window
        // ends when the reset moves on by more than a little clock jitter.
        const newWindow = !this.current.known || reset > this.current.reset + 5;
        if (!newWindow && remaining > this.current.remaining)
            return;
        this.current = {
            known: true,
            limit,
            remaining,
            used: num('x-ratelimit-used') ?? limit - remaining,
            reset,
            resource,
        };
    }
    async refresh() {
        const core = await this.deps.fetchRateLimit();
        if (core === undefined) {
            if (!this.current.unlimited)
                this.deps.onUnlimited?.();
            this.current = { ...UNLIMITED, resource: this.resource };
            return this.state();
        }
        this.current = {
            known: true,
            limit: core.limit,
            remaining: core.remaining,
            used: core.used ?? core.limit - core.remaining,
            reset: core.reset,
            resource: this.resource,
        };
        return this.state();
    }
    /**
     * Numbers learnt from a GraphQL answer's `rateLimit { remaining resetAt }` (the graphql budget only): the same
     * rule as headers, the smaller remaining within one window.
     */
    noteRemaining(remaining, resetEpochSeconds, limit) {
        limit ??= this.current.known && !this.current.unlimited ? this.current.limit : remaining;
        this.update({
            'x-ratelimit-limit': limit,
            'x-ratelimit-remaining': remaining,
            'x-ratelimit-reset': resetEpochSeconds,
            'x-ratelimit-resource': this.resource,
        });
    }
    /** The plan's writes do not fit the hour's window within the wait bound. */
    writesRefused(cost) {
        const writes = typeof cost === 'number' ? 0 : cost.writes;
        if (!this.deps.writes || writes <= 0)
            return undefined;
        const fit = this.deps.writes.planFit(writes);
        return fit.waitMs > this.deps.maxWaitMs ? fit : undefined;
    }
    canAfford(cost) {
        if (this.writesRefused(cost))
            return false;
        if (this.deps.graphql && typeof cost !== 'number' && (cost.points ?? 0) > 0 && !this.deps.graphql.canAfford(cost))
            return false;
        if (!this.current.known)
            return true;
        return this.current.remaining - this.deps.reserve >= costOf(cost, this.resource);
    }
    async ensure(cost, what = 'the plan') {
        const refused = this.writesRefused(cost);
        if (refused) {
            const freeAt = new Date(Date.now() + (Number.isFinite(refused.waitMs) ? refused.waitMs / this.deps.timeScale : 0));
            throw new errors/* WriteLimitError */.xX(refused.writes, refused.perHour, refused.inHour, freeAt, what);
        }
        if (this.deps.writes && typeof cost !== 'number' && cost.writes > 0) {
            this.deps.writes.onPlan?.(this.deps.writes.planFit(cost.writes), what);
            this.deps.writes.expectWrites(cost.writes);
        }
        if (this.deps.graphql && typeof cost !== 'number' && (cost.points ?? 0) > 0)
            await this.deps.graphql.ensure(cost, what);
        const needed = costOf(cost, this.resource);
        if (needed <= 0)
            return;
        if (!this.current.known)
            await this.refresh();
        if (this.affords(needed))
            return;
        const waitMs = this.resetWaitMs();
        const fitsAfterReset = this.current.limit - this.deps.reserve >= needed;
        if (fitsAfterReset && waitMs > 0 && waitMs <= this.deps.maxWaitMs) {
            this.deps.onWait?.(waitMs, 'primary rate limit reset');
            await this.deps.sleep(waitMs);
            await this.refresh();
            if (this.affords(needed))
                return;
        }
        throw new errors/* BudgetError */.Wp(needed, this.current.remaining, this.deps.reserve, new Date(this.current.reset * 1000), what, this.current.limit, this.resource === 'graphql' ? 'GraphQL point' : 'request');
    }
    affords(needed) {
        return !this.current.known || this.current.remaining - this.deps.reserve >= needed;
    }
    resetWaitMs() {
        return (this.current.reset * 1000 - this.deps.now() + 1000) * this.deps.timeScale;
    }
    /** Before sending: when the limit is known to be exhausted, wait for the reset (bounded) instead of spending a 403. */
    async beforeRequest() {
        if (!this.current.known || this.current.remaining > 0)
            return;
        const waitMs = this.resetWaitMs();
        if (waitMs <= 0)
            return;
        if (waitMs > this.deps.maxWaitMs)
            throw new client_pacer/* WaitTooLongError */.Yk(waitMs, this.deps.maxWaitMs, 'primary rate limit exhausted');
        this.deps.onWait?.(waitMs, 'primary rate limit reset');
        await this.deps.sleep(waitMs);
        this.current = { ...this.current, known: false };
    }
}

// EXTERNAL MODULE: ./src/github/client/clock.ts
var client_clock = __webpack_require__(7653);
// EXTERNAL MODULE: ./src/github/client/private-dir.ts
var private_dir = __webpack_require__(5866);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/github/client/etag-cache.ts
// Conditional requests: an ETag cache keyed by method, full URL with query, media type, API version and
// token. Entries live in memory, bounded in bytes (least recently used first out), and, when a directory is
// given (RUNNER_TEMP), on disk so that later steps of the same job reuse them: files 0600 in a 0700
// directory that is not a symlink and belongs to this user.




const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
/** A token is hashed into the key and never stored. */
function cacheKey(p) {
    const tokenHash = (0,external_node_crypto_.createHash)('sha256').update(p.token).digest('hex');
    return (0,external_node_crypto_.createHash)('sha256')
        .update(JSON.stringify([p.method.toUpperCase(), p.url, p.accept.toLowerCase(), p.apiVersion, tokenHash]))
        .digest('hex');
}
const VOLATILE = /^(x-ratelimit-|date$|x-github-request-id$|retry-after$|set-cookie$|content-length$)/i;
function keepHeaders(headers) {
    const out = {};
    for (const [k, v] of Object.entries(headers))
        if ((typeof v === 'string' || typeof v === 'number') && !VOLATILE.test(k))
            out[k.toLowerCase()] = String(v);
    return out;
}
/** Why a directory cannot hold the cache, or undefined when it can (created 0700 when missing). */
function cacheDirProblem(dir) {
    return (0,private_dir/* privateDirectoryProblem */.O)(dir);
}
class EtagCache {
    maxBytes;
    /** Insertion order is recency order: a hit moves its key to the end. */
    memory = new Map();
    bytes = 0;
    dir;
    /** Why the directory was refused (the cache then lives in memory only). */
    refused;
    constructor(dir, maxBytes = DEFAULT_CACHE_BYTES) {
        this.maxBytes = maxBytes;
        const problem = dir ? cacheDirProblem(dir) : undefined;
        this.dir = dir && !problem ? dir : null;
        this.refused = problem;
    }
    get size() {
        return { entries: this.memory.size, bytes: this.bytes };
    }
    get(key) {
        const hit = this.memory.get(key);
        if (hit) {
            this.memory.delete(key);
            this.memory.set(key, hit);
            return hit.entry;
        }
        if (!this.dir)
            return undefined;
        try {
            const text = (0,external_node_fs_.readFileSync)(this.file(key), 'utf8');
            const entry = JSON.parse(text);
            this.keep(key, entry, Buffer.byteLength(text));
            return entry;
        }
        catch {
            return undefined;
        }
    }
    set(key, entry) {
        const text = JSON.stringify(entry);
        const bytes = Buffer.byteLength(text);
        // An answer larger than the whole cache is not kept (a repeat costs one request, not memory).
        if (bytes > this.maxBytes)
            return this.delete(key);
        this.keep(key, entry, bytes);
        if (!this.dir)
            return;
        const file = this.file(key);
        const temp = `${file}.${process.pid}.tmp`;
        try {
            (0,external_node_fs_.writeFileSync)(temp, text, { mode: 0o600 });
            (0,external_node_fs_.renameSync)(temp, file);
        }
        catch {
            // A cache that cannot be written only costs requests later.
        }
    }
    delete(key) {
        const old = this.memory.get(key);
        if (old)
            this.bytes -= old.bytes;
        this.memory.delete(key);
        if (!this.dir)
            return;
        try {
            (0,external_node_fs_.unlinkSync)(this.file(key));
        }
        catch {
            // Already gone.
        }
    }
    keep(key, entry, bytes) {
        const old = this.memory.get(key);
        if (old)
            this.bytes -= old.bytes;
        this.memory.delete(key);
        this.memory.set(key, { entry, bytes });
        this.bytes += bytes;
        for (const [oldest] of this.memory) {
            if (this.bytes <= this.maxBytes)
                break;
            this.delete(oldest);
        }
    }
    file(key) {
        return (0,external_node_path_.join)(this.dir, `${key}.json`);
    }
}

// EXTERNAL MODULE: ./src/github/client/exit-tasks.ts
var exit_tasks = __webpack_require__(1884);
;// CONCATENATED MODULE: ./src/github/client/origins.ts
// Where the token may go: the API's own origin, and for uploads the origin of an `upload_url` the API itself
// named in a release. Everything else gets no credentials (and no writes).
function originOf(url) {
    try {
        return new URL(url).origin;
    }
    catch {
        return undefined;
    }
}
class TrustedOrigins {
    api;
    uploads = new Set();
    /** Origins of the API's own other endpoints the runner names (GraphQL): they get the token like the API. */
    siblings = new Set();
    constructor(baseUrl, siblingUrls = []) {
        const api = originOf(baseUrl);
        if (!api)
            throw new Error(`The API URL ${JSON.stringify(baseUrl)} is not an absolute URL`);
        this.api = api;
        for (const url of siblingUrls) {
            const origin = originOf(url);
            if (origin && origin !== 'null')
                this.siblings.add(origin);
        }
    }
    /**
     * Learns the upload hosts a response names (`upload_url` of a release, or of each release in a list), only when
     * the answer came from the API's own origin (`finalUrl`, after any redirect): an answer fetched from elsewhere
     * (a cross-origin redirect, sent without the token) names no place the token may go.
     */
    learn(data, finalUrl) {
        if (originOf(finalUrl) !== this.api)
            return;
        const items = Array.isArray(data) ? data : [data];
        for (const item of items) {
            const url = item?.upload_url;
            if (typeof url !== 'string')
                continue;
            const origin = originOf(url.replace(/\{[^}]*\}/g, ''));
            if (origin && origin !== 'null')
                this.uploads.add(origin);
        }
    }
    /** True when a request with this method to this URL may carry the token. */
    allowsCredentials(url, method) {
        const origin = originOf(url);
        if (origin === this.api || (origin !== undefined && this.siblings.has(origin)))
            return true;
        return origin !== undefined && method.toUpperCase() === 'POST' && this.uploads.has(origin);
    }
    sameOrigin(a, b) {
        const origin = originOf(a);
        return origin !== undefined && origin === originOf(b);
    }
}

;// CONCATENATED MODULE: ./src/github/client/stages/budget.ts
async function beforeSend(ex, budget, graphql) {
    if (ex.free)
        return;
    await (ex.graphql && graphql ? graphql : budget).beforeRequest();
}
function noteBudget(attempt, budget, graphql, ex) {
    if (attempt.status === undefined || attempt.status >= 500)
        return;
    if (ex?.graphql)
        graphql?.update(attempt.headers);
    else
        budget.update(attempt.headers);
}
function isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** A GraphQL answer's `data.rateLimit { cost remaining resetAt limit }`, when the document selected it. */
function rateLimitOf(body) {
    const data = isObject(body) ? body.data : undefined;
    const r = isObject(data) ? data.rateLimit : undefined;
    if (!isObject(r))
        return undefined;
    const num = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
    const resetAt = typeof r.resetAt === 'string' ? Date.parse(r.resetAt) : Number.NaN;
    return {
        cost: num(r.cost),
        remaining: num(r.remaining),
        limit: num(r.limit),
        reset: Number.isFinite(resetAt) ? Math.floor(resetAt / 1000) : undefined,
    };
}
/**
 * After the integrity check: a GraphQL answer that selected `rateLimit { remaining resetAt }` tells GraphQL's budget
 * its numbers (the same rule as headers, the smaller remaining within one window), before telemetry records it.
 */
function noteGraphqlRateLimit(ex, attempt, graphql) {
    if (!ex.graphql || !graphql || !attempt.response)
        return;
    const rate = rateLimitOf(attempt.response.data);
    if (rate?.remaining !== undefined && rate.reset !== undefined)
        graphql.noteRemaining(rate.remaining, rate.reset, rate.limit);
}

;// CONCATENATED MODULE: ./src/github/client/stages/exchange.ts
function lowerHeaders(headers) {
    const out = {};
    for (const [k, v] of Object.entries(headers ?? {}))
        out[k.toLowerCase()] = headerText(v);
    return out;
}
/** A header's value as text (Octokit gives strings and numbers; anything else is not a header value). */
function headerText(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    if (Array.isArray(value))
        return value.map((v) => headerText(v) ?? '').join(', ');
    return undefined;
}
function pathOf(url) {
    try {
        return new URL(url).pathname;
    }
    catch {
        return url.split('?')[0];
    }
}
/**
 * Whether `url` is the GraphQL endpoint: the configured GraphQL URL (same origin and path), or, without one, a path
 * ending in `/graphql` (`https://api.github.com/graphql`, GHES's `https://HOST/api/graphql`).
 */
function isGraphqlUrl(url, graphqlUrl) {
    if (!graphqlUrl)
        return /\/graphql\/?$/.test(pathOf(url));
    try {
        const a = new URL(url);
        const b = new URL(graphqlUrl);
        const trim = (p) => p.replace(/\/+$/, '');
        return a.origin === b.origin && trim(a.pathname) === trim(b.pathname);
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/github/client/stages/cache.ts
// Stage 2, cache: validators on a cacheable GET before sending; a 304 answered from the cache (free); a fresh
// 200 with an ETag remembered.


/** Adds `If-None-Match` (or `If-Modified-Since`) to a GET of the API origin that has a cache entry. */
function addValidators(ex, s) {
    const headers = ex.options.headers;
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
    ex.cacheKey = undefined;
    if (ex.method !== 'GET' || ex.policy.noCache || ex.free || !s.origins.allowsCredentials(ex.parsed.url, 'GET'))
        return;
    ex.cacheKey = cacheKey({
        method: ex.method,
        url: ex.parsed.url,
        accept: headerText(ex.parsed.headers.accept) ?? '',
        apiVersion: s.apiVersion,
        token: s.token,
    });
    const cached = s.cache.get(ex.cacheKey);
    if (cached?.etag)
        headers['if-none-match'] = cached.etag;
    else if (cached?.lastModified)
        headers['if-modified-since'] = cached.lastModified;
}
const NEXT = /<([^<>]+)>;\s*rel="next"/;
/**
 * True when the cache holds, with validators, every page of the list starting at `url` (following each cached
 * page's `rel="next"`, as pagination would): reading the list again is conditional throughout, free while unchanged.
 * Sends nothing. `accept` is the media type as the headers stage sends it.
 */
function holdsPages(s, url, accept, maxPages = 1000) {
    const seen = new Set();
    for (let next = url; next !== undefined;) {
        if (seen.has(next) || seen.size >= maxPages || !s.origins.allowsCredentials(next, 'GET'))
            return false;
        seen.add(next);
        const key = cacheKey({ method: 'GET', url: next, accept, apiVersion: s.apiVersion, token: s.token });
        const entry = s.cache.get(key);
        if (!entry?.etag && !entry?.lastModified)
            return false;
        next = NEXT.exec(entry.headers.link ?? '')?.[1];
    }
    return true;
}
/** A 304 becomes the cached answer, marked `x-repo-actions-cache: hit`. */
function answerFromCache(ex, attempt, s) {
    if (attempt.status !== 304 || !ex.cacheKey)
        return undefined;
    const cached = s.cache.get(ex.cacheKey);
    if (!cached)
        return undefined;
    return {
        status: 200,
        url: ex.parsed.url,
        headers: { ...cached.headers, ...attempt.headers, 'x-repo-actions-cache': 'hit' },
        data: cached.data,
    };
}
/** Keeps a complete 200 that carries validators. */
function remember(ex, attempt, s) {
    const response = attempt.response;
    if (!ex.cacheKey || !response || attempt.status !== 200)
        return;
    const etag = attempt.headers['etag'];
    const lastModified = attempt.headers['last-modified'];
    if (!etag && !lastModified)
        return;
    s.cache.set(ex.cacheKey, { etag, lastModified, headers: keepHeaders(attempt.headers), data: response.data });
}

// EXTERNAL MODULE: ./src/github/client/transport-errors.ts
var transport_errors = __webpack_require__(9584);
;// CONCATENATED MODULE: ./src/github/client/stages/errors.ts
// Stage 9, errors: what is left after retries and redirects becomes one error: an `ApiError` for an HTTP
// answer (status, GitHub's message and errors, a hint), a `NetworkError` naming the host and the cause for
// no usable answer at all.


function bodyMessage(data) {
    if (data && typeof data === 'object') {
        const d = data;
        const errors = Array.isArray(d.errors)
            ? d.errors.map((e) => (typeof e === 'string' ? { message: e } : e))
            : undefined;
        return {
            message: typeof d.message === 'string' ? d.message : undefined,
            errors,
            documentationUrl: typeof d.documentation_url === 'string' ? d.documentation_url : undefined,
        };
    }
    if (typeof data === 'string' && data.trim())
        return { message: data.trim().slice(0, 500) };
    return {};
}
/** The error of a final failed attempt; `gaveUp` says why the retries stopped, when they did. */
function failureOf(ex, attempt, gaveUp) {
    if (attempt.failure instanceof transport_errors/* ShapeError */.ym || attempt.failure instanceof transport_errors/* AnswerTooLargeError */.Oc)
        return attempt.failure;
    if (attempt.status === undefined) {
        const permanent = (0,transport_errors/* permanentCause */.qG)(attempt.failure);
        const reason = attempt.failure instanceof transport_errors/* IntegrityError */.cs ? attempt.failure.message : (0,transport_errors/* causeText */.xv)(attempt.failure ?? 'no answer');
        return new transport_errors/* NetworkError */.Dr(ex.method, ex.parsed.url, `${reason}${gaveUp && !permanent ? ` (${gaveUp})` : ''}`, permanent !== undefined, attempt.failure);
    }
    const body = bodyMessage(attempt.data);
    return new errors/* ApiError */.hD({
        status: attempt.status,
        method: ex.method,
        url: ex.parsed.url,
        message: (body.message ?? `HTTP ${attempt.status}`) + (gaveUp ? ` (${gaveUp})` : ''),
        errors: body.errors,
        documentationUrl: body.documentationUrl,
        headers: attempt.headers,
    });
}

;// CONCATENATED MODULE: ./src/github/client/stages/headers.ts

/** GitHub's media type, sent where Octokit's default asks for the older `application/vnd.github.v3+json`. */
const GITHUB_MEDIA_TYPE = 'application/vnd.github+json';
/** The `accept` a request carries after this stage (what the ETag cache keys on). */
const acceptSent = (accept) => accept === 'application/vnd.github.v3+json' ? GITHUB_MEDIA_TYPE : (accept ?? '');
/** Sets the headers of `ex.options` and resolves `ex.parsed`; throws for a write to an untrusted origin. */
function applyHeaders(ex, endpoint, s) {
    const headers = {};
    for (const [k, v] of Object.entries(ex.options.headers))
        headers[k.toLowerCase()] = v;
    if (!headers['x-github-api-version'])
        headers['x-github-api-version'] = s.apiVersion;
    if (headers.accept !== undefined)
        headers.accept = acceptSent(headers.accept);
    delete headers.authorization;
    ex.options = { ...ex.options, headers, request: { ...ex.options.request, redirect: 'manual' } };
    ex.parsed = endpoint.parse(ex.options);
    const method = ex.parsed.method.toUpperCase();
    if (s.origins.allowsCredentials(ex.parsed.url, method)) {
        if (s.token)
            headers.authorization = `Bearer ${s.token}`;
    }
    else if (method !== 'GET' && method !== 'HEAD') {
        throw new transport_errors/* UntrustedOriginError */.Fh(method, new URL(ex.parsed.url).origin);
    }
}

;// CONCATENATED MODULE: ./src/github/client/answer-limits.ts
const MIB = 1024 * 1024;
/** The cap of any answer whose declaration raises none. */
const DEFAULT_ANSWER_MAX_BYTES = 32 * MIB;
/** The cap for a route that answers a whole file of up to 100 MB (base64 in JSON, or raw). */
const FILE_ANSWER_MAX_BYTES = 140 * MIB;
/** The cap of one request's answers: its declaration's, else the default. */
function answerMaxBytes(policy) {
    const raised = policy?.answer?.maxBytes;
    return raised !== undefined && Number.isSafeInteger(raised) && raised > 0 ? raised : DEFAULT_ANSWER_MAX_BYTES;
}

// EXTERNAL MODULE: ./src/github/client/declared.ts
var declared = __webpack_require__(8025);
;// CONCATENATED MODULE: ./src/github/client/stages/integrity.ts
// Stage 6, integrity: an answer is data only when its body was read to the end, matched its content-length,
// parsed (a 2xx JSON answer) and fitted the shape its caller declared (`request.answer`, declared.ts). Anything else
// is an `IntegrityError`, which the retry stage treats like a connection reset. The client owns the fetch Octokit calls, so Octokit never sees
// a half-read body (it would turn it into an empty string or `undefined`).



const NO_BODY = new Set([101, 103, 204, 205, 304]);
function isJson(contentType) {
    return /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '');
}
/**
 * The whole body, counted as it is decoded: past `maxBytes` the stream is cancelled (the decompression stops with
 * it) and an `AnswerTooLargeError` names the route.
 */
async function readCapped(response, url, cap) {
    if (!response.body)
        return new Uint8Array(0);
    const reader = response.body.getReader();
    const chunks = [];
    let total = 0;
    try {
        for (;;) {
            const { done, value } = await reader.read();
            if (done)
                break;
            total += value.byteLength;
            if (total > cap.maxBytes) {
                await reader.cancel().catch(() => { });
                throw new transport_errors/* AnswerTooLargeError */.Oc(cap.route, cap.maxBytes, url);
            }
            chunks.push(value);
        }
    }
    catch (err) {
        if (err instanceof transport_errors/* AnswerTooLargeError */.Oc)
            throw err;
        throw new transport_errors/* IntegrityError */.cs(`the answer (${response.status}) broke off while its body was read`, url, err);
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
        bytes.set(c, at);
        at += c.byteLength;
    }
    return bytes;
}
/** Wraps a fetch so that its answers arrive complete, checked and within their cap, or not at all. */
function completeBodies(base, cap = { route: 'the request', maxBytes: DEFAULT_ANSWER_MAX_BYTES }) {
    return async (input, init = {}) => {
        const url = String(input);
        const response = await base(input, init);
        if (NO_BODY.has(response.status) || init.method === 'HEAD') {
            await response.body?.cancel().catch(() => { });
            return response;
        }
        const bytes = await readCapped(response, url, cap);
        const declared = response.headers.get('content-length');
        // A decoded (gzip) body has another length than the one sent; the decoder itself fails on a cut stream.
        const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
        if (declared !== null && !encoded && Number(declared) !== bytes.byteLength)
            throw new transport_errors/* IntegrityError */.cs(`the answer (${response.status}) declared ${declared} bytes but ${bytes.byteLength} arrived`, url);
        if (response.ok && isJson(response.headers.get('content-type')) && !(declared === '0' && bytes.byteLength === 0)) {
            try {
                JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
            }
            catch {
                throw new transport_errors/* IntegrityError */.cs(`the answer (${response.status}) is not valid JSON`, url);
            }
        }
        const copy = new Response(bytes, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
        });
        Object.defineProperty(copy, 'url', { value: response.url || url });
        return copy;
    };
}
/**
 * A 2xx JSON answer that does not fit the shape its caller declared becomes a failure naming the declared route. The
 * declaration rides on the request (every page of a list, every redirect followed), so no route is looked up here.
 */
function checkShape(ex, attempt) {
    const response = attempt.response;
    const answer = ex.policy.answer;
    if (!answer || !response || attempt.status === undefined || attempt.status < 200 || attempt.status >= 300)
        return;
    // An empty JSON body is checked too: Octokit hands it over as '', which its paginator would read as "no items".
    if (!isJson(attempt.headers['content-type'] ?? null) || (typeof response.data === 'string' && response.data !== ''))
        return;
    const problem = (0,declared/* shapeProblem */.jn)(answer.shape, response.data);
    if (!problem)
        return;
    attempt.failure = new transport_errors/* ShapeError */.ym(answer.route, attempt.status, problem, ex.parsed.url);
    attempt.response = undefined;
    attempt.status = undefined;
}

// EXTERNAL MODULE: ./src/github/client/answers.ts
var answers = __webpack_require__(1204);
// EXTERNAL MODULE: ./src/github/client/retry.ts
var client_retry = __webpack_require__(2537);
// EXTERNAL MODULE: ./src/github/client/write-rules.ts
var write_rules = __webpack_require__(918);
;// CONCATENATED MODULE: ./src/github/client/stages/retry.ts
// Stage 7, retry: GitHub's documented retry matrix (src/github/client/retry.ts) applied to one failed attempt, within the call's
// retry allowance, the wait bound, and the write's rule after a lost answer, which the call passes with its request
// (`request.afterLostAnswer`, src/github/client/write-rules.ts).



function apiMessage(data) {
    const message = data?.message;
    return typeof message === 'string' ? message : undefined;
}
/** GitHub's `errors` details (REST 422s, GraphQL entries), as far as the classification reads them. */
function apiErrors(data) {
    const errors = data?.errors;
    if (!Array.isArray(errors))
        return [];
    const text = (v) => (typeof v === 'string' ? v : undefined);
    return errors
        .filter((e) => typeof e === 'object' && e !== null)
        .map((e) => ({ type: text(e.type), code: text(e.code), field: text(e.field), message: text(e.message) }));
}
function retryStage(ex, attempt, s) {
    const { status } = attempt;
    if (attempt.response || (status !== undefined && status < 400))
        return {};
    // A wrong shape, a too-large answer and a host that cannot be reached are not transient.
    if (attempt.failure instanceof transport_errors/* ShapeError */.ym ||
        attempt.failure instanceof transport_errors/* AnswerTooLargeError */.Oc ||
        (attempt.failure !== undefined && (0,transport_errors/* permanentCause */.qG)(attempt.failure)))
        return {};
    const lostAnswer = status === undefined || status >= 500;
    if (lostAnswer && ex.write && (ex.policy.afterLostAnswer ?? write_rules/* DEFAULT_AFTER_LOST_ANSWER */.B) === 'caller')
        return { gaveUp: 'the client does not repeat this write after a lost answer; the caller checks first' };
    const noRetries = ex.policy.retries === 0;
    const decision = (0,client_retry/* decideRetry */.tE)({ status, headers: attempt.headers, message: apiMessage(attempt.data), errors: apiErrors(attempt.data) }, ex.counts.server, ex.counts.rate, {
        ...s.retry,
        maxWaitMs: s.maxWaitMs,
        maxRetries: ex.policy.retries ?? s.retry.maxRetries,
        // A call that cannot be replayed (a streamed body) opts out of every retry.
        maxRateLimitRetries: noRetries ? 0 : s.retry.maxRateLimitRetries,
    });
    if (!decision.retry)
        return { gaveUp: ex.counts.server || ex.counts.rate ? decision.reason : undefined };
    if (decision.waitMs > s.maxWaitMs)
        return {
            gaveUp: `${decision.reason}: would have to wait ${Math.ceil(decision.waitMs / 1000)} s, more than the ${Math.ceil(s.maxWaitMs / 1000)} s allowed`,
        };
    return {
        verdict: { kind: 'retry', waitMs: decision.waitMs, reason: decision.reason, rateLimited: decision.rateLimited },
    };
}

;// CONCATENATED MODULE: ./src/github/client/stages/pacer.ts
// Stage 4, pacer: a slot within the secondary limits (concurrency, writes per minute and hour, points per
// minute) for the duration of one attempt; a write then also waits for the identity's shared write history. After
// the attempt, the pacer hears whether GitHub signalled a secondary limit (its write spacing adapts).




/** Waits until the identity's shared history admits a write (it records it then). */
async function admitShared(shared, onWait) {
    for (;;) {
        const waitMs = await shared.history.admit();
        if (waitMs <= 0)
            return;
        if (waitMs > shared.maxWaitMs)
            throw new client_pacer/* WaitTooLongError */.Yk(waitMs, shared.maxWaitMs, "secondary rate limit window full (the identity's writes)");
        onWait(waitMs);
        await shared.sleep(waitMs);
    }
}
/** `POST …/releases/{id}/assets`: "Upload a release asset", served by the uploads host only. */
function isAssetUpload(ex) {
    return ex.method === 'POST' && /\/repos\/[^/]+\/[^/]+\/releases\/\d+\/assets$/.test(pathOf(ex.parsed.url));
}
async function withSlot(ex, deps, send) {
    if (ex.free)
        return send();
    // A write takes the write turn once for all its attempts: its retries come before any other write. A release's
    // asset uploads go beside each other (the release action's `max-parallel-uploads` chose how many), still counted.
    const parallel = ex.write && isAssetUpload(ex);
    if (ex.write && !parallel && !ex.writeTurn)
        ex.writeTurn = await deps.pacer.takeWriteTurn();
    const slot = await deps.pacer.acquire(ex.write ? ex.method : 'GET', parallel ? 'parallel' : ex.writeTurn ? 'held' : 'take');
    if (slot.waitedMs > 0)
        deps.onWait(slot.waitedMs);
    try {
        if (ex.write && deps.shared)
            await admitShared(deps.shared, (ms) => deps.onWait(ms));
        return await send();
    }
    finally {
        slot.release();
    }
}
/**
 * Tells the pacer what an attempt's answer was: a secondary signal (403/429 with or without `retry-after`, 422 "was
 * submitted too quickly", also inside a GraphQL 200) grows the write spacing and holds every write of the client for
 * the wait the retry decided (GitHub: no request "until after that many seconds"); a write answered without one
 * lets the spacing shrink. Network failures and other errors say nothing about the limits.
 */
function notePacing(pacer, ex, attempt, verdict) {
    if (ex.free || attempt.status === undefined)
        return;
    const body = attempt.response?.data ?? attempt.data;
    const kind = (0,answers/* classifyAnswer */.B)({
        status: attempt.status,
        headers: attempt.headers,
        message: apiMessage(body),
        errors: apiErrors(body),
    }).kind;
    const secondary = kind === 'secondary';
    if (!secondary && kind !== 'ok')
        return;
    pacer.noteAnswer(ex.write, secondary, secondary && verdict.kind === 'retry' ? verdict.waitMs : 0);
}

;// CONCATENATED MODULE: ./src/github/client/stages/redirect.ts


const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 307, 308]);
/** Undefined when the attempt is not a redirect. */
function redirectVerdict(ex, attempt, origins) {
    const location = attempt.headers['location'];
    if (attempt.status === undefined || !REDIRECTS.has(attempt.status) || !location)
        return undefined;
    const to = new URL(location, ex.parsed.url).toString();
    const refuse = (why) => ({
        kind: 'fail',
        error: new transport_errors/* RedirectRefusedError */.jw(ex.method, pathOf(ex.parsed.url), to, why),
    });
    if (ex.counts.redirects >= MAX_REDIRECTS)
        return refuse(`more than ${MAX_REDIRECTS} redirects`);
    if (!origins.sameOrigin(to, ex.parsed.url) && ex.method !== 'GET' && ex.method !== 'HEAD')
        return refuse('a write is never sent to another origin');
    return { kind: 'follow', to };
}
/** The options of the next hop: same method, headers and body at the new address (its parameters are in `to`). */
function follow(ex, to, endpoint) {
    const headers = { ...ex.options.headers };
    const crossOrigin = new URL(to).origin !== new URL(ex.parsed.url).origin;
    if (crossOrigin) {
        delete headers.authorization;
        delete headers['if-none-match'];
        delete headers['if-modified-since'];
    }
    ex.counts.redirects++;
    ex.options = {
        method: ex.options.method,
        url: to,
        baseUrl: ex.options.baseUrl,
        mediaType: ex.options.mediaType,
        headers,
        request: ex.options.request,
        ...(ex.parsed.body !== undefined && !crossOrigin ? { data: ex.parsed.body } : {}),
    };
    ex.parsed = endpoint.parse(ex.options);
}

// EXTERNAL MODULE: ./src/github/client/streaming-fetch.ts
var streaming_fetch = __webpack_require__(2702);
;// CONCATENATED MODULE: ./src/github/client/stages/send.ts
// Stage 5, send: one attempt through Octokit's request, with the fetch the body needs (streamed bodies go
// through the streaming fetch) wrapped by the integrity stage, and a time-out for an answer that never comes.




function fetchFor(ex, s) {
    const own = ex.policy.fetch;
    // Every attempt, a followed redirect's included, reads its answer within the route's cap.
    const path = pathOf(ex.parsed.url);
    const cap = { route: `${ex.method} ${ex.route || path}`, maxBytes: answerMaxBytes(ex.policy) };
    if (own && own !== s.defaultFetch)
        return completeBodies(own, cap);
    return completeBodies((0,streaming_fetch/* isStreamBody */.nt)(ex.options.data) ? streaming_fetch/* streamingFetch */.jP : s.defaultFetch, cap);
}
function attemptOptions(ex, s) {
    const request = { ...ex.options.request, fetch: fetchFor(ex, s) };
    if (s.requestTimeoutMs > 0 && !(0,streaming_fetch/* isStreamBody */.nt)(ex.options.data)) {
        const timer = AbortSignal.timeout(s.requestTimeoutMs);
        const own = ex.options.request?.signal;
        request.signal = own ? AbortSignal.any([own, timer]) : timer;
    }
    return { ...ex.options, request };
}
function requestErrorOf(err) {
    if (typeof err !== 'object' || err === null)
        return undefined;
    const e = err;
    const response = typeof e.response === 'object' && e.response !== null && typeof e.response.headers === 'object'
        ? e.response
        : undefined;
    return { name: e.name, status: typeof e.status === 'number' ? e.status : undefined, cause: e.cause, response };
}
async function send(request, ex, s) {
    const startedAt = Date.now();
    try {
        const response = await request(attemptOptions(ex, s));
        return { status: response.status, headers: lowerHeaders(response.headers), response, startedAt };
    }
    catch (err) {
        const failed = requestErrorOf(err);
        if (failed?.response)
            return {
                status: failed.status,
                headers: lowerHeaders(failed.response.headers),
                data: failed.response.data,
                startedAt,
            };
        // The caller gave up: no retry, its own error.
        if (ex.options.request?.signal?.aborted)
            throw err;
        // Octokit wraps a failed fetch in a RequestError with status 500 and no response: unwrap it.
        const failure = failed?.name === 'HttpError' && failed.status === 500 && failed.cause ? failed.cause : err;
        return { headers: {}, failure, startedAt };
    }
}

;// CONCATENATED MODULE: ./src/github/client/stages/telemetry.ts


/**
 * The points a GraphQL answer cost ("Rate limits and query limits for the GraphQL API": a query costs at least 1
 * point): its own `data.rateLimit.cost` when the document selected it; an answer refused before running (`errors`
 * and no `data`) the minimum, 1, or nothing when refused for the spent budget (`RATE_LIMITED`); otherwise the
 * document's computed cost (GitHub's formula, passed by the caller), else the minimum.
 */
function pointsOf(ex, body) {
    const cost = rateLimitOf(body)?.cost;
    if (cost !== undefined && Number.isInteger(cost))
        return cost;
    const answer = typeof body === 'object' && body !== null ? body : {};
    if (Array.isArray(answer.errors) && (answer.data === undefined || answer.data === null)) {
        const type = (e) => (typeof e === 'object' && e !== null ? e.type : undefined);
        return answer.errors.some((e) => type(e) === 'RATE_LIMITED') ? 0 : 1;
    }
    return ex.policy.graphqlPoints ?? 1;
}
/**
 * What one REST attempt cost of the primary budget: 1 for an answer, none for the free `GET /rate_limit`, a 304
 * ("Making a conditional request ... does not count against your primary rate limit"), a 5xx or no answer.
 */
function restCost(ex, attempt) {
    const status = attempt.status;
    return ex.free || status === undefined || status === 304 || status >= 500 ? 0 : 1;
}
class AttemptObserver {
    telemetry;
    budget;
    log;
    graphqlBudget;
    warned = new Set();
    constructor(telemetry, budget, log, 
    /** GraphQL's own budget (points); without it GraphQL's budget is not reported. */
    graphqlBudget) {
        this.telemetry = telemetry;
        this.budget = budget;
        this.log = log;
        this.graphqlBudget = graphqlBudget;
    }
    observe(ex, attempt, verdict) {
        const path = pathOf(ex.parsed.url);
        const kind = ex.graphql ? 'graphql' : 'rest';
        if (!ex.free)
            this.telemetry.record(kind, attempt.status, ex.write);
        if (attempt.status !== undefined)
            this.telemetry.server(attempt.headers['x-github-enterprise-version']);
        const points = ex.graphql && verdict.kind === 'return' ? pointsOf(ex, verdict.response.data) : 0;
        if (ex.graphql) {
            this.telemetry.points(points);
            if (this.graphqlBudget)
                this.telemetry.budget('graphql', this.graphqlBudget.state(), points);
        }
        else
            this.telemetry.budget('rest', this.budget.state(), restCost(ex, attempt));
        const remaining = attempt.headers['x-ratelimit-remaining'];
        this.log.debug(`${ex.method} ${path} → ${attempt.status ?? 'no answer'} in ${Date.now() - attempt.startedAt} ms` +
            (points ? `, ${points === 1 ? '1 GraphQL point' : `${points} GraphQL points`}` : '') +
            (remaining ? ` (remaining ${remaining})` : ''));
        this.noteDeprecation(ex, attempt);
        if (verdict.kind === 'retry') {
            this.telemetry.retry(kind, verdict.waitMs);
            this.log.info(`${ex.method} ${path}: ${verdict.reason}; retrying in ${(verdict.waitMs / 1000).toFixed(1)} s`);
        }
        else if (verdict.kind === 'follow') {
            this.warnOnce(`moved ${path.split('/').slice(0, 4).join('/')}`, `${path} moved permanently to ${pathOf(verdict.to)}: the repository was renamed or transferred; update the workflow to the new name.`);
        }
    }
    noteDeprecation(ex, attempt) {
        const { deprecation, sunset, link } = attempt.headers;
        if (!deprecation && !sunset)
            return;
        const docs = /<([^>]+)>;\s*rel="deprecation"/.exec(link ?? '')?.[1];
        const parts = [`${ex.method} ${ex.route} is deprecated${deprecation ? ` (Deprecation: ${deprecation})` : ''}`];
        if (sunset)
            parts.push(`it stops working on ${sunset}`);
        if (docs)
            parts.push(`see ${docs}`);
        this.warnOnce(`deprecation ${ex.method} ${ex.route}`, parts.join('; '));
    }
    warnOnce(key, message) {
        if (this.warned.has(key))
            return;
        this.warned.add(key);
        this.log.warning(message);
    }
}

;// CONCATENATED MODULE: ./src/github/client/pipeline.ts












const FREE_PATHS = /\/rate_limit$/;
function createPipeline(deps) {
    const headerSettings = { token: deps.token, apiVersion: deps.apiVersion, origins: deps.origins };
    const cacheSettings = { cache: deps.cache, apiVersion: deps.apiVersion, token: deps.token, origins: deps.origins };
    const sendSettings = { defaultFetch: deps.defaultFetch, requestTimeoutMs: deps.requestTimeoutMs };
    const retrySettings = { retry: deps.retry, maxWaitMs: deps.maxWaitMs };
    const pacing = {
        pacer: deps.pacer,
        onWait: (ms) => (deps.telemetry.waitedMs += ms),
        shared: deps.writeHistory && {
            history: deps.writeHistory,
            sleep: (ms) => deps.sleep(ms),
            maxWaitMs: deps.maxWaitMs,
        },
    };
    const observer = new AttemptObserver(deps.telemetry, deps.budget, deps.log, deps.graphqlBudget);
    return async function pipeline(request, options) {
        const ambient = deps.abortSignal?.();
        ambient?.throwIfAborted();
        const own = options.request?.signal;
        if (ambient)
            options = {
                ...options,
                request: { ...options.request, signal: own ? AbortSignal.any([own, ambient]) : ambient },
            };
        const policy = options.request ?? {};
        const url = options.url;
        const ex = {
            options: { ...options, headers: { ...options.headers } },
            parsed: request.endpoint.parse(options),
            method: '',
            route: typeof url === 'string' && url.startsWith('/') ? url : '',
            write: false,
            free: false,
            graphql: false,
            policy,
            counts: { server: 0, rate: 0, redirects: 0 },
        };
        try {
            return await exchange(request, ex);
        }
        finally {
            ex.writeTurn?.();
        }
    };
    async function exchange(request, ex) {
        for (;;) {
            // Aborted while waiting (a retry's back-off, the pacer): no further attempt.
            ex.options.request?.signal?.throwIfAborted();
            applyHeaders(ex, request.endpoint, headerSettings);
            ex.method = ex.parsed.method.toUpperCase();
            ex.route ||= pathOf(ex.parsed.url);
            ex.write = (0,client_pacer/* isWrite */.ao)((0,client_pacer/* limitMethod */.Vm)(ex.method, pathOf(ex.parsed.url), ex.policy.graphqlOperation));
            ex.free = FREE_PATHS.test(pathOf(ex.parsed.url));
            ex.graphql = isGraphqlUrl(ex.parsed.url, deps.graphqlUrl);
            addValidators(ex, cacheSettings);
            await beforeSend(ex, deps.budget, deps.graphqlBudget);
            const attempt = await withSlot(ex, pacing, () => send(request, ex, sendSettings));
            noteBudget(attempt, deps.budget, deps.graphqlBudget, ex);
            checkShape(ex, attempt);
            noteGraphqlRateLimit(ex, attempt, deps.graphqlBudget);
            let verdict;
            const cached = answerFromCache(ex, attempt, cacheSettings);
            if (cached)
                verdict = { kind: 'return', response: cached };
            else if (attempt.response && attempt.status !== undefined && attempt.status < 300) {
                remember(ex, attempt, cacheSettings);
                verdict = { kind: 'return', response: attempt.response };
            }
            else {
                const retry = retryStage(ex, attempt, retrySettings);
                verdict =
                    'verdict' in retry
                        ? retry.verdict
                        : (redirectVerdict(ex, attempt, deps.origins) ??
                            (attempt.response
                                ? { kind: 'return', response: attempt.response }
                                : { kind: 'fail', error: failureOf(ex, attempt, retry.gaveUp) }));
            }
            observer.observe(ex, attempt, verdict);
            notePacing(deps.pacer, ex, attempt, verdict);
            if (!cached && (attempt.status === undefined || attempt.status >= 400))
                deps.observe?.({ kind: 'error', status: attempt.status ?? 0 });
            if (verdict.kind === 'retry') {
                const primary = attempt.headers['x-ratelimit-remaining'] === '0';
                const cause = !verdict.rateLimited ? 'server' : primary ? 'rate_limit' : 'secondary_limit';
                deps.observe?.({ kind: 'wait', cause, ms: verdict.waitMs });
            }
            switch (verdict.kind) {
                case 'return':
                    // An `upload_url` in a release (fresh or from the cache) makes its host a place for uploads, when the
                    // answer's final URL (after redirects) is the API's own.
                    deps.origins.learn(verdict.response.data, ex.parsed.url);
                    return verdict.response;
                case 'fail':
                    throw verdict.error;
                case 'follow':
                    follow(ex, verdict.to, request.endpoint);
                    ex.route = '';
                    break;
                case 'retry':
                    if (verdict.rateLimited)
                        ex.counts.rate++;
                    else
                        ex.counts.server++;
                    await deps.sleep(verdict.waitMs);
            }
        }
    }
}

;// CONCATENATED MODULE: ./src/github/client/retry-runner.ts
// The client's retry rules for callers that repeat a step of their own (a comment sent once after checking its
// marker, an upload after listing the assets): the same matrix, back-off, wait bound and clock as the pipeline.



function createRetry(settings, maxWaitMs, sleep) {
    const decide = (error, attempt) => {
        if ((0,transport_errors/* permanentCause */.qG)(error))
            return { retry: false, reason: 'permanent network failure' };
        if (!(0,errors/* isApiError */.d7)(error))
            return { retry: false, reason: 'not an API failure' };
        return (0,client_retry/* decideRetry */.tE)({ status: error.status || undefined, headers: error.headers, message: error.apiMessage, errors: error.errors }, attempt, attempt, { ...settings, maxWaitMs });
    };
    const retry = {
        settings,
        maxWaitMs,
        decide,
        backoff: (attempt) => (0,client_retry/* backoffMs */.jo)(attempt, settings),
        sleep,
        async run(attempt, options = {}) {
            for (let n = 0;; n++) {
                try {
                    return await attempt(n);
                }
                catch (err) {
                    const decision = decide(err, n);
                    if (!decision.retry || decision.waitMs > maxWaitMs)
                        throw err;
                    const settled = await options.beforeRetry?.(err, n);
                    if (settled)
                        return settled.result;
                    await sleep(decision.waitMs);
                }
            }
        },
    };
    return retry;
}

// EXTERNAL MODULE: ./src/github/graphql/errors.ts
var graphql_errors = __webpack_require__(8190);
// EXTERNAL MODULE: ./src/github/graphql/shape.ts
var shape = __webpack_require__(2804);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 9 modules
var schemas = __webpack_require__(7597);
;// CONCATENATED MODULE: ./src/github/graphql/run.ts
// `client.graphql(document, variables)`: one GraphQL document through the same pipeline as REST (credentials,
// integrity, answer caps, retries, redirect rules, telemetry — which counts its requests and points in GraphQL's
// column), checked against GraphQL's own primary budget first, its answer's `errors` turned into typed errors and
// its `data` checked against the document's shape. Errors inside a 200 are classified as REST answers are
// (answers.ts): a spent budget (`RATE_LIMITED`/`RATE_LIMIT`) and a timeout send the caller to REST, GitHub's typeless
// "something went wrong" (a query, or a mutation marked repeatable) and "was submitted too quickly" are retried.









// GraphQL answers 200 with `data`, `errors` or both; the runner reads each (below).
const envelope = schemas/* looseObject */._H3({ data: schemas/* unknown */.L5J().optional(), errors: schemas/* array */.YOg(schemas/* unknown */.L5J()).optional() });
/** The client's own GraphQL request: a query. */
const reads = (0,declared/* defineReads */.hh)({ query: { route: 'POST /graphql', shape: envelope } });
/** The client's own writes: GraphQL mutations, each sent with the rule of its kind (write-rules.ts). */
const writes = (0,write_rules/* defineWrites */.Q)({
    mutation: {
        route: 'POST /graphql (a mutation)',
        shape: envelope,
        afterLostAnswer: 'caller',
        why: 'a mutation GitHub may have applied is sent once: no retry of any kind (`retries: 0`); the caller decides (client)',
    },
    repeatableMutation: {
        route: 'POST /graphql (a repeatable mutation)',
        shape: envelope,
        afterLostAnswer: 'repeat',
        why: 'the caller says a second application changes nothing (client)',
    },
});
function run_isObject(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
class GraphqlRunner {
    deps;
    /** Set once the server showed it has no GraphQL endpoint: later documents fall back without a request. */
    missing;
    constructor(deps) {
        this.deps = deps;
    }
    /** Why GraphQL cannot serve `points` now, or undefined when it can (as far as the client knows). */
    unavailable(points = 1) {
        if (this.missing)
            return new graphql_errors/* GraphqlUnavailableError */.Sh('missing', 'a document', this.missing);
        if (!this.deps.budget.canAfford(points)) {
            const s = this.deps.budget.state();
            return new graphql_errors/* GraphqlUnavailableError */.Sh('budget', 'a document', `${points} points needed, ${s.remaining} of ${s.limit} remain and ${this.deps.budget.reserve} are kept in reserve (resets ${new Date(s.reset * 1000).toISOString()})`);
        }
        return undefined;
    }
    async run(doc, variables, options = {}) {
        for (let attempt = 0;; attempt++) {
            const before = this.unavailable(doc.points);
            if (before)
                throw new graphql_errors/* GraphqlUnavailableError */.Sh(before.reason, doc.name, before.message);
            const body = await this.send(doc, variables, options);
            const entries = (0,graphql_errors/* errorEntries */.bg)(body.errors);
            if (!entries.length)
                return this.dataOf(doc, body);
            const answer = (0,answers/* classifyAnswer */.B)({ status: 200, errors: entries });
            if (answer.kind === 'graphql-budget') {
                const s = this.deps.budget.state();
                this.deps.budget.noteRemaining(0, s.known ? s.reset : Math.floor(Date.now() / 1000) + 3600);
                throw new graphql_errors/* GraphqlUnavailableError */.Sh('budget', doc.name, entries[0].message);
            }
            if (answer.kind === 'graphql-timeout')
                throw new graphql_errors/* GraphqlUnavailableError */.Sh('timeout', doc.name, entries[0].message);
            if ((0,graphql_errors/* isSchemaMismatch */.WL)(entries))
                throw new graphql_errors/* GraphqlUnavailableError */.Sh('schema', doc.name, entries[0].message);
            // A mutation GitHub may have applied is not sent again unless the caller says it can be; a refused one can.
            const mayRepeat = doc.operation !== 'mutation' || options.repeatable || answer.kind === 'secondary';
            const retry = this.deps.retry;
            if (retry && mayRepeat && (answer.kind === 'transient' || answer.kind === 'secondary')) {
                const decision = (0,client_retry/* decideRetry */.tE)({ status: 200, headers: {}, errors: entries }, attempt, attempt, {
                    ...retry.settings,
                    maxWaitMs: retry.maxWaitMs,
                });
                if (decision.retry && decision.waitMs <= retry.maxWaitMs) {
                    await retry.sleep(decision.waitMs);
                    continue;
                }
            }
            throw new graphql_errors/* GraphqlError */.ao(doc.name, entries, body.data);
        }
    }
    async send(doc, variables, options) {
        const route = `POST /graphql (${doc.name})`;
        let body;
        try {
            const response = await this.deps.octokit.request({
                method: 'POST',
                url: this.deps.url,
                query: doc.text,
                variables: variables,
                request: {
                    graphqlOperation: doc.operation,
                    graphqlPoints: doc.points,
                    ...(doc.operation === 'mutation' && !options.repeatable
                        ? { retries: 0, ...(0,declared/* declared */.bu)(writes.mutation) }
                        : doc.operation === 'mutation'
                            ? (0,declared/* declared */.bu)(writes.repeatableMutation)
                            : (0,declared/* declared */.bu)(reads.query)),
                },
            });
            body = response.data;
        }
        catch (err) {
            if (err instanceof errors/* ApiError */.hD && err.status === 404) {
                this.missing = `${this.deps.url} answered 404`;
                throw new graphql_errors/* GraphqlUnavailableError */.Sh('missing', doc.name, this.missing, err);
            }
            if (err instanceof errors/* ApiError */.hD && (err.status === 403 || err.status === 429) && !this.deps.budget.canAfford(1))
                throw new graphql_errors/* GraphqlUnavailableError */.Sh('budget', doc.name, `GraphQL's primary budget is spent (${err.status})`, err);
            if (err instanceof errors/* ApiError */.hD &&
                (0,answers/* classifyAnswer */.B)({ status: err.status, message: err.apiMessage }).kind === 'graphql-timeout')
                throw new graphql_errors/* GraphqlUnavailableError */.Sh('timeout', doc.name, err.apiMessage, err);
            throw err;
        }
        if (!run_isObject(body))
            throw new transport_errors/* ShapeError */.ym(route, 200, 'not a JSON object', this.deps.url);
        if (body.errors !== undefined && !Array.isArray(body.errors))
            throw new transport_errors/* ShapeError */.ym(route, 200, '`errors` is not a list', this.deps.url);
        return body;
    }
    dataOf(doc, body) {
        return (0,shape/* checkedData */.G)(doc, body.data, this.deps.url);
    }
}

;// CONCATENATED MODULE: ./src/github/client/telemetry.ts
/** "1 request", "2 requests" (the client imports nothing of ours, so it counts its own words). */
function count(n, word, plural = `${word}s`) {
    return `${n} ${n === 1 ? word : plural}`;
}
/** `budget X → Y of L`, `no primary rate limit`, or nothing when the numbers never arrived. */
function budgetWords(before, after) {
    if (after?.unlimited)
        return '; no primary rate limit';
    if (!after?.known)
        return '';
    return `; budget ${before?.known ? before.remaining : '?'} → ${after.remaining} of ${after.limit}`;
}
/**
 * One line for the log, REST first, then GraphQL when it was used:
 * `API: N requests (M answered 304, free), W writes, R retries; budget X → Y of L; GraphQL: Q queries, P points;
 * budget A → B of C` (a mutation is named apart: `Q queries, K mutations, P points`).
 */
function costLine(s) {
    const rest = `API: ${count(s.requests, 'request')} (${s.notModified} answered 304, free), ${count(s.writes, 'write')}, ` +
        `${count(s.retries, 'retry', 'retries')}${budgetWords(s.budgetBefore, s.budgetAfter)}`;
    const sent = s.graphqlRequests ?? 0;
    if (sent === 0)
        return rest;
    const mutations = s.graphqlWrites ?? 0;
    const requests = [count(sent - mutations, 'query', 'queries'), ...(mutations ? [count(mutations, 'mutation')] : [])];
    const points = count(s.graphqlPoints ?? 0, 'point');
    return `${rest}; GraphQL: ${requests.join(', ')}, ${points}${budgetWords(s.graphqlBudgetBefore, s.graphqlBudgetAfter)}`;
}
const NO_LIMIT = 'no primary rate limit (rate limiting is not enabled on this server)';
function statusWords(byStatus) {
    return Object.entries(byStatus ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, n]) => `${status}: ${count(n, 'request')}`)
        .join(', ');
}
function budgetRows(s) {
    const columns = [
        { before: s.budgetBefore, after: s.budgetAfter },
        { before: s.graphqlBudgetBefore, after: s.graphqlBudgetAfter },
    ];
    if (columns.some((c) => c.after?.unlimited)) {
        const cell = ({ after }) => after?.unlimited ? NO_LIMIT : after?.known ? `${after.remaining} of ${after.limit}` : '–';
        return [['Budget', cell(columns[0]), cell(columns[1])]];
    }
    if (!columns.some((c) => c.after?.known))
        return [];
    const before = ({ before: b, after: a }) => a?.known ? `${b?.known ? b.remaining : '?'} of ${a.limit}` : '–';
    const after = ({ after: a }) => a?.known ? `${a.remaining} of ${a.limit} (resets ${new Date(a.reset * 1000).toISOString()})` : '–';
    return [
        ['Budget before', before(columns[0]), before(columns[1])],
        ['Budget after', after(columns[0]), after(columns[1])],
    ];
}
/**
 * The API usage table, REST and GraphQL side by side: the one definition of its rows (the job summary renders them
 * with core's table; `TelemetryRecorder.markdown()` as plain markdown).
 */
function usageRows(s) {
    const rows = [
        ['Requests sent', String(s.requests), String(s.graphqlRequests ?? 0)],
        // A GraphQL request is a POST: never cached, never a 304.
        ['Answered 304 (free)', String(s.notModified), '–'],
        // A 304 is free, and an attempt no answer came back to (a DNS failure, a refused connection) never reached it.
        [
            'Counted against the limit',
            count(s.requests - s.notModified - (s.byStatus?.network ?? 0), 'request'),
            count(s.graphqlPoints ?? 0, 'point'),
        ],
        ['Content-creating (writes)', String(s.writes), String(s.graphqlWrites ?? 0)],
        ['Retries', String(s.retries), String(s.graphqlRetries ?? 0)],
        ...budgetRows(s),
    ];
    const rest = statusWords(s.byStatus);
    const graphql = statusWords(s.graphqlByStatus);
    if (rest || graphql)
        rows.push(['By status', rest || '–', graphql || '–']);
    // The secondary limits pace REST and GraphQL together, so the waits are one number.
    rows.push(['Time waited (REST and GraphQL together)', `${(s.waitedMs / 1000).toFixed(1)} s`, 'counted with REST']);
    return rows;
}
/** The header row of the API usage table. */
const USAGE_COLUMNS = ['measure', 'REST', 'GraphQL'];
/** What one API spent. */
class ApiCounts {
    sent = 0;
    notModified = 0;
    writes = 0;
    retries = 0;
    points = 0;
    byStatus = {};
    before;
    after;
}
class TelemetryRecorder {
    clock;
    /** Milliseconds waited on pacing, back-off and resets (REST and GraphQL share the secondary limits). */
    waitedMs = 0;
    rest = new ApiCounts();
    graphqlCounts = new ApiCounts();
    /** Writes (REST and GraphQL) sent in each minute since the first request: the secondary limit's 80 a minute. */
    writeMinutes = [];
    started;
    /** The GitHub Enterprise Server version the answers named (`x-github-enterprise-version`), when one did. */
    enterpriseVersion;
    constructor(clock) {
        this.clock = clock;
    }
    /**
     * The server's `x-github-enterprise-version` header ("Getting started with the REST API": on every answer of a
     * GitHub Enterprise Server): kept when it reads as a version (`3.19.2`); anything else, from a proxy or a hostile
     * server, is no version.
     */
    server(header) {
        if (header !== undefined && /^\d{1,4}\.\d{1,4}(?:\.\d{1,4})?$/.test(header))
            this.enterpriseVersion = header;
    }
    of(kind) {
        return kind === 'graphql' ? this.graphqlCounts : this.rest;
    }
    /** One attempt sent to `kind`'s API: its status (undefined when no answer arrived) and whether it writes. */
    record(kind, status, write) {
        const c = this.of(kind);
        c.sent++;
        if (this.clock) {
            const now = this.clock.now();
            this.started ??= now;
            if (write) {
                const minute = Math.floor((now - this.started) / this.clock.minuteMs);
                while (this.writeMinutes.length <= minute)
                    this.writeMinutes.push(0);
                this.writeMinutes[minute]++;
            }
        }
        if (write)
            c.writes++;
        if (status === 304)
            c.notModified++;
        const key = status === undefined ? 'network' : String(status);
        c.byStatus[key] = (c.byStatus[key] ?? 0) + 1;
    }
    /** One attempt of `kind` to be repeated after `waitMs`. */
    retry(kind, waitMs) {
        this.of(kind).retries++;
        this.waitedMs += waitMs;
    }
    /** GraphQL points one answered request cost. */
    points(points) {
        this.graphqlCounts.points += points;
    }
    /**
     * `kind`'s budget as it stands after an answer that cost `spent` of it (ignored until known). The first known state
     * gives the budget before the run: what remained before that answer's cost.
     */
    budget(kind, state, spent = 0) {
        if (!state.known)
            return;
        const c = this.of(kind);
        c.before ??= { ...state, remaining: state.remaining + spent, used: Math.max(0, state.used - spent) };
        c.after = { ...state };
    }
    snapshot() {
        const { rest, graphqlCounts: g } = this;
        return {
            requests: rest.sent,
            notModified: rest.notModified,
            writes: rest.writes,
            retries: rest.retries,
            waitedMs: Math.round(this.waitedMs),
            budgetBefore: rest.before,
            budgetAfter: rest.after,
            byStatus: { ...rest.byStatus },
            graphqlRequests: g.sent,
            graphqlWrites: g.writes,
            graphqlRetries: g.retries,
            graphqlPoints: g.points,
            graphqlByStatus: { ...g.byStatus },
            graphqlBudgetBefore: g.before,
            graphqlBudgetAfter: g.after,
            ...(this.clock ? { writesPerMinute: this.writeMinutes.slice() } : {}),
            ...(this.enterpriseVersion ? { enterpriseVersion: this.enterpriseVersion } : {}),
        };
    }
    markdown() {
        const line = (cells) => `| ${cells.join(' | ')} |`;
        return [
            '### API usage',
            '',
            line(USAGE_COLUMNS),
            line(USAGE_COLUMNS.map(() => '---')),
            ...usageRows(this.snapshot()).map(line),
            '',
        ].join('\n');
    }
}

;// CONCATENATED MODULE: ./src/github/client/client.ts
// The one factory every action uses: @actions/github's Octokit with the API's conventions built in.



















const PROJECT = package_namespaceObject.UU;
/** The one version: package.json's. */
const VERSION = package_namespaceObject.rE;
const DEFAULT_API_VERSION = '2022-11-28';
const DEFAULT_API_URL = 'https://api.github.com';
/**
 * Where GraphQL lives for an API base URL, when the runner does not say (`GITHUB_GRAPHQL_URL`): GitHub Enterprise
 * Server serves it at `https://HOST/api/graphql` beside `https://HOST/api/v3` (its GraphQL docs, "The GraphQL
 * endpoint"; `@octokit/graphql` derives it the same way), github.com at `https://api.github.com/graphql`.
 */
function defaultGraphqlUrl(baseUrl) {
    const base = baseUrl.replace(/\/+$/, '');
    return /\/api\/v3$/.test(base) ? base.replace(/\/v3$/, '/graphql') : `${base}/graphql`;
}
/** The client's own read: its budgets' state (the core resource is what every caller of it needs). */
const client_reads = (0,declared/* defineReads */.hh)({
    rateLimit: {
        route: 'GET /rate_limit',
        shape: schemas/* looseObject */._H3({
            resources: schemas/* looseObject */._H3({
                core: schemas/* looseObject */._H3({ limit: schemas/* number */.aig(), remaining: schemas/* number */.aig(), reset: schemas/* number */.aig() }),
            }),
        }),
    },
});
/**
 * Octokit's page iterator with the call's `request` options on every page: its paginator sends each page (the first
 * too) with only its method, URL and headers, so the options (the declared answer, `noCache`) ride in the request
 * function's defaults instead, and every page is shape-checked and fresh as the call asked.
 */
function pageIterator(octokit, route, params) {
    const { request: policy, ...rest } = params;
    const send = policy ? octokit.request.defaults({ request: policy }) : octokit.request;
    const first = octokit.request.endpoint.merge(route, rest);
    return octokit.paginate.iterator(send, first);
}
const silent = { debug() { }, info() { }, warning() { } };
function readHistory(file) {
    if (!file)
        return [];
    try {
        const v = JSON.parse((0,external_node_fs_.readFileSync)(file, 'utf8'));
        return Array.isArray(v) ? v.filter((n) => typeof n === 'number') : [];
    }
    catch {
        return [];
    }
}
function createClient(opts) {
    const log = opts.log ?? silent;
    const clock = opts.clock ?? (0,client_clock/* realClock */.d)(opts.timeScale ?? 1);
    const timeScale = clock.scale;
    const options = {
        token: opts.token,
        action: opts.action,
        baseUrl: (opts.baseUrl ?? DEFAULT_API_URL).replace(/\/+$/, ''),
        graphqlUrl: (opts.graphqlUrl || defaultGraphqlUrl(opts.baseUrl ?? DEFAULT_API_URL)).replace(/\/+$/, ''),
        apiVersion: opts.apiVersion ?? DEFAULT_API_VERSION,
        reserve: opts.reserve ?? 50,
        graphqlReserve: opts.graphqlReserve ?? 50,
        maxWaitMs: opts.maxWaitMs ?? 120_000,
        retries: opts.retries ?? 4,
        concurrency: opts.concurrency ?? 8,
        timeScale,
        cacheDir: opts.cacheDir ?? null,
    };
    // The internals reckon in real milliseconds (already scaled); the clock waits in API time.
    const sleep = (ms) => clock.sleep(ms / timeScale);
    const now = () => clock.now();
    const telemetry = new TelemetryRecorder({ now, minuteMs: 60_000 * timeScale });
    /** A wait of the budgets or of a caller's retry, counted in the telemetry's time waited. */
    const waitCounted = async (ms) => {
        telemetry.waitedMs += ms;
        await sleep(ms);
    };
    const cache = new EtagCache(options.cacheDir, opts.cacheMaxBytes);
    if (cache.refused)
        log.warning(`The ETag cache stays in memory: ${cache.refused}`);
    const cacheDir = cache.refused ? null : options.cacheDir;
    options.cacheDir = cacheDir;
    // Content-creating requests of earlier steps of this job still count in the secondary-limit windows.
    const historyFile = cacheDir ? (0,external_node_path_.join)(cacheDir, 'writes.json') : null;
    const pacer = new client_pacer/* Pacer */._E({ ...client_pacer/* DEFAULT_LIMITS */.dR, concurrency: options.concurrency, timeScale }, { now, sleep }, options.maxWaitMs, readHistory(historyFile));
    const saveHistory = () => {
        if (!historyFile)
            return;
        try {
            (0,external_node_fs_.writeFileSync)(historyFile, JSON.stringify(pacer.history()), { mode: 0o600 });
        }
        catch {
            // Only pacing across steps is lost.
        }
    };
    // Saved at the process's exit (one listener for every client), or when the client is closed before.
    const cancelExitTask = historyFile ? (0,exit_tasks/* atExit */.s)(saveHistory) : () => { };
    let closed = false;
    const close = () => {
        if (closed)
            return;
        closed = true;
        cancelExitTask();
        saveHistory();
    };
    // Octokit's own warnings (deprecations) are replaced by the pipeline's, so they only reach the debug log.
    const octokitLog = {
        debug: () => { },
        info: () => { },
        warn: (m) => log.debug(m),
        error: (m) => log.debug(m),
    };
    // Behind a proxy, @actions/github's proxy-aware fetch; otherwise the runtime's own.
    const defaultFetch = opts.proxied
        ? (utils/* defaults */.NT.request?.fetch ?? globalThis.fetch)
        : globalThis.fetch;
    const octokit = new utils/* GitHub */.gq({
        baseUrl: options.baseUrl,
        userAgent: `${PROJECT}/${VERSION} (${options.action})`,
        log: octokitLog,
        request: { fetch: defaultFetch, log: octokitLog },
    });
    // One free `GET /rate_limit` read per budget that needs it; GHES with rate limiting off answers 404 (budget.ts).
    const rateLimitResource = async (resource) => {
        try {
            const { data } = await octokit.request('GET /rate_limit', { request: (0,declared/* declared */.bu)(client_reads.rateLimit) });
            const resources = data.resources;
            return resources[resource] ?? (resource === 'graphql' ? undefined : data.resources.core);
        }
        catch (err) {
            if (err instanceof errors/* ApiError */.hD && err.status === 404)
                return undefined;
            throw err;
        }
    };
    // Both budgets wait on the same clock and bound, and their waits count as time waited.
    const budgetTime = { maxWaitMs: options.maxWaitMs, timeScale, now, sleep: waitCounted };
    const graphqlBudget = new BudgetTracker({
        resource: 'graphql',
        reserve: options.graphqlReserve,
        ...budgetTime,
        onWait: (ms, why) => log.info(`Waiting ${(ms / 1000).toFixed(1)} s for the GraphQL ${why}`),
        fetchRateLimit: () => rateLimitResource('graphql'),
    });
    const budget = new BudgetTracker({
        graphql: graphqlBudget,
        reserve: options.reserve,
        ...budgetTime,
        onWait: (ms, why) => log.info(`Waiting ${(ms / 1000).toFixed(1)} s for the ${why}`),
        onUnlimited: () => log.info('The API reports no primary rate limit (rate limiting is not enabled): every plan fits the budget.'),
        fetchRateLimit: () => rateLimitResource('core'),
        writes: {
            planFit: (writes) => pacer.planFit(writes),
            expectWrites: (writes) => pacer.expectWrites(writes),
            onPlan: (fit, what) => {
                if (fit.writes <= (client_pacer/* DEFAULT_LIMITS */.dR.writeBurst ?? 0))
                    return;
                log.info(`${what}: ${fit.writes} writes go one at a time, at least ${(pacer.writeSpacingMs / 1000).toFixed(0)} s apart ` +
                    `(GitHub allows ${fit.perMinute} a minute and ${fit.perHour} an hour; ${fit.inHour} in the last hour): ` +
                    `${Math.ceil(fit.minMs / 1000)} s at least.`);
            },
        },
    });
    const retry = createRetry({
        maxRetries: options.retries,
        maxRateLimitRetries: 3,
        baseDelayMs: 1000 * timeScale,
        maxDelayMs: 30_000 * timeScale,
        secondaryFallbackMs: 60_000 * timeScale,
        timeScale,
        now,
        random: Math.random,
    }, options.maxWaitMs, waitCounted);
    const origins = new TrustedOrigins(options.baseUrl, [options.graphqlUrl]);
    const pipeline = createPipeline({
        token: options.token,
        apiVersion: options.apiVersion,
        maxWaitMs: options.maxWaitMs,
        origins,
        cache,
        budget,
        graphqlBudget,
        graphqlUrl: options.graphqlUrl,
        pacer,
        writeHistory: opts.writeHistory,
        abortSignal: opts.abortSignal,
        observe: opts.observe,
        telemetry,
        log,
        sleep,
        defaultFetch,
        requestTimeoutMs: opts.requestTimeoutMs ?? 120_000,
        retry: retry.settings,
    });
    // The pipeline resolves options to a URL with Octokit's endpoint (defaults are already merged into them).
    const endpoint = { parse: (o) => octokit.request.endpoint.parse(o) };
    octokit.hook.wrap('request', (request, options) => pipeline(Object.assign(async (o) => request(o), { endpoint }), options));
    // The answers' types come from the route (Client's overloads); here every page is an array the schemas checked.
    function pages(route, params = {}) {
        return {
            async *[Symbol.asyncIterator]() {
                for await (const page of pageIterator(octokit, route, { per_page: 100, ...params })) {
                    const data = page.data;
                    yield data;
                }
            },
        };
    }
    function pageAnswers(route, params = {}) {
        return pageIterator(octokit, route, { per_page: 100, ...params });
    }
    async function paginate(route, params = {}) {
        const all = [];
        for await (const page of pages(route, params))
            all.push(...page);
        return all;
    }
    async function find(route, params, predicate) {
        for await (const page of pages(route, params)) {
            const hit = page.find(predicate);
            if (hit !== undefined)
                return hit;
        }
        return undefined;
    }
    function holdsList(route, params = {}) {
        // The URL and media type exactly as `pages` sends the first page (pagination plugin: endpoint(route, params)).
        const first = octokit.request.endpoint(route, { per_page: 100, ...params });
        if (first.method !== 'GET')
            return false;
        const settings = { cache, apiVersion: options.apiVersion, token: options.token, origins };
        return holdsPages(settings, first.url, acceptSent(first.headers.accept));
    }
    const graphqlRunner = new GraphqlRunner({
        octokit,
        url: options.graphqlUrl,
        budget: graphqlBudget,
        retry,
    });
    // Documents only: every query the actions send is a generated document, priced and shape-checked.
    const graphql = (document, variables, runOptions) => graphqlRunner.run(document, variables, runOptions);
    return {
        octokit,
        budget,
        graphqlBudget,
        telemetry,
        retry,
        options,
        pages,
        pageAnswers,
        graphqlUrl: options.graphqlUrl,
        graphql,
        graphqlUnavailable: (points) => graphqlRunner.unavailable(points),
        paginate,
        find,
        holdsList,
        close,
    };
}


/***/ }),

/***/ 7653:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ realClock)
/* harmony export */ });
// Time as the client sees it. Every wait the client makes (retry back-off, retry-after, a rate-limit reset,
// pacing windows) is expressed in API time, the time GitHub's headers speak of, and goes through `sleep`.
// `scale` shrinks real waits for tests against the emulator, whose windows are scaled the same way;
// production runs use `realClock()` (scale 1). The scale is read from the environment in one place only
// (`src/hosts/actions-runner/environment.ts`).
function realClock(scale = 1) {
    const s = Number.isFinite(scale) && scale > 0 ? scale : 1;
    return {
        now: () => Date.now(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms * s))),
        scale: s,
    };
}


/***/ }),

/***/ 6881:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   v6: () => (/* binding */ readRepoFile)
/* harmony export */ });
/* unused harmony exports reads, contentsText */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7597);
/* harmony import */ var _declared__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8025);
/* harmony import */ var _errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6948);
// A file's text from a repository through the contents API, with the raw media type (one request; a
// repeat is a free 304 through the ETag cache). Used for config files kept in a repository.



const entry = zod__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ type: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() });
/** The client's own read of a file. */
const reads = (0,_declared__WEBPACK_IMPORTED_MODULE_2__/* .defineReads */ .hh)({
    // The JSON form (a file object or a directory listing); the raw media type answers text and is not JSON.
    file: { route: 'GET /repos/{owner}/{repo}/contents/{path}', shape: zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([entry, zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(entry)]) },
});
/** The body as text: raw bytes or string, or the JSON form's base64 `content` from a server that ignored `raw`. */
function contentsText(data) {
    if (typeof data === 'string')
        return data;
    if (data instanceof ArrayBuffer)
        return Buffer.from(data).toString('utf8');
    if (ArrayBuffer.isView(data))
        return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
    if (data && typeof data === 'object' && typeof data.content === 'string')
        return Buffer.from(data.content, 'base64').toString('utf8');
    throw new Error('the contents API answered with an unexpected body');
}
/** The file's text, or undefined when the file (or a repository invisible to the token) answers 404. */
async function readRepoFile(client, file) {
    try {
        const response = await client.octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
            owner: file.owner,
            repo: file.repo,
            path: file.path.replace(/^\.?\//, ''),
            ...(file.ref ? { ref: file.ref } : {}),
            headers: { accept: 'application/vnd.github.raw' },
            request: (0,_declared__WEBPACK_IMPORTED_MODULE_2__/* .declared */ .bu)(reads.file),
        });
        const etag = typeof response.headers?.etag === 'string' ? response.headers.etag : undefined;
        return { text: contentsText(response.data), etag };
    }
    catch (err) {
        if ((0,_errors__WEBPACK_IMPORTED_MODULE_0__/* .isStatus */ .zM)(err, 404))
            return undefined;
        throw err;
    }
}


/***/ }),

/***/ 8025:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   El: () => (/* binding */ requestDeclared),
/* harmony export */   bu: () => (/* binding */ declared),
/* harmony export */   hh: () => (/* binding */ defineReads),
/* harmony export */   jn: () => (/* binding */ shapeProblem)
/* harmony export */ });
/** One module's reads, by name; the names are what its call sites pass to `declared`. */
function defineReads(reads) {
    return reads;
}
/**
 * The part of a call's `request` options that carries its declaration: its answer's shape and, for a write, its
 * rule after a lost answer (`request: declared(writes.createLabel)`, or `{ ...declared(x), noCache: true }`).
 */
function declared(declaration) {
    const answer = {
        route: declaration.route,
        shape: declaration.shape,
        ...(declaration.maxAnswerBytes === undefined ? {} : { maxBytes: declaration.maxAnswerBytes }),
    };
    return declaration.afterLostAnswer ? { answer, afterLostAnswer: declaration.afterLostAnswer } : { answer };
}
/** Undefined when the body fits the shape (or nothing of it is read), else what is wrong. */
function shapeProblem(shape, data) {
    if (shape === 'unread')
        return undefined;
    const result = shape.safeParse(data);
    if (result.success)
        return undefined;
    const issue = result.error.issues[0];
    return `${issue.path.length ? issue.path.join('.') : 'the body'}: ${issue.message}`;
}
/**
 * Sends a declared request: the declaration's route with `params`, the declaration on the request (and `policy`,
 * such as `retries`). The answer's body, which the declared shape has checked. For call sites that send several
 * declared writes alike (an executor's operations), so each passes its declaration once and nothing else.
 */
async function requestDeclared(octokit, declaration, params, policy = {}) {
    const response = await octokit.request(declaration.route, {
        ...params,
        request: { ...declared(declaration), ...policy },
    });
    return response.data;
}


/***/ }),

/***/ 6948:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Wp: () => (/* binding */ BudgetError),
/* harmony export */   d7: () => (/* binding */ isApiError),
/* harmony export */   fe: () => (/* binding */ classifyError),
/* harmony export */   hD: () => (/* binding */ ApiError),
/* harmony export */   xX: () => (/* binding */ WriteLimitError),
/* harmony export */   zM: () => (/* binding */ isStatus)
/* harmony export */ });
/* unused harmony exports permissionFor, acceptedPermissions, neededPermission, redactUrl, isAlreadyExists */
/* harmony import */ var _answers__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1204);
// One error type for every failed API call, carrying what GitHub said and a hint of what to change.

/** Which `permissions:` entry of the workflow a request path needs (for `/issues/{n}/…` see `neededPermission`). */
function permissionFor(method, url) {
    const path = safePath(url);
    const write = !['GET', 'HEAD'].includes(method.toUpperCase());
    const level = write ? 'write' : 'read';
    if (/\/pulls(\/|$)/.test(path))
        return `pull-requests: ${level}`;
    if (/\/(issues|labels|milestones)(\/|$)/.test(path))
        return `issues: ${level}`;
    if (/\/(contents|git|releases|commits|branches|tags)(\/|$)/.test(path))
        return `contents: ${level}`;
    if (/\/actions(\/|$)/.test(path))
        return `actions: ${level}`;
    if (/\/(statuses|check-runs|check-suites)(\/|$)/.test(path))
        return `statuses: ${level}`;
    if (/\/discussions(\/|$)/.test(path))
        return `discussions: ${level}`;
    return `contents: ${level}`;
}
/**
 * GitHub's `x-accepted-github-permissions` as workflow `permissions:` entries: each accepted set (separated by `;`)
 * with its permissions (separated by `,`), `pull_requests=write` written `pull-requests: write` (github.blog
 * changelog 2023-08-10, "X-Accepted-GitHub-Permissions header for fine-grained permission actors", example
 * `repository_projects=write; organization_projects=admin`). Undefined when absent or unreadable.
 */
function acceptedPermissions(header) {
    if (!header)
        return undefined;
    const sets = header
        .split(';')
        .map((set) => set
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean))
        .filter((set) => set.length > 0);
    const entry = /^([a-z_]+)=(read|write|admin)$/;
    if (!sets.length || !sets.every((set) => set.every((p) => entry.test(p))))
        return undefined;
    return sets.map((set) => set.map((p) => {
        const [, name, level] = entry.exec(p);
        return `${name.replace(/_/g, '-')}: ${level}`;
    }));
}
/**
 * What the workflow's `permissions:` must grant, as hint text: GitHub's own `x-accepted-github-permissions` when it
 * sent one (any one of its sets will do), else from the path. A pull request is an issue, and writing to one through
 * `/issues/{n}/…` (labels, comments, assignees) needs `pull-requests`, to an issue `issues`: the path alone cannot
 * tell which, so both are named.
 */
function neededPermission(method, url, header) {
    const sets = acceptedPermissions(header);
    if (sets)
        return sets.map((set) => `\`permissions: ${set.join(', ')}\``).join(' or ');
    const path = safePath(url);
    const level = ['GET', 'HEAD'].includes(method.toUpperCase()) ? 'read' : 'write';
    if (/\/issues\/(\d+|comments)\//.test(path))
        return `\`permissions: issues: ${level}\` (an issue) or \`permissions: pull-requests: ${level}\` (a pull request)`;
    return `\`permissions: ${permissionFor(method, url)}\``;
}
function safePath(url) {
    try {
        return new URL(url).pathname;
    }
    catch {
        return url.split('?')[0];
    }
}
/** Removes credentials that might appear in a URL (userinfo, `access_token` query). */
function redactUrl(url) {
    try {
        const u = new URL(url);
        u.username = '';
        u.password = '';
        for (const key of [...u.searchParams.keys()])
            if (/token|secret|sig/i.test(key))
                u.searchParams.set(key, '***');
        return u.toString();
    }
    catch {
        return url;
    }
}
class ApiError extends Error {
    status;
    /** GitHub's own `message`. */
    apiMessage;
    errors;
    documentationUrl;
    request;
    hint;
    headers;
    constructor(init) {
        const apiMessage = init.message ?? (init.status ? `HTTP ${init.status}` : 'network error');
        const request = { method: init.method.toUpperCase(), url: redactUrl(init.url) };
        const hint = hintFor(init.status, apiMessage, request.method, request.url, init.headers ?? {});
        const details = (init.errors ?? [])
            .map((e) => [e.resource, e.field, e.code, e.message].filter(Boolean).join(' '))
            .filter(Boolean);
        const text = `${request.method} ${safePath(request.url)} → ${init.status || 'network error'}: ${apiMessage}` +
            (details.length ? ` (${details.join('; ')})` : '') +
            (hint ? `. ${hint}` : '');
        super(text, { cause: init.cause });
        this.name = 'ApiError';
        this.status = init.status;
        this.apiMessage = apiMessage;
        this.errors = init.errors ?? [];
        this.documentationUrl = init.documentationUrl;
        this.request = request;
        this.hint = hint;
        this.headers = init.headers ?? {};
    }
    hasCode(code) {
        return this.errors.some((e) => e.code === code);
    }
}
function hintFor(status, message, method, url, headers) {
    const kind = status === 403 || status === 422 ? (0,_answers__WEBPACK_IMPORTED_MODULE_0__/* .classifyAnswer */ .B)({ status, headers, message }).kind : undefined;
    switch (status) {
        case 401:
            return 'The token is missing, malformed, expired or revoked: check the `token` input.';
        case 403:
            if (kind === 'primary')
                return `The rate limit is exhausted; it resets at ${resetText(headers['x-ratelimit-reset'])}.`;
            if (kind === 'secondary')
                return 'A secondary rate limit was hit: fewer parallel or content-creating requests are needed.';
            return `The token lacks a permission: give the workflow ${neededPermission(method, url, headers['x-accepted-github-permissions'])} (or use a token that has it).`;
        case 404:
            return 'The resource is missing, or it is private and invisible to this token (GitHub answers 404, not 403, then).';
        case 409:
            return 'The resource changed meanwhile or is in a conflicting state (for example an empty repository or a stale sha): re-read it and retry.';
        case 422:
            return kind === 'secondary'
                ? "GitHub's content-creation limit refused it (was submitted too quickly): fewer content-creating requests a minute are needed."
                : undefined;
        case 429:
            return 'Too many requests: the rate limit was hit.';
        default:
            return undefined;
    }
}
function resetText(reset) {
    const n = Number(reset);
    return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : 'an unknown time';
}
function isApiError(err) {
    return err instanceof ApiError;
}
function isStatus(err, ...statuses) {
    return isApiError(err) && statuses.includes(err.status);
}
/** The class of a failed call (answers.ts); a network failure (status 0) is transient; undefined for non-API errors. */
function classifyError(err) {
    if (!isApiError(err))
        return undefined;
    return (0,_answers__WEBPACK_IMPORTED_MODULE_0__/* .classifyAnswer */ .B)({
        status: err.status || undefined,
        headers: err.headers,
        message: err.apiMessage,
        errors: err.errors,
    });
}
/** A 422 whose errors say the thing to create already exists: success for an idempotent create. */
function isAlreadyExists(err) {
    return (isApiError(err) && err.status === 422 && (err.hasCode('already_exists') || /already exists/i.test(err.apiMessage)));
}
/** The plan cannot be paid for from the budget left. */
class BudgetError extends Error {
    needed;
    remaining;
    reserve;
    resetAt;
    limit;
    unit;
    constructor(needed, remaining, reserve, resetAt, what = 'the plan', limit, 
    /** What the budget counts: REST requests or GraphQL points. */
    unit = 'request') {
        const mins = Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 60000));
        const when = limit !== undefined && limit - reserve < needed
            ? `even a full budget (${limit}) minus the reserve cannot pay for it: lower budget-reserve or split the work`
            : `the limit resets at ${resetAt.toISOString()} (in ${mins} min)`;
        super(`Budget too small for ${what}: it needs ${needed} ${needed === 1 ? unit : `${unit}s`}, ${remaining} remain and ${reserve} are kept in reserve ` +
            `(${Math.max(0, remaining - reserve)} usable); ${when}. Nothing was written.`);
        this.needed = needed;
        this.remaining = remaining;
        this.reserve = reserve;
        this.resetAt = resetAt;
        this.limit = limit;
        this.unit = unit;
        this.name = 'BudgetError';
    }
}
/**
 * A plan whose content-creating requests cannot fit GitHub's secondary limit of `perHour` an hour ("Rate limits for
 * the REST API", secondary limits: "No more than 80 content-generating requests per minute and no more than 500
 * content-generating requests per hour"), refused before its first write. A `BudgetError`: callers that stop on one
 * stop on this too.
 */
class WriteLimitError extends BudgetError {
    writes;
    perHour;
    inHour;
    constructor(writes, perHour, inHour, freeAt, what = 'the plan') {
        super(writes, Math.max(0, perHour - inHour), 0, freeAt, what, perHour);
        this.writes = writes;
        this.perHour = perHour;
        this.inHour = inHour;
        const left = Math.max(0, perHour - inHour);
        const when = writes > perHour
            ? `more than GitHub allows in any hour: split the work into runs of at most ${perHour} writes`
            : `enough of them leave the hour's window at ${freeAt.toISOString()}`;
        this.message =
            `Too many writes for ${what}: it needs ${writes} content-creating requests; GitHub allows ${perHour} an hour, ` +
                `${inHour} were made in the last hour (${left} left); ${when}. Nothing was written.`;
        this.name = 'WriteLimitError';
    }
}


/***/ }),

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

/***/ 9287:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   UU: () => (/* reexport safe */ _client__WEBPACK_IMPORTED_MODULE_0__.UU),
/* harmony export */   sd: () => (/* reexport safe */ _client__WEBPACK_IMPORTED_MODULE_0__.sd),
/* harmony export */   xv: () => (/* reexport safe */ _client__WEBPACK_IMPORTED_MODULE_0__.xv)
/* harmony export */ });
/* harmony import */ var _client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5347);
/* harmony import */ var _errors__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6948);
/* harmony import */ var _pacer__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6820);
/* harmony import */ var _streaming_fetch__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2702);
/* harmony import */ var _contents__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6881);
/* harmony import */ var _transport_errors__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9584);
/* harmony import */ var _graphql_errors__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8190);













/***/ }),

/***/ 6820:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vm: () => (/* binding */ limitMethod),
/* harmony export */   Yk: () => (/* binding */ WaitTooLongError),
/* harmony export */   _E: () => (/* binding */ Pacer),
/* harmony export */   ao: () => (/* binding */ isWrite),
/* harmony export */   dR: () => (/* binding */ DEFAULT_LIMITS)
/* harmony export */ });
/* unused harmony exports SPACING_GROWTH, SPACING_SHRINK, pointsOf */
// Secondary-limit pacing: bounded concurrency, content-creating requests per minute and per hour, and
// points per minute; and writes as GitHub asks them. Reads that fit every window go at full speed.
//
// Writes: GitHub's "Best practices for using the REST API" asks to "make requests for a single user or client ID
// serially" and, for "a large number of POST, PATCH, PUT, or DELETE requests", to "wait at least one second between
// each request"; its secondary limits also apply "for undisclosed reasons", and peers were refused well below the
// published 80 a minute (EndBug/label-sync#232, label-bot#54, go-github-ratelimit#38). So a client's writes (REST
// POST/PATCH/PUT/DELETE, GraphQL mutations) go one at a time, each after the previous one's answer; once a plan holds
// more than a handful (`writeBurst`, 5: a small change still goes at once) or that many went out within the minute,
// each waits `writeSpacingMs` (1 s) after the previous write's answer. Any secondary signal (403/429 with or without
// `retry-after`, 422 "submitted too quickly": answers.ts) doubles the spacing, up to `maxWriteSpacingMs`; each write
// answered without one takes a tenth off again, down to the base (grow fast, shrink slowly). Reads never wait for
// writes.
const DEFAULT_LIMITS = {
    writesPerMinute: 80,
    writesPerHour: 500,
    pointsPerMinute: 900,
    writeSpacingMs: 1000,
    writeBurst: 5,
    maxWriteSpacingMs: 32_000,
};
/** The spacing's back-off: doubled on a secondary signal, a tenth off after each write answered without one. */
const SPACING_GROWTH = 2;
const SPACING_SHRINK = 0.9;
function pointsOf(method) {
    return isWrite(method) ? 5 : 1;
}
function isWrite(method) {
    return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}
/**
 * The method a request counts as in the secondary limits. GitHub's docs ("Rate limits for the REST API",
 * secondary limits): a GraphQL request without a mutation costs 1 point and creates no content, one with a
 * mutation 5 points. So `POST /graphql` counts as a read unless the caller says it sends a mutation.
 */
function limitMethod(method, path, graphqlOperation) {
    const graphql = method.toUpperCase() === 'POST' && /\/graphql\/?$/.test(path);
    if (graphql)
        return graphqlOperation === 'mutation' ? 'POST' : 'GET';
    return method.toUpperCase();
}
class WaitTooLongError extends Error {
    waitMs;
    limitMs;
    constructor(waitMs, limitMs, what) {
        super(`${what}: the next request would have to wait ${Math.ceil(waitMs / 1000)} s, more than the ${Math.ceil(limitMs / 1000)} s allowed`);
        this.waitMs = waitMs;
        this.limitMs = limitMs;
        this.name = 'WaitTooLongError';
    }
}
class Pacer {
    limits;
    clock;
    maxWaitMs;
    inFlight = 0;
    waiting = [];
    /** Send times of content-creating requests within the last hour. */
    writes = [];
    /** Send times and points of every request within the last minute. */
    points = [];
    gate = Promise.resolve();
    /** Writes go one at a time: each waits for the previous one's release. */
    writeTurn = Promise.resolve();
    /** When the last write was answered (real ms); undefined before the first. */
    lastWriteEnd;
    /** The current spacing (GitHub ms): the base, or more after secondary signals. */
    spacing;
    /** Writes the run's plans announced (`expectWrites`). */
    planned = 0;
    /** No write goes before this (real ms): the wait GitHub asked for after a secondary limit. */
    pausedUntil = 0;
    constructor(limits, clock, maxWaitMs, history = []) {
        this.limits = limits;
        this.clock = clock;
        this.maxWaitMs = maxWaitMs;
        this.writes = history.slice().sort((a, b) => a - b);
        this.spacing = limits.writeSpacingMs ?? 0;
    }
    /** The current spacing between writes in GitHub ms (the base until a secondary signal). */
    get writeSpacingMs() {
        return this.spacing;
    }
    /** A plan of `writes` content-creating requests is about to be applied: more than a handful are spaced from the first. */
    expectWrites(writes) {
        this.planned = Math.max(this.planned, writes);
    }
    /**
     * Whether a plan of `writes` content-creating requests fits the hour's window: `waitMs` until enough earlier
     * writes have left it (0: fits now; Infinity: more than the hour allows at all), with the numbers for a refusal.
     */
    planFit(writes) {
        const now = this.clock.now();
        this.prune(now);
        const perHour = this.limits.writesPerHour;
        const inHour = this.writes.length;
        const left = Math.max(0, perHour - inHour);
        const perMinute = this.limits.writesPerMinute;
        const spacing = writes > (this.limits.writeBurst ?? 0) ? (this.limits.writeSpacingMs ?? 0) : 0;
        // GitHub time: the least a plan takes at 80 a minute and one write per spacing.
        const minMs = Math.max(Math.ceil(writes / perMinute - 1) * 60_000, Math.max(0, writes - 1) * spacing);
        const base = { writes, perHour, perMinute, inHour, left, minMs };
        if (writes <= left)
            return { ...base, waitMs: 0 };
        if (writes > perHour)
            return { ...base, waitMs: Number.POSITIVE_INFINITY };
        return { ...base, waitMs: Math.max(0, this.writes[writes - left - 1] + this.hour - now) };
    }
    /**
     * What GitHub answered a request: a secondary signal (any request) grows the write spacing and holds the writes
     * for `pauseMs` (real ms, the retry's wait); a write answered without one shrinks it slowly back to the base.
     */
    noteAnswer(write, secondary, pauseMs = 0) {
        if (secondary && pauseMs > 0)
            this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + pauseMs);
        const base = this.limits.writeSpacingMs ?? 0;
        if (base <= 0)
            return;
        const cap = Math.max(base, this.limits.maxWriteSpacingMs ?? base);
        if (secondary)
            this.spacing = Math.min(cap, Math.max(base, this.spacing) * SPACING_GROWTH);
        else if (write)
            this.spacing = Math.max(base, this.spacing * SPACING_SHRINK);
    }
    /** Whether the next write waits for the spacing: a large plan, a burst already sent, or a back-off under way. */
    spaced(now) {
        const base = this.limits.writeSpacingMs ?? 0;
        if (base <= 0 || this.lastWriteEnd === undefined)
            return false;
        const burst = this.limits.writeBurst ?? 0;
        if (this.planned > burst || this.spacing > base)
            return true;
        return this.writes.filter((t) => t > now - this.minute).length >= burst;
    }
    /** Waits until the spacing after the previous write's answer (and any pause) has passed, bounded by the wait bound. */
    async awaitSpacing() {
        const now = this.clock.now();
        const spacedUntil = this.spaced(now) ? this.lastWriteEnd + this.spacing * this.limits.timeScale : now;
        const delay = Math.max(spacedUntil, this.pausedUntil) - now;
        if (delay <= 0)
            return 0;
        if (delay > this.maxWaitMs)
            throw new WaitTooLongError(delay, this.maxWaitMs, 'writes spaced after a secondary limit');
        await this.clock.sleep(delay);
        return delay;
    }
    /**
     * Takes the write turn: resolves with the function that hands it to the next write. A caller that holds it across
     * several attempts of one write (its retries) passes `'held'` to `acquire`.
     */
    async takeWriteTurn() {
        let handOn;
        const mine = new Promise((resolve) => (handOn = resolve));
        const previous = this.writeTurn;
        this.writeTurn = previous.then(() => mine);
        await previous;
        return handOn;
    }
    get minute() {
        return 60_000 * this.limits.timeScale;
    }
    get hour() {
        return 3_600_000 * this.limits.timeScale;
    }
    /** Send times of content-creating requests still inside the hour window (persisted between steps). */
    history() {
        this.prune(this.clock.now());
        return this.writes.slice();
    }
    /**
     * Waits for a concurrency slot, then for the windows to admit the request, and records it. A write first takes the
     * write turn and its spacing (`'take'`), or already holds the turn (`'held'`), or goes beside the others
     * (`'parallel'`: counted in the windows, neither serialised nor spaced; a release's asset uploads, whose
     * parallelism the caller chose).
     */
    async acquire(method, turn = 'take') {
        const write = isWrite(method);
        const points = pointsOf(method);
        let waitedMs = 0;
        let admittedAt = 0;
        // A write takes the write turn and waits out the spacing before it holds a concurrency slot, so reads go on.
        const serial = write && turn !== 'parallel';
        const handOn = serial && turn === 'take' ? await this.takeWriteTurn() : () => { };
        try {
            waitedMs += serial ? await this.awaitSpacing() : 0;
        }
        catch (err) {
            handOn();
            throw err;
        }
        await this.takeSlot();
        try {
            // Reservations are made one at a time, in arrival order, so a window is never over-booked.
            const turn = this.gate.then(async () => {
                for (;;) {
                    const now = this.clock.now();
                    const delay = this.delayFor(now, write, points);
                    if (delay <= 0) {
                        if (write)
                            this.writes.push(now);
                        this.points.push({ t: now, p: points });
                        admittedAt = now;
                        return;
                    }
                    if (delay > this.maxWaitMs)
                        throw new WaitTooLongError(delay, this.maxWaitMs, 'secondary rate limit window full');
                    waitedMs += delay;
                    await this.clock.sleep(delay);
                }
            });
            this.gate = turn.catch(() => undefined);
            await turn;
        }
        catch (err) {
            this.releaseSlot();
            handOn();
            throw err;
        }
        let released = false;
        return {
            waitedMs,
            release: () => {
                if (!released) {
                    released = true;
                    this.restamp(admittedAt, write);
                    this.releaseSlot();
                    if (serial) {
                        this.lastWriteEnd = this.clock.now();
                        handOn();
                    }
                }
            },
        };
    }
    /** ms to wait before a request of this kind fits every window (0 when it fits now). */
    delayFor(now, write, points) {
        this.prune(now);
        let until = now;
        if (write) {
            const inMinute = this.writes.filter((t) => t > now - this.minute);
            if (inMinute.length >= this.limits.writesPerMinute)
                until = Math.max(until, inMinute[inMinute.length - this.limits.writesPerMinute] + this.minute);
            if (this.writes.length >= this.limits.writesPerHour)
                until = Math.max(until, this.writes[this.writes.length - this.limits.writesPerHour] + this.hour);
        }
        let sum = this.points.reduce((a, e) => a + e.p, 0);
        for (const e of this.points) {
            if (sum + points <= this.limits.pointsPerMinute)
                break;
            sum -= e.p;
            until = Math.max(until, e.t + this.minute);
        }
        return until - now;
    }
    /**
     * The server counts a request when it arrives, which can be later than its admission here (a new connection, a
     * busy event loop): tens of ms that make the next window open before the server's does. Once the response is in,
     * the request surely arrived, so the windows count it from then on (a little later than the server: safe).
     */
    restamp(admittedAt, write) {
        const now = this.clock.now();
        if (now <= admittedAt)
            return;
        const moveLast = (list, at, entry, replacement) => {
            const i = list.lastIndexOf(entry);
            if (i < 0)
                return;
            list.splice(i, 1);
            let j = list.length;
            while (j > 0 && at(list[j - 1]) > at(replacement))
                j--;
            list.splice(j, 0, replacement);
        };
        if (write)
            moveLast(this.writes, (t) => t, admittedAt, now);
        const entry = this.points.find((e) => e.t === admittedAt);
        if (entry)
            moveLast(this.points, (e) => e.t, entry, { t: now, p: entry.p });
    }
    prune(now) {
        while (this.writes.length && this.writes[0] <= now - this.hour)
            this.writes.shift();
        while (this.points.length && this.points[0].t <= now - this.minute)
            this.points.shift();
    }
    takeSlot() {
        if (this.inFlight < this.limits.concurrency) {
            this.inFlight++;
            return Promise.resolve();
        }
        return new Promise((resolve) => this.waiting.push(() => resolve()));
    }
    releaseSlot() {
        const next = this.waiting.shift();
        if (next)
            next();
        else
            this.inFlight--;
    }
}


/***/ }),

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

/***/ 2537:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R_: () => (/* binding */ resetWaitMs),
/* harmony export */   Vs: () => (/* binding */ retryAfterMs),
/* harmony export */   jo: () => (/* binding */ backoffMs),
/* harmony export */   tE: () => (/* binding */ decideRetry)
/* harmony export */ });
/* unused harmony export secondaryBackoffMs */
/* harmony import */ var _answers__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1204);
// The retry rules as a pure decision: what to do with one failed attempt, by its class (answers.ts, the one
// classification of GitHub's answers). Transient ones (5xx, network, GraphQL's "something went wrong") back off
// exponentially with jitter; limits wait for `retry-after` (first) or `x-ratelimit-reset`; a secondary limit without
// either (403/429, 422 "was submitted too quickly") waits at least a minute, growing (GitHub REST docs, "Rate limits
// for the REST API"); a permission, a GraphQL timeout (not sent again) and any other 4xx are final.

/** Seconds in `retry-after` (delta-seconds or an HTTP date), as ms from now. */
function retryAfterMs(value, now) {
    if (value === undefined || value === '')
        return undefined;
    const secs = Number(value);
    if (Number.isFinite(secs))
        return Math.max(0, secs * 1000);
    const date = Date.parse(value);
    return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}
/** ms until `x-ratelimit-reset` (epoch seconds), plus one second of margin for clock skew. */
function resetWaitMs(value, now) {
    const reset = Number(value);
    if (value === undefined || !Number.isFinite(reset) || reset <= 0)
        return undefined;
    return Math.max(0, reset * 1000 - now) + 1000;
}
/** GitHub's words for a secondary limit: the one rule lives in answers.ts. */

/** Exponential back-off with jitter: a random point in the upper half of the doubled step. */
function backoffMs(attempt, s) {
    const step = Math.min(s.maxDelayMs, s.baseDelayMs * 2 ** attempt);
    return Math.round(step / 2 + (s.random() * step) / 2);
}
/**
 * The wait before retry `attempt` (0 for the first) after a secondary limit without `retry-after`. GitHub's docs
 * ("Rate limits for the REST API", exceeding the secondary rate limit): "wait for at least one minute before
 * retrying … If your request continues to fail due to a secondary rate limit, wait for an exponentially increasing
 * amount of time between retries". So: the fallback (a minute), doubled each time, plus up to half of it as jitter
 * (clients limited together do not return together), never below the fallback and, once the fallback fits, never
 * above the run's maximum wait.
 */
function secondaryBackoffMs(attempt, s) {
    const step = s.secondaryFallbackMs * 2 ** attempt;
    const jittered = Math.round(step + (s.random() * step) / 2);
    const cap = Math.max(s.maxWaitMs ?? Number.POSITIVE_INFINITY, s.secondaryFallbackMs);
    return Math.min(jittered, cap);
}
/**
 * Decides on a failed attempt. `attempt` counts the retries already made of this kind
 * (`serverAttempts` for 5xx/network, `rateAttempts` for rate limits).
 */
function decideRetry(f, serverAttempts, rateAttempts, s) {
    const now = s.now();
    const { headers } = f;
    const scaled = (ms) => (ms === undefined ? undefined : ms * s.timeScale);
    const retryAfter = scaled(retryAfterMs(headers['retry-after'], now));
    const rateLimited = (waitMs, reason) => rateAttempts < s.maxRateLimitRetries
        ? { retry: true, waitMs, reason, rateLimited: true }
        : { retry: false, reason: `${reason}; gave up after ${rateAttempts} waits` };
    const answer = (0,_answers__WEBPACK_IMPORTED_MODULE_0__/* .classifyAnswer */ .B)(f);
    if (answer.kind === 'transient') {
        if (serverAttempts >= s.maxRetries)
            return { retry: false, reason: `${answer.reason}; gave up after ${serverAttempts} retries` };
        return { retry: true, waitMs: backoffMs(serverAttempts, s), reason: answer.reason, rateLimited: false };
    }
    if (answer.kind === 'primary' || answer.kind === 'secondary') {
        // retry-after takes precedence over x-ratelimit-reset when both are present.
        if (retryAfter !== undefined)
            return rateLimited(retryAfter, answer.reason);
        if (answer.kind === 'primary') {
            const wait = scaled(resetWaitMs(headers['x-ratelimit-reset'], now));
            return rateLimited(wait ?? s.secondaryFallbackMs, answer.reason);
        }
        return rateLimited(secondaryBackoffMs(rateAttempts, s), answer.reason);
    }
    return { retry: false, reason: answer.reason };
}


/***/ }),

/***/ 2702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   jP: () => (/* binding */ streamingFetch),
/* harmony export */   nt: () => (/* binding */ isStreamBody)
/* harmony export */ });
/* unused harmony export IDLE_TIMEOUT_MS */
/* harmony import */ var _actions_http_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4942);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4708);
/* harmony import */ var node_https__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_https__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_3__);
// A `fetch` for streamed request bodies, on node:http(s) with backpressure.
//
// Node's built-in fetch (undici) reads a streamed request body as fast as the source delivers it, whatever
// the network takes (nodejs/undici#4058): uploading a 1.9 GiB file with it grows the process to ~2 GB, and
// a 90 MB blob costs ~130 MB. Writing into an http.ClientRequest and waiting for the socket to drain keeps
// memory flat. The agent comes from @actions/http-client, which honours the runner's proxy settings
// (`https_proxy`, `no_proxy`). The client's policy picks this fetch by itself for a streamed body.




let agents;
/** Socket inactivity after which an upload is abandoned (a slow but moving upload is not). */
const IDLE_TIMEOUT_MS = 120_000;
function isWritableBody(body) {
    return typeof body?.writeTo === 'function';
}
function isAsyncIterable(body) {
    return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}
/** A body that must be streamed: written with backpressure, never held whole in memory. */
function isStreamBody(body) {
    return isWritableBody(body) || body instanceof node_stream__WEBPACK_IMPORTED_MODULE_3__.Readable || (isAsyncIterable(body) && !(body instanceof Uint8Array));
}
function responseHeaders(raw) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw)) {
        if (value === undefined)
            continue;
        for (const v of Array.isArray(value) ? value : [value])
            headers.append(name, v);
    }
    return headers;
}
function requestHeaders(init) {
    const out = {};
    new Headers(init.headers).forEach((value, name) => (out[name] = value));
    return out;
}
/** Resolves on `drain`, or on `close` (the error itself reaches the request's `error` listener). */
function drained(req) {
    return new Promise((resolve) => {
        const done = () => {
            req.off('drain', done);
            req.off('close', done);
            resolve();
        };
        req.on('drain', done);
        req.on('close', done);
    });
}
async function writeIterable(req, body) {
    for await (const piece of body) {
        if (req.destroyed)
            return;
        if (!req.write(piece))
            await drained(req);
    }
    req.end();
}
/** Sends `init.body` (a WritableBody, a Node readable stream, an async iterable, a string or bytes). */
function streamingFetch(input, init = {}) {
    const url = new URL(String(input));
    agents ??= new _actions_http_client__WEBPACK_IMPORTED_MODULE_0__/* .HttpClient */ .Qq('repo-actions');
    const send = url.protocol === 'https:' ? node_https__WEBPACK_IMPORTED_MODULE_2__.request : node_http__WEBPACK_IMPORTED_MODULE_1__.request;
    const body = init.body;
    return new Promise((resolve, reject) => {
        const options = {
            method: init.method ?? 'GET',
            headers: requestHeaders(init),
            agent: agents.getAgent(url.toString()),
            signal: init.signal ?? undefined,
        };
        const req = send(url, options, (res) => {
            const status = res.statusCode ?? 0;
            const empty = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
            resolve(new Response(empty ? null : node_stream__WEBPACK_IMPORTED_MODULE_3__.Readable.toWeb(res), {
                status,
                statusText: res.statusMessage,
                headers: responseHeaders(res.headers),
            }));
        });
        const fail = (err) => {
            if (body instanceof node_stream__WEBPACK_IMPORTED_MODULE_3__.Readable)
                body.destroy();
            reject(err);
        };
        req.on('error', fail);
        // A stalled connection (nothing sent or received for this long) fails the attempt instead of hanging.
        req.setTimeout(IDLE_TIMEOUT_MS, () => req.destroy(new Error(`no progress for ${IDLE_TIMEOUT_MS / 1000} s`)));
        if (isWritableBody(body)) {
            body.writeTo(req).catch((err) => req.destroy(err));
        }
        else if (body instanceof node_stream__WEBPACK_IMPORTED_MODULE_3__.Readable) {
            body.on('error', (err) => req.destroy(err));
            body.pipe(req);
        }
        else if (typeof body === 'string' || body instanceof Uint8Array) {
            req.end(body);
        }
        else if (isAsyncIterable(body)) {
            writeIterable(req, body).catch((err) => req.destroy(err));
        }
        else if (body == null) {
            req.end();
        }
        else {
            req.destroy();
            reject(new TypeError('streamingFetch sends a body with writeTo(), a Node readable stream, an async iterable, a string or bytes'));
        }
    });
}


/***/ }),

/***/ 9584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   Fh: () => (/* binding */ UntrustedOriginError),
/* harmony export */   Oc: () => (/* binding */ AnswerTooLargeError),
/* harmony export */   cs: () => (/* binding */ IntegrityError),
/* harmony export */   jw: () => (/* binding */ RedirectRefusedError),
/* harmony export */   qG: () => (/* binding */ permanentCause),
/* harmony export */   xv: () => (/* binding */ causeText),
/* harmony export */   ym: () => (/* binding */ ShapeError)
/* harmony export */ });
/* harmony import */ var _errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6948);
// Failures below HTTP: an answer that could not be read whole, a host that cannot be reached, and a redirect
// or request the client refuses because it would carry the token somewhere it does not belong.

/** An answer that is not data: a body cut short, a length that does not match, JSON that does not parse, a wrong shape. */
class IntegrityError extends Error {
    url;
    constructor(message, url, cause) {
        super(message, { cause });
        this.url = url;
        this.name = 'IntegrityError';
    }
}
/** A 2xx JSON answer that is not what its route returns: a clear error naming the route, not retried. */
class ShapeError extends IntegrityError {
    route;
    constructor(route, status, problem, url) {
        super(`${route} answered ${status} with a body of the wrong shape (${problem})`, url);
        this.route = route;
        this.name = 'ShapeError';
    }
}
/** An answer larger than its route's cap once decoded: stopped while it was read, not retried. */
class AnswerTooLargeError extends IntegrityError {
    route;
    maxBytes;
    constructor(route, maxBytes, url) {
        super(`${route} answered more than ${maxBytes} bytes (decoded); the answer was stopped there and is not retried`, url);
        this.route = route;
        this.maxBytes = maxBytes;
        this.name = 'AnswerTooLargeError';
    }
}
/** Error codes that no retry can fix: the host does not resolve, refuses connections, or fails TLS verification. */
const PERMANENT_CODES = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EAI_NONAME',
    'CERT_HAS_EXPIRED',
    'CERT_NOT_YET_VALID',
    'CERT_REVOKED',
    'CERT_UNTRUSTED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'HOSTNAME_MISMATCH',
]);
/** The first error with a permanent code in a cause chain (fetch wraps the socket's error; happy eyeballs aggregates). */
function permanentCause(err, depth = 0) {
    if (!(err instanceof Error) || depth > 8)
        return undefined;
    const code = err.code;
    if (typeof code === 'string' && PERMANENT_CODES.has(code))
        return err;
    if (err instanceof AggregateError)
        for (const inner of err.errors) {
            const hit = permanentCause(inner, depth + 1);
            if (hit)
                return hit;
        }
    return permanentCause(err.cause, depth + 1);
}
/**
 * A request that got no usable answer: names the host and the cause. An `ApiError` of status 0, so callers that
 * sort failures by status see "no answer".
 */
class NetworkError extends _errors__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD {
    host;
    permanent;
    constructor(method, url, reason, permanent, cause) {
        super({ status: 0, method, url, message: reason, cause });
        this.name = 'NetworkError';
        this.host = new URL(url).host;
        this.permanent = permanent;
        this.message = permanent
            ? `${this.request.method} to ${this.host} failed: ${reason}. Retrying cannot help: check the API URL, DNS, the network or the TLS certificate.`
            : `${this.request.method} ${this.request.url} failed: ${reason}`;
    }
}
/** A redirect the client will not follow (a write to another origin, or too many hops). */
class RedirectRefusedError extends Error {
    method;
    from;
    to;
    constructor(method, from, to, reason) {
        super(`${method} ${from} was redirected to ${to}; not followed: ${reason}`);
        this.method = method;
        this.from = from;
        this.to = to;
        this.name = 'RedirectRefusedError';
    }
}
/** A write addressed to an origin that is neither the API nor an upload host the API named. */
class UntrustedOriginError extends Error {
    method;
    origin;
    constructor(method, origin) {
        super(`${method} to ${origin} refused: the client writes only to the API and the upload host a release names`);
        this.method = method;
        this.origin = origin;
        this.name = 'UntrustedOriginError';
    }
}
/** The message of the innermost cause worth showing (fetch's "fetch failed" hides the socket's error). */
function causeText(err) {
    let current = err;
    let text = err instanceof Error ? err.message : String(err);
    for (let depth = 0; current instanceof Error && depth < 8; depth++) {
        const code = current.code;
        if (current.message && current.message !== 'fetch failed')
            text = current.message;
        if (typeof code === 'string' && !text.includes(code))
            text = `${code}: ${text}`;
        if (current instanceof AggregateError && current.errors[0])
            current = current.errors[0];
        else
            current = current.cause;
    }
    return text;
}


/***/ }),

/***/ 918:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ DEFAULT_AFTER_LOST_ANSWER),
/* harmony export */   Q: () => (/* binding */ defineWrites)
/* harmony export */ });
/** The rule of a write nobody declared: not repeated after a lost answer (see above). */
const DEFAULT_AFTER_LOST_ANSWER = 'caller';
/** One module's writes, by name; the names are what its call sites pass to `declared`. */
function defineWrites(writes) {
    return writes;
}


/***/ }),

/***/ 8190:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sh: () => (/* binding */ GraphqlUnavailableError),
/* harmony export */   WL: () => (/* binding */ isSchemaMismatch),
/* harmony export */   ao: () => (/* binding */ GraphqlError),
/* harmony export */   bg: () => (/* binding */ errorEntries)
/* harmony export */ });
/* unused harmony export isGraphqlUnavailable */
// GraphQL's own failures. GitHub answers a GraphQL request HTTP 200 with an `errors` array for what REST would
// refuse with a status ("Forming calls with GraphQL"; recorded answers carry `type`: NOT_FOUND, FORBIDDEN,
// RATE_LIMITED, MAX_NODE_LIMIT_EXCEEDED, INSUFFICIENT_SCOPES, UNPROCESSABLE, … and, for a document the schema
// refuses, `extensions.code` such as `undefinedField`). An answer with errors is never data, even when part of
// `data` came back: the partial data stays on the error for a caller that asks for it explicitly.
/** An answer with `errors`: `type` is the first entry's type (or its `extensions.code`), `errors` all of them. */
class GraphqlError extends Error {
    document;
    errors;
    partialData;
    type;
    constructor(document, errors, 
    /** Whatever `data` came back beside the errors (partial data); never returned as the answer. */
    partialData) {
        const first = errors[0];
        const type = first?.type ?? first?.code ?? 'UNKNOWN';
        const where = first?.path?.length ? ` at ${first.path.join('.')}` : '';
        const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
        super(`GraphQL ${document} failed: ${type}${where}: ${first?.message ?? 'no message'}${more}`);
        this.document = document;
        this.errors = errors;
        this.partialData = partialData;
        this.name = 'GraphqlError';
        this.type = type;
    }
    /** True when some entry has this type (NOT_FOUND, FORBIDDEN, …). */
    has(type) {
        return this.errors.some((e) => e.type === type || e.code === type);
    }
}
class GraphqlUnavailableError extends Error {
    reason;
    document;
    constructor(reason, document, detail, cause) {
        super(`GraphQL cannot serve ${document} (${reason}): ${detail}; read through REST instead`, { cause });
        this.reason = reason;
        this.document = document;
        this.name = 'GraphqlUnavailableError';
    }
}
/** The signal to fall back to REST. */
function isGraphqlUnavailable(err) {
    return err instanceof GraphqlUnavailableError;
}
/** Reads GitHub's `errors` array into entries, ignoring what is not an object with a message. */
function errorEntries(raw) {
    if (!Array.isArray(raw))
        return [];
    return raw.map((e) => {
        const o = (e && typeof e === 'object' ? e : {});
        const ext = (o.extensions && typeof o.extensions === 'object' ? o.extensions : {});
        return {
            type: typeof o.type === 'string' ? o.type : undefined,
            message: typeof o.message === 'string' ? o.message : JSON.stringify(e),
            path: Array.isArray(o.path) ? o.path.filter((p) => typeof p === 'string' || typeof p === 'number') : undefined,
            code: typeof ext.code === 'string' ? ext.code : undefined,
        };
    });
}
/** Codes GitHub gives a document its schema refuses: the server is older than the document. */
const SCHEMA_CODES = new Set(['undefinedField', 'undefinedType', 'argumentNotAccepted', 'undefinedArgument']);
function isSchemaMismatch(entries) {
    return entries.length > 0 && entries.every((e) => e.code !== undefined && SCHEMA_CODES.has(e.code));
}


/***/ }),

/***/ 2804:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ checkedData)
/* harmony export */ });
/* unused harmony export shapeProblem */
/* harmony import */ var _client_transport_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9584);
// The answer check of a GraphQL document: `data` must have every field the query selected, with its type and
// nullability from the schema (AnswerShape, generated with the document). A field missing, a null where the schema
// says non-null, a string where a number belongs: the answer is not what GitHub would send, and is not data.

// GitHub writes object ids in lower case, 40 digits (SHA-1) or 64 (SHA-256 repositories).
const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
// GitHub's DateTime: ISO 8601 with a zone (`2011-01-26T19:01:12Z`, fractions and offsets allowed).
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const INT32 = 2 ** 31;
function formatProblem(format, value, at) {
    const ok = format === 'oid'
        ? typeof value === 'string' && OID.test(value)
        : format === 'int'
            ? Number.isInteger(value) && Math.abs(value) <= INT32
            : typeof value === 'string' && DATETIME.test(value) && Number.isFinite(Date.parse(value));
    if (ok)
        return undefined;
    const what = { oid: 'a git object id', int: 'a whole number', datetime: 'an ISO 8601 time' }[format];
    return `${at || 'data'}: expected ${what}, got ${JSON.stringify(value).slice(0, 40)}`;
}
function primitiveProblem(type, value, at) {
    if (type === 'unknown')
        return undefined;
    return typeof value === type ? undefined : `${at || 'data'}: expected a ${type}, got ${describe(value)}`;
}
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
function fieldsProblem(fields, obj, at) {
    for (const [key, shape] of Object.entries(fields)) {
        const where = at ? `${at}.${key}` : key;
        if (!(key in obj))
            return `${where}: missing`;
        const p = shapeProblem(shape, obj[key], where);
        if (p)
            return p;
    }
    return undefined;
}
/** The first way `value` differs from `shape` (a path and what was found), or undefined when it fits. */
function shapeProblem(shape, value, at = '') {
    if (value === null || value === undefined) {
        if (value === null && shape.nullable)
            return undefined;
        return `${at || 'data'}: expected ${shape.kind === 'list' ? 'a list' : `a ${shape.kind}`}, got ${value === null ? 'null' : 'nothing'}`;
    }
    switch (shape.kind) {
        case 'scalar':
            return primitiveProblem(shape.type, value, at) ?? (shape.format && formatProblem(shape.format, value, at));
        case 'enum':
            return typeof value === 'string' && shape.values.includes(value)
                ? undefined
                : `${at || 'data'}: expected one of ${shape.values.slice(0, 5).join(', ')}…, got ${JSON.stringify(value).slice(0, 40)}`;
        case 'list': {
            if (!Array.isArray(value))
                return `${at || 'data'}: expected a list, got ${describe(value)}`;
            for (let i = 0; i < value.length; i++) {
                const p = shapeProblem(shape.of, value[i], `${at}[${i}]`);
                if (p)
                    return p;
            }
            return undefined;
        }
        case 'object': {
            if (typeof value !== 'object' || Array.isArray(value))
                return `${at || 'data'}: expected an object, got ${describe(value)}`;
            const obj = value;
            const common = fieldsProblem(shape.fields, obj, at);
            if (common || !shape.on)
                return common;
            const typename = obj.__typename;
            if (typeof typename !== 'string')
                return `${at ? `${at}.` : ''}__typename: missing`;
            const specific = shape.on[typename];
            return specific ? fieldsProblem(specific, obj, at) : undefined;
        }
    }
}
/**
 * A document's answer `data` as its generated type, or a `ShapeError` naming the first place it differs from the
 * document's shape: what the client hands to callers, and what a caller's fake must hand them too.
 */
function checkedData(doc, data, url) {
    const route = `POST /graphql (${doc.name})`;
    if (typeof data !== 'object' || data === null || Array.isArray(data))
        throw new _client_transport_errors__WEBPACK_IMPORTED_MODULE_0__/* .ShapeError */ .ym(route, 200, '`data` is missing', url);
    const problem = shapeProblem(doc.shape, data);
    if (problem)
        throw new _client_transport_errors__WEBPACK_IMPORTED_MODULE_0__/* .ShapeError */ .ym(route, 200, problem, url);
    return data;
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
