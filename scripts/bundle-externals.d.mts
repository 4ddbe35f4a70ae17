// Types of scripts/bundle-externals.mjs (plain JavaScript, run by the build without a TypeScript loader).

/** The part of ncc's webpack stats the check reads. */
export interface StatsModules {
  modules?: { identifier?: string; modules?: StatsModules['modules'] }[];
  chunks?: { modules?: StatsModules['modules'] }[];
}

export function packageOf(request: string): string;
export function externalsOf(stats: StatsModules): string[];
export function forbiddenExternals(
  stats: StatsModules,
  pkg: { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> },
): string[];
