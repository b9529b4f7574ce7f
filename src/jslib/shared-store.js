// shared-store: the module '@wdio/shared-store-service' (src/store/store_js.c), as
// WebdriverIO has it: setValue/getValue/setResourcePool/getValueFromPool/addValueToPool,
// a worker service class (default) whose `before` hook puts `sharedStore` on the browser
// object it is given, and a launcher class (the launcher holds the store itself, so it has
// nothing to start).
// Why JavaScript: classes and an object of functions for user code; the store is native.
(function (natives) {
  'use strict';
  const sharedStore = Object.freeze({
    get: (key) => natives.getValue(key),
    set: (key, value) => natives.setValue(key, value),
    setResourcePool: (key, value) => natives.setResourcePool(key, value),
    getValueFromPool: (key, options) => natives.getValueFromPool(key, options),
    addValueToPool: (key, value) => natives.addValueToPool(key, value),
  });
  class SharedStoreService {
    before(capabilities, specs, browser) {
      if (browser !== null && (typeof browser === 'object' || typeof browser === 'function'))
        browser.sharedStore = sharedStore;
      const global = globalThis.browser;
      if (global && typeof global === 'object' && global !== browser) global.sharedStore = sharedStore;
    }
  }
  class SharedStoreLauncher {
    onPrepare() {}
  }
  return {
    setValue: natives.setValue,
    getValue: natives.getValue,
    setResourcePool: natives.setResourcePool,
    getValueFromPool: natives.getValueFromPool,
    addValueToPool: natives.addValueToPool,
    sharedStore,
    default: SharedStoreService,
    launcher: SharedStoreLauncher,
  };
});
