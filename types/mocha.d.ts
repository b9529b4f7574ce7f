// The globals of a mocha spec file as sonde provides them (framework: 'mocha', ui 'bdd' or
// 'tdd'), with the Jest-compatible expect that has the API matchers. Do not combine with
// @types/mocha, @types/jest or jasmine.d.ts: they declare the same globals.
/// <reference path="./globals.d.ts" />

declare global {
  namespace Mocha {
    type Done = (error?: unknown) => void;
    /** A test or hook: takes `done`, returns a promise, or neither. */
    type TestFunction = (this: Context, done: Done) => PromiseLike<unknown> | void;
    type Func = TestFunction;
    type AsyncFunc = (this: Context) => PromiseLike<unknown> | void;
    type SuiteFunction = (this: Suite) => void;

    interface Runnable {
      title: string;
      fullTitle(): string;
      titlePath(): string[];
      timeout(): number;
      timeout(ms: number | string): this;
      slow(): number;
      slow(ms: number | string): this;
      retries(): number;
      retries(n: number): this;
      file?: string;
      parent?: Suite;
      pending: boolean;
      duration?: number;
      state?: 'passed' | 'failed' | 'pending';
    }
    interface Test extends Runnable {
      type: 'test';
      err?: Error;
      currentRetry(): number;
    }
    interface Hook extends Runnable {
      type: 'hook';
    }
    interface Suite {
      title: string;
      file?: string;
      parent?: Suite;
      suites: Suite[];
      tests: Test[];
      fullTitle(): string;
      titlePath(): string[];
      timeout(): number;
      timeout(ms: number | string): this;
      retries(): number;
      retries(n: number): this;
      slow(ms: number | string): this;
      bail(bail?: boolean): this;
    }
    interface Context {
      test?: Runnable;
      currentTest?: Test;
      timeout(): number;
      timeout(ms: number | string): this;
      retries(): number;
      retries(n: number): this;
      slow(ms: number | string): this;
      skip(): never;
      [key: string]: any;
    }
    interface SuiteDefinition {
      (title: string, fn: SuiteFunction): Suite;
      only(title: string, fn: SuiteFunction): Suite;
      skip(title: string, fn: SuiteFunction): Suite | void;
    }
    interface PendingSuiteDefinition {
      (title: string, fn: SuiteFunction): Suite | void;
    }
    interface TestDefinition {
      (title: string, fn?: TestFunction): Test;
      only(title: string, fn?: TestFunction): Test;
      skip(title: string, fn?: TestFunction): Test;
      retries(n: number): void;
    }
    interface PendingTestDefinition {
      (title: string, fn?: TestFunction): Test;
    }
    interface HookFunction {
      (fn: TestFunction): void;
      (name: string, fn?: TestFunction): void;
    }
  }

  // bdd
  var describe: Mocha.SuiteDefinition;
  var context: Mocha.SuiteDefinition;
  var xdescribe: Mocha.PendingSuiteDefinition;
  var xcontext: Mocha.PendingSuiteDefinition;
  var it: Mocha.TestDefinition;
  var specify: Mocha.TestDefinition;
  var xit: Mocha.PendingTestDefinition;
  var xspecify: Mocha.PendingTestDefinition;
  var before: Mocha.HookFunction;
  var after: Mocha.HookFunction;
  var beforeEach: Mocha.HookFunction;
  var afterEach: Mocha.HookFunction;
  // tdd
  var suite: Mocha.SuiteDefinition;
  var test: Mocha.TestDefinition;
  var suiteSetup: Mocha.HookFunction;
  var suiteTeardown: Mocha.HookFunction;
  var setup: Mocha.HookFunction;
  var teardown: Mocha.HookFunction;

  /** Jest's expect with the API matchers: expect(res).toHaveStatus(200). */
  var expect: Sonde.Expect;
}
export {};
