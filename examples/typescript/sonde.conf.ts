// The demo suite in TypeScript: sonde loads .ts configs, specs and helpers as they are
// (types are erased at load time, no tsc, Node or bundler). Run it with
//   sonde run examples/typescript/sonde.conf.ts
// (`make demo` runs it after the JavaScript examples). For type checking and editors,
// tsconfig.json here points at sonde's declarations in ../../types; installed, they are
// in <prefix>/share/sonde/types (see README.md, TypeScript).
import type { Options } from 'sonde';

export const config: Options = {
  runner: 'api',
  specs: ['./specs/**/*.spec.ts'],
  maxInstances: 2,
  baseUrl: process.env.API_BASE_URL || 'http://127.0.0.1:8080',
  framework: 'mocha',
  mochaOpts: { ui: 'bdd', timeout: 10000 },
  reporters: ['spec'],
  apiRunner: { timeout: 30000, headers: { 'X-Client': 'sonde-demo' } },
};
