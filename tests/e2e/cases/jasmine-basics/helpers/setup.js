// A helper (jasmineOpts.helpers): loaded before each spec file, in its realm.
globalThis.HELPER_LOADED = 'yes';
jasmine.getEnv().clearReporters();
jasmine.getEnv().addReporter({ specDone() {} }); // as helpers written for jasmine do
beforeEach(() => { jasmine.addMatchers({
  toBeEven: () => ({ compare: (actual) => ({ pass: actual % 2 === 0, message: 'Expected ' + actual + ' to be even' }) }),
}); });
