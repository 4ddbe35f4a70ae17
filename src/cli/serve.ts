// `repo-actions serve`: the webhook receiver (issue 9). Placeholder until the receiver lands.
export async function serveCommand(_argv: string[]): Promise<number> {
  process.stderr.write('repo-actions serve: the webhook receiver is not built yet\n');
  return 2;
}
