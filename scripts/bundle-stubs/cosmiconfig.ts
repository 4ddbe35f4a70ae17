// Bundled in place of `cosmiconfig` (tsconfig.json `paths`, which ncc applies to every import it resolves, those of
// node_modules included). Its one user in the bundles is graphile-worker's `config.js`, which at import time searches
// from the working directory up to the home folder for a `graphile-worker` config file (`.graphile-workerrc*`,
// `graphile-worker.config.{js,cjs,mjs,ts}`, package.json's `graphile-worker` key), runs any JavaScript one it finds,
// and requires the TypeScript compiler (a dev dependency) for a `.ts` one. The service gives graphile-worker every
// option itself (src/hosts/service/worker-preset.ts), so nothing in a checkout or any folder above it may change the
// queue or crash a subcommand: here the search always finds nothing.

/** What graphile-worker calls: `cosmiconfigSync('graphile-worker').search()`, answered "no config file". */
export function cosmiconfigSync(_moduleName: string, _options?: unknown) {
  return {
    search: (_from?: string): null => null,
    load: (path: string): never => {
      throw new Error(`config files are not read by repo-actions (${path})`);
    },
    clearCaches: (): void => {},
  };
}

/** The asynchronous form, for completeness: no config file either. */
export function cosmiconfig(_moduleName: string, _options?: unknown) {
  const sync = cosmiconfigSync(_moduleName);
  return {
    search: async (_from?: string): Promise<null> => null,
    load: async (path: string): Promise<never> => sync.load(path),
    clearCaches: (): void => {},
  };
}
