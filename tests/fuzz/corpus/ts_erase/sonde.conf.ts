// A TypeScript config: typed, with a type-only import of a package that is not installed
// (TypeScript drops it, and so must sonde), an interface, an enum and a typed onPrepare.
import type { Options } from '@wdio/types';
import { Stage, stageName } from './specs/lib/stage.js';

interface ApiRunnerOptions {
  headers: Record<string, string>;
}

const apiRunner: ApiRunnerOptions = { headers: { 'X-Config': 'typescript' } };

export const config: Options.Testrunner & { apiRunner: ApiRunnerOptions } = {
  runner: 'api',
  specs: ['./specs/**/*.spec.ts', './specs/**/*.spec.mts', './specs/**/*.spec.cts'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL as string,
  apiRunner,
  async onPrepare(this: Options.Testrunner, config: Options.Testrunner, capabilities: unknown[]): Promise<void> {
    console.log(`PREPARE ${stageName(Stage.Prepare)} ${typeof config.specs} ${capabilities.length}`);
  },
} satisfies Options.Testrunner;
