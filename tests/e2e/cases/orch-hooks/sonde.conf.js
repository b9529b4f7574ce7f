// Every config hook logs one compact line "H <hook> <what it received>"; case.sh compares
// the sequence of these lines (and the spec's own "T ..." lines) with the expected one.
// Some hooks are async with a delay: if sonde did not await them, later lines would
// overtake them. Worker hooks also print `this` (must be the config) and a value the CLI
// overrides, to prove launcher and workers see the same config.
const log = (s) => console.log('H ' + s);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const names = (specs) => specs.map((s) => s.split('/').pop()).join(',');

exports.config = {
  runner: 'api',
  specs: ['./specs/hooks.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  mochaOpts: { timeout: 5000 },
  capabilities: [{ browserName: 'api', platformName: 'linux', 'custom:tag': 'T1' }],

  async onPrepare(config, caps) {
    await wait(100);
    log(`onPrepare timeout=${config.mochaOpts.timeout} this=${this.mochaOpts.timeout} caps=${caps.length}:${caps[0]['custom:tag']}`);
  },
  onWorkerStart: [
    async function (cid, caps, specs, args, execArgv) {
      await wait(100);
      log(`onWorkerStart cid=${cid} caps=${caps.browserName}:${caps['custom:tag']} specs=${names(specs)} args=${typeof args} execArgv=${Array.isArray(execArgv)}`);
    },
  ],
  onWorkerEnd(cid, exitCode, specs, retries) {
    log(`onWorkerEnd cid=${cid} exit=${exitCode} specs=${names(specs)} retries=${retries}`);
  },
  beforeSession(config, caps, specs, cid) {
    log(`beforeSession cid=${cid} timeout=${config.mochaOpts.timeout} this=${this.mochaOpts.timeout} caps=${caps['custom:tag']} specs=${names(specs)}`);
  },
  async before(caps, specs, browser) {
    await wait(50);
    log(`before caps=${caps['custom:tag']} specs=${names(specs)} browser=${typeof browser}`);
  },
  beforeSuite: [
    (suite) => log(`beforeSuite#1 title=${suite.title} full=${suite.fullTitle} file=${suite.file.split('/').pop()}`),
    (suite) => log(`beforeSuite#2 title=${suite.title}`),
  ],
  beforeHook(test, context, hookName) {
    log(`beforeHook ${hookName} ctx=${typeof context}`);
  },
  afterHook(test, context, result, hookName) {
    log(`afterHook ${hookName} passed=${result.passed} error=${result.error}`);
  },
  async beforeTest(test, context) {
    await wait(30);
    log(`beforeTest title=${test.title} parent=${test.parent} full=${test.fullTitle} file=${test.file.split('/').pop()} ctx=${typeof context} this=${this.mochaOpts.timeout}`);
  },
  afterTest(test, context, { error, result, duration, passed, retries }) {
    log(`afterTest title=${test.title} passed=${passed} error=${error ? error.message : error} duration=${typeof duration === 'number' && duration >= 0} retries=${retries.attempts}/${retries.limit}`);
  },
  afterSuite(suite) {
    log(`afterSuite title=${suite.title} full=${suite.fullTitle}`);
  },
  after(result, caps, specs) {
    log(`after result=${result} caps=${caps['custom:tag']} specs=${names(specs)}`);
  },
  async afterSession(config, caps, specs) {
    await wait(50);
    log(`afterSession timeout=${config.mochaOpts.timeout} caps=${caps['custom:tag']} specs=${names(specs)}`);
  },
  onComplete(exitCode, config, caps, results) {
    log(`onComplete exit=${exitCode} timeout=${config.mochaOpts.timeout} caps=${caps.length} results=${JSON.stringify(results)}`);
  },
};
