export const id = 435;
export const ids = [435];
export const modules = {

/***/ 2435:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EMULATOR_HELP: () => (/* binding */ EMULATOR_HELP),
/* harmony export */   emulatorCommand: () => (/* binding */ emulatorCommand),
/* harmony export */   emulatorLaunch: () => (/* binding */ emulatorLaunch)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_3__);
// `repo-actions emulator [--port N] [--scenario file] [--checkout dir] [--strict-secondary] [--quiet]`: starts the local GitHub API emulator
// (scripts/emulator.ts, `npm run emulator`) where the command line runs from a clone. The emulator is test code
// (TypeScript run by tsx, a devDependency) and is not in the package a release attaches: there, the command says
// how to get it.




const EMULATOR_HELP = `Usage: repo-actions emulator [--port N] [--scenario file] [--checkout dir] [--strict-secondary] [--quiet]

Starts the local GitHub API emulator (the one the tests use) on 127.0.0.1 until Ctrl-C, and prints its URL, its
tokens and commands to try each action against it. Git's smart HTTP serves each repository on the next port
(git clone, then commit-files from the clone); --checkout dir clones the first one there. --strict-secondary turns
on the strict secondary limits (per identity: one write in flight, writes 1 s apart past a burst of 5, 60 a
minute). Needs a clone with its dev dependencies (npm ci); the same as npm run emulator.`;
const FROM_A_CLONE = 'the emulator comes with a clone of the repository, not with the installed package: ' +
    'git clone https://github.com/repo-actions/repo-actions && cd repo-actions && npm ci && npm run emulator';
/** The script and the TypeScript loader, or why the emulator cannot start from this installation. */
function emulatorLaunch(root) {
    const script = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(root, 'scripts', 'emulator.ts');
    const loader = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(root, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(script))
        return { problem: FROM_A_CLONE };
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(loader))
        return { problem: `run npm ci in ${root} first (the emulator needs its dev dependencies)` };
    return { script, loader };
}
async function emulatorCommand(root, argv) {
    if (argv.includes('--help') || argv.includes('-h')) {
        process.stdout.write(`${EMULATOR_HELP}\n`);
        return 0;
    }
    const launch = emulatorLaunch(root);
    if ('problem' in launch) {
        process.stderr.write(`repo-actions emulator: ${launch.problem}\n`);
        return 1;
    }
    const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)(process.execPath, ['--import', (0,node_url__WEBPACK_IMPORTED_MODULE_3__.pathToFileURL)(launch.loader).href, launch.script, ...argv], {
        cwd: root,
        stdio: 'inherit',
    });
    // Ctrl-C reaches the child from the terminal; a SIGTERM sent to this process is passed on. Either way this
    // process waits for the emulator to close and returns its exit code.
    const forward = (signal) => () => child.kill(signal);
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    try {
        return await new Promise((done) => {
            child.on('error', () => done(1));
            child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
        });
    }
    finally {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
    }
}


/***/ })

};
