// jasmine-report: jasmine-core's reporter calls for src/jslib/jasmine.js, compiled when a
// spec file adds a reporter (jasmine.getEnv().addReporter): the result objects of jasmine-core
// 5 made from the runner's events, which jasmine.c hands over only then. `core` is
// jasmine.js's shared state (the reporters, the last spec's state, failed expectations'
// details, pp, the natives).
(function (core) {
  'use strict';
  const { isError } = core;
  let run = null;                // {ids, suites: [{result, left}], spec, failed, top, start, focused}
  function dispatch(name, result) {
    for (const r of core.reporters.slice()) {
      if (typeof r[name] !== 'function') continue;
      try { r[name](result); } catch (e) { console.error('jasmine reporter ' + name + ' threw: ' + (isError(e) ? e.stack || e.message : core.pp(e))); }
    }
  }
  const order = () => ({ random: core.natives.random, seed: core.natives.seed });
  // jasmine's stack of a failure: the frames without the message (cleanStack applies).
  const frames = (e) => { const st = core.natives.stack(e); const i = st.indexOf('\n    at '); return i < 0 ? '' : st.slice(i + 1); };
  // A failure from the event's error (the runner's own errors: hooks, "Not run because ...").
  const notRun = (e) => /^Not run because a beforeAll/.test(e.message);
  function failedJson(e) {
    const st = e.stack || '', i = st.indexOf('\n    at '), stack = i < 0 ? '' : st.slice(i + 1);
    if (notRun(e)) return { message: e.message, stack, passed: false };
    return { matcherName: '', message: (e.name || 'Error') + ': ' + e.message, stack, passed: false, expected: '', actual: '' };
  }
  function failed(e) {
    if (!isError(e)) return { matcherName: '', message: core.pp(e) + ' thrown', stack: '', passed: false, expected: '', actual: '' };
    const d = core.details.get(e);
    if (d) return { matcherName: d.matcherName, message: e.message, stack: frames(e), passed: false, expected: d.expected, actual: d.actual };
    const message = e.jasmineExpectation || /^Not run because a beforeAll/.test(e.message) ? e.message : e.name + ': ' + e.message;
    return { matcherName: '', message, stack: frames(e), passed: false, expected: '', actual: '' };
  }
  function take(kind, fullName) {
    const list = run.ids.get(kind + '\0' + fullName);
    return (list && list.shift()) || { id: kind + (kind === 'spec' ? run.extra++ : 1000000 + run.extra++), left: '' };
  }
  const parentId = () => (run.suites.length ? run.suites[run.suites.length - 1].result.id : null);
  function startSpec(ev) {
    const t = take('spec', ev.fullTitle);
    const reason = t.left === 'excluded' || ev.reason === 'Temporarily disabled with xdescribe' ? '' : ev.reason || '';
    run.spec = { left: t.left, result: { id: t.id, description: ev.title, fullName: ev.fullTitle, parentSuiteId: parentId(),
      filename: ev.file, failedExpectations: [], passedExpectations: [], deprecationWarnings: [],
      pendingReason: ev.type === 'test:pending' ? reason : '', duration: null, properties: null, debugLogs: null } };
    dispatch('specStarted', run.spec.result);
    return run.spec;
  }
  function specDone(ev) {
    const sp = run.spec && run.spec.result.fullName === ev.fullTitle ? run.spec : startSpec(ev);
    const r = sp.result, s = core.lastSpec;
    run.spec = core.lastSpec = null;
    if (ev.type === 'test:fail') {
      r.failedExpectations = s && s.failures.length ? s.failures.map(failed) : [failedJson(ev.error || {})];
      run.failed = true;
    }
    if (s) { r.passedExpectations = s.passed || []; r.properties = s.properties; }
    if (ev.type === 'test:pending') r.pendingReason = ev.reason === 'Temporarily disabled with xdescribe' || sp.left === 'excluded' ? '' : ev.reason || '';
    const skipped = ev.error && notRun(ev.error);
    for (const su of run.suites) su[skipped ? 'notRun' : 'ran'] = true; // a suite that ran nothing has no duration
    r.duration = ev.type === 'test:pending' ? 0 : skipped ? null : Math.round(ev.duration || 0);
    r.status = ev.type === 'test:pass' ? 'passed' : ev.type === 'test:fail' ? 'failed' : sp.left === 'excluded' ? 'excluded' : 'pending';
    dispatch('specDone', r);
  }
  return {
    // The run begins: [kind, full title, left out as] of every suite and spec in declaration
    // order (jasmine's ids: spec0.., suite1..; suite0 is the file's top suite).
    started(list, focused) {
      run = { ids: new Map(), suites: [], spec: null, failed: false, top: [], start: Date.now(), focused, extra: 0 };
      let specs = 0, suites = 1;
      for (const [kind, fullName, left] of list) {
        const key = kind + '\0' + fullName;
        if (!run.ids.has(key)) run.ids.set(key, []);
        run.ids.get(key).push({ id: kind === 'spec' ? 'spec' + specs++ : 'suite' + suites++, left });
      }
      dispatch('jasmineStarted', { totalSpecsDefined: specs, order: order(), parallel: false });
    },
    report(ev) {
      // After a failed spec with stopOnFailure jasmine-core reports nothing more but the
      // end of the suites already started (sonde's reports list the rest as skipped).
      if (run.stopped && ev.type !== 'suite:end' && !(ev.hook && ev.type === 'test:fail')) {
        if (ev.type === 'suite:start') run.suites.push({ hidden: true });
        return;
      }
      switch (ev.type) {
        case 'suite:start': {
          const t = take('suite', ev.fullTitle);
          const result = { id: t.id, description: ev.title, fullName: ev.fullTitle, parentSuiteId: parentId(), filename: ev.file,
            failedExpectations: [], deprecationWarnings: [], duration: null, properties: null };
          run.suites.push({ result, left: t.left });
          dispatch('suiteStarted', result);
          break;
        }
        case 'suite:end': {
          const top = run.suites.pop();
          if (!top || top.hidden) break;
          top.result.duration = top.notRun && !top.ran && !top.result.failedExpectations.length ? null : Math.round(ev.duration || 0);
          top.result.status = top.result.failedExpectations.length ? 'failed' : top.left === 'pending' ? 'pending' : 'passed';
          dispatch('suiteDone', top.result);
          break;
        }
        case 'test:start': if (!ev.hook) startSpec(ev); break;
        case 'test:pass': case 'test:fail': case 'test:pending':
          if (!ev.hook) {
            specDone(ev);
            if (ev.type === 'test:fail' && core.natives.opts.stopOnFailure) run.stopped = true;
            break;
          }
          // a beforeAll or afterAll: jasmine reports it on its suite (the file's: jasmineDone)
          run.failed = true;
          if (run.suites.length) {
            const top = run.suites[run.suites.length - 1];
            if (top.result) top.result.failedExpectations.push(failedJson(ev.error || {}));
          }
          else run.top.push(Object.assign(failedJson(ev.error || {}), { globalErrorType: ev.hook === 'before all' ? 'beforeAll' : 'afterAll' }));
          break;
      }
    },
    finished() {
      const overallStatus = run.failed || run.top.length ? 'failed' : run.focused ? 'incomplete' : 'passed';
      const info = { overallStatus, totalTime: Date.now() - run.start };
      if (overallStatus === 'incomplete') Object.assign(info, { incompleteReason: 'fit() or fdescribe() was found', incompleteCode: 'focused' });
      dispatch('jasmineDone', Object.assign(info, { order: order(), failedExpectations: run.top, deprecationWarnings: [] }));
    },
    suiteProperty(key, value) {
      const top = run && run.suites[run.suites.length - 1];
      if (top && top.result) (top.result.properties || (top.result.properties = {}))[key] = value;
    },
  };
})
