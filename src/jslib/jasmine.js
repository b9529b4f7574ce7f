// jasmine: the spec-file API of jasmine-core 5 on sonde's runner (framework: 'jasmine'): a
// spec's collected expectation results, `expect` with jasmine's matchers and messages,
// asymmetric testers, custom matchers and equality testers, fail/pending, done.fail. Spies,
// the mock clock and expectAsync's matchers are in jasmine-spies.js, compiled on first use
// (most spec files use none of them, and a library costs each realm about a millisecond);
// expect's matchers are jasmine-matchers.js and the reporters' results jasmine-report.js,
// compiled on first use too (a file of plain throws never compiles them).
// Why JavaScript: the matchers and the equality are about JS values themselves; describe,
// it and the hooks, the tree, the order, timeouts and reporting are C
// (src/frameworks/jasmine.c), reached through `natives`:
//   spies() -> jasmine-spies.js's object, lib(name, core) -> the jslib `name` called with
//   core, sondeExpect() -> sonde's own expect, reporting(), stack(err),
//   pending(reason) -> marker to throw,
//   defaultTimeout([ms]), random, seed,
//   opts: {timeout, stopSpecOnExpectationFailure, stopOnFailure, failSpecWithNoExpectations,
//          resultHandler}
// It returns {globals, wrap(fn), begin(), error(err), result()} for jasmine.c.
(function (natives) {
  'use strict';
  let spiesLib = null;
  const opts = natives.opts;
  const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const tag = (v) => Object.prototype.toString.call(v);
  const isError = (v) => v instanceof Error || (v && typeof v === 'object' && tag(v) === '[object Error]');
  let spec = null;           // {failures: [], expectations: n, passed, properties} while a spec runs
  let reporting = false;     // a reporter was added: passed expectations and details are kept
  let matchersLib = null, reportLib = null, sondeExpect = null;
  // What jasmine-matchers.js, jasmine-spies.js and jasmine-report.js share with this file.
  const core = {
    natives, isError, tag, has, record, failure,
    // sonde's own expect, made on the first API matcher (toHaveStatus ...): they run on it
    sondeExpect: () => sondeExpect || (sondeExpect = natives.sondeExpect()),
    customTesters: [],             // addCustomEqualityTester, reset after each spec
    customMatchers: {}, customAsyncMatchers: {},
    reporters: [], details: new WeakMap(), lastSpec: null,
    spies: () => {
      if (!spiesLib) { spiesLib = natives.spies(); spiesLib.use(M().pp, M().eq); }
      return spiesLib;
    },
    pp: (v) => M().pp(v),
  };
  const spies = core.spies, pp = core.pp;
  const M = () => matchersLib || (matchersLib = natives.lib('jasmine-matchers', core));
  const R = () => reportLib || (reportLib = natives.lib('jasmine-report', core));


  // ---- expectation results ----
  function record(passed, message, error, name, actual, expected, unless) {
    if (unless) {
      // throwUnless: jasmine's ThrowUnlessFailure, thrown and not recorded (nor counted)
      if (passed) return;
      const e = new Error(error.message);
      Object.assign(e, { passed, matcherName: name, expected, actual });
      // An error of the spec's own code: where its first frame (the matcher's caller) is.
      const at = /@(.+):(\d+):(\d+)$/m.exec(error.stack || '');
      for (const [k, v] of [['stack', error.stack], ['sourceURL', at && at[1]], ['line', at && +at[2]], ['column', at && +at[3]]])
        Object.defineProperty(e, k, { value: v === null ? undefined : v, writable: true, configurable: true });
      throw e;
    }
    if (opts.resultHandler) opts.resultHandler(passed, { matcherName: name, passed, message, actual, expected });
    if (!spec) {
      if (passed) return;
      throw error; // outside a spec (beforeAll, afterAll): the hook fails as it throws
    }
    spec.expectations++;
    if (reporting) {
      if (passed) (spec.passed || (spec.passed = [])).push({ matcherName: name, message: 'Passed.', stack: '', passed: true });
      else core.details.set(error, name === 'fail' ? { matcherName: '', expected: '', actual: '' } : { matcherName: name, expected, actual });
    }
    if (passed) return;
    spec.failures.push(error);
    if (opts.stopSpecOnExpectationFailure) { error.jasmineRecorded = true; throw error; }
  }
  function failure(message, ctx, ssf) {
    const err = new Error((ctx ? ctx + ': ' : '') + message);
    Object.defineProperty(err, 'jasmineExpectation', { value: true });
    if (Error.captureStackTrace) Error.captureStackTrace(err, ssf);
    return err;
  }
  // ---- the interface ----
  const SELF = (o) => o;
  function fail(error) {
    let message = 'Failed';
    if (error !== undefined) message += ': ' + (typeof error === 'string' ? error : isError(error) ? error.message : pp(error));
    record(false, message, failure(message, null, fail), 'fail');
  }
  function pending(reason) { throw natives.pending(reason === undefined ? '' : String(reason)); }
  // done(err) and done.fail(err) over the runner's done (jasmine.c wraps functions that
  // declare a parameter).
  function wrap(fn) {
    if (typeof fn !== 'function' || fn.length === 0) return fn;
    return function jasmineDone(done) {
      const d = (err) => done(isError(err) ? err : undefined);
      d.fail = (err) => {
        const message = 'Failed' + (err === undefined ? '' : ': ' + (isError(err) ? err.message : typeof err === 'string' ? err : pp(err)));
        done(failure(message, null, d.fail));
      };
      return fn.call(this, d);
    };
  }
  const jasmine = Object.assign({
    DEFAULT_TIMEOUT_INTERVAL: opts.timeout,
    MAX_PRETTY_PRINT_DEPTH: 8,
    pp,
    addMatchers(m) { Object.assign(core.customMatchers, m); if (matchersLib) matchersLib.resetProto(); },
    addAsyncMatchers(m) { Object.assign(core.customAsyncMatchers, m); },
    addCustomEqualityTester(t) { core.customTesters.push(t); },
    // Helpers often add a reporter (sonde's reporters are the config's) or allow respies.
    getEnv: () => ({
      configuration: () => ({ random: natives.random, seed: natives.seed }),
      addReporter(r) { core.reporters.push(r); if (!reporting) { reporting = true; natives.reporting(); } },
      clearReporters() { core.reporters.length = 0; },
      allowRespy: (allow) => spies().allowRespy(allow),
      setSpecProperty(key, value) {
        if (!spec) throw new Error("'setSpecProperty' was used when there was no current spec");
        (spec.properties || (spec.properties = {}))[key] = value;
      },
      setSuiteProperty(key, value) { if (reportLib) reportLib.suiteProperty(key, value); },
    }),
    createSpy: (...a) => spies().jasmine.createSpy(...a),
    addSpyStrategy: (name, factory) => spies().jasmine.addSpyStrategy(name, factory),
    setDefaultSpyStrategy: (fn) => spies().jasmine.setDefaultSpyStrategy(fn),
    createSpyObj: (...a) => spies().jasmine.createSpyObj(...a),
    isSpy: (v) => spies().jasmine.isSpy(v),
    clock: () => spies().jasmine.clock(),
  });
  // The asymmetric testers and matchersUtil compile jasmine-matchers.js when first used.
  for (const name of ['any', 'anything', 'objectContaining', 'arrayContaining', 'arrayWithExactContents',
    'setContaining', 'mapContaining', 'stringMatching', 'stringContaining', 'truthy', 'falsy', 'empty', 'notEmpty', 'is'])
    jasmine[name] = (...a) => M().asym[name](...a);
  Object.defineProperty(jasmine, 'matchersUtil', { get: () => M().util, enumerable: true });
  Object.defineProperty(jasmine, 'DEFAULT_TIMEOUT_INTERVAL', {
    get: () => natives.defaultTimeout(), set: (v) => natives.defaultTimeout(v), enumerable: true,
  });
  // describe, it, the hooks and their f/x forms are C closures (jasmine.c).
  const globals = {
    expect(...a) { return M().expect(...a); },
    expectAsync: (actual) => M().expectAsync(actual, false),
    throwUnless: (actual) => M().throwUnless(actual),
    throwUnlessAsync: (actual) => M().expectAsync(actual, true),
    fail, pending, jasmine,
    spyOn: (...a) => spies().spyOn(...a),
    spyOnProperty: (...a) => spies().spyOnProperty(...a),
    spyOnAllFunctions: (...a) => spies().spyOnAllFunctions(...a),
  };
  // WebdriverIO's words (jasmine-core fails such a spec without a message).
  const NO_EXPECTATIONS = 'No assertions found in test! This test is failing because no assertions were found ' +
    'but "jasmineOpts" had a "failSpecWithNoExpectations" flag set to "true".\n\n' +
    'Read more on this Jasmine option at: https://jasmine.github.io/api/5.0/Configuration#failSpecWithNoExpectations';
  return {
    globals,
    wrap,
    started: (list, focused) => R().started(list, focused),
    report: (ev) => R().report(ev),
    finished: () => R().finished(),
    // A spec begins (its `this` is made in jasmine.c).
    begin() {
      spec = { failures: [], expectations: 0, passed: null, properties: null };
      core.lastSpec = null;
    },
    error(err) {
      if (!spec || (err && err.jasmineRecorded)) return;
      if (!isError(err)) {
        err = failure(pp(err) + ' thrown', null, SELF);
      }
      spec.failures.push(err);
    },
    // The spec's failure: its failed expectations and errors, one a line.
    result() {
      const s = spec;
      spec = null;
      core.lastSpec = s;
      if (core.customTesters.length) core.customTesters = [];
      if (spiesLib) spiesLib.reset();
      if (!s) return undefined;
      if (!s.failures.length && !s.expectations && opts.failSpecWithNoExpectations)
        s.failures.push(failure(NO_EXPECTATIONS, null, SELF));
      if (!s.failures.length) return undefined;
      const first = s.failures[0];
      if (s.failures.length === 1) return first; // reporters show a thrown error as it is
      // As jasmine words them: an error thrown is "Name: message".
      const err = new Error(s.failures.map((f) => f.jasmineExpectation ? f.message : f.name + ': ' + f.message).join('\n'));
      // The first failure's frames under the whole message (as a single failure shows).
      const head = first.name + ': ' + first.message;
      if (typeof first.stack === 'string')
        err.stack = first.stack.startsWith(head) ? 'Error: ' + err.message + first.stack.slice(head.length) : first.stack;
      err.errors = s.failures;
      return err;
    },
  };
})
