// `npm run emulator [-- --port N] [--scenario file.yml] [--checkout dir] [--strict-secondary] [--quiet]` (also `repo-actions emulator` in
// a clone): the local GitHub API emulator for trying the actions by hand, with git's smart HTTP beside it. Prints its
// URL, its tokens and the commands to try, one line per request, and stays up until Ctrl-C (SIGINT) or SIGTERM.
import { parseArgs } from 'node:util';
import { plural } from '../src/kernel/words';
import { launchEmulator } from './emulator/launch';
import { DEFAULT_PORT } from './emulator/try-commands';

const USAGE = `Usage: npm run emulator -- [--port N] [--scenario file] [--checkout dir] [--strict-secondary] [--quiet]

Starts the local GitHub API emulator on 127.0.0.1 and keeps it up until Ctrl-C.
  --port N           the API's port (default ${DEFAULT_PORT}; 0 picks a free one); git's smart HTTP is on N + 1
  --checkout dir     also git clone the (first) repository into dir, as actions/checkout would
  --scenario file    a JSON or YAML scenario (emulator/types.ts, Scenario); default: the sample repository
  --strict-secondary refuse, per identity, a write while another is in flight, writes closer than 1 s past a
                     burst of 5, and more than 60 writes a minute (emulator/types.ts, strictSecondary)
  --quiet            no line per request`;

/** A request line without control characters (a client may send any bytes in a path). */
function visible(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? `\\x${code.toString(16).padStart(2, '0')}` : ch;
  }
  return out;
}

async function main(): Promise<number> {
  let values;
  try {
    values = parseArgs({
      options: {
        port: { type: 'string' },
        scenario: { type: 'string' },
        checkout: { type: 'string' },
        'strict-secondary': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port takes a number from 0 to 65535, got "${values.port}"\n`);
    return 2;
  }
  let launched;
  try {
    launched = await launchEmulator({
      port,
      scenarioFile: values.scenario,
      checkout: values.checkout,
      strictSecondary: values['strict-secondary'],
    });
  } catch (err) {
    process.stderr.write(`emulator: ${(err as Error).message}\n`);
    return 1;
  }
  const { emulator, git, banner } = launched;
  const listed = values.quiet ? '' : 'Requests are listed below as they arrive. ';
  banner.push('', `${listed}Ctrl-C stops the emulator (its state is not kept).`);
  process.stdout.write(`${banner.join('\n')}\n`);
  if (!values.quiet)
    emulator.log.subscribe((e) => {
      const query = e.query ? `?${e.query}` : '';
      const host = e.host === 'uploads' ? 'uploads ' : '';
      process.stdout.write(`${e.status} ${e.method} ${host}${visible(e.path + query)}\n`);
    });
  // `on`, not `once`: a second signal (Ctrl-C reaches both `repo-actions emulator` and this process, which passes
  // it on) must not kill the process before the emulator is closed.
  await new Promise<void>((resolve) => {
    process.on('SIGINT', () => resolve());
    process.on('SIGTERM', () => resolve());
  });
  await git.close();
  await emulator.close();
  const s = emulator.log.summary();
  process.stdout.write(`\nStopped after ${plural(s.total, 'request')}.\n`);
  return 0;
}

process.exitCode = await main();
