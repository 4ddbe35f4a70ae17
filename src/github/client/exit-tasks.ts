// One `exit` listener for the whole process. A client with a cache directory saves its pacing history (the
// content-creating requests of the last minutes) when the process ends; each client used to add its own listener, so
// `serve --cache-dir` with 60 installation tokens held 60 listeners (Node warns after the 11th) and every evicted
// client stayed reachable from `process` forever. Now a client registers a task here and removes it when it is
// closed (the service's client pool closes the clients it evicts); the one listener runs what is left.

const tasks = new Set<() => void>();
let listening = false;

function runTasks(): void {
  for (const task of [...tasks]) {
    tasks.delete(task);
    try {
      task();
    } catch {
      // An exit task only saves what helps the next process; the others still run.
    }
  }
}

/** Runs `task` when the process exits, unless the returned function removed it before. */
export function atExit(task: () => void): () => void {
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
export function pendingExitTasks(): number {
  return tasks.size;
}
