/** `npm pack` of a package folder into `destination`, without lifecycle scripts (npm test built the tool already): the tarball's file name. */
import { execFileSync } from 'node:child_process';

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function packInto(dir: string, destination: string): string {
  return execFileSync(NPM, ['pack', '--ignore-scripts', '--silent', '--pack-destination', destination], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1) ?? '';
}
