import type { Options } from 'wdio-api-runner';

export const config: Options = {
  runner: 'api',
  framework: 'jasmine',
  specs: ['./specs/**/*.spec.ts'],
  baseUrl: process.env.API_BASE_URL,
  jasmineOpts: { defaultTimeoutInterval: 10000, random: false, helpers: ['./helpers/**/*.ts'] },
  reporters: ['spec'],
};
