import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/**/*.test.ts', 'templates/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'generated/**', 'test/consumer/**', 'test/.tmp/**'],
    pool: 'forks',
    // Both cores: vitest's default leaves one idle on a 2-core machine, and most files wait on
    // child processes (tsc, npm, servers) rather than compute.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
