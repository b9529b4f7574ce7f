// A typed config: `Options` from sonde makes a wrong key or value a compile error.
import type { Options } from 'sonde';
import { setValue } from '@wdio/shared-store-service';

class TypedService {
  constructor(private options: { label: string }) {}
  beforeTest(test: { title: string }) {
    if (!this.options.label) throw new Error(`no label for ${test.title}`);
  }
}

export const config: Options = {
  runner: 'api',
  specs: ['./specs/**/*.spec.ts'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  framework: 'mocha',
  mochaOpts: { ui: 'bdd', timeout: 10000 },
  reporters: ['spec'],
  apiRunner: { timeout: 5000, headers: { 'X-Client': 'typed' }, retries: 0 },
  services: ['shared-store', [TypedService, { label: 'typed' }], { afterTest(test, context, result) {} }],
  async onPrepare(config: Options, capabilities) {
    console.log(`PREPARE ${config.framework} ${capabilities.length}`);
    await setValue('typed', { n: 1 });
  },
};
