import type { BuildOptions } from 'esbuild';

declare function serverlessEsbuildOptions(): Record<string, unknown>;
declare namespace serverlessEsbuildOptions {
  const buildOptions: Readonly<BuildOptions>;
}
export = serverlessEsbuildOptions;
