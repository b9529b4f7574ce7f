// mocha-args: --retries 1
let n = 0;
it('fails once', () => { if (++n < 2) throw new Error('once'); });
