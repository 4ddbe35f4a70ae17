#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 3109:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  G: () => (/* binding */ ACTION_NAMES),
  o$: () => (/* binding */ SERVICE_EVENTS),
  rt: () => (/* binding */ actionPaths),
  S8: () => (/* binding */ isActionName)
});

// UNUSED EXPORTS: ACTIONS

;// CONCATENATED MODULE: ./src/actions/actions.json
const actions_namespaceObject = /*#__PURE__*/JSON.parse('{"o":[{"name":"label-sync","serviceEvents":[]},{"name":"commit-files","serviceEvents":[]},{"name":"release","serviceEvents":[]},{"name":"triage","serviceEvents":["issues","issue_comment","pull_request"]}]}');
;// CONCATENATED MODULE: ./src/actions/index.ts
// The one list of the actions (ACTIONS). Everything that needs "every action" reads it: the build
// (scripts/build.mjs), the linter's layering (eslint.config.js), the command line, the tests (the GHES project,
// the bundle rebuild, the inputs and README checks), the demo and the service's event routing. A fifth action is
// one line of actions.json plus its own folders; test/unit/actions/registry.test.ts fails on any other list or scan
// of actions/.
//
// Why JSON under a typed module: the build and the lint configuration are plain Node ESM (.mjs/.js, no TypeScript
// loader), so they read actions.json with JSON.parse; TypeScript imports the same file here and checks its shape.
// This module imports no action code, so the command line can list the actions without loading them, and it is a
// leaf of the layering (only src/hosts/cli and src/hosts/service import it).

const ACTIONS = actions_namespaceObject.o;
const ACTION_NAMES = ACTIONS.map((a) => a.name);
function isActionName(name) {
    return ACTION_NAMES.includes(name);
}
function actionPaths(name) {
    const folder = `actions/${name}`;
    const source = `src/actions/${name}`;
    return {
        folder,
        actionYml: `${folder}/action.yml`,
        readme: `${folder}/README.md`,
        source,
        definition: `${source}/action.ts`,
        main: `${source}/main.ts`,
        inputs: `${source}/inputs.ts`,
        bundle: `dist/${name}/index.js`,
    };
}
/** The webhook events the service handles: those of every action it runs, each once. */
const SERVICE_EVENTS = [...new Set(ACTIONS.flatMap((a) => a.serviceEvents))];


/***/ }),

/***/ 5344:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Pm: () => (/* binding */ QuietPipe),
/* harmony export */   eR: () => (/* binding */ terminalText),
/* harmony export */   j9: () => (/* binding */ styleFor),
/* harmony export */   ni: () => (/* binding */ renderLine)
/* harmony export */ });
/* harmony import */ var _kernel_log_escape__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7715);
// Turns an action's workflow commands (`::error file=…::msg`, `::group::`, `::add-mask::`) into readable
// terminal lines; colours only on a TTY (and never with NO_COLOR). Every text the command line prints passes
// through `terminalText` first: C0 and C1 control characters (ESC, BEL, CSI, a lone carriage return…) from a file
// name, an issue or an API answer are shown as `\xNN` text, so none can retitle, clear or redraw the terminal;
// only the command line's own colours are escape sequences.

/** Text from anywhere, safe to print: controls shown as `\xNN` (tab and line feed kept). */
function terminalText(text) {
    return (0,_kernel_log_escape__WEBPACK_IMPORTED_MODULE_0__/* .visibleControls */ .xx)(text, '\t\n');
}
const plain = { red: (s) => s, yellow: (s) => s, cyan: (s) => s, bold: (s) => s, dim: (s) => s };
const ansi = (code, reset) => (s) => `\u001b[${code}m${s}\u001b[${reset}m`;
const coloured = {
    red: ansi(31, 39),
    yellow: ansi(33, 39),
    cyan: ansi(36, 39),
    bold: ansi(1, 22),
    dim: ansi(2, 22),
};
function styleFor(stream, env = process.env) {
    return stream.isTTY && !env.NO_COLOR && env.TERM !== 'dumb' ? coloured : plain;
}
const unescape = (s) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
/** One line of the action's stdout → what the terminal shows (undefined: nothing). */
function renderLine(line, style, verbose) {
    const m = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!m)
        return terminalText(line);
    const [, command, props = '', raw] = m;
    const text = terminalText(unescape(raw));
    const where = () => {
        const p = Object.fromEntries(props
            .split(',')
            .filter(Boolean)
            .map((kv) => [kv.slice(0, kv.indexOf('=')), terminalText(unescape(kv.slice(kv.indexOf('=') + 1)))]));
        return p.file ? ` (${p.file}${p.line ? `:${p.line}` : ''}${p.col ? `:${p.col}` : ''})` : '';
    };
    switch (command) {
        case 'error':
            return style.red(`error: ${text}${where()}`);
        case 'warning':
            return style.yellow(`warning: ${text}${where()}`);
        case 'notice':
            return style.cyan(`notice: ${text}${where()}`);
        case 'group':
            return style.bold(text);
        case 'debug':
            return verbose ? style.dim(text) : undefined;
        default:
            // add-mask, endgroup, save-state, set-output, stop-commands…: never shown.
            return undefined;
    }
}
/**
 * Writes to stdout until the reader goes away: when it is closed early (`repo-actions … | head`), the EPIPE ends the
 * output quietly instead of throwing, and later writes are dropped.
 */
class QuietPipe {
    stream;
    closed = false;
    constructor(stream = process.stdout) {
        this.stream = stream;
        stream.on('error', (err) => {
            if (err.code !== 'EPIPE')
                throw err;
            this.closed = true;
        });
    }
    get isClosed() {
        return this.closed;
    }
    write(text) {
        if (this.closed)
            return;
        this.stream.write(text);
    }
    /** Resolves once everything written so far has been handed to the reader (or the reader left). */
    flush() {
        if (this.closed || this.stream.writableLength === 0)
            return Promise.resolve();
        return new Promise((done) => this.stream.write('', () => done()));
    }
}


/***/ }),

/***/ 2494:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ UsageError)
/* harmony export */ });
// The error of a command called wrongly, in a module of its own: main.ts tells it apart (exit code 2) without
// loading any command's modules (they are imported only when their command runs, for a fast start).
/** A mistake in how the command was called: printed without a stack, exit code 2. */
class UsageError extends Error {
}


/***/ }),

/***/ 7715:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   bf: () => (/* binding */ breakLegacyCommands),
/* harmony export */   jI: () => (/* binding */ neutralizeLogText),
/* harmony export */   xx: () => (/* binding */ visibleControls)
/* harmony export */ });
/* unused harmony export beginsWorkflowCommand */
// Text from files, issues, comments, labels and configs, made safe for the runner's log protocol.
//
// How the Actions runner reads a step's stdout (actions/runner, src/Runner.Sdk/ProcessInvoker.cs and
// src/Runner.Common/ActionCommand.cs):
// - lines come from .NET `StreamReader.ReadLine`, which ends a line at `\n`, at `\r` and at `\r\n`;
// - a line is a command (`TryParseV2`) when, after `TrimStart()` (every Unicode white space, U+0085 included), it
//   starts with `::` — compared with the culture-sensitive `StartsWith(string)`, which under ICU skips characters
//   that collate as ignorable (controls, soft hyphen, zero-width and other format characters);
// - a line is also a command (the older `TryParse`) when it contains `##[` anywhere (`IndexOf`, also
//   culture-sensitive);
// - only the data and properties of a command are `%`-decoded; a plain line is shown as written.
//
// The scheme, per line of plain log text (`neutralizeLogText`):
// 1. controls become visible text first (`visibleControls`): no raw C0/C1 byte (ESC, BEL, a lone `\r`, NEL…)
//    reaches the log, so neither a terminal nor the collation can act on one;
// 2. the text is split where the runner splits it (`\r\n`, `\r`, `\n`) and joined with `\n`, so what a reader sees
//    line by line is exactly what the runner parses line by line;
// 3. a line whose first characters other than white space and ignorable characters are `:` `:` gets a leading
//    backslash; every `##[` (with ignorable characters allowed between) gets a backslash before its `[`.
// The backslash is a visible ASCII character that no comparison ignores and that neither command syntax allows
// where it is put, so a legitimate multi-line message stays readable while no line can begin a command, issue
// `::add-mask::` or `::stop-commands::`. `%` needs no encoding on a plain line (the runner decodes only command
// data). Annotation messages and properties are command data and properties: `@actions/core` encodes them
// (`escapeData`: `%`, `\r`, `\n`; `escapeProperty`: also `:` and `,`), so a literal `%0A` in a name stays literal
// text; `src/kernel/runner-log.ts` makes their controls visible first and a test checks the toolkit's encoding.
/** White space as .NET's `Char.IsWhiteSpace` sees it (JavaScript's `\s` plus NEL). */
const WHITE_SPACE = /^[\s\u0085]$/u;
/** Characters a culture-sensitive comparison may skip: format characters and default-ignorable code points. */
const IGNORABLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
/**
 * C0 and C1 controls, DEL, and the bidirectional controls (embeddings, overrides, isolates, and the LRM, RLM and
 * ALM marks): they reorder what is seen.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Ignorable (no ASCII character is, once controls are text). */
const ignorable = (c) => c.charCodeAt(0) >= 0x80 && IGNORABLE.test(c);
const skippable = (c) => c === ' ' || c === '\t' || WHITE_SPACE.test(c) || ignorable(c);
/**
 * C0 and C1 control characters (and DEL) as `\xNN` text, bidirectional controls as `\u{NNNN}`; the characters in
 * `keep` (by default tab and line feed) stay as they are. For any text shown to a person: a log, a terminal.
 */
function visibleControls(text, keep = '\t\n') {
    return text.replace(CONTROL, (c) => {
        if (keep.includes(c))
            return c;
        const code = c.charCodeAt(0);
        return code <= 0xff
            ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
            : `\\u{${code.toString(16).toUpperCase()}}`;
    });
}
/** True when the runner could read the line as a `::command::` (see the header). */
function beginsWorkflowCommand(line) {
    let colons = 0;
    for (const c of line) {
        if (c === ':') {
            if (++colons === 2)
                return true;
        }
        else if (!(colons === 0 ? skippable(c) : ignorable(c)))
            return false;
    }
    return false;
}
/** Puts a backslash before the `[` of every `##[` (ignorable characters between them count as nothing). */
function breakLegacyCommands(line) {
    if (!line.includes('[') || !line.includes('#'))
        return line;
    let out = '';
    let hashes = 0;
    for (const c of line) {
        if (c === '[' && hashes >= 2)
            out += '\\';
        out += c;
        if (c === '#')
            hashes++;
        else if (!ignorable(c))
            hashes = 0;
    }
    return out;
}
/** One line of plain log text that cannot be a workflow command. */
function neutralizeLine(line) {
    const guarded = breakLegacyCommands(line);
    return beginsWorkflowCommand(guarded) ? `\\${guarded}` : guarded;
}
/** Plain log text (possibly several lines) in which no line can be read as a workflow command. */
function neutralizeLogText(text) {
    return visibleControls(text, '\t\r\n')
        .split(/\r\n|\r|\n/)
        .map(neutralizeLine)
        .join('\n');
}


/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 9907:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("cluster");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 2250:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("dns");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 1943:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 4708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 1376:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 2987:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("perf_hooks");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 3480:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("querystring");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 7016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 8253:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util/types");

/***/ }),

/***/ 1493:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("v8");

/***/ }),

/***/ 3106:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __nccwpck_require__(3136);
// EXTERNAL MODULE: ./src/actions/index.ts + 1 modules
var actions = __nccwpck_require__(3109);
;// CONCATENATED MODULE: ./src/hosts/cli/node-version.ts
// The command line's own check of the Node version against package.json's `engines.node` (one source for both):
// the range is a lower bound `>=MAJOR[.MINOR[.PATCH]]`, as npm writes it for "this version or later".
/** The lower bound of a `>=x.y.z` range as three numbers, or undefined for any other form of range. */
function minimumOf(range) {
    const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
    if (!m)
        return undefined;
    return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}
function parts(version) {
    const [major = 0, minor = 0, patch = 0] = version
        .replace(/^v/, '')
        .split('.')
        .map((p) => parseInt(p, 10) || 0);
    return [major, minor, patch];
}
/** The error to print when `current` (e.g. process.versions.node) is older than the range allows. */
function nodeVersionProblem(range, current) {
    const minimum = minimumOf(range);
    if (!minimum)
        return undefined;
    const have = parts(current);
    for (let i = 0; i < 3; i++) {
        if (have[i] > minimum[i])
            return undefined;
        if (have[i] < minimum[i]) {
            const wanted = minimum.slice(0, minimum[2] ? 3 : minimum[1] ? 2 : 1).join('.');
            return `repo-actions needs Node ${wanted} or later (this is Node ${current}): install a newer Node, e.g. 24`;
        }
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/hosts/cli/terminal.ts
var terminal = __nccwpck_require__(5344);
// EXTERNAL MODULE: ./src/hosts/cli/usage-error.ts
var usage_error = __nccwpck_require__(2494);
;// CONCATENATED MODULE: ./src/hosts/cli/main.ts
// repo-actions: runs any action's real bundle outside Actions, dry-run by default, against GitHub (or the local
// emulator with --api-url), with a token from GITHUB_TOKEN or GH_TOKEN; and the webhook service's commands.
// Fast start: this module imports only what `--help` and `--version` need; each command's modules (the service's
// queue and PostgreSQL client, an action runner) are imported when that command runs (`import()`: the bundle keeps
// them in chunks beside dist/cli/index.js, loaded on demand).







/**
 * The repository (or installed package) root: the nearest folder above this module whose package.json has a
 * version (dist/cli/index.js is two levels down, beside a package.json that only says `"type": "module"`;
 * src/hosts/cli/main.ts is three).
 */
const ROOT = packageRoot((0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url)));
function packageRoot(from) {
    for (let dir = from;; dir = (0,external_node_path_.resolve)(dir, '..')) {
        const file = (0,external_node_path_.join)(dir, 'package.json');
        if ((0,external_node_fs_.existsSync)(file) && /"version"\s*:/.test((0,external_node_fs_.readFileSync)(file, 'utf8')))
            return dir;
        if ((0,external_node_path_.resolve)(dir, '..') === dir)
            throw new Error(`no package.json with a version above ${from}`);
    }
}
/** The service's commands. Each takes the arguments after its name and resolves to an exit code. */
const SERVICE_COMMANDS = {
    serve: async (argv) => (await Promise.all(/* import() */[__nccwpck_require__.e(597), __nccwpck_require__.e(618), __nccwpck_require__.e(172), __nccwpck_require__.e(815), __nccwpck_require__.e(909), __nccwpck_require__.e(918), __nccwpck_require__.e(425), __nccwpck_require__.e(320)]).then(__nccwpck_require__.bind(__nccwpck_require__, 4320))).serveCommand(argv),
    deliveries: async (argv) => (await Promise.all(/* import() */[__nccwpck_require__.e(597), __nccwpck_require__.e(172), __nccwpck_require__.e(425), __nccwpck_require__.e(665)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2416))).deliveriesCommand(argv),
    redeliver: async (argv) => (await Promise.all(/* import() */[__nccwpck_require__.e(597), __nccwpck_require__.e(618), __nccwpck_require__.e(918), __nccwpck_require__.e(560)]).then(__nccwpck_require__.bind(__nccwpck_require__, 8560))).redeliverCommand(argv),
    migrate: async (argv) => (await Promise.all(/* import() */[__nccwpck_require__.e(597), __nccwpck_require__.e(172), __nccwpck_require__.e(425), __nccwpck_require__.e(489)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2695))).migrateCommand(argv),
};
/** The package's version and Node range, read from its own package.json (checked by hand: no schema library loads). */
function packageMeta() {
    const meta = JSON.parse((0,external_node_fs_.readFileSync)((0,external_node_path_.join)(ROOT, 'package.json'), 'utf8'));
    const field = (o, key) => typeof o === 'object' && o !== null ? o[key] : undefined;
    const version = field(meta, 'version');
    if (typeof version !== 'string')
        throw new Error(`${(0,external_node_path_.join)(ROOT, 'package.json')} has no version`);
    const node = field(field(meta, 'engines'), 'node');
    return { version, engines: typeof node === 'string' ? { node } : undefined };
}
function version() {
    return packageMeta().version;
}
function usage() {
    return `Usage: repo-actions <action> --repo owner/name [--input name=value]... [--apply]
       repo-actions <command> [options]

Runs an action's real code outside GitHub Actions. Nothing is written unless --apply is given.
The token comes from GITHUB_TOKEN or GH_TOKEN and is never printed.

Actions (repo-actions <action> --help lists its inputs):
  ${actions/* ACTION_NAMES */.G.join(', ')}

Commands of the webhook service (repo-actions <command> --help):
  serve        receive GitHub webhook deliveries and run the triage rules
  deliveries   list the stored deliveries and their state; retry, cancel, pause and resume them
  migrate      apply the service's schema before a rollout (serve refuses a newer one)
  redeliver    ask GitHub to send again the deliveries that never got a 2xx (the App's delivery log)

Trying the actions locally (from a clone):
  emulator     start the local GitHub API emulator and print its URL, a token and commands to try

What the command line keeps between runs (ETags, triage's job memory; per API origin and repository, 6 hours):
  cache        list it; cache clear removes it (an action's --no-cache runs with none)

Options:
  -h, --help       this help
  -V, --version    the version`;
}
async function main(argv, out) {
    const [command, ...rest] = argv;
    if (!command) {
        process.stderr.write(`${usage()}\n`);
        return 2;
    }
    if (command === 'help' || command === '--help' || command === '-h') {
        out.write(`${usage()}\n`);
        return 0;
    }
    if (command === '--version' || command === '-V') {
        out.write(`${version()}\n`);
        return 0;
    }
    if (command === 'emulator')
        return (await __nccwpck_require__.e(/* import() */ 435).then(__nccwpck_require__.bind(__nccwpck_require__, 2435))).emulatorCommand(ROOT, rest);
    if (command === 'cache')
        return (await Promise.all(/* import() */[__nccwpck_require__.e(597), __nccwpck_require__.e(872)]).then(__nccwpck_require__.bind(__nccwpck_require__, 3872))).cacheCommand(rest);
    const service = SERVICE_COMMANDS[command];
    if (service)
        return service(rest);
    if (command.startsWith('-'))
        throw new usage_error/* UsageError */.e(`unknown option ${command}; see repo-actions --help`);
    if (!(0,actions/* isActionName */.S8)(command))
        throw new usage_error/* UsageError */.e(`unknown action or command "${command}" (actions: ${actions/* ACTION_NAMES */.G.join(', ')}; see --help)`);
    return (await Promise.all(/* import() */[__nccwpck_require__.e(597), __nccwpck_require__.e(618), __nccwpck_require__.e(815), __nccwpck_require__.e(918), __nccwpck_require__.e(911)]).then(__nccwpck_require__.bind(__nccwpck_require__, 911))).runActionCommand(ROOT, command, rest);
}
const out = new terminal/* QuietPipe */.Pm();
// The Node version package.json's `engines` asks for, checked before anything else runs.
const tooOld = nodeVersionProblem(packageMeta().engines?.node ?? '', process.versions.node);
if (tooOld) {
    process.stderr.write(`${tooOld}\n`);
    process.exit(1);
}
main(process.argv.slice(2), out).then(async (code) => {
    await out.flush();
    process.exit(code);
}, (err) => {
    process.stderr.write(`repo-actions: ${(0,terminal/* terminalText */.eR)(err instanceof Error ? err.message : String(err))}\n`);
    process.exit(err instanceof usage_error/* UsageError */.e ? 2 : 1);
});

