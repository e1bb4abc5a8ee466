/**
 * The `yaml` package, loaded on first use: most contracts are read by the subset reader
 * (yaml-subset.ts) and need it only when a diagnostic asks for a position. Loading it costs
 * ~45 ms here, a third of a no-change run.
 */
import { createRequire } from 'node:module';

type YamlModule = typeof import('yaml');

let loaded: YamlModule | undefined;

export function yamlLib(): YamlModule {
  loaded ??= createRequire(import.meta.url)('yaml') as YamlModule;
  return loaded;
}
