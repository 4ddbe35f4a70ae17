export const id = 911;
export const ids = [911];
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

/***/ 911:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  UsageError: () => (/* reexport */ usage_error/* UsageError */.e),
  runActionCommand: () => (/* binding */ runActionCommand),
  webUrlOf: () => (/* binding */ webUrlOf)
});

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:readline"
var external_node_readline_ = __webpack_require__(481);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/actions/index.ts + 1 modules
var actions = __webpack_require__(3109);
// EXTERNAL MODULE: ./src/github/names.ts
var names = __webpack_require__(4567);
// EXTERNAL MODULE: ./src/kernel/words.ts
var words = __webpack_require__(9644);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 9 modules
var schemas = __webpack_require__(7597);
;// CONCATENATED MODULE: ./src/hosts/cli/action-help.ts
// `repo-actions <action> --help`: the action's own description and inputs, read from its action.yml, after the
// options every action takes. The inputs are what `--input name=value` accepts.




const actionMetadata = schemas/* object */.Ikc({
    name: schemas/* string */.YjP().optional(),
    description: schemas/* string */.YjP().optional(),
    inputs: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* object */.Ikc({
        description: schemas/* string */.YjP().optional(),
        default: schemas/* unknown */.L5J().optional(),
        required: schemas/* boolean */.zMY().optional(),
    })
        .loose()
        .nullable())
        .optional(),
});
function readActionMetadata(actionYml) {
    return actionMetadata.parse((0,dist/* parse */.qg)((0,external_node_fs_.readFileSync)(actionYml, 'utf8')));
}
const ACTION_OPTIONS = `Options:
  --repo owner/name        the repository to act on (required)
  --input name=value       one of the inputs below (repeatable)
  --apply                  write for real (the default is a dry run: the plan and its cost only)
  --event name             the event to simulate (default workflow_dispatch)
  --payload file.json      the event payload
  --ref ref                GITHUB_REF (default refs/heads/main)
  --sha sha                GITHUB_SHA
  --api-url url            the API base (default GITHUB_API_URL or https://api.github.com)
  --workspace dir          GITHUB_WORKSPACE (default the current directory)
  --summary file.md        write the Markdown job summary there (default: appended to GITHUB_STEP_SUMMARY when set)
  --no-cache               keep nothing: no ETag cache or job memory from earlier runs, none left after (repo-actions cache)
  --verbose                show debug lines
  -h, --help               this help`;
/** Inputs the command line sets itself: listing them as `--input` would only invite a conflict. */
const SET_BY_THE_COMMAND_LINE = new Set(['dry-run']);
function wrap(text, width, indent) {
    const lines = [];
    let line = '';
    for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
        if (line && line.length + 1 + word.length > width) {
            lines.push(line);
            line = word;
        }
        else
            line = line ? `${line} ${word}` : word;
    }
    if (line)
        lines.push(line);
    return lines.join(`\n${indent}`);
}
function defaultText(value) {
    if (value === undefined || value === null || value === '')
        return '';
    const text = (0,words/* valueText */.Ru)(value);
    // In Actions the token defaults to the workflow's; here it comes from the environment.
    if (/^\$\{\{\s*github\.token\s*\}\}$/.test(text))
        return ' (default: GITHUB_TOKEN or GH_TOKEN)';
    return ` (default: ${text})`;
}
function actionHelp(action, meta) {
    const inputs = Object.entries(meta.inputs ?? {}).filter(([name]) => !SET_BY_THE_COMMAND_LINE.has(name));
    const indent = '    ';
    const described = inputs.map(([name, spec]) => {
        const required = spec?.required ? ' (required)' : '';
        const text = `${spec?.description ?? ''}${required}${defaultText(spec?.default)}`;
        return `  ${name}\n${indent}${wrap(text, 110, indent)}`;
    });
    return [
        `Usage: repo-actions ${action} --repo owner/name [--input name=value]... [--apply]`,
        '',
        meta.description ? wrap(meta.description, 114, '') : `Runs ${action}.`,
        'Nothing is written unless --apply is given. The token comes from GITHUB_TOKEN or GH_TOKEN.',
        '',
        ACTION_OPTIONS,
        '',
        `Inputs of ${action} (--input name=value; the input dry-run is not among them: every run is a dry run unless --apply is given):`,
        ...described,
    ].join('\n');
}

// EXTERNAL MODULE: ./src/hosts/cli/cache-dir.ts
var cache_dir = __webpack_require__(1598);
// EXTERNAL MODULE: ./src/hosts/cli/local-state.ts
var local_state = __webpack_require__(5705);
// EXTERNAL MODULE: ./src/github/client/index.ts
var client = __webpack_require__(9287);
;// CONCATENATED MODULE: ./src/hosts/cli/runner-env.ts
// The environment the Actions runner gives an action's process: INPUT_* (with action.yml's defaults),
// GITHUB_*, RUNNER_* and the file commands. Used by the command line to run an action's real bundle.







const actionSchema = schemas/* object */.Ikc({
    inputs: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* object */.Ikc({ default: schemas/* unknown */.L5J().optional(), required: schemas/* boolean */.zMY().optional() }).loose().nullable())
        .optional(),
});
/** The name of the environment variable the runner sets for an input (spaces → `_`, upper case; hyphens kept). */
function inputVariable(name) {
    return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}
/** action.yml's inputs with their defaults, `${{ github.token }}` resolved to the token. */
function actionDefaults(actionYml, token) {
    const meta = actionSchema.parse((0,dist/* parse */.qg)((0,external_node_fs_.readFileSync)(actionYml, 'utf8')));
    const out = {};
    for (const [name, spec] of Object.entries(meta.inputs ?? {})) {
        const value = spec?.default;
        if (value === undefined || value === null)
            continue;
        out[name] = (0,words/* valueText */.Ru)(value)
            .replace(/\$\{\{\s*github\.token\s*\}\}/g, token)
            .replace(/\$\{\{[^}]*\}\}/g, '');
    }
    return out;
}
function runnerEnvironment(o) {
    const declared = actionDefaults(o.actionYml, o.token);
    const unknown = Object.keys(o.inputs).filter((k) => !(k in declared) && !hasInput(o.actionYml, k));
    if (unknown.length)
        throw new Error(`unknown input ${unknown.map((k) => `"${k}"`).join(', ')}`);
    // mkdtemp creates the folder with mode 0700.
    const files = (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'repo-actions-step-'));
    const outputFile = (0,external_node_path_.join)(files, 'output');
    const summaryFile = (0,external_node_path_.join)(files, 'summary.md');
    const eventPath = (0,external_node_path_.join)(files, 'event.json');
    for (const f of [outputFile, summaryFile, (0,external_node_path_.join)(files, 'env'), (0,external_node_path_.join)(files, 'state'), (0,external_node_path_.join)(files, 'path')])
        (0,external_node_fs_.writeFileSync)(f, '', { mode: 0o600 });
    const [owner, name] = o.repository.split('/');
    const payload = { repository: { full_name: o.repository, name, owner: { login: owner } }, ...o.payload };
    (0,external_node_fs_.writeFileSync)(eventPath, JSON.stringify(payload), { mode: 0o600 });
    const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        GITHUB_ACTIONS: 'true',
        GITHUB_API_URL: o.apiUrl,
        GITHUB_SERVER_URL: o.serverUrl,
        GITHUB_GRAPHQL_URL: (0,client/* defaultGraphqlUrl */.sd)(o.apiUrl),
        GITHUB_REPOSITORY: o.repository,
        GITHUB_REPOSITORY_OWNER: owner,
        GITHUB_EVENT_NAME: o.eventName,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_WORKSPACE: o.workspace,
        GITHUB_REF: o.ref,
        GITHUB_REF_NAME: o.ref.replace(/^refs\/(heads|tags)\//, ''),
        GITHUB_REF_TYPE: o.ref.startsWith('refs/tags/') ? 'tag' : 'branch',
        GITHUB_SHA: o.sha,
        GITHUB_ACTOR: process.env.USER ?? 'local',
        GITHUB_RUN_ID: '1',
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_JOB: 'local',
        GITHUB_WORKFLOW: 'repo-actions command line',
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_ENV: (0,external_node_path_.join)(files, 'env'),
        GITHUB_STATE: (0,external_node_path_.join)(files, 'state'),
        GITHUB_PATH: (0,external_node_path_.join)(files, 'path'),
        RUNNER_TEMP: o.runnerTemp,
        RUNNER_OS: process.platform === 'darwin' ? 'macOS' : process.platform === 'win32' ? 'Windows' : 'Linux',
    };
    for (const [k, v] of Object.entries({ ...declared, ...o.inputs }))
        env[inputVariable(k)] = v;
    return { env, outputFile, summaryFile, stepDir: files };
}
function hasInput(actionYml, name) {
    const meta = actionSchema.parse((0,dist/* parse */.qg)((0,external_node_fs_.readFileSync)(actionYml, 'utf8')));
    return Object.hasOwn(meta.inputs ?? {}, name);
}
/** GITHUB_OUTPUT's `name=value` and `name<<DELIMITER` forms. */
function parseOutputFile(text) {
    const out = {};
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
        const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
        if (heredoc) {
            const value = [];
            for (i++; i < lines.length && lines[i] !== heredoc[2]; i++)
                value.push(lines[i]);
            out[heredoc[1]] = value.join('\n');
        }
        else if (lines[i].includes('=')) {
            const at = lines[i].indexOf('=');
            out[lines[i].slice(0, at)] = lines[i].slice(at + 1);
        }
    }
    return out;
}

// EXTERNAL MODULE: ./src/hosts/cli/terminal.ts
var terminal = __webpack_require__(5344);
;// CONCATENATED MODULE: ./src/hosts/cli/summary-text.ts
// The job summary (GitHub-flavoured Markdown written to GITHUB_STEP_SUMMARY) as terminal text: headings as bold
// lines, tables as aligned columns, the escapes the summary needed removed, Mermaid charts left out. Line by line, no regular expression
// that can backtrack: the summary quotes names from issues and label files.

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** Removes Markdown's backslash escapes and the HTML entities and tags the summary uses. */
function plainText(markdown) {
    return markdown
        .replace(/<br\s*\/?>/gi, ' ⏎ ')
        .replace(/<\/?(details|summary|b|strong|i|em|code|p|div|span)>/gi, '')
        .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
        .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1');
}
/** The cells of a table row `| a | b \| c |`, split on unescaped pipes only. */
function tableCells(line) {
    const body = line.trim().replace(/^\|/, '');
    const cells = [];
    let cell = '';
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c === '\\' && i + 1 < body.length) {
            cell += c + body[i + 1];
            i++;
        }
        else if (c === '|') {
            cells.push(cell.trim());
            cell = '';
        }
        else
            cell += c;
    }
    if (cell.trim())
        cells.push(cell.trim());
    return cells.map(plainText);
}
function isSeparator(line) {
    const parts = line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');
    return parts.every((p) => /^:?-{3,}:?$/.test(p.trim()));
}
const isRow = (line) => line.trim().startsWith('|');
function renderTable(rows) {
    const columns = Math.max(...rows.map((r) => r.length));
    const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
    return rows.map((r) => widths
        .map((w, i) => (r[i] ?? '') + ' '.repeat(w - [...(r[i] ?? '')].length))
        .join('  ')
        .trimEnd());
}
/** The whole summary as text; empty when the summary is empty. */
function summaryAsText(markdown, style) {
    const lines = (0,terminal/* terminalText */.eR)(markdown.replace(/\r\n?/g, '\n')).split('\n');
    const out = [];
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        // A Mermaid chart is a picture for GitHub's page; the tables below it say the same in text.
        if (line.trim() === '```mermaid') {
            while (i + 1 < lines.length && lines[i + 1].trim() !== '```')
                i++;
            i++;
            continue;
        }
        if (isRow(line) && i + 1 < lines.length && isSeparator(lines[i + 1])) {
            const rows = [tableCells(line)];
            for (i += 2; i < lines.length && isRow(lines[i]); i++)
                rows.push(tableCells(lines[i]));
            i--;
            const hasHeader = rows[0].some((c) => c !== '');
            const rendered = renderTable(hasHeader ? rows : rows.slice(1));
            out.push(...(hasHeader ? [style.bold(rendered[0]), ...rendered.slice(1)] : rendered).map((r) => `  ${r}`));
            continue;
        }
        const heading = /^(#{1,6}) +(.*)$/.exec(line);
        if (heading) {
            if (out.length && out[out.length - 1] !== '')
                out.push('');
            out.push(style.bold(plainText(heading[2].trim())));
            continue;
        }
        if (/^\s*<\/?details>\s*$/i.test(line))
            continue;
        const item = /^(\s*)[-*] +(.*)$/.exec(line);
        out.push(item ? `${item[1]}  • ${plainText(item[2])}` : plainText(line));
    }
    while (out.length && out[out.length - 1].trim() === '')
        out.pop();
    while (out.length && out[0].trim() === '')
        out.shift();
    return out.filter((l, i) => !(l === '' && out[i - 1] === '')).join('\n');
}

// EXTERNAL MODULE: ./src/hosts/cli/usage-error.ts
var usage_error = __webpack_require__(2494);
;// CONCATENATED MODULE: ./src/hosts/cli/action-command.ts
// `repo-actions <action> …`: runs the action's real bundle as the Actions runner would (INPUT_*, GITHUB_*, the file
// commands), as a dry run unless --apply. The bundle's workflow commands are shown as readable lines, the token
// never; the outputs and the job summary are printed as text at the end, every line through `terminalText` (no
// control character from a file name or an issue reaches the terminal). The step's files are removed after the
// run, also when it is interrupted (SIGINT, SIGTERM, SIGHUP: the signal goes on to the action, then the folder goes
// and the command exits as the signal would have it). What is kept between runs (the ETag cache, triage's job
// memory) is the entry of the API origin and repository in the user's private cache directory (`local-state.ts`);
// with --no-cache the run gets a fresh folder, removed afterwards. The Markdown summary goes where the user asks:
// `--summary FILE` (written anew), else the caller's GITHUB_STEP_SUMMARY (appended to, as the runner does).
















const OPTIONS = {
    repo: { type: 'string' },
    input: { type: 'string', multiple: true, default: [] },
    apply: { type: 'boolean', default: false },
    event: { type: 'string', default: 'workflow_dispatch' },
    payload: { type: 'string' },
    ref: { type: 'string', default: 'refs/heads/main' },
    sha: { type: 'string', default: '' },
    'api-url': { type: 'string' },
    workspace: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
    summary: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
};
function parseInputs(pairs) {
    const out = {};
    for (const pair of pairs) {
        const at = pair.indexOf('=');
        if (at <= 0)
            throw new usage_error/* UsageError */.e(`--input takes name=value, got "${pair}"`);
        out[pair.slice(0, at)] = pair.slice(at + 1);
    }
    return out;
}
function readPayload(file) {
    let text;
    try {
        text = (0,external_node_fs_.readFileSync)(file, 'utf8');
    }
    catch (err) {
        throw new usage_error/* UsageError */.e(`--payload ${file}: cannot read it (${err.code ?? 'error'})`);
    }
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (err) {
        throw new usage_error/* UsageError */.e(`--payload ${file}: not valid JSON (${err.message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new usage_error/* UsageError */.e(`--payload ${file}: must hold a JSON object (an event payload)`);
    return value;
}
function mask(text, token) {
    return token.length >= 4 ? text.split(token).join('***') : text;
}
function parseOptions(action, argv) {
    try {
        return (0,external_node_util_.parseArgs)({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
    }
    catch (err) {
        throw new usage_error/* UsageError */.e(`${err.message}; see repo-actions ${action} --help`);
    }
}
async function runActionCommand(root, action, argv) {
    const values = parseOptions(action, argv);
    const actionYml = (0,external_node_path_.join)(root, (0,actions/* actionPaths */.rt)(action).actionYml);
    const out = new terminal/* QuietPipe */.Pm();
    if (values.help) {
        out.write(`${actionHelp(action, readActionMetadata(actionYml))}\n`);
        return 0;
    }
    if (values.repo === undefined)
        throw new usage_error/* UsageError */.e(`--repo owner/name is required; see repo-actions ${action} --help`);
    const problem = (0,names/* repositoryNameProblem */.LB)(values.repo);
    if (problem)
        throw new usage_error/* UsageError */.e(`--repo ${problem}`);
    const token = process.env.GITHUB_TOKEN || process.env.GH_TOKEN || '';
    if (!token)
        throw new usage_error/* UsageError */.e('set GITHUB_TOKEN or GH_TOKEN');
    const bundle = (0,external_node_path_.join)(root, (0,actions/* actionPaths */.rt)(action).bundle);
    if (!(0,external_node_fs_.existsSync)(bundle))
        throw new usage_error/* UsageError */.e(`no bundle ${bundle}: run npm run build`);
    const apiUrl = (values['api-url'] ?? process.env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
    const inputs = parseInputs(values.input);
    if ('dry-run' in inputs)
        throw new usage_error/* UsageError */.e('dry-run is set by --apply (absent: a dry run); drop --input dry-run');
    inputs['dry-run'] = values.apply ? 'false' : 'true';
    const payload = values.payload ? readPayload(values.payload) : {};
    const cache = values['no-cache']
        ? (0,external_node_fs_.mkdtempSync)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'repo-actions-no-cache-'))
        : (0,local_state/* openEntry */.vW)((0,cache_dir/* preparePrivateDirectory */.I0)((0,cache_dir/* cacheDirectory */.o3)(process.env)), apiUrl, values.repo);
    const summaryTarget = values.summary ?? (process.env.GITHUB_STEP_SUMMARY || undefined);
    const cleanup = [];
    let runner;
    try {
        if (values['no-cache'])
            cleanup.push(cache);
        runner = runnerEnvironment({
            actionYml,
            inputs,
            token,
            repository: values.repo,
            apiUrl,
            serverUrl: webUrlOf(apiUrl),
            eventName: values.event,
            payload,
            workspace: (0,external_node_path_.resolve)(values.workspace ?? process.cwd()),
            ref: values.ref,
            sha: values.sha,
            runnerTemp: cache,
        });
    }
    catch (err) {
        for (const folder of cleanup)
            (0,external_node_fs_.rmSync)(folder, { recursive: true, force: true });
        throw new usage_error/* UsageError */.e(`${err.message}; see repo-actions ${action} --help`);
    }
    const { env, outputFile, summaryFile, stepDir } = runner;
    cleanup.push(stepDir);
    const interrupted = removeOnSignal(cleanup);
    try {
        if (process.env.REPO_ACTIONS_TIME_SCALE)
            env.REPO_ACTIONS_TIME_SCALE = process.env.REPO_ACTIONS_TIME_SCALE;
        if (values.verbose)
            env.RUNNER_DEBUG = '1';
        const style = (0,terminal/* styleFor */.j9)(process.stdout);
        out.write(style.bold(`${action} on ${values.repo}${values.apply ? '' : ' (dry run)'}\n`));
        const code = await runBundle(bundle, env, (line) => {
            const shown = (0,terminal/* renderLine */.ni)(line, style, values.verbose);
            if (shown !== undefined)
                out.write(`${mask(shown, token)}\n`);
        }, interrupted.track);
        const outputs = parseOutputFile((0,external_node_fs_.readFileSync)(outputFile, 'utf8'));
        if (Object.keys(outputs).length) {
            out.write(`\n${style.bold('Outputs')}\n`);
            const width = Math.max(...Object.keys(outputs).map((k) => k.length));
            for (const [k, v] of Object.entries(outputs)) {
                const value = values.verbose || v.length <= 200 ? v : `${v.slice(0, 200)}… (${v.length} characters; --verbose shows all)`;
                out.write(`  ${(0,terminal/* terminalText */.eR)(k).padEnd(width)}  ${mask((0,terminal/* terminalText */.eR)(value), token)}\n`);
            }
        }
        const markdown = (0,external_node_fs_.readFileSync)(summaryFile, 'utf8');
        if (summaryTarget !== undefined)
            keepSummary(summaryTarget, mask(markdown, token), values.summary !== undefined);
        const summary = summaryAsText(markdown, style);
        if (summary)
            out.write(`\n${style.bold('Job summary')}\n${mask(summary, token)}\n`);
        await out.flush();
        return code;
    }
    finally {
        interrupted.stop();
        for (const folder of cleanup)
            (0,external_node_fs_.rmSync)(folder, { recursive: true, force: true });
    }
}
/** The Markdown summary into the user's file: `--summary FILE` anew, GITHUB_STEP_SUMMARY appended to. */
function keepSummary(file, markdown, replace) {
    try {
        if (replace)
            (0,external_node_fs_.writeFileSync)(file, markdown, { mode: 0o600 });
        else
            (0,external_node_fs_.appendFileSync)(file, markdown, { mode: 0o600 });
    }
    catch (err) {
        process.stderr.write(`repo-actions: the job summary could not be written to ${(0,terminal/* terminalText */.eR)(file)} (${err.code ?? 'error'})\n`);
    }
}
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/**
 * While the action runs, a signal is passed on to it; once it has exited (or after 5 s, killed), `folders` are
 * removed and the command exits with 128 + the signal's number, as the shell reports a process the signal ended.
 */
function removeOnSignal(folders) {
    let child;
    const onSignal = (signal) => {
        const exit = () => {
            for (const folder of folders)
                (0,external_node_fs_.rmSync)(folder, { recursive: true, force: true });
            process.exit(128 + external_node_os_.constants.signals[signal]);
        };
        if (!child || child.exitCode !== null || child.signalCode !== null)
            return exit();
        child.once('close', exit);
        child.kill(signal);
        setTimeout(() => {
            child?.kill('SIGKILL');
            exit();
        }, 5_000).unref();
    };
    for (const s of SIGNALS)
        process.on(s, onSignal);
    return {
        track: (c) => {
            child = c;
        },
        stop: () => {
            for (const s of SIGNALS)
                process.off(s, onSignal);
        },
    };
}
/**
 * Runs the bundle with the runner's environment; each stdout line goes to `onLine`. The child inherits a umask of
 * 077, so every file it writes into the cache directory is private (0600, folders 0700).
 */
async function runBundle(bundle, env, onLine, onStart) {
    const previous = process.umask(0o077);
    try {
        const child = (0,external_node_child_process_.spawn)(process.execPath, [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        onStart(child);
        (0,external_node_readline_.createInterface)({ input: child.stdout }).on('line', onLine);
        (0,external_node_readline_.createInterface)({ input: child.stderr }).on('line', (line) => process.stderr.write(`${(0,terminal/* terminalText */.eR)(line)}\n`));
        return await new Promise((done) => {
            child.on('error', () => done(1));
            child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
        });
    }
    finally {
        process.umask(previous);
    }
}
/**
 * The web URL (`GITHUB_SERVER_URL`) of an API URL: github.com's for api.github.com; on GitHub Enterprise Cloud with
 * data residency the API is `https://api.SUBDOMAIN.ghe.com` and the web `https://SUBDOMAIN.ghe.com` (GitHub docs,
 * "Network details for GHE.com"); on GitHub Enterprise Server the API is `https://HOST/api/v3`, the web `https://HOST`.
 */
function webUrlOf(apiUrl) {
    const url = apiUrl.replace(/\/+$/, '');
    if (url === 'https://api.github.com')
        return 'https://github.com';
    const gheCom = /^https:\/\/api\.([a-z0-9-]+\.ghe\.com)$/i.exec(url);
    if (gheCom)
        return `https://${gheCom[1]}`;
    return url.replace(/\/api\/v3$/, '');
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
