// The jasmine example in TypeScript (framework 'jasmine'). Run it with
//   sonde run examples/typescript/jasmine.conf.ts
// jasmine's globals differ from mocha's: jasmine/tsconfig.json type-checks its specs with
// sonde's jasmine declarations (types/jasmine.d.ts).
import type { Options } from 'sonde';

export const config: Options = {
  runner: 'api',
  framework: 'jasmine',
  specs: ['./jasmine/**/*.spec.ts'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL || 'http://127.0.0.1:8080',
  jasmineOpts: { defaultTimeoutInterval: 10000, random: true },
  reporters: ['spec'],
};
