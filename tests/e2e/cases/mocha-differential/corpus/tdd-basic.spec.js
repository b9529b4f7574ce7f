// mocha-args: --ui tdd
const log = [];
suite('s', () => {
  suiteSetup(() => log.push('ss'));
  setup(() => log.push('su'));
  teardown(() => log.push('td'));
  suiteTeardown(() => { if (log.join() !== 'ss,su,t1,td,su,t2,td') throw new Error(log.join()); });
  test('t1', () => log.push('t1'));
  test('t2', () => log.push('t2'));
});
