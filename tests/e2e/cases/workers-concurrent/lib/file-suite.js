// The body of each spec file of interleave/: three waits on the server's /delay, and after
// each one the file checks that what it set up is still its own although the other files
// of its worker ran meanwhile: its globals, its timers, its request interceptor,
// process.exitCode, and the token its config `before` hook set in its realm.
const path = require('path');

module.exports = (n, file) => {
  globalThis.fileMark = n;
  const check = (ok, what) => {
    if (!ok) throw new Error(`file ${n}: ${what}`);
  };
  describe(`file ${n}`, () => {
    before(() => {
      api.addRequestInterceptor((config) => {
        config.headers.set('X-File', String(n));
      });
    });

    it('keeps its realm while the other files interleave', async () => {
      console.log(`file ${n} pid ${process.pid}`);
      check(token === `token-${path.basename(file)}`, `token from the before hook is ${token}`);
      process.exitCode = n;
      let ticks = 0;
      const interval = setInterval(() => ticks++, 10);
      for (let k = 0; k < 3; k++) {
        const delayed = await api.get('/delay/300');
        check(delayed.status === 200, `delay status ${delayed.status}`);
        console.log(`file ${n} step ${k}`);
        check(globalThis.fileMark === n, `globalThis.fileMark is ${globalThis.fileMark}`);
        check(process.exitCode === n, `process.exitCode is ${process.exitCode}`);
        const echo = await api.get('/echo');
        check(echo.data.headers['x-file'] === String(n), `X-File sent: ${echo.data.headers['x-file']}`);
      }
      clearInterval(interval);
      check(ticks > 0, 'its interval never fired');
      process.exitCode = undefined;
    });

    it('counts its own beforeTest calls', () => {
      check(beforeTests === 2, `beforeTest ran ${beforeTests} times in this realm`);
    });
  });
};
