// The error of a command called wrongly, in a module of its own: main.ts tells it apart (exit code 2) without
// loading any command's modules (they are imported only when their command runs, for a fast start).

/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {}
