/* sonde:assert-error: the AssertionError class of expect, assertResponse and Node's assert.
 * A real class rather than a C constructor so that typeof, instanceof, `extends` and the
 * captured stack behave as in Node. Evaluates to a function that src/assert/assert_error.c
 * calls once per realm with `init(error, options)`, the C part of the constructor (message,
 * generatedMessage, code, actual, expected, operator). */
(function () {
  'use strict';
  return function defineAssertionError(init) {
    class AssertionError extends Error {
      constructor(options) {
        if (options === null || typeof options !== 'object') {
          const e = new TypeError('The "options" argument must be of type object. Received ' +
            (options === null ? 'null' : `type ${typeof options} (${String(options)})`));
          e.code = 'ERR_INVALID_ARG_TYPE';
          throw e;
        }
        super();
        init(this, options);
      }
    }
    Object.defineProperty(AssertionError.prototype, 'name',
      { value: 'AssertionError', writable: true, configurable: true });
    return AssertionError;
  };
})()
