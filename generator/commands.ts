/** Command dispatch and argument parsing; each command lives in its own module. */
import { resolve } from 'node:path';
import { isPackageName } from './contract-format.js';
import { visibleText } from './escape.js';

export interface Io {
  out(line: string): void;
  err(line: string): void;
  readonly cwd: string;
}

/** What `contractgen <command> --help` prints; the overview lists each command's usage and summary. */
interface CommandHelp {
  readonly usage: string;
  readonly summary: string;
  readonly options: readonly (readonly [string, string])[];
  /** What the command's exit code 1 means, besides a contract that has errors. */
  readonly fails?: string;
}

const CONTRACT_OPTION = ['--contract <file>', 'the contract: a .yaml contract or an OpenAPI description (.json, .yaml); also accepted as the first argument. Default: the contracts of contractgen.config.json/.yaml, else the single contract in ./contract/'] as const;
const OVERLAY_OPTION = ['--overlay <file>', 'an OpenAPI Overlay 1.0 document to apply to the description before it is imported; repeat it to apply several, in order (docs/overlays.md). With a config file, each entry names its own (`overlays:`)'] as const;

export const COMMANDS = {
  init: {
    usage: 'contractgen init [--contract <file>] [--package <name>] [--script] [--config [--out <dir>]]',
    summary: 'write a commented starter contract that validates and generates as it is',
    options: [
      ['--contract <file>', 'where to write it (default: contract/api.yaml); an existing file is never overwritten'],
      ['--package <name>', 'the generated package\'s npm name (default: api-client)'],
      ['--script', 'also add "generate" and "generate:check" scripts to ./package.json (existing ones are kept)'],
      ['--config', 'also write contractgen.config.json naming the contract and its folder (for a repository of several contracts)'],
      ['--out <dir>', "with --config: the package's folder (default: generated)"],
    ],
    fails: 'the contract or config file exists, or --script finds no readable package.json',
  },
  validate: {
    usage: 'contractgen validate [--contract <file>] [--overlay <file>]... [--approximations]',
    summary: 'check a contract; prints file:line:col diagnostics',
    options: [CONTRACT_OPTION, OVERLAY_OPTION, ['--approximations', "for an OpenAPI description: print each part the imported contract holds only approximately, at the description's line:col (else only their count by cause)"]],
  },
  generate: {
    usage: 'contractgen generate [--contract <file>] [--out <dir>] [--overlay <file>]... [--package <name>] [--check] [--watch] [--no-openapi] [--no-mocks] [--no-validators]',
    summary: 'emit the typed client package',
    options: [
      CONTRACT_OPTION,
      OVERLAY_OPTION,
      ['--out <dir>', 'the package folder (default: ./generated, or each contract\'s `out` in the config file); created if missing, must not be a file; a symbolic link to it is resolved once (a note says where)'],
      ['--package <name>', "the package's npm name, whatever the contract's info.package or the description's title says (default: each contract's `package` in the config file)"],
      ['--check', 'write nothing; exit 1 when the folder does not match the contract (for CI)'],
      ['--watch', 'regenerate on every save of the contract, one line per run'],
      ['--no-openapi', "leave out the package's openapi.yaml, whatever the contract's outputs: say"],
      ['--no-mocks', "leave out the package's mocks entry, whatever the contract's outputs: say"],
      ['--no-validators', "leave out the package's validators entry, whatever the contract's outputs: say"],
    ],
    fails: 'the folder is stale (--check), holds files contractgen did not write, or would make it follow a symbolic link or leave the folder',
  },
  diff: {
    usage: 'contractgen diff <old> <new> | --base <git-ref> <file> [--overlay <file>]... [--package <name>] [--format text|markdown|json|github] [--fail-on breaking|warning|info] [--no-api] [--bump]',
    summary: 'review a contract change: what it breaks (--rules lists the classification rules)',
    options: [
      ['<old> <new>', 'the two contracts (or OpenAPI descriptions) to compare'],
      ['--base <git-ref>', "compare <file> with its version at a git ref (e.g. origin/main)"],
      ['--overlay <file>', "an OpenAPI Overlay 1.0 document applied to both descriptions before import (repeat it for several, in order); with --base, the old side takes each overlay as committed at <git-ref> (an overlay change is part of the change reviewed). Default: the config file's entry's `overlays`"],
      ['--package <name>', "the package's npm name on both sides, whatever each contract's info.package or description's title says (default: the `package` of the config file's entry for the file); only a real change of name is then reported"],
      ['--format <f>', 'text (default), markdown, json or github (workflow annotations)'],
      ['--fail-on <level>', 'exit 1 when a finding is at this level or worse: breaking, warning or info'],
      ['--no-api', "compare the contracts only, not the generated packages' public API (member by member, each change judged major or minor by what consumers do with the export)"],
      ['--bump', "raise the new contract's info.packageVersion by the bump the review recommends (never lowers it)"],
      ['--rules', 'list the classification rules and exit'],
    ],
    fails: 'a finding reached --fail-on, or --bump finds the new version below the old',
  },
  openapi: {
    usage: 'contractgen openapi [--contract <file>] [--out <file>]',
    summary: 'export the contract as an OpenAPI 3.1 YAML document (to stdout unless --out is given)',
    options: [CONTRACT_OPTION, ['--out <file>', 'write the document to this file instead of stdout']],
    fails: 'the file cannot be written',
  },
  import: {
    usage: 'contractgen import <description.json|.yaml> [--overlay <file>]... [--out <file>] [--package <name>]',
    summary: 'an OpenAPI 3.0/3.1 description as a contract (to stdout unless --out is given)',
    options: [
      ['<description>', 'the OpenAPI description to read (JSON or YAML, local $refs)'],
      ['--overlay <file>', 'an OpenAPI Overlay 1.0 document to apply to the description first; repeat it to apply several, in order (docs/overlays.md)'],
      ['--out <file>', 'write the contract to this file instead of stdout'],
      ['--package <name>', "the generated package's name (default: from the description's title)"],
    ],
    fails: 'the description cannot be read or imported, or the file cannot be written',
  },
} as const satisfies Record<string, CommandHelp>;

export type CommandName = keyof typeof COMMANDS;

const EXIT_CODES = 'Exit codes: 0 ok, 1 contract or input problems (including a missing or unreadable file), 2 usage errors.';

export const USAGE = [
  'contractgen — contract-first TypeScript client generator',
  '',
  'Usage:',
  ...Object.values(COMMANDS).flatMap((c: CommandHelp) => [`  ${c.usage}`, `      ${c.summary}`]),
  '  contractgen <command> --help',
  '  contractgen --help | --version',
  '',
  'With no file, commands use the contracts of contractgen.config.json (or .yaml), else the single contract in ./contract/.',
  EXIT_CODES,
].join('\n');

/** `contractgen <command> --help`. */
export function commandHelp(name: CommandName): string {
  const help: CommandHelp = COMMANDS[name];
  const width = Math.max(...help.options.map(([flag]) => flag.length));
  return [
    `contractgen ${name} — ${help.summary}`,
    '',
    `Usage: ${help.usage}`,
    '',
    'Options:',
    ...help.options.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`),
    `  ${'--help'.padEnd(width)}  this help`,
    '',
    help.fails === undefined ? EXIT_CODES : `${EXIT_CODES} 1 also when ${help.fails}.`,
  ].join('\n');
}

/** A wrong invocation: exit 2, with the usage. */
export class UsageError extends Error {}

/** A file or folder the command cannot use (missing, unreadable, a file where a folder is wanted): exit 1, no usage. */
export class InputError extends Error {}

/** `1 file`, `2 files`. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

export async function runCommand(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command !== undefined && command in COMMANDS && rest.some((a) => a === '--help' || a === '-h')) {
      io.out(commandHelp(command as CommandName));
      return 0;
    }
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(rest[0] !== undefined && rest[0] in COMMANDS ? commandHelp(rest[0] as CommandName) : USAGE);
        return command === undefined ? 2 : 0;
      case '--version':
      case '-v': {
        const { toolVersion } = await import('./package-root.js');
        io.out(toolVersion());
        return 0;
      }
      case 'init': {
        const { initCommand } = await import('./commands/init.js');
        return initCommand(rest, io);
      }
      // Commands load on demand: `generate`'s no-op path must not pay for yaml, ajv or the model.
      case 'validate': {
        const { validateCommand } = await import('./commands/validate.js');
        return await validateCommand(rest, io);
      }
      case 'generate': {
        const { generateCommand } = await import('./commands/generate.js');
        return await generateCommand(rest, io);
      }
      case 'diff': {
        const { diffCommand } = await import('./commands/diff.js');
        return await diffCommand(rest, io);
      }
      case 'openapi': {
        const { openapiCommand } = await import('./commands/openapi.js');
        return await openapiCommand(rest, io);
      }
      case 'import': {
        const { importCommand } = await import('./commands/import.js');
        return importCommand(rest, io);
      }
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (e) {
    if (e instanceof InputError) {
      io.err(`contractgen: ${visibleText(e.message)}`);
      return 1;
    }
    if (!(e instanceof UsageError)) throw e;
    const help = command !== undefined && command in COMMANDS ? commandHelp(command as CommandName) : USAGE;
    io.err(`contractgen: ${visibleText(e.message)}\n\n${help}`);
    return 2;
  }
}

/** `--package <name>`, when given: an npm package name, else a usage error. */
export function packageOption(args: ParsedArgs): string | undefined {
  const name = args.options.get('package');
  if (typeof name !== 'string') return undefined;
  if (!isPackageName(name)) throw new UsageError(`--package '${name}' is not a valid npm package name`);
  return name;
}

/** The contract a command reads: `--contract <file>` or the first argument (not both), else the default. */
export async function contractArgument(args: ParsedArgs, cwd: string, defaultFile: (cwd: string) => Promise<string>): Promise<string> {
  const option = args.options.get('contract');
  const [first, extra] = args.positional;
  if (typeof option === 'string' && first !== undefined) throw new UsageError(`the contract is named twice ('${first}' and --contract ${option})`);
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  return typeof option === 'string' ? option : (first ?? (await defaultFile(cwd)));
}

export interface ParsedArgs {
  readonly positional: string[];
  readonly options: Map<string, string | true>;
  /** The values of options that may be given more than once (`--overlay a --overlay b`), in order. */
  readonly lists: ReadonlyMap<string, readonly string[]>;
}

/** Strict flag parsing: an unknown flag is a usage error, never ignored. `repeated` options keep every value. */
export function parseArgs(argv: readonly string[], valued: readonly string[], flags: readonly string[], repeated: readonly string[] = []): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (valued.includes(name) || repeated.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      if (repeated.includes(name)) lists.set(name, [...(lists.get(name) ?? []), value]);
      else options.set(name, value);
    } else if (flags.includes(name) && inline === undefined) {
      options.set(name, true);
    } else {
      throw new UsageError(`unknown option '${arg}'`);
    }
  }
  return { positional, options, lists };
}

/** `--overlay` files as given, each read from the working directory and named as written. */
export function overlayArguments(args: ParsedArgs, cwd: string): { readonly path: string; readonly file: string }[] {
  return (args.lists.get('overlay') ?? []).map((file) => ({ path: resolve(cwd, file), file }));
}
