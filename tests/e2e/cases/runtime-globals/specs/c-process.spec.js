function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

// A global set here must not be visible to the next spec file (d-fresh).
globalThis.leak = 1;
var topLevelVar = 'c';
Array.prototype.polluted = 'yes';
console.log(`LOAD leak=${globalThis.leak} pid=${process.pid}`);

describe('process', () => {
  it('exposes env, cwd, argv and exitCode', () => {
    console.log(`ENV ${process.env.API_BASE_URL}`);
    console.log(`CWD ${process.cwd()}`);
    check(Array.isArray(process.argv), 'process.argv is not an array');
    check(process.argv.every((a) => typeof a === 'string'), 'process.argv holds non-strings');
    console.log(`ARGV ${Array.isArray(process.argv)}`);
    process.exitCode = 3;
    check(process.exitCode === 3, 'process.exitCode did not keep 3: ' + process.exitCode);
    process.exitCode = undefined;
    console.log('EXITCODE ok');
  });

  it("runs 'exit' listeners as the spec file ends, their output in its job", () => {
    process.on('exit', (code) => {
      process.stdout.write(`EXIT-LISTENER code=${code} `);
      process.stdout.write('partial line\n');
      console.log('EXIT-LISTENER done');
    });
  });
});
