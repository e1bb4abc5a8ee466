/**
 * The `yaml` package, loaded on first use: most contracts are read by the subset reader
 * (yaml-subset.ts) and need it only when a diagnostic asks for a position. Loading it costs
 * ~45 ms here, a third of a no-change run.
 */
import { createRequire } from 'node:module';

type YamlModule = typeof import('yaml');

let loaded: YamlModule | undefined;

/**
 * How every yaml parse here runs: strict, errors unprettified (diagnostics format them), and
 * repeated keys left to parse.ts's linear check (yaml's own is quadratic).
 */
export const YAML_PARSE_OPTIONS = { uniqueKeys: false, prettyErrors: false, strict: true } as const;

export function yamlLib(): YamlModule {
  loaded ??= createRequire(import.meta.url)('yaml') as YamlModule;
  return loaded;
}
