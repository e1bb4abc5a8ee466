/**
 * `contractgen init [--contract <file>] [--package <name>] [--script] [--config]`: a commented
 * starter contract that validates and generates as written, to edit into the user's API; with
 * `--script`, the npm scripts that regenerate and check the package; with `--config`, a
 * contractgen.config.json naming it and its folder. Never overwrites: an existing contract or
 * config is refused (exit 1) and an existing script is left as it is.
 */
import { visibleText } from '../escape.js';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { count, InputError, packageOption, parseArgs, UsageError, type Io } from '../commands.js';
import { writeAtomic } from '../write.js';
import { CONFIG_FILES, findConfig } from '../config.js';
import { DEFAULT_CONTRACT_DIR, DEFAULT_OUT_DIR } from './defaults.js';

const DEFAULT_FILE = join(DEFAULT_CONTRACT_DIR, 'api.yaml');
const DEFAULT_PACKAGE = 'api-client';

export function initCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, ['contract', 'package', 'out'], ['script', 'config']);
  if (args.positional.length > 0) throw new UsageError(`unexpected argument '${args.positional[0] ?? ''}'`);
  const given = args.options.get('contract');
  const file = typeof given === 'string' ? given : DEFAULT_FILE;
  const packageName = packageOption(args) ?? DEFAULT_PACKAGE;
  const path = resolve(io.cwd, file);
  if (existsSync(path)) throw new InputError(`${file} exists; init writes a new contract only (name another with --contract <file>)`);
  const out = args.options.get('out');
  if (typeof out === 'string' && !args.options.has('config')) throw new UsageError('--out is written to the config file: give --config too');
  const config = args.options.has('config') ? configText(io, file, typeof out === 'string' ? out : DEFAULT_OUT_DIR) : undefined;
  const scripts = args.options.has('script') ? addScripts(io, config === undefined ? file : undefined) : undefined;
  writeAtomic(path, starterContract(packageName));
  io.out(`${visibleText(file)}: starter contract written (2 endpoints, 2 types, 1 host)`);
  if (config !== undefined) {
    writeAtomic(join(io.cwd, CONFIG_FILES[0]), config);
    io.out(`${CONFIG_FILES[0]}: written (add a contract there for each package)`);
  }
  if (scripts !== undefined) io.out(scripts);
  const contractOption = file === DEFAULT_FILE || config !== undefined ? '' : ` --contract ${file}`;
  io.out(`Next: edit it into your API, then run contractgen validate${contractOption} and contractgen generate${contractOption}.`);
  return 0;
}

/** contractgen.config.json naming the new contract and its folder; a config already there is refused. */
function configText(io: Io, file: string, out: string): string {
  const existing = findConfig(io.cwd);
  if (existing !== undefined) throw new InputError(`${existing} exists; add the contract to it by hand: { "contract": ${JSON.stringify(file)}, "out": ${JSON.stringify(out)} }`);
  // The schema gives editors completion and checks of the config's keys.
  return `${JSON.stringify({ $schema: './node_modules/contractgen/contract/config.schema.json', contracts: [{ contract: portable(io, file), out: portable(io, out) }] }, null, 2)}\n`;
}

/** Adds `generate` and `generate:check` to ./package.json's scripts (naming the contract unless the config does), keeping any the project has. */
function addScripts(io: Io, file: string | undefined): string {
  const manifest = join(io.cwd, 'package.json');
  let text: string;
  try {
    text = readFileSync(manifest, 'utf8');
  } catch {
    throw new InputError('--script: there is no package.json here to add the scripts to');
  }
  let pkg: { scripts?: Record<string, string> } & Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as typeof pkg;
  } catch (e) {
    throw new InputError(`--script: package.json is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const named = file === undefined ? portable(io, DEFAULT_FILE) : portable(io, file);
  const contract = named === portable(io, DEFAULT_FILE) ? '' : ` --contract ${named}`;
  const wanted: Record<string, string> = { generate: `contractgen generate${contract}`, 'generate:check': `contractgen generate${contract} --check` };
  const scripts = { ...(pkg.scripts ?? {}) };
  const added = Object.keys(wanted).filter((name) => scripts[name] === undefined);
  const kept = Object.keys(wanted).filter((name) => scripts[name] !== undefined && scripts[name] !== wanted[name]);
  for (const name of added) scripts[name] = wanted[name] ?? '';
  const indent = /^[{[]\n([ \t]+)/.exec(text)?.[1] ?? '  ';
  if (added.length > 0) writeAtomic(manifest, `${JSON.stringify({ ...pkg, scripts }, null, indent)}\n`);
  const parts = [`package.json: ${count(added.length, 'script')} added${added.length > 0 ? ` (${added.join(', ')})` : ''}`];
  if (kept.length > 0) parts.push(`kept the project's own ${kept.join(', ')}`);
  return parts.join('; ');
}

/** The starter: every section a real API needs, each commented, as small as it can be and still show them. */
export function starterContract(packageName: string): string {
  return `# A contractgen contract: the API your client package is generated from. Edit it into your API;
# \`contractgen validate\` checks it (file:line:col messages), \`contractgen generate\` writes the package.
# The format, key by key: docs/contract-format.md in the contractgen package.
contractgen: 1
info:
  title: Example API
  # The API's own version: any string.
  version: "1.0"
  # The generated package's npm name and its own version (semver; contractgen diff --bump raises it).
  package: ${JSON.stringify(packageName)}
  packageVersion: 0.1.0

# Values a client is configured with (here, the base address), used in host URLs as {name}.
servers:
  api_url: { description: "The API's base address, such as https://api.example.com." }

# Each host an endpoint can call, and the error bodies it answers with.
hosts:
  api:
    url: "{api_url}"
    errors:
      shapes: [error]
      # The codes the API documents; they become a typed union on decoded errors.
      codes:
        rows:
          - { status: 404, code: not_found, description: No item has this id. }
          - { status: 422, code: invalid_item, description: The item was refused. }

environments:
  production: { default: true }

# How each status is classified for callers (retryable or not).
categories:
  input: { description: The request was refused as invalid. }
  auth: { description: The key is missing or was refused. }
  not_found: { description: What the request names does not exist. }
  rate_limited: { retryable: true, description: Too many requests; try again later. }
  server: { description: The server failed. }
statusCategories:
  "401": auth
  "404": not_found
  "429": rate_limited
  4XX: input
  5XX: server

# An error body: how to recognise it and where its code and message are.
shapes:
  error:
    match: { present: [error.code] }
    read: { code: error.code, message: error.message }

# Credentials: here an API key in a header, given to the client as { auth: { apiKey: '...' } }.
auth:
  apiKey: { type: apiKey, in: header, name: X-Api-Key }

types:
  Item:
    kind: object
    fields:
      id: { type: string, required: true }
      name: { type: string, required: true }
      tags: { type: array, items: { type: string } }
  NewItem:
    kind: object
    fields:
      name: { type: string, required: true }
      tags: { type: array, items: { type: string } }

endpoints:
  getItem:
    summary: Read an item.
    method: GET
    path: /items/{id}
    host: api
    params:
      id: { in: path, type: string }
    responses:
      "200": { body: Item }
  createItem:
    summary: Create an item.
    method: POST
    path: /items
    host: api
    request:
      body: NewItem
    responses:
      "201": { body: Item }
`;
}

/** A path as config files and npm scripts hold it: relative to the project, with `/` on every platform. */
function portable(io: Io, path: string): string {
  return (relative(io.cwd, resolve(io.cwd, path)) || '.').split('\\').join('/');
}
