/** Compiler settings used to build `dist/` and by consumers who compile `src/` themselves. */
export const PACKAGE_COMPILER_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: false,
  declaration: true,
  isolatedModules: true,
  skipLibCheck: false,
  rootDir: 'src',
  outDir: 'dist',
  types: [] as string[],
};
