// The Gherkin example (../features/users.feature) with step definitions in TypeScript.
// Run it with
//   sonde run examples/typescript/cucumber.conf.ts
// (`make demo` runs it after the TypeScript mocha suite).
import type { Options } from 'sonde';

export const config: Options = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['../features/**/*.feature'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL || 'http://127.0.0.1:8080',
  cucumberOpts: {
    require: ['./steps/**/*.ts'],
    tags: 'not @wip',
    timeout: 10000,
  },
  reporters: ['spec'],
  apiRunner: { headers: { 'X-Client': 'sonde-demo' } },
};
