/** Command dispatch and argument parsing; each command lives in its own module. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  readonly cwd: string;
}

export const USAGE = `contractgen — contract-first TypeScript client generator

Usage:
  contractgen validate [file]                 check a contract; prints file:line:col diagnostics
  contractgen generate [--contract <file>] [--out <dir>] [--check] [--watch]
        [--no-openapi] [--no-mocks]           emit the typed client package
  contractgen diff <old> <new> | --base <git-ref> <file>
        [--format text|markdown|json|github] [--fail-on breaking|warning|info] [--no-api]
                                              review a contract change: what it breaks
  contractgen diff --rules                    list the classification rules
  contractgen openapi [--contract <file>] [--out <file>]
                                              export the contract as an OpenAPI 3.1 YAML document
                                              (to stdout unless --out is given)
  contractgen import <description.json|.yaml> [--out <file>] [--package <name>]
                                              an OpenAPI 3.0/3.1 description as a contract
                                              (to stdout unless --out is given)
  contractgen --help | --version

With no file, commands use the single contract in ./contract/.
Exit codes: 0 ok, 1 contract or user errors, 2 usage errors.`;

export class UsageError extends Error {}

export async function runCommand(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      case '--version':
      case '-v': {
        const { toolVersion } = await import('./package-root.js');
        io.out(toolVersion());
        return 0;
      }
      // Commands load on demand: `generate`'s no-op path must not pay for yaml, ajv or the model.
      case 'validate': {
        const { validateCommand } = await import('./commands/validate.js');
        return validateCommand(rest, io);
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
        return openapiCommand(rest, io);
      }
      case 'import': {
        const { importCommand } = await import('./commands/import.js');
        return importCommand(rest, io);
      }
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`contractgen: ${e.message}\n\n${USAGE}`);
    return 2;
  }
}

export interface ParsedArgs {
  readonly positional: string[];
  readonly options: Map<string, string | true>;
}

/** Strict flag parsing: an unknown flag is a usage error, never ignored. */
export function parseArgs(argv: readonly string[], valued: readonly string[], flags: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (valued.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    } else if (flags.includes(name) && inline === undefined) {
      options.set(name, true);
    } else {
      throw new UsageError(`unknown option '${arg}'`);
    }
  }
  return { positional, options };
}
