// A typed config: `Options` from sonde makes a wrong key or value a compile error.
import type { Options } from 'sonde';

export const config: Options = {
  runner: 'api',
  specs: ['./specs/**/*.spec.ts'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  framework: 'mocha',
  mochaOpts: { ui: 'bdd', timeout: 10000 },
  reporters: ['spec'],
  apiRunner: { timeout: 5000, headers: { 'X-Client': 'typed' }, retries: 0 },
  onPrepare(config: Options, capabilities) {
    console.log(`PREPARE ${config.framework} ${capabilities.length}`);
  },
};
