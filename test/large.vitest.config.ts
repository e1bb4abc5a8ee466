/**
 * `npm run test:large`: suites over real descriptions too large for `npm test`'s budget
 * (test/**\/*.large.ts: GitHub's 1,200-operation description imported, generated, compiled under
 * both compilers and its quick start run). Extends test/vitest.config.ts; `include` is set again
 * after merging, as test/fuzz/vitest.config.ts explains.
 */
import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import base from './vitest.config.js';

const LARGE = ['test/**/*.large.ts'];

const merged: ViteUserConfig = mergeConfig(base, defineConfig({ test: { include: LARGE, testTimeout: 300_000 } }));

export default defineConfig({ ...merged, test: { ...merged.test, include: LARGE } });
