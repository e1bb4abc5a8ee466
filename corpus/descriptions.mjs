// The corpus's descriptions and the seeded order runs draw from (corpus/run.mjs, conformance/run.mjs).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every `.json` description under `api`, by its path relative to it, sorted. */
export function listDescriptions(api) {
  const out = [];
  (function walk(dir) {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.json')) out.push(relative(api, path));
    }
  })(api);
  return out.sort();
}

/** Mulberry32: the same order on every machine. */
export function seededShuffle(list, seed) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
