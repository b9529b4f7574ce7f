// Error stacks as Node prints them ("    at fn (file:line:col)", sonde's own frames left
// out) in failures and in console output, Error.captureStackTrace, and console's methods.
const EventEmitter = require('events');

function inner() {
  throw new TypeError('deep problem');
}
function outer() {
  inner();
}
class ApiError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ApiError';
    Error.captureStackTrace(this, ApiError);
  }
}

describe('errors', () => {
  it('fails with a nested throw', () => {
    outer();
  });

  it('fails inside an emitter', () => {
    new EventEmitter().emit('error', new Error('emitted'));
  });

  it('keeps captureStackTrace', () => {
    const e = new ApiError('custom');
    console.log(`E captured ${e.stack.split('\n').slice(0, 2).join(' / ').replace(__dirname, 'DIR')}`);
    const plain = {};
    Error.captureStackTrace(plain);
    console.log(`E plain ${plain.stack.split('\n')[0]} ${/^    at /m.test(plain.stack)}`);
  });

  it('prints errors and the rest of console', () => {
    console.log(new Error('logged'));
    console.error({ nested: { deep: { deeper: { deepest: 1 } } }, list: [1, 2, 3] });
    console.table(new Map([['a', 1], ['b', 2]]));
    console.group('E outer');
    console.info('E inside');
    console.groupEnd();
    console.count();
    console.count();
    console.assert(false, 'E assertion %s', 'message');
    console.dir({ a: { b: { c: { d: 1 } } } }, { depth: 0 });
    console.time('E timer');
    console.timeEnd('E timer');
    console.trace('E trace %d', 1);
    try {
      require('zlib');
    } catch (e) {
      console.log(`E unsupported ${e.code}: ${e.message.replace(__dirname, 'DIR')}`);
    }
    try {
      require('fs').createReadStream('x');
    } catch (e) {
      console.log(`E unsupported ${e.code}: ${e.message}`);
    }
  });
});
