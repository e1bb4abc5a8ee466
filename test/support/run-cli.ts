/** The CLI run in process, as a user's shell would run it in `cwd`: its exit code and what it printed, line by line. */
import { main } from '../../generator/cli.js';

export async function runCli(argv: readonly string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
