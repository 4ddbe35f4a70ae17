// Loaded with `node --import` by the runner when measuring memory: writes the peak RSS (KiB) at exit.
// On Linux it reads VmHWM from /proc/self/status: getrusage's maxRSS carries over the high-water mark of the
// forked parent (Linux keeps it across exec), so a big parent would inflate every child's number.
import { readFileSync, writeFileSync } from 'node:fs';

function peakKb() {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}

const file = process.env.REPO_ACTIONS_MAXRSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(peakKb())));
