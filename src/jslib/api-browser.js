// api-browser: createStubBrowser(config, capabilities), exported by 'sonde' /
// 'wdio-api-runner', and the value of the global `browser` (and of @wdio/globals' browser)
// in API mode, as that project has it: WebdriverIO hooks and shared helpers touch
// `browser` (browser.isApi, capabilities, options, pause, call, events), and every
// browser-automation method fails with that project's explanation instead of
// "browser is not defined".
// Why JavaScript: an object of JS properties, accessors and listeners; nothing native.
(function (natives) {
  'use strict';
  const BROWSER_METHODS = ['url', 'getUrl', 'getTitle', 'back', 'forward', 'refresh', '$', '$$',
    'custom$', 'custom$$', 'react$', 'react$$', 'keys', 'action', 'actions', 'execute',
    'executeAsync', 'switchToWindow', 'closeWindow', 'getWindowHandle', 'getWindowHandles',
    'switchToFrame', 'switchToParentFrame', 'createWindow', 'switchWindow', 'newWindow',
    'getCookies', 'setCookies', 'deleteCookie', 'deleteCookies', 'acceptAlert', 'dismissAlert',
    'getAlertText', 'sendAlertText', 'isAlertOpen', 'takeScreenshot', 'saveScreenshot',
    'reloadSession', 'deleteSession', 'setTimeout', 'setTimeouts', 'scroll', 'scrollIntoView',
    'mock', 'mockClearAll', 'mockRestoreAll', 'debug', 'getPageSource', 'throttle',
    'setGeoLocation', 'getPuppeteer', 'uploadFile'];
  const FLAGS = ['isMobile', 'isIOS', 'isAndroid', 'isChrome', 'isFirefox', 'isSauce', 'isBidi'];

  const unavailable = (method) => new Error(`browser.${method}() is not available in API runner ` +
    'mode. The API runner is designed for HTTP/REST API testing without browser automation. ' +
    "Use the global 'api' client for HTTP requests, or switch to runner: 'local' for browser tests.");

  // The listener part of Node's EventEmitter that code written for a browser object uses.
  function addEmitter(target) {
    const listeners = new Map();
    const list = (event) => listeners.get(event) || [];
    const add = (event, fn, once, prepend) => {
      if (typeof fn !== 'function')
        throw new TypeError(`browser.on(event, listener): listener must be a function`);
      const entry = { fn, once };
      listeners.set(event, prepend ? [entry, ...list(event)] : [...list(event), entry]);
      return target;
    };
    const remove = (event, fn) => {
      const rest = list(event).filter((e) => e.fn !== fn && e.fn.listener !== fn);
      if (rest.length) listeners.set(event, rest); else listeners.delete(event);
      return target;
    };
    const methods = {
      on: (event, fn) => add(event, fn, false, false),
      addListener: (event, fn) => add(event, fn, false, false),
      prependListener: (event, fn) => add(event, fn, false, true),
      once: (event, fn) => add(event, fn, true, false),
      off: remove,
      removeListener: remove,
      removeAllListeners: (event) => {
        if (event === undefined) listeners.clear(); else listeners.delete(event);
        return target;
      },
      emit: (event, ...args) => {
        const current = list(event);
        if (current.length === 0) {
          if (event === 'error') throw args[0] instanceof Error ? args[0] : new Error(String(args[0]));
          return false;
        }
        for (const e of current) {
          if (e.once) remove(event, e.fn);
          e.fn.apply(target, args);
        }
        return true;
      },
      listenerCount: (event) => list(event).length,
      listeners: (event) => list(event).map((e) => e.fn),
      eventNames: () => [...listeners.keys()],
    };
    for (const [name, fn] of Object.entries(methods))
      Object.defineProperty(target, name, { value: fn, writable: true, configurable: true });
  }

  function createStubBrowser(config, capabilities) {
    const cid = natives.cid();
    const browser = {
      sessionId: `api-${cid}-${Date.now()}`,
      capabilities: capabilities === undefined ? {} : capabilities,
      requestedCapabilities: capabilities === undefined ? {} : capabilities,
      options: config === undefined ? {} : config,
      isApi: true,
      isStub: true,
      pause: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, Number(ms) || 0)),
      call: async (fn) => {
        if (typeof fn !== 'function') throw new TypeError('browser.call(fn): fn must be a function');
        return await fn();
      },
    };
    addEmitter(browser);
    for (const method of BROWSER_METHODS) {
      // $ and $$ are used synchronously in chains: they throw at once; the rest reject.
      browser[method] = method === '$' || method === '$$'
        ? () => { throw unavailable(method); }
        : async () => { throw unavailable(method); };
    }
    for (const flag of FLAGS)
      Object.defineProperty(browser, flag, { get: () => false, configurable: true });
    return browser;
  }

  return { createStubBrowser };
})
