// Services of every WebdriverIO shape (issue 21): a class with options, an object of hooks,
// a package found in node_modules by its short name (wdio-<name>-service), a scoped package
// with only a launcher service, a relative path, and the built-in shared store. Every hook
// logs "S <who> <hook> ..." so case.sh can check who ran, in which process and order.
import { setValue, getValue } from '@wdio/shared-store-service';

const log = (s) => console.log('S ' + s);

class TimingService {
  constructor(options, caps, config) {
    this.options = options;
    this.where = Array.isArray(caps) ? 'launcher' : 'worker';
    log(`cls constructor ${this.where} label=${options.label} config=${config.mochaOpts.timeout}`);
  }
  onPrepare(config, caps) {
    log(`cls onPrepare this=${this.options.label} caps=${caps.length}`);
  }
  onWorkerStart(cid) {
    log(`cls onWorkerStart ${cid}`);
  }
  onWorkerEnd(cid, exitCode) {
    log(`cls onWorkerEnd ${cid} exit=${exitCode}`);
  }
  before(caps, specs, browser) {
    log(`cls before this=${this.options.label} caps=${caps['custom:tag']} browser.isApi=${browser.isApi}`);
    globalThis.setByService = this.options.label; // the tests see it: same realm
  }
  beforeTest(test) {
    log(`cls beforeTest ${test.title}`);
  }
  afterTest(test, context, result) {
    log(`cls afterTest ${test.title} passed=${result.passed}`);
  }
  after(result) {
    log(`cls after result=${result}`);
  }
  onComplete(exitCode) {
    log(`cls onComplete exit=${exitCode}`);
  }
}

export const config = {
  runner: 'api',
  specs: ['./specs/services.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 5000 },
  capabilities: [{ browserName: 'api', 'custom:tag': 'T1' }],
  services: [
    [TimingService, { label: 'cls' }],
    {
      onPrepare() {
        log('obj onPrepare');
      },
      beforeSuite(suite) {
        log(`obj beforeSuite ${suite.title}`);
      },
    },
    ['audit', { level: 2 }],
    '@acme/launch-only',
    './services/local.js',
    'shared-store',
  ],
  async onPrepare() {
    log('config onPrepare');
    await setValue('token', { value: 'abc123', from: 'onPrepare' });
  },
  before() {
    log('config before');
  },
  async after() {
    const token = await getValue('token');
    log(`config after token=${token.value} seen=${await getValue('seenBySpec')}`);
  },
  onComplete() {
    log('config onComplete');
  },
};
