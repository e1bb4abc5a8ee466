/**
 * The contracts the tests read, in one place. A fixture is a folder `test/fixtures/<name>/` with a
 * `contract.yaml`: dropping one in puts it under every test that reads the corpus (goldens,
 * prettier's form, dist/ against TypeScript, schema parts, pieces, mocks). A diff rule's pair lives
 * in `test/diff/<rule-id>/`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES_DIR = 'test/fixtures';
const DIFF_DIR = 'test/diff';

/** Fixture name → contract file: the order APIs first, then every fixture folder by name. */
export const FIXTURES: Readonly<Record<string, string>> = Object.fromEntries([
  ['orders', 'contract/orders.yaml'],
  ...readdirSync(FIXTURES_DIR)
    .filter((name) => existsSync(join(FIXTURES_DIR, name, 'contract.yaml')))
    .sort()
    .map((name) => [name, join(FIXTURES_DIR, name, 'contract.yaml')]),
]);

/** The fixture contracts, orders first. */
export const FIXTURE_CONTRACTS: readonly string[] = Object.values(FIXTURES);

/** Every diff rule with a fixture pair. */
export const DIFF_RULES: readonly string[] = readdirSync(DIFF_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** The new side of every diff pair: dozens of small contracts, each exercising other corners of the format. */
export const DIFF_NEW: readonly string[] = DIFF_RULES.map((rule) => join(DIFF_DIR, rule, 'new.yaml'));

/** Both sides of every diff pair. */
export const DIFF_BOTH: readonly string[] = DIFF_RULES.flatMap((rule) => [join(DIFF_DIR, rule, 'old.yaml'), join(DIFF_DIR, rule, 'new.yaml')]);

/** A fixture's contract file by name; a missing fixture is a broken test, not an empty case. */
export function fixture(name: string): string {
  const file = FIXTURES[name];
  if (file === undefined) throw new Error(`no fixture ${name} (test/fixtures/${name}/contract.yaml)`);
  return file;
}
