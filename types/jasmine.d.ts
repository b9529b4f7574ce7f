// The globals of a jasmine spec file as sonde provides them (framework: 'jasmine', as
// @wdio/jasmine-framework runs it): describe/it/hooks, jasmine's expect and expectAsync
// with the API matchers, spies, the clock and asymmetric testers. Use this file instead of
// index.d.ts (mocha); do not combine with @types/jasmine, @types/mocha or @types/jest.
/// <reference path="./globals.d.ts" />

declare global {
  namespace jasmine {
    type DoneFn = ((error?: unknown) => void) & { fail(error?: unknown): void };
    type ImplementationCallback = ((this: any) => PromiseLike<unknown> | void) | ((this: any, done: DoneFn) => void);

    interface CallInfo<Fn extends (...args: any[]) => any = (...args: any[]) => any> {
      object: any;
      args: Parameters<Fn>;
      returnValue: ReturnType<Fn>;
    }
    interface Calls<Fn extends (...args: any[]) => any = (...args: any[]) => any> {
      any(): boolean;
      count(): number;
      argsFor(index: number): Parameters<Fn>;
      thisFor(index: number): any;
      allArgs(): Array<Parameters<Fn>>;
      all(): Array<CallInfo<Fn>>;
      mostRecent(): CallInfo<Fn>;
      first(): CallInfo<Fn>;
      reset(): void;
      saveArgumentsByValue(): void;
    }
    interface SpyStrategy<Fn extends (...args: any[]) => any = (...args: any[]) => any> {
      identity: string;
      returnValue(value: ReturnType<Fn>): Spy<Fn>;
      returnValues(...values: Array<ReturnType<Fn>>): Spy<Fn>;
      callFake(fn: Fn): Spy<Fn>;
      callThrough(): Spy<Fn>;
      throwError(error: Error | string): Spy<Fn>;
      resolveTo(value?: Awaited<ReturnType<Fn>>): Spy<Fn>;
      rejectWith(value?: unknown): Spy<Fn>;
      stub(): Spy<Fn>;
      /** Strategies added by jasmine.addSpyStrategy. */
      [custom: string]: any;
    }
    type Spy<Fn extends (...args: any[]) => any = (...args: any[]) => any> = Fn & {
      and: SpyStrategy<Fn>;
      calls: Calls<Fn>;
      /** A strategy for calls with these arguments (compared as toEqual does). */
      withArgs(...args: any[]): { and: SpyStrategy<Fn> };
    };
    type SpyObj<T> = T & { [K in keyof T]: T[K] extends (...args: any[]) => any ? T[K] & Spy<T[K]> : T[K] };

    interface Clock {
      install(): Clock;
      uninstall(): void;
      withMock(fn: () => void): void;
      mockDate(date?: Date): void;
      tick(ms: number): void;
    }

    interface MatchersUtil {
      equals(a: unknown, b: unknown): boolean;
      contains(haystack: unknown, needle: unknown): boolean;
      pp(value: unknown): string;
    }
    interface CustomMatcherResult { pass: boolean; message?: string }
    type CustomMatcherFactory = (util: MatchersUtil) => {
      compare(actual: any, ...expected: any[]): CustomMatcherResult;
      negativeCompare?(actual: any, ...expected: any[]): CustomMatcherResult;
    };
    type CustomAsyncMatcherFactory = (util: MatchersUtil) => {
      compare(actual: any, ...expected: any[]): Promise<CustomMatcherResult>;
      negativeCompare?(actual: any, ...expected: any[]): Promise<CustomMatcherResult>;
    };

    /** jasmine's matchers, with the API matchers of sonde's expect. */
    interface Matchers<T> extends Sonde.ResponseChecks<void> {
      not: Matchers<T>;
      withContext(message: string): Matchers<T>;
      toBe(expected: unknown): void;
      toEqual(expected: unknown): void;
      toBeTruthy(): void;
      toBeFalsy(): void;
      toBeTrue(): void;
      toBeFalse(): void;
      toBeDefined(): void;
      toBeUndefined(): void;
      toBeNull(): void;
      toBeNaN(): void;
      toBePositiveInfinity(): void;
      toBeNegativeInfinity(): void;
      toContain(expected: unknown): void;
      toMatch(expected: string | RegExp): void;
      toBeCloseTo(expected: number, precision?: number): void;
      toBeGreaterThan(expected: number): void;
      toBeGreaterThanOrEqual(expected: number): void;
      toBeLessThan(expected: number): void;
      toBeLessThanOrEqual(expected: number): void;
      toBeInstanceOf(expected: abstract new (...args: any[]) => any): void;
      toHaveSize(expected: number): void;
      toThrow(expected?: unknown): void;
      toThrowError(expected?: (new (...args: any[]) => Error) | string | RegExp, message?: string | RegExp): void;
      toThrowMatching(predicate: (thrown: any) => boolean): void;
      toHaveBeenCalled(): void;
      toHaveBeenCalledTimes(expected: number): void;
      toHaveBeenCalledWith(...params: any[]): void;
      toHaveBeenCalledOnceWith(...params: any[]): void;
      toHaveBeenCalledBefore(other: Spy): void;
      toHaveNoOtherSpyInteractions(): void;
      toHaveSpyInteractions(): void;
    }
    interface AsyncMatchers<T> {
      not: AsyncMatchers<T>;
      withContext(message: string): AsyncMatchers<T>;
      toBePending(): Promise<void>;
      toBeResolved(): Promise<void>;
      toBeResolvedTo(expected: unknown): Promise<void>;
      toBeRejected(): Promise<void>;
      toBeRejectedWith(expected: unknown): Promise<void>;
      toBeRejectedWithError(expected?: (new (...args: any[]) => Error) | string | RegExp, message?: string | RegExp): Promise<void>;
    }

    var DEFAULT_TIMEOUT_INTERVAL: number;
    function any(ctor: unknown): any;
    function anything(): any;
    function objectContaining<T>(sample: Partial<T> | Record<string, unknown>): any;
    function arrayContaining<T>(sample: readonly T[]): any;
    function arrayWithExactContents<T>(sample: readonly T[]): any;
    function setContaining<T>(sample: Set<T>): any;
    function mapContaining<K, V>(sample: Map<K, V>): any;
    function stringMatching(pattern: string | RegExp): any;
    function stringContaining(text: string): any;
    function truthy(): any;
    function falsy(): any;
    function empty(): any;
    function notEmpty(): any;
    function is(sample: unknown): any;
    function createSpy<Fn extends (...args: any[]) => any = (...args: any[]) => any>(name?: string, original?: Fn): Spy<Fn>;
    function createSpyObj<T = any>(baseName: string, methodNames: ReadonlyArray<keyof T & string> | Record<string, unknown>, propertyNames?: ReadonlyArray<string> | Record<string, unknown>): SpyObj<T>;
    function createSpyObj<T = any>(methodNames: ReadonlyArray<keyof T & string> | Record<string, unknown>, propertyNames?: ReadonlyArray<string> | Record<string, unknown>): SpyObj<T>;
    function isSpy(value: unknown): boolean;
    function clock(): Clock;
    function addMatchers(matchers: Record<string, CustomMatcherFactory>): void;
    function addAsyncMatchers(matchers: Record<string, CustomAsyncMatcherFactory>): void;
    function addCustomEqualityTester(tester: (a: any, b: any) => boolean | undefined): void;
    function addSpyStrategy(name: string, factory: (...args: any[]) => (...args: any[]) => any): void;
    function setDefaultSpyStrategy(fn?: (and: SpyStrategy) => void): void;
    function getEnv(): Env;
    interface Env {
      configuration(): { random: boolean; seed: string | number | null };
      addReporter(reporter: CustomReporter): void;
      clearReporters(): void;
      allowRespy(allow: boolean): void;
    }
    interface ExpectationResult {
      matcherName: string; message: string; stack: string; passed: boolean;
      expected?: unknown; actual?: unknown;
    }
    interface JasmineStartedInfo { totalSpecsDefined: number; order: { random: boolean; seed: string | null } }
    interface JasmineDoneInfo {
      overallStatus: 'passed' | 'failed' | 'incomplete'; totalTime: number; incompleteReason?: string;
      order: { random: boolean; seed: string | null }; failedExpectations: ExpectationResult[];
      deprecationWarnings: ExpectationResult[];
    }
    interface SuiteResult {
      id: string; description: string; fullName: string; parentSuiteId: string | null; filename: string;
      failedExpectations: ExpectationResult[]; deprecationWarnings: ExpectationResult[];
      status?: 'passed' | 'failed' | 'excluded'; duration: number | null; properties: Record<string, unknown> | null;
    }
    interface SpecResult {
      id: string; description: string; fullName: string; parentSuiteId: string | null; filename: string;
      failedExpectations: ExpectationResult[]; passedExpectations: ExpectationResult[];
      deprecationWarnings: ExpectationResult[]; pendingReason: string;
      status?: 'passed' | 'failed' | 'pending' | 'excluded'; duration: number | null;
      properties: Record<string, unknown> | null; debugLogs: null;
    }
    /** jasmine's reporter interface: every method is optional and may return a promise. */
    interface CustomReporter {
      jasmineStarted?(info: JasmineStartedInfo): void | Promise<void>;
      suiteStarted?(result: SuiteResult): void | Promise<void>;
      specStarted?(result: SpecResult): void | Promise<void>;
      specDone?(result: SpecResult): void | Promise<void>;
      suiteDone?(result: SuiteResult): void | Promise<void>;
      jasmineDone?(info: JasmineDoneInfo): void | Promise<void>;
    }
    var matchersUtil: MatchersUtil;
  }

  function describe(description: string, specDefinitions: () => void): void;
  function fdescribe(description: string, specDefinitions: () => void): void;
  function xdescribe(description: string, specDefinitions: () => void): void;
  function it(expectation: string, assertion?: jasmine.ImplementationCallback, timeout?: number): void;
  function fit(expectation: string, assertion?: jasmine.ImplementationCallback, timeout?: number): void;
  function xit(expectation: string, assertion?: jasmine.ImplementationCallback, timeout?: number): void;
  function beforeAll(action: jasmine.ImplementationCallback, timeout?: number): void;
  function afterAll(action: jasmine.ImplementationCallback, timeout?: number): void;
  function beforeEach(action: jasmine.ImplementationCallback, timeout?: number): void;
  function afterEach(action: jasmine.ImplementationCallback, timeout?: number): void;

  function expect<T>(actual: T): jasmine.Matchers<T>;
  function expect(): jasmine.Matchers<undefined>;
  function expectAsync<T>(actual: T | PromiseLike<T>): jasmine.AsyncMatchers<T>;
  /** expect's matchers, but a failure is thrown (an Error with matcherName, passed ...). */
  function throwUnless<T>(actual: T): jasmine.Matchers<T>;
  function throwUnlessAsync<T>(actual: T | PromiseLike<T>): jasmine.AsyncMatchers<T>;
  function fail(error?: unknown): void;
  function pending(reason?: string): void;
  function spyOn<T, K extends keyof T>(object: T, method: K):
    T[K] extends (...args: any[]) => any ? jasmine.Spy<T[K]> : never;
  function spyOnProperty<T, K extends keyof T>(object: T, property: K, accessType?: 'get' | 'set'): jasmine.Spy<(...args: any[]) => any>;
  function spyOnAllFunctions<T>(object: T, includeNonEnumerable?: boolean): jasmine.SpyObj<T>;
}
export {};
