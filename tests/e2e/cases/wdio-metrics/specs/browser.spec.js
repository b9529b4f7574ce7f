// createStubBrowser and the global `browser` in API mode, as wdio-api-runner has them.
import { createStubBrowser, browser as exported } from 'wdio-api-runner';
import { browser as fromGlobals } from '@wdio/globals';
const { eq, check } = require(`${process.env.E2E_SHARED}/http-check.js`);

const message = (m) => `browser.${m}() is not available in API runner mode. The API runner is ` +
  'designed for HTTP/REST API testing without browser automation. ' +
  "Use the global 'api' client for HTTP requests, or switch to runner: 'local' for browser tests.";

describe('stub browser', () => {
  it('createStubBrowser(config, capabilities)', async () => {
    const config = { runner: 'api', baseUrl: 'https://api.example.com' };
    const caps = { browserName: 'api', platformName: 'any' };
    const b = createStubBrowser(config, caps);
    eq([b.isApi, b.isStub, b.options === config, b.capabilities, b.requestedCapabilities],
      [true, true, true, caps, caps], 'properties');
    check(/^api-0-\d-\d+$/.test(b.sessionId), 'sessionId ' + b.sessionId);
    eq([b.isMobile, b.isIOS, b.isAndroid, b.isChrome, b.isFirefox, b.isSauce, b.isBidi],
      [false, false, false, false, false, false, false], 'flags');
    const start = Date.now();
    await b.pause(60);
    check(Date.now() - start >= 55, 'pause');
    eq([await b.call(() => 42), await b.call(async () => 'async result')], [42, 'async result'], 'call');
  });

  it('events, and automation methods that explain themselves', async () => {
    const b = createStubBrowser({}, { browserName: 'api' });
    const got = [];
    b.on('data-event', (d) => got.push(d));
    b.once('single', () => got.push('once'));
    eq([b.emit('data-event', { key: 'value' }), b.emit('single'), b.emit('single'), b.emit('none')],
      [true, true, false, false], 'emit results');
    eq(got, [{ key: 'value' }, 'once'], 'listeners');
    for (const m of ['$', '$$']) {
      let err;
      try { b[m]('#id'); } catch (e) { err = e; }
      eq(err && err.message, message(m), `${m} throws at once`);
    }
    const err = await b.url('https://example.com').catch((e) => e);
    eq(err && err.message, message('url'), 'url rejects');
  });

  it('the global browser is the job stub, also from the sonde module and @wdio/globals', () => {
    check(browser.isApi === true && browser === exported && browser === fromGlobals, 'same object');
    eq(browser.capabilities, { browserName: 'api', 'custom:team': 'qa' }, 'job capabilities');
    eq(browser.options.waitforTimeout, 1234, 'the config');
    check(/^api-0-\d-\d+$/.test(browser.sessionId), 'sessionId');
  });
});
