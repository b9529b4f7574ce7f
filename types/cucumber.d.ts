// The globals of cucumber step files as sonde provides them (framework: 'cucumber'): the
// shared ones and the Jest-compatible expect. The step API comes from the modules
// '@wdio/cucumber-framework', '@cucumber/cucumber' or 'sonde' (core.d.ts).
/// <reference path="./globals.d.ts" />

declare global {
  /** Jest's expect with the API matchers: expect(res).toHaveStatus(200). */
  var expect: Sonde.Expect;
}
export {};
