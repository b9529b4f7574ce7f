// cucumber: the step-definition API of `@cucumber/cucumber` (Given/When/Then, hooks, World,
// DataTable, Status ...) and the run of one scenario's hooks and steps. Why JavaScript: a
// step is a user function called with `this` (the World), transformed arguments, a data
// table or doc string, and finished by a return value, a promise or a callback, under a
// timeout; that is bookkeeping of JS values. Matching, expressions, tag expressions,
// snippets, events and the test tree are C (src/frameworks/cucumber.c), reached through
// `natives`:
//   defineStep(pattern, flags|null, isRegExp) -> id     (throws the expression's error)
//   defineParameterType(name, [regexp sources], useForSnippets, preferForRegexp)
//   match(text) -> [{id, args: [{type, custom, value, groups}]}]
//   snippet(keywordType, text, extraArgName|'', list) -> text, or [text] per expression
//   checkTags(expression) (throws), tagsMatch(expression, [tags]) -> bool
//   step(event, title, keyword, text, status, durationMs, error|undefined, index, location)
//   hookResult(keyword, status, durationMs, error|undefined)   (format json)
//   configHook(name, [args]) -> promise|undefined, hasConfigHook(name)   (WebdriverIO's
//     beforeScenario ... hooks of the config)
//   log(text)                  this.log / this.attach
//   skipTest(), noRetry()      the running scenario ends pending / its failure is final
//   onUncaught(fn|null)        what a step throws from a timer goes to fn while it runs
//   opts: {timeout, dryRun, strict, ignoreUndefined, failAmbiguous, snippets, worldParameters}
//   messages (formats message, junit, html, progress, summary; absent otherwise):
//     stepDefined(id, pattern, isRegExp, where), typeDefined(name, [sources], snippets,
//     prefer, where), hookDefined(type, name, tags, where) -> hook id,
//     runHook('start'|'end', hookId, status, ms, error)   BeforeAll/AfterAll
//     caseStarted([{hookId} | {step: index, defs: [ids]}])   a scenario's attempt
//     testStep('start'|'end', k, status, ms, error)   test step k of that plan
//     suggestion(k, [code]), attach(body, mediaType, isBase64, fileName),
//     caseFinished(status, failsRun)
(function (natives) {
  'use strict';
  const setTimer = setTimeout, clearTimer = clearTimeout;
  const M = natives.messages;
  // Step and hook durations (reported in ms, fractions kept).
  const now = typeof performance === 'object' && performance.now ? () => performance.now() : Date.now;
  const Status = Object.freeze({
    UNKNOWN: 'UNKNOWN', PASSED: 'PASSED', SKIPPED: 'SKIPPED', PENDING: 'PENDING',
    UNDEFINED: 'UNDEFINED', AMBIGUOUS: 'AMBIGUOUS', FAILED: 'FAILED',
  });
  const state = {
    steps: [], types: { __proto__: null }, World: null, timeout: natives.opts.timeout,
    before: [], after: [], beforeStep: [], afterStep: [], beforeAll: [], afterAll: [],
    parameters: natives.opts.worldParameters || {},
  };

  const relative = (file) => {
    const cwd = typeof process === 'object' && process.cwd ? process.cwd() + '/' : null;
    return cwd && file.startsWith(cwd) ? file.slice(cwd.length) : file;
  };
  // "file:line" of the user's call: the first stack frame outside this library.
  function where() {
    const lines = String(new Error().stack || '').split('\n');
    for (const l of lines) {
      const m = /(?:@|at |\()((?:file:\/\/)?\/[^()]*?):(\d+):\d+\)?$/.exec(l.trim());
      if (m && !m[1].startsWith('sonde:')) return relative(m[1].replace(/^file:\/\//, '')) + ':' + m[2];
    }
    return '';
  }

  class DataTable {
    constructor(raw) {
      if (raw && Array.isArray(raw.rows)) raw = raw.rows.map((r) => r.cells.map((c) => c.value));
      this.rawTable = (raw || []).map((r) => r.slice());
    }
    raw() { return this.rawTable.map((r) => r.slice()); }
    rows() { return this.rawTable.slice(1).map((r) => r.slice()); }
    hashes() {
      const [keys = [], ...rows] = this.rawTable;
      return rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i]])));
    }
    rowsHash() {
      if (this.rawTable.some((r) => r.length !== 2))
        throw new Error('rowsHash can only be called on a data table where all rows have exactly two columns');
      return Object.fromEntries(this.rawTable.map((r) => [r[0], r[1]]));
    }
    transpose() {
      const t = this.rawTable[0] ? this.rawTable[0].map((_, i) => this.rawTable.map((r) => r[i])) : [];
      return new DataTable(t);
    }
  }

  class World {
    constructor({ attach, log, link, parameters } = {}) {
      this.attach = attach;
      this.log = log;
      this.link = link;
      this.parameters = parameters;
    }
  }

  // Given(pattern, [options], fn)
  function defineStep(keyword) {
    return function (pattern, options, fn) {
      if (typeof options === 'function') [options, fn] = [{}, options];
      if (typeof fn !== 'function') throw new TypeError(keyword + ': the step definition needs a function');
      const isRe = pattern instanceof RegExp;
      if (!isRe && typeof pattern !== 'string')
        throw new TypeError(keyword + ': the pattern must be a string or a RegExp');
      const id = natives.defineStep(isRe ? pattern.source : pattern, isRe ? pattern.flags : null, isRe);
      state.steps[id] = { fn, options: options || {}, pattern: isRe ? String(pattern) : pattern, where: where() };
      if (M) M.stepDefined(id, isRe ? pattern.source : pattern, isRe, state.steps[id].where);
    };
  }

  function defineParameterType({ name, regexp, transformer, useForSnippets, preferForRegexpMatch }) {
    const list = (Array.isArray(regexp) ? regexp : [regexp]).map((r) => (r instanceof RegExp ? r.source : String(r)));
    natives.defineParameterType(String(name), list, useForSnippets !== false, !!preferForRegexpMatch);
    if (M) M.typeDefined(String(name), list, useForSnippets !== false, !!preferForRegexpMatch, where());
    state.types[name] = { transformer };
  }

  // this.attach(data, mediaType | {mediaType, fileName}), this.log(text) and
  // this.link(...urls) reporting to `out` (reporter()): the text is the scenario's output;
  // with messages on, an attachment (bytes in base64, a string with a "base64:" media type
  // as it is). A readable stream is read whole first (attach then returns a promise).
  function attachments(out) {
    function attach(data, mediaType) {
      if (data && typeof data.on === 'function' && typeof data.pipe === 'function') {
        return new Promise((resolve, reject) => {
          const chunks = [];
          data.on('data', (c) => chunks.push(typeof c === 'string' ? Buffer.from(c) : c));
          data.on('error', reject);
          data.on('end', () => resolve(attach(Buffer.concat(chunks), mediaType)));
        });
      }
      const options = mediaType && typeof mediaType === 'object' ? mediaType : { mediaType };
      let type = options.mediaType, base64 = false, body;
      if (typeof data === 'string') {
        if (type && type.startsWith('base64:')) [type, base64] = [type.slice(7), true];
        body = data;
        out.log(base64 ? '[attachment ' + type + ']' : data);
      } else {
        const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
        if (!bytes) throw new TypeError('attach: the data must be a string, a Buffer or bytes');
        let bin = '';
        for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
        body = btoa(bin);
        base64 = true;
        out.log('[attachment' + (type ? ' ' + type : '') + ']');
      }
      if (out.M) out.M.attach(body, type || 'text/plain', base64, options.fileName);
    }
    function log(text) {
      out.log(String(text));
      if (out.M) out.M.attach(String(text), 'text/x.cucumber.log+plain', false);
    }
    function link(...urls) {
      out.log(urls.join('\n'));
      if (out.M) out.M.attach(urls.join('\n'), 'text/uri-list', false);
    }
    return { attach, log, link };
  }

  // Where a scenario reports (step events, output, messages, its end): straight to the
  // natives, or, for a scenario started before its turn (cucumberOpts.parallel), into a
  // queue replayed when the runner reaches its test, so that every report goes to the
  // test that is running.
  const reported = ['step', 'log', 'hookResult', 'skipTest', 'noRetry'];
  const reportedMessages = ['caseStarted', 'testStep', 'suggestion', 'attach', 'caseFinished'];
  function reporter(live) {
    const queue = [];
    const later = (fn) => (...args) => { if (live) return fn(...args); queue.push(() => fn(...args)); };
    const out = Object.fromEntries(reported.map((k) => [k, later(natives[k])]));
    out.M = M ? Object.fromEntries(reportedMessages.map((k) => [k, later(M[k])])) : null;
    out.goLive = () => { live = true; for (const f of queue.splice(0)) f(); };
    return out;
  }
  const direct = reporter(true);

  // BeforeAll and AfterAll hooks run as one hook of the runner each (AfterAll ones in the
  // reverse order of their definitions): every one runs even when another failed, as in
  // cucumber-js, each under its own timeout, with `this` as cucumber-js gives them
  // (attach, log, parameters); the first failure fails the runner's hook.
  function allHooks(list) {
    const hooks = list === 'afterAll' ? state.afterAll.slice().reverse() : state.beforeAll.slice();
    const self = { ...attachments(direct), parameters: state.parameters };
    const run = async function () {
      let failure = null;
      for (const h of hooks) {
        const started = now();
        if (M) M.runHook('start', h.msgId);
        const r = await invoke(h.fn, self, [], hookTimeout(h), h.fn.length);
        if (M) M.runHook('end', h.msgId, r.status === 'failed' ? 'failed' : 'passed', now() - started, r.error);
        if (r.status === 'failed' && !failure) failure = r;
      }
      if (failure) throw failure.error;
    };
    const names = hooks.map((h) => h.name).filter(Boolean);
    return { fn: run, count: hooks.length, name: names.length === 1 && hooks.length === 1 ? names[0] : '' };
  }

  const hookTypes = {
    before: 'BEFORE_TEST_CASE', after: 'AFTER_TEST_CASE', beforeStep: 'BEFORE_TEST_STEP',
    afterStep: 'AFTER_TEST_STEP', beforeAll: 'BEFORE_TEST_RUN', afterAll: 'AFTER_TEST_RUN',
  };
  // Before(fn), Before('@tag', fn), Before({tags, name, timeout}, fn)
  function defineHook(list, withTags) {
    return function (options, fn) {
      if (typeof options === 'function') [options, fn] = [{}, options];
      if (typeof options === 'string') options = { tags: options };
      options = options || {};
      if (typeof fn !== 'function') throw new TypeError('a hook needs a function');
      if (withTags && options.tags) natives.checkTags(options.tags);
      const h = { fn, options, tags: options.tags, name: options.name, timeout: options.timeout, where: where() };
      if (M) h.msgId = M.hookDefined(hookTypes[list], options.name, options.tags, h.where);
      state[list].push(h);
    };
  }

  // setDefinitionFunctionWrapper: steps and scenario hooks run wrapped (the wrapper gets the
  // function and the definition's wrapperOptions); the arity that tells a callback-style
  // function stays the original's, as in cucumber-js.
  function code(def) {
    if (!state.wrapper) return def.fn;
    if (!def.wrapped) def.wrapped = state.wrapper(def.fn, def.options && def.options.wrapperOptions);
    return def.wrapped;
  }

  // What a running step or hook throws from a timer (or leaves rejected) fails it; with
  // several running (cucumberOpts.parallel), the one that started last.
  const running = [];
  const failLatest = (e) => running[running.length - 1](e);

  // One function under a timeout: resolves {status, error}, never rejects. `arity`: the
  // length of the function as defined (a wrapper may change fn's).
  function invoke(fn, self, args, timeout, arity = fn.length) {
    return new Promise((resolve) => {
      let over = false, timer = null;
      const finish = (status, error) => {
        if (over) return;
        over = true;
        if (running.includes(fail)) running.splice(running.indexOf(fail), 1);
        natives.onUncaught(running.length ? failLatest : null);
        if (timer) clearTimer(timer);
        resolve({ status, error });
      };
      const fromValue = (v) => finish(v === 'pending' ? 'pending' : v === 'skipped' ? 'skipped' : 'passed');
      const fail = (e) => finish('failed', e === undefined || e === null ? new Error('the step failed without a reason') : e);
      const callback = arity === args.length + 1;
      running.push(fail);
      natives.onUncaught(failLatest);
      if (timeout > 0)
        timer = setTimer(() => fail(new Error('function timed out, ensure the ' +
          (callback ? 'callback is executed' : 'promise resolves') + ' within ' + timeout + ' milliseconds')), timeout);
      try {
        const argv = callback ? [...args, (err, value) => (err ? fail(err) : fromValue(value))] : args;
        const v = fn.apply(self, argv);
        if (callback) {
          if (v && typeof v.then === 'function')
            fail(new Error('function uses multiple asynchronous interfaces: callback and promise\n' +
              'to use the callback interface: do not return a promise\n' +
              'to use the promise interface: remove the last argument to the function'));
        } else if (v && typeof v.then === 'function') {
          v.then(fromValue, fail);
        } else {
          fromValue(v);
        }
      } catch (e) {
        fail(e);
      }
    });
  }

  const hookTimeout = (h) => (typeof h.timeout === 'number' ? h.timeout : state.timeout);
  const applies = (h, tags) => !h.tags || natives.tagsMatch(h.tags, tags.map((t) => t.name));
  const severity = ['passed', 'skipped', 'pending', 'undefined', 'ambiguous', 'failed'];

  async function stepArgs(world, match, step) {
    const args = [];
    for (const a of match.args) {
      const t = a.custom ? state.types[a.type] : null;
      if (t && typeof t.transformer === 'function') args.push(await t.transformer.apply(world, a.groups));
      else if (a.custom) args.push(a.groups[0]);
      else if (a.type === 'biginteger' && a.value !== undefined) args.push(BigInt(a.value));
      else args.push(a.value);
    }
    if (step.dataTable) args.push(new DataTable(step.dataTable));
    else if (step.docString !== undefined) args.push(step.docString);
    return args;
  }

  // Errors about the feature, not the code: the step's file:line in the message and no
  // stack (the reporters would print the message twice).
  function stepError(name, msg) {
    const e = new Error(msg);
    e.name = name;
    delete e.stack;
    return e;
  }

  function undefinedError(pickle, step) {
    const extra = step.dataTable ? 'dataTable' : step.docString !== undefined ? 'docString' : '';
    let msg = 'Undefined step "' + step.keyword + step.text + '" (' + pickle.uri + ':' + step.line + ')';
    if (natives.opts.snippets)
      msg += '\nImplement with the following snippet:\n\n' + natives.snippet(step.type, step.text, extra) + '\n';
    msg += '\nYou can ignore this error by setting cucumberOpts.ignoreUndefinedDefinitions as true.';
    return stepError('UndefinedStepError', msg);
  }

  function ambiguousDefinitions(matches) {
    return matches.map((m) => '  ' + state.steps[m.id].pattern + ' - ' + state.steps[m.id].where).join('\n');
  }

  function ambiguousError(pickle, step, matches) {
    return stepError('AmbiguousStepError', 'Multiple step definitions match "' + step.keyword + step.text +
      '" (' + pickle.uri + ':' + step.line + '):\n' + ambiguousDefinitions(matches));
  }

  // A Before or After hook, its outcome also kept for the json format. A failed hook is
  // listed among the steps ("✖ Before hook: name"), so that the report shows what failed.
  async function runHook(keyword, h, world, arg, k, out) {
    const started = now();
    if (out.M) out.M.testStep('start', k);
    const r = await invoke(code(h), world, [arg], hookTimeout(h), h.fn.length);
    if (out.M) out.M.testStep('end', k, r.status, now() - started, r.error);
    if (natives.opts.json) out.hookResult(keyword, r.status, now() - started, r.error);
    if (r.status === 'failed') {
      const title = keyword + ' hook' + (h.name ? ': ' + h.name : '') + (h.where ? ' (' + h.where + ')' : '');
      out.step('step:start', title, keyword, '');
      out.step('step:end', title, keyword, '', 'failed', now() - started, r.error);
    }
    return r;
  }

  // Runs the pickle's Before hooks, steps and After hooks with a fresh World. Resolves when
  // the scenario passed; rejects with the first error; calls natives.skipTest() first for a
  // scenario that ends pending or skipped.
  async function runScenario(pickle, gherkinDocument, out) {
    const opts = natives.opts;
    const World = state.World || WorldClass;
    const world = new World({ ...attachments(out), parameters: state.parameters });
    // The test case's plan: the Before hooks that apply, the steps and their matching
    // definitions, the After hooks (in the order they run); k below indexes it.
    const befores = opts.dryRun ? [] : state.before.filter((h) => applies(h, pickle.tags));
    const afters = opts.dryRun ? [] : state.after.slice().reverse().filter((h) => applies(h, pickle.tags));
    const matchesOf = pickle.steps.map((step) => natives.match(step.text));
    if (out.M)
      out.M.caseStarted([...befores.map((h) => ({ hookId: h.msgId })),
        ...matchesOf.map((m, step) => ({ step, defs: m.map((x) => x.id) })),
        ...afters.map((h) => ({ hookId: h.msgId }))]);
    // The scenario's status is its worst step's, in Cucumber's order of severity.
    let status = 'passed', error = null;
    const record = (r) => {
      if (severity.indexOf(r.status) <= severity.indexOf(status)) return;
      status = r.status;
      if (r.status === 'failed') error = r.error;
    };
    const hookArg = { pickle, gherkinDocument, testCaseStartedId: String(pickle.id) };
    const scenarioStarted = Date.now();
    if (!opts.dryRun) await natives.configHook('beforeScenario', [hookArg, world]);
    for (const [k, h] of befores.entries()) {
      // After a failed Before hook the others do not run (After hooks always do).
      if (status !== 'passed') {
        if (opts.json) out.hookResult('Before', 'skipped', 0);
        if (out.M) { out.M.testStep('start', k); out.M.testStep('end', k, 'skipped', 0); }
      } else record(await runHook('Before', h, world, hookArg, k, out));
    }
    for (const [index, step] of pickle.steps.entries()) {
      const title = step.keyword + step.text;
      const k = befores.length + index;
      out.step('step:start', title, step.keyword, step.text);
      if (out.M) out.M.testStep('start', k);
      const started = now();
      const matches = matchesOf[index];
      let r;
      if (matches.length === 0) r = { status: 'undefined', error: undefinedError(pickle, step) };
      else if (matches.length > 1 && opts.failAmbiguous) r = { status: 'ambiguous', error: ambiguousError(pickle, step, matches) };
      else if (matches.length > 1) {
        // Without failAmbiguousDefinitions WebdriverIO reports an ambiguous step pending.
        out.log('Warning: several step definitions match "' + step.keyword + step.text + '" (' +
          pickle.uri + ':' + step.line + '); the step is pending (cucumberOpts.failAmbiguousDefinitions ' +
          'makes it fail):\n' + ambiguousDefinitions(matches));
        r = { status: 'pending' };
      }
      else if (status !== 'passed' || opts.dryRun) r = { status: 'skipped' };
      else {
        const def = state.steps[matches[0].id];
        const stepArg = { pickle, pickleStep: step, gherkinDocument, testCaseStartedId: String(pickle.id), testStepId: String(step.id) };
        r = { status: 'passed' };
        if (natives.hasConfigHook('beforeStep')) await natives.configHook('beforeStep', [step, pickle, world]);
        const stepStarted = Date.now();
        for (const h of state.beforeStep)
          if (r.status === 'passed' && applies(h, pickle.tags))
            r = await invoke(code(h), world, [stepArg], hookTimeout(h), h.fn.length);
        if (r.status === 'passed') {
          try {
            const args = await stepArgs(world, matches[0], step);
            const timeout = typeof def.options.timeout === 'number' ? def.options.timeout : state.timeout;
            r = await invoke(code(def), world, args, timeout, def.fn.length);
          } catch (e) {
            r = { status: 'failed', error: e };
          }
        }
        stepArg.result = { status: Status[r.status.toUpperCase()], message: r.error ? String(r.error.message || r.error) : undefined };
        for (const h of state.afterStep)
          if (applies(h, pickle.tags)) {
            const a = await invoke(code(h), world, [stepArg], hookTimeout(h), h.fn.length);
            if (a.status === 'failed' && r.status !== 'failed') r = a;
          }
        if (natives.hasConfigHook('afterStep'))
          await natives.configHook('afterStep', [step, pickle,
            { passed: r.status === 'passed', error: r.error, duration: Date.now() - stepStarted }, world]);
      }
      // After a failed-ish step (pending, undefined, ambiguous, failed) an undefined or
      // ambiguous step keeps its status; after a skipped one every step is skipped.
      // (A dry run's skipped steps are not a step's doing: undefined ones stay undefined.)
      if ((status === 'skipped' && !opts.dryRun) ||
          (status !== 'passed' && r.status !== 'undefined' && r.status !== 'ambiguous'))
        r = { status: 'skipped' };
      record(r);
      if (!error && r.error) error = r.error;
      // WebdriverIO's title for an undefined step it was told to ignore.
      const shown = r.status === 'undefined' && opts.ignoreUndefined ? title + ' (undefined step)' : title;
      if (M && r.status === 'undefined') {
        const extra = step.dataTable ? 'dataTable' : step.docString !== undefined ? 'docString' : '';
        out.M.suggestion(k, natives.snippet(step.type, step.text, extra, true));
      }
      if (out.M) out.M.testStep('end', k, r.status, now() - started, r.error);
      out.step('step:end', shown, step.keyword, step.text, r.status, now() - started, r.error,
        index, matches.length === 1 ? state.steps[matches[0].id].where : undefined);
    }
    if (!opts.dryRun) {
      const result = { status: Status[status.toUpperCase()], message: error ? String(error.message || error) : undefined };
      for (const [j, h] of afters.entries()) {
        const a = await runHook('After', h, world, { ...hookArg, result }, befores.length + pickle.steps.length + j, out);
        if (a.status === 'failed' && status !== 'failed') {
          status = 'failed';
          error = a.error;
        }
      }
    }
    if (!opts.dryRun && natives.hasConfigHook('afterScenario')) {
      const result = { status: Status[status.toUpperCase()], message: error ? String(error.message || error) : undefined };
      await natives.configHook('afterScenario', [{ ...hookArg, result },
        { passed: status === 'passed', error: error || undefined, duration: Date.now() - scenarioStarted }, world]);
    }
    if (out.M) out.M.caseFinished(status, status === 'failed' || status === 'ambiguous' ||
      (status === 'undefined' && (opts.strict || !opts.ignoreUndefined)) || (status === 'pending' && opts.strict));
    if (status === 'passed') return;
    if (status === 'undefined' && opts.ignoreUndefined) status = 'pending';
    if (status === 'pending' && opts.strict)
      error = stepError('PendingStepError', 'Scenario "' + pickle.name + '" (' + pickle.uri + ':' + pickle.line +
        ') has a pending step, which fails it as cucumberOpts.strict is on');
    if (status === 'pending' && !opts.strict) error = null;
    if (status === 'skipped') error = null;
    // Only failures are retried (cucumber-js): an undefined, ambiguous or pending step
    // would be so again.
    if (error && status !== 'failed') out.noRetry();
    if (error) throw error;
    out.skipTest();
  }

  // The runner's call for a scenario's test. With cucumberOpts.parallel, `ahead` holds
  // the next scenarios of the feature ([pickle, document]): they start now, each with its
  // own World, and report when their turn comes (reporter()); a retry runs anew.
  const started = new Map();
  function startScenario(pickle, gherkinDocument, live) {
    const out = reporter(live);
    const done = runScenario(pickle, gherkinDocument, out);
    done.catch(() => {}); // awaited by the runner when its turn comes
    return { out, done };
  }
  function run(pickle, gherkinDocument, ahead) {
    const own = started.get(pickle.id) || startScenario(pickle, gherkinDocument, true);
    started.delete(pickle.id);
    for (const [p, d] of ahead || [])
      if (!started.has(p.id)) started.set(p.id, startScenario(p, d, false));
    own.out.goLive();
    return own.done;
  }

  const WorldClass = World;
  const api = {
    Given: defineStep('Given'), When: defineStep('When'), Then: defineStep('Then'),
    defineStep: defineStep('defineStep'),
    defineParameterType,
    setDefaultTimeout(ms) { state.timeout = ms; },
    setWorldConstructor(ctor) { state.World = ctor; },
    setDefinitionFunctionWrapper(wrapper) { state.wrapper = wrapper; },
    Before: defineHook('before', true), After: defineHook('after', true),
    BeforeStep: defineHook('beforeStep', true), AfterStep: defineHook('afterStep', true),
    BeforeAll: defineHook('beforeAll', false), AfterAll: defineHook('afterAll', false),
    World, DataTable, Status,
  };
  Object.defineProperty(api, '__run', { value: run });
  Object.defineProperty(api, '__state', { value: state });
  Object.defineProperty(api, '__allHooks', { value: allHooks });
  return api;
});
