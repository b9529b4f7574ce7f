// A busy loop: the watchdog ends this file after watchdogTimeout of CPU time.
describe('busy', () => {
  it('loops forever', async () => {
    console.log(`busy pid ${process.pid}`);
    await api.get('/delay/50');
    for (;;) {
      // never yields
    }
  });
  it('never runs', () => {});
});
