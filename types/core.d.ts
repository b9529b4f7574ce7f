// sonde's TypeScript declarations: the shapes of what spec files get from sonde (the `api`
// client and its responses, assertResponse, expect with the API matchers, the GraphQL
// client, cucumber's step API, the config), in the namespace `Sonde`. The modules `sonde`,
// `wdio-api-runner`, `@wdio/globals`, `@wdio/cucumber-framework` and `@cucumber/cucumber`
// are declared at the end. The globals of spec files are in globals.d.ts, mocha.d.ts,
// jasmine.d.ts and cucumber.d.ts; index.d.ts brings in the mocha set (see README.md).
// Written for sonde from its own sources; types only, nothing here runs.

declare namespace Sonde {
  type Awaitable<T> = T | PromiseLike<T>;

  // ---- the api client ----

  /** Headers as fetch's Headers (names lower-cased, repeated values joined with ", "). */
  interface ApiHeaders extends Iterable<[string, string]> {
    get(name: string): string | null;
    has(name: string): boolean;
    set(name: string, value: string): void;
    append(name: string, value: string): void;
    delete(name: string): void;
    forEach(fn: (value: string, name: string, headers: ApiHeaders) => void): void;
    entries(): IterableIterator<[string, string]>;
    keys(): IterableIterator<string>;
    values(): IterableIterator<string>;
    toJSON(): Record<string, string>;
  }

  type HeadersInit = Record<string, string | number | boolean | null | undefined>;
  type ParamValue = string | number | boolean | null | undefined;

  interface RequestOptions {
    headers?: HeadersInit;
    /** Query parameters added to the URL (an array repeats the name). */
    params?: Record<string, ParamValue | ParamValue[]> | URLSearchParams;
    /** ms for the whole exchange (default apiRunner.timeout, 30000). */
    timeout?: number;
    retries?: number;
    retryDelay?: number;
    retryBackoff?: 'fixed' | 'exponential';
    signal?: AbortSignal;
    redirect?: 'follow' | 'manual' | 'error';
    maxRedirects?: number;
    /** Bytes; a bigger response fails. 0 lifts the limit. */
    maxBodySize?: number;
  }

  type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'DELETE' | 'POST' | 'PUT' | 'PATCH'
    | 'get' | 'head' | 'options' | 'delete' | 'post' | 'put' | 'patch';

  interface RequestConfig extends RequestOptions {
    /** Default GET; any case. */
    method?: HttpMethod | (string & {});
    body?: unknown;
  }

  /** What a one-parameter request interceptor gets (and may change or return). */
  interface InterceptedRequest {
    method: string;
    url: string;
    headers: ApiHeaders;
    body?: unknown;
    params?: Record<string, unknown>;
    timeout?: number;
    retries?: number;
    [key: string]: unknown;
  }

  /** The request a response was made for (response.request). */
  interface SentRequest {
    method: string;
    url: string;
    headers: ApiHeaders | Record<string, string>;
    body?: unknown;
    [key: string]: unknown;
  }

  /** What every api call resolves with; a non-2xx status resolves too (ok === false). */
  interface ApiResponse<T = any> {
    status: number;
    statusText: string;
    headers: ApiHeaders;
    /** Parsed JSON, text, an ArrayBuffer, or null for an empty body. */
    data: T;
    ok: boolean;
    /** ms */
    duration: number;
    /** Body size in bytes. */
    size: number;
    attempts: number;
    url: string;
    redirected: boolean;
    httpVersion: '1.0' | '1.1' | '2' | '3' | '';
    request: SentRequest;
    /** Why a JSON body did not parse (data then holds the text). */
    parseError?: string;
    text(): Promise<string>;
    json<J = any>(): Promise<J>;
    bytes(): Promise<Uint8Array>;
    arrayBuffer(): Promise<ArrayBuffer>;
  }

  /** Declared with one parameter: gets the request config (and may return it). */
  type RequestInterceptor = (config: InterceptedRequest) => Awaitable<InterceptedRequest | void>;
  /** Declared with two: wdio-api-runner's (absolute url, options with plain headers).
   *  Annotate both parameters, `(url: string, options: Record<string, any>) => ...`, so
   *  TypeScript picks this form of addRequestInterceptor. */
  type UrlRequestInterceptor = (url: string, options: Record<string, any>) =>
    Awaitable<Record<string, any> | { url: string; options: Record<string, any> } | void>;
  type ResponseInterceptor = (response: ApiResponse) => Awaitable<ApiResponse | Record<string, any> | void>;

  interface ApiClient {
    get<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
    head<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
    options<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
    delete<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
    post<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
    put<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
    patch<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
    request<T = any>(path: string, config?: RequestConfig): Promise<ApiResponse<T>>;
    setHeader(name: string, value: string | number): void;
    setHeaders(headers: HeadersInit): void;
    removeHeader(name: string): void;
    getHeaders(): Record<string, string>;
    setBaseUrl(url: string): void;
    /** "" without a base URL. */
    getBaseUrl(): string;
    /** Returns a function that removes the interceptor. */
    addRequestInterceptor(fn: RequestInterceptor): () => void;
    addRequestInterceptor(fn: UrlRequestInterceptor): () => void;
    addResponseInterceptor(fn: ResponseInterceptor): () => void;
    clearInterceptors(): void;
    clearCookies(): void;
    /** HAR recording: stopRecording() resolves with the file's path (har-logs/<name>.har). */
    startRecording(name?: string): void;
    stopRecording(): Promise<string>;
    getHar(): HarDocument;
    isRecording(): boolean;
  }

  /** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as far as sonde writes it. */
  interface HarDocument {
    log: {
      version: string;
      creator: { name: string; version: string };
      entries: Array<{
        startedDateTime: string;
        time: number;
        request: { method: string; url: string; headers: Array<{ name: string; value: string }>; [key: string]: unknown };
        response: { status: number; statusText: string; headers: Array<{ name: string; value: string }>; [key: string]: unknown };
        [key: string]: unknown;
      }>;
      [key: string]: unknown;
    };
  }

  // ---- auth helpers (each returns an interceptor of the (url, options) form) ----

  interface AuthBase {
    /** Requests whose URL contains one of these strings or matches one of these RegExps are left alone. */
    excludePaths?: Array<string | RegExp>;
  }
  interface AuthInterceptor {
    interceptor: UrlRequestInterceptor;
  }
  interface TokenAuth extends AuthInterceptor {
    forceRefresh(): Promise<void>;
    clearTokens(): Promise<void>;
    setToken(token: string): void;
    getToken(): string | null;
  }
  interface BasicAuthConfig extends AuthBase { username: string; password: string }
  interface ApiKeyAuthConfig extends AuthBase { value: string; in?: 'header' | 'query' | 'cookie'; name?: string }
  interface BearerAuthConfig extends AuthBase {
    token: string | (() => Awaitable<string>);
    refresh?: () => Awaitable<string>;
    onRefresh?: (token: string) => void;
    /** Seconds before a JWT's exp when it is refreshed first (default 60). */
    refreshBuffer?: number;
    disableAutoRefresh?: boolean;
    headerName?: string;
    prefix?: string;
  }
  interface OAuth2ClientCredentialsConfig extends AuthBase {
    tokenUrl: string;
    clientId: string;
    clientSecret: string;
    scope?: string;
    audience?: string;
    extraParams?: Record<string, string>;
    refreshBuffer?: number;
    disableAutoRefresh?: boolean;
    onTokenRefresh?: (token: { access_token: string; token_type?: string; expires_in?: number; [key: string]: unknown }) => void;
  }

  // ---- metrics ----

  interface MetricsConfig {
    enabled?: boolean;
    percentiles?: number[];
    trackByEndpoint?: boolean;
    trackByMethod?: boolean;
    slowThreshold?: number;
    maxEntries?: number;
    slowestCount?: number;
    failedCount?: number;
  }
  interface MetricEntry {
    timestamp: number;
    endpoint: string;
    method: string;
    duration: number;
    status: number;
    success: boolean;
    size?: number;
    operationName?: string;
    tags?: Record<string, string>;
  }
  type MetricInput = Pick<MetricEntry, 'endpoint' | 'method' | 'duration' | 'status'> & Partial<MetricEntry>;
  interface MetricStats {
    p50: number; p95: number; p99: number;
    min: number; max: number; avg: number; count: number; sum: number;
    /** Other percentiles asked for, as p<N>. */
    [percentile: `p${number}`]: number;
  }
  interface MetricsReport {
    startTime: number;
    endTime: number;
    totalRequests: number;
    totalDuration: number;
    overall: MetricStats;
    byEndpoint: Array<{ endpoint: string; method: string; stats: MetricStats; successRate: number; errorCount: number }>;
    byMethod: Record<string, MetricStats>;
    slowestRequests: MetricEntry[];
    failedRequests: MetricEntry[];
    totalFailed: number;
  }
  interface MetricsCollector {
    record(entry: MetricInput): void;
    getMetrics(): MetricEntry[];
    getByEndpoint(endpoint: string): MetricEntry[];
    getByMethod(method: string): MetricEntry[];
    getReport(): MetricsReport;
    clear(): void;
    isEnabled(): boolean;
    enable(): void;
    disable(): void;
    getConfig(): Required<MetricsConfig>;
  }
  interface MetricsThresholds { p50?: number; p95?: number; p99?: number; max?: number; avg?: number; errorRate?: number }
  interface MetricsSummary {
    totalRequests: number; successRate: number; errorCount: number; duration: number;
    p50: number; p95: number; p99: number; min: number; max: number; avg: number;
  }

  // ---- browser: the stub WebdriverIO browser of API mode ----

  type BrowserMethod = (...args: any[]) => Promise<never>;
  /** In API mode `browser` is a stub: its fields and listeners work, every
   *  browser-automation method rejects (`$`/`$$` throw) saying it is not available. */
  interface StubBrowser {
    readonly sessionId: string;
    capabilities: Record<string, unknown>;
    requestedCapabilities: Record<string, unknown>;
    options: Record<string, any>;
    readonly isApi: true;
    readonly isStub: true;
    /** Set by the 'shared-store' service's `before` hook. */
    sharedStore?: SharedStore;
    readonly isMobile: false; readonly isIOS: false; readonly isAndroid: false;
    readonly isChrome: false; readonly isFirefox: false; readonly isSauce: false; readonly isBidi: false;
    pause(ms: number): Promise<void>;
    call<T>(fn: () => T | PromiseLike<T>): Promise<T>;
    on(event: string | symbol, listener: (...args: any[]) => void): this;
    addListener(event: string | symbol, listener: (...args: any[]) => void): this;
    prependListener(event: string | symbol, listener: (...args: any[]) => void): this;
    once(event: string | symbol, listener: (...args: any[]) => void): this;
    off(event: string | symbol, listener: (...args: any[]) => void): this;
    removeListener(event: string | symbol, listener: (...args: any[]) => void): this;
    removeAllListeners(event?: string | symbol): this;
    emit(event: string | symbol, ...args: any[]): boolean;
    listenerCount(event: string | symbol): number;
    listeners(event: string | symbol): Array<(...args: any[]) => void>;
    eventNames(): Array<string | symbol>;
    $(selector: unknown): never;
    $$(selector: unknown): never;
    url: BrowserMethod; getUrl: BrowserMethod; getTitle: BrowserMethod; back: BrowserMethod;
    forward: BrowserMethod; refresh: BrowserMethod; execute: BrowserMethod; executeAsync: BrowserMethod;
    keys: BrowserMethod; takeScreenshot: BrowserMethod; saveScreenshot: BrowserMethod;
    getCookies: BrowserMethod; setCookies: BrowserMethod; deleteCookies: BrowserMethod;
    reloadSession: BrowserMethod; deleteSession: BrowserMethod; setTimeout: BrowserMethod;
    mock: BrowserMethod; debug: BrowserMethod; getPageSource: BrowserMethod;
    [method: string]: unknown;
  }

  interface ApiClientOptions {
    baseUrl?: string;
    headers?: HeadersInit;
    timeout?: number;
    retries?: number;
    retryDelay?: number;
    verbose?: boolean;
  }

  // ---- assertions ----

  /** A response or a plain copy of one ({ ...response, data }). */
  type ResponseLike = Pick<ApiResponse, 'status' | 'headers'> & Partial<ApiResponse>
    | { status: number; headers: Record<string, string>; [key: string]: any };

  /** The checks on responses, shared by the assertResponse chain and expect. */
  interface ResponseChecks<R> {
    toHaveStatus(code: number): R;
    toBeSuccess(): R;
    toBeOk(): R;
    toBeRedirect(): R;
    toBeClientError(): R;
    toBeServerError(): R;
    toBeCreated(): R;
    toBeAccepted(): R;
    toBeNoContent(): R;
    toBeBadRequest(): R;
    toBeUnauthorized(): R;
    toBeForbidden(): R;
    toBeNotFound(): R;
    toBeConflict(): R;
    toBeUnprocessable(): R;
    toBeTooManyRequests(): R;
    toBeInternalServerError(): R;
    toBeServiceUnavailable(): R;
    toHaveStatusText(text: string | RegExp): R;
    toHaveHeader(name: string, value?: string | RegExp): R;
    toHaveContentType(type: string | RegExp): R;
    toHaveBody(): R;
    toHaveEmptyBody(): R;
    /** path: 'a.b[0].c'; value compared deeply (asymmetric matchers allowed). */
    toHaveBodyProperty(path: string, value?: unknown): R;
    toHaveBodyLength(length: number): R;
    toHaveBodyContaining(text: string): R;
    toHaveBodyMatching(pattern: RegExp): R;
    /** ms */
    toRespondWithin(ms: number): R;
    /** A JSON Schema (2020-12, 2019-09 or 7). */
    toMatchSchema(schema: object | boolean): R;
    /** The response against the API document (apiRunner.openapi, or loadApiSpec's): its
     * operation by method and path, the status (code, 2XX or default), the content type,
     * the headers declared required and the body's schema. */
    toSatisfyApiSpec(): R;
    /** A value (or a response's data) against components.schemas[name] (2.0: definitions). */
    toSatisfySchemaInApiSpec(name: string): R;
  }

  interface ResponseAssertion extends ResponseChecks<ResponseAssertion>, GraphQLMatchers<ResponseAssertion> {
    /** Negates the rest of the chain. */
    readonly not: ResponseAssertion;
    readonly and: ResponseAssertion;
    getResponse(): ResponseLike;
  }

  interface GraphQLMatchers<R> {
    toHaveNoGraphQLErrors(): R;
    toHaveGraphQLError(message?: string | RegExp): R;
    toHaveGraphQLData(path?: string, value?: unknown): R;
  }

  /** Jest's matchers as sonde's expect has them, with the API and GraphQL matchers. */
  interface Matchers<R> extends ResponseChecks<R>, GraphQLMatchers<R> {
    toBe(expected: unknown): R;
    toEqual(expected: unknown): R;
    toStrictEqual(expected: unknown): R;
    toMatchObject(expected: object | object[]): R;
    toHaveProperty(path: string | ReadonlyArray<string | number>, value?: unknown): R;
    toContain(item: unknown): R;
    toContainEqual(item: unknown): R;
    toHaveLength(length: number): R;
    toMatch(pattern: string | RegExp): R;
    toBeDefined(): R;
    toBeUndefined(): R;
    toBeNull(): R;
    toBeTruthy(): R;
    toBeFalsy(): R;
    toBeNaN(): R;
    toBeGreaterThan(n: number | bigint): R;
    toBeGreaterThanOrEqual(n: number | bigint): R;
    toBeLessThan(n: number | bigint): R;
    toBeLessThanOrEqual(n: number | bigint): R;
    toBeCloseTo(n: number, digits?: number): R;
    toBeInstanceOf(ctor: abstract new (...args: any[]) => any): R;
    toThrow(expected?: string | RegExp | Error | (new (...args: any[]) => Error)): R;
    toThrowError(expected?: string | RegExp | Error | (new (...args: any[]) => Error)): R;
  }

  /** Matchers added with expect.extend: declare them by merging into this interface. */
  interface CustomMatchers<R> {}

  interface Expectation extends Matchers<void>, CustomMatchers<void> {
    readonly not: Expectation;
    readonly resolves: AsyncExpectation;
    readonly rejects: AsyncExpectation;
  }
  interface AsyncExpectation extends Matchers<Promise<void>>, CustomMatchers<Promise<void>> {
    readonly not: AsyncExpectation;
  }

  interface AsymmetricMatcher {
    asymmetricMatch(other: unknown): boolean;
    toString(): string;
    toAsymmetricMatcher?(): string;
  }

  interface AsymmetricMatchers {
    objectContaining(sample: Record<string, unknown>): any;
    arrayContaining(sample: readonly unknown[]): any;
    stringContaining(sample: string): any;
    stringMatching(sample: string | RegExp): any;
    closeTo(n: number, digits?: number): any;
  }

  interface MatcherResult {
    pass: boolean;
    message(): string;
  }

  interface MatcherContext {
    isNot: boolean;
    promise: string;
    equals(a: unknown, b: unknown, testers?: unknown[], strict?: boolean): boolean;
    utils: {
      printReceived(v: unknown): string;
      printExpected(v: unknown): string;
      matcherHint(name: string, received?: string, expected?: string, options?: object): string;
      printWithType(name: string, v: unknown, print: (v: unknown) => string): string;
      matcherErrorMessage(hint: string, generic: string, specific?: string): string;
    };
  }

  type CustomMatcher = (this: MatcherContext, received: any, ...expected: any[]) => Awaitable<MatcherResult>;

  interface Expect extends AsymmetricMatchers {
    (actual: unknown): Expectation;
    any(ctor: unknown): any;
    anything(): any;
    not: AsymmetricMatchers;
    extend(matchers: Record<string, CustomMatcher>): void;
    addEqualityTesters(testers: Array<(this: MatcherContext, a: unknown, b: unknown) => boolean | undefined>): void;
  }

  type AssertResponse = (response: ResponseLike) => ResponseAssertion;

  /** apiMatchers: each check as a function, as wdio-api-runner exports them. */
  interface ApiMatcherResult {
    pass: boolean;
    actual: unknown;
    expected: unknown;
    message(): string;
  }
  type ApiChecks = ResponseChecks<unknown> & GraphQLMatchers<unknown>;
  type ApiMatchers = {
    [K in keyof ApiChecks]: (response: ResponseLike, ...args: Parameters<ApiChecks[K]>) => ApiMatcherResult;
  };

  interface AssertionErrorOptions {
    message?: string;
    actual?: unknown;
    expected?: unknown;
    operator?: string;
  }
  interface AssertionErrorConstructor {
    new (options?: AssertionErrorOptions): AssertionError;
    readonly prototype: AssertionError;
  }
  interface AssertionError extends Error {
    actual: unknown;
    expected: unknown;
    operator?: string;
  }

  // ---- GraphQL ----

  interface GraphQLDocument {
    readonly query: string;
    readonly operationName: string | undefined;
    readonly loc: { source: { body: string } };
  }
  interface GraphQLOperation {
    query: string;
    operationName?: string;
    variables?: Record<string, unknown>;
    extensions?: Record<string, unknown>;
  }
  type GraphQLInput = string | GraphQLDocument | GraphQLOperation;

  interface GraphQLError {
    message: string;
    path?: ReadonlyArray<string | number>;
    locations?: ReadonlyArray<{ line: number; column: number }>;
    extensions?: Record<string, unknown>;
  }
  interface GraphQLResult<T = any> {
    data?: T | null;
    errors?: GraphQLError[];
    extensions?: Record<string, unknown>;
  }
  /** An ApiResponse whose data is the whole body ({ data, errors }). */
  interface GraphQLResponse<T = any> extends ApiResponse<GraphQLResult<T>> {
    /** The body's errors ([] when there are none). */
    errors: GraphQLError[];
    hasErrors: boolean;
    hasData: boolean;
    isSuccess: boolean;
  }

  interface GraphQLRequestOptions {
    method?: 'POST' | 'GET';
    endpoint?: string;
    headers?: HeadersInit;
    timeout?: number;
    retries?: number;
    retryDelay?: number;
    signal?: AbortSignal;
  }
  type SubscriptionState = 'connecting' | 'connected' | 'disconnected' | 'error' | 'closed';
  interface SubscribeOptions {
    transport?: 'ws' | 'sse';
    maxBufferedEvents?: number;
    onData?(result: GraphQLResult): void;
    onError?(error: Error): void;
    onComplete?(): void;
    onStateChange?(state: SubscriptionState): void;
  }
  interface Subscription<T = any> extends AsyncIterable<GraphQLResult<T>> {
    readonly state: SubscriptionState;
    readonly error: Error | undefined;
    readonly operationName: string | undefined;
    readonly id: string | undefined;
    readonly closed: boolean;
    readonly buffered: number;
    next(options?: { timeout?: number }): Promise<GraphQLResult<T>>;
    take(n: number, options?: { timeout?: number }): Promise<Array<GraphQLResult<T>>>;
    unsubscribe(): void;
    onData?: (result: GraphQLResult<T>) => void;
    onError?: (error: Error) => void;
    onComplete?: () => void;
    onStateChange?: (state: SubscriptionState) => void;
  }

  interface GraphQLWebSocketOptions {
    url: string;
    protocol?: 'graphql-transport-ws' | 'graphql-ws';
    connectionParams?: Record<string, unknown> | (() => Awaitable<Record<string, unknown>>);
    connectionTimeout?: number;
    keepAliveInterval?: number;
    reconnect?: boolean;
    reconnectAttempts?: number;
    reconnectInterval?: number;
    headers?: Record<string, string>;
  }
  interface GraphQLSseOptions {
    url?: string;
    headers?: Record<string, string>;
    singleConnection?: boolean;
  }
  interface GraphQLClientOptions {
    endpoint?: string;
    headers?: Record<string, string>;
    timeout?: number;
    retries?: number;
    retryDelay?: number;
    maxBufferedEvents?: number;
    webSocket?: GraphQLWebSocketOptions;
    sse?: GraphQLSseOptions;
    globalName?: string;
  }

  interface GraphQLClient {
    readonly endpoint: string | undefined;
    query<T = any>(doc: GraphQLInput, variables?: Record<string, unknown>, options?: GraphQLRequestOptions): Promise<GraphQLResponse<T>>;
    mutate<T = any>(doc: GraphQLInput, variables?: Record<string, unknown>, options?: GraphQLRequestOptions): Promise<GraphQLResponse<T>>;
    mutation<T = any>(doc: GraphQLInput, variables?: Record<string, unknown>, options?: GraphQLRequestOptions): Promise<GraphQLResponse<T>>;
    request<T = any>(doc: GraphQLInput, variables?: Record<string, unknown>, options?: GraphQLRequestOptions): Promise<GraphQLResponse<T>>;
    subscribe<T = any>(doc: GraphQLInput, variables?: Record<string, unknown>, options?: SubscribeOptions): Subscription<T>;
    setHeader(name: string, value: string): this;
    removeHeader(name: string): this;
    getHeaders(): Record<string, string>;
    addRequestInterceptor(fn: (config: Record<string, any>) => Awaitable<Record<string, any> | void>): this;
    clearInterceptors(): this;
    readonly activeSubscriptions: Subscription[];
    unsubscribeAll(): void;
    close(): void;
  }

  interface GraphQLSubscriptionErrorConstructor {
    new (message: string, id?: string, details?: unknown): GraphQLSubscriptionError;
    readonly prototype: GraphQLSubscriptionError;
  }
  interface GraphQLSubscriptionError extends Error {
    id?: string;
    details?: unknown;
  }

  interface QueryBuilder {
    [method: string]: any;
    build(): { query: string; operationName?: string };
    toString(): string;
  }

  interface SubscriptionCallbacks {
    onData?(result: GraphQLResult): void;
    onError?(error: Error): void;
    onComplete?(): void;
  }

  // ---- cucumber ----

  interface DataTable {
    readonly rawTable: string[][];
    raw(): string[][];
    rows(): string[][];
    hashes(): Array<Record<string, string>>;
    rowsHash(): Record<string, string>;
    transpose(): DataTable;
  }
  interface DataTableConstructor {
    new (raw: string[][] | { rows: Array<{ cells: Array<{ value: string }> }> }): DataTable;
    readonly prototype: DataTable;
  }

  interface WorldOptions<P = any> {
    attach: World['attach'];
    log: World['log'];
    link: World['link'];
    parameters: P;
  }
  interface World<P = any> {
    /** A readable stream is read whole first: the call then returns a promise. */
    attach(data: string | ArrayBuffer | Uint8Array | { on(event: string, listener: (...args: any[]) => void): any; pipe(...args: any[]): any },
           mediaType?: string | { mediaType?: string; fileName?: string }): void | Promise<void>;
    log(text: string): void;
    link(...urls: string[]): void;
    parameters: P;
    [key: string]: any;
  }
  interface WorldConstructor {
    new <P = any>(options: WorldOptions<P>): World<P>;
    readonly prototype: World;
  }

  type StatusName = 'UNKNOWN' | 'PASSED' | 'SKIPPED' | 'PENDING' | 'UNDEFINED' | 'AMBIGUOUS' | 'FAILED';

  type StepResult = void | 'pending' | 'skipped' | Promise<void | 'pending' | 'skipped'>;
  type StepFunction<W = World> = (this: W, ...args: any[]) => unknown;
  interface StepOptions {
    timeout?: number;
    wrapperOptions?: unknown;
  }
  interface DefineStep {
    <W = World>(pattern: string | RegExp, fn: StepFunction<W>): void;
    <W = World>(pattern: string | RegExp, options: StepOptions, fn: StepFunction<W>): void;
  }

  interface HookScenario {
    pickle: { id: string; name: string; uri: string; tags: Array<{ name: string }>; steps: unknown[] };
    gherkinDocument: unknown;
    result?: { status: StatusName; message?: string; duration?: unknown };
    [key: string]: unknown;
  }
  interface HookOptions {
    name?: string;
    tags?: string;
    timeout?: number;
  }
  type HookFunction<W = World> = (this: W, scenario: HookScenario, callback?: (err?: unknown) => void) => unknown;
  interface DefineHook {
    <W = World>(fn: HookFunction<W>): void;
    <W = World>(tags: string, fn: HookFunction<W>): void;
    <W = World>(options: HookOptions, fn: HookFunction<W>): void;
  }
  interface DefineRunHook {
    (fn: (this: unknown) => unknown): void;
    (options: { name?: string; timeout?: number }, fn: (this: unknown) => unknown): void;
  }
  interface ParameterTypeOptions<T> {
    name: string;
    regexp: RegExp | string | ReadonlyArray<RegExp | string>;
    transformer?: (this: World, ...match: string[]) => T;
    useForSnippets?: boolean;
    preferForRegexpMatch?: boolean;
  }

  interface CucumberApi {
    Given: DefineStep;
    When: DefineStep;
    Then: DefineStep;
    defineStep: DefineStep;
    defineParameterType<T>(options: ParameterTypeOptions<T>): void;
    setDefaultTimeout(ms: number): void;
    setWorldConstructor(ctor: new (options: WorldOptions) => any): void;
    Before: DefineHook;
    After: DefineHook;
    BeforeStep: DefineHook;
    AfterStep: DefineHook;
    BeforeAll: DefineRunHook;
    AfterAll: DefineRunHook;
    World: WorldConstructor;
    DataTable: DataTableConstructor;
    Status: { readonly [K in StatusName]: K };
  }

  // ---- the config (sonde.conf.ts / wdio.conf.ts) ----

  type ReporterEntry =
    | 'spec' | 'dot' | 'junit' | 'allure' | 'json'
    | ['spec' | 'dot' | 'junit' | 'allure' | 'json', Record<string, unknown>];

  interface ApiRunnerOptions extends ApiClientOptions {
    retryBackoff?: 'fixed' | 'exponential';
    maskHeaders?: string[];
    cookies?: boolean;
    http2?: boolean;
    maxRedirects?: number;
    maxBodySize?: number;
    globalName?: string;
    client?: unknown;
    clientFactory?: (...args: any[]) => unknown;
    /** The OpenAPI 3.0/3.1 or Swagger 2.0 document (YAML or JSON) that toSatisfyApiSpec
     * checks against, from the config's folder. */
    openapi?: string | {
      spec: string;
      /** 'all': every response is checked, a violation rejects the call; 'warn' prints it. */
      validate?: 'all' | 'warn' | 'off';
      /** Percent of documented responses the run must exercise. */
      minCoverage?: number;
    };
  }

  interface MochaOpts {
    ui?: 'bdd' | 'tdd';
    timeout?: number;
    retries?: number;
    bail?: boolean;
    grep?: string | RegExp;
    fgrep?: string;
    invert?: boolean;
    forbidOnly?: boolean;
    forbidPending?: boolean;
    require?: string | string[];
    [key: string]: unknown;
  }
  interface JasmineOpts {
    defaultTimeoutInterval?: number;
    random?: boolean;
    seed?: number | string;
    grep?: string | RegExp;
    invertGrep?: boolean;
    stopOnSpecFailure?: boolean;
    stopSpecOnExpectationFailure?: boolean;
    failSpecWithNoExpectations?: boolean;
    helpers?: string[];
    requires?: string[];
    [key: string]: unknown;
  }
  interface CucumberOpts {
    require?: string[];
    requireModule?: string[];
    tags?: string;
    name?: Array<string | RegExp>;
    timeout?: number;
    retry?: number;
    strict?: boolean;
    dryRun?: boolean;
    failFast?: boolean;
    ignoreUndefinedDefinitions?: boolean;
    failAmbiguousDefinitions?: boolean;
    language?: string;
    snippets?: boolean;
    scenarioLevelReporter?: boolean;
    tagsInTitle?: boolean;
    worldParameters?: Record<string, unknown>;
    format?: string[];
    [key: string]: unknown;
  }

  type Capability = Record<string, unknown> & { 'custom:baseUrl'?: string };
  type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent';

  interface TestInfo { title: string; fullTitle?: string; parent?: string; file?: string; [key: string]: unknown }
  interface TestResult { passed: boolean; duration: number; error?: Error; retries?: { attempts: number; limit: number }; [key: string]: unknown }
  type Hook<A extends unknown[]> = ((...args: A) => unknown) | Array<(...args: A) => unknown>;

  /** The config, in WebdriverIO's format. */
  interface Options {
    runner: 'api' | ['api', ApiRunnerOptions];
    specs?: Array<string | string[]>;
    exclude?: string[];
    suites?: Record<string, string[]>;
    maxInstances?: number;
    maxInstancesPerCapability?: number;
    capabilities?: Capability[];
    baseUrl?: string;
    framework?: 'mocha' | 'jasmine' | 'cucumber';
    mochaOpts?: MochaOpts;
    jasmineOpts?: JasmineOpts;
    cucumberOpts?: CucumberOpts;
    reporters?: ReporterEntry[];
    apiRunner?: ApiRunnerOptions;
    graphqlRunner?: GraphQLClientOptions;
    logLevel?: LogLevel;
    logLevels?: Record<string, LogLevel>;
    outputDir?: string;
    bail?: number;
    specFileRetries?: number;
    specFileRetriesDelay?: number;
    specFileRetriesDeferred?: boolean;
    groupLogsByTestSpec?: boolean;
    /** ms a spec file's timers may run after its last test (default 2000). */
    drainTimeout?: number;
    /** WebdriverIO services: 'shared-store', a package name ('@wdio/x-service', 'x' for
     *  wdio-x-service) or path, a class, an object of hooks, or [one of these, options]. */
    services?: ServiceEntry[];

    onPrepare?: Hook<[config: Options, capabilities: Capability[]]>;
    onWorkerStart?: Hook<[cid: string, caps: Capability, specs: string[], args: Options, execArgv: string[]]>;
    onWorkerEnd?: Hook<[cid: string, exitCode: number, specs: string[], retries: number]>;
    beforeSession?: Hook<[config: Options, capabilities: Capability, specs: string[], cid: string]>;
    before?: Hook<[capabilities: Capability, specs: string[], browser: StubBrowser]>;
    beforeSuite?: Hook<[suite: TestInfo]>;
    beforeHook?: Hook<[test: TestInfo, context: unknown, hookName?: string]>;
    afterHook?: Hook<[test: TestInfo, context: unknown, result: TestResult, hookName?: string]>;
    beforeTest?: Hook<[test: TestInfo, context: unknown]>;
    afterTest?: Hook<[test: TestInfo, context: unknown, result: TestResult]>;
    afterSuite?: Hook<[suite: TestInfo]>;
    after?: Hook<[result: number, capabilities: Capability, specs: string[]]>;
    afterSession?: Hook<[config: Options, capabilities: Capability, specs: string[]]>;
    onComplete?: Hook<[exitCode: number, config: Options, capabilities: Capability[], results: unknown]>;
    beforeFeature?: Hook<[uri: string, feature: unknown]>;
    beforeScenario?: Hook<[world: unknown, context: unknown]>;
    beforeStep?: Hook<[step: unknown, scenario: unknown, context: unknown]>;
    afterStep?: Hook<[step: unknown, scenario: unknown, result: unknown, context: unknown]>;
    afterScenario?: Hook<[world: unknown, result: unknown, context: unknown]>;
    afterFeature?: Hook<[uri: string, feature: unknown]>;
  }

  // ---- services and the shared store ----

  type HookName = 'onPrepare' | 'onWorkerStart' | 'onWorkerEnd' | 'onComplete' | 'beforeSession' |
    'before' | 'beforeSuite' | 'beforeHook' | 'afterHook' | 'beforeTest' | 'afterTest' |
    'afterSuite' | 'after' | 'afterSession' | 'beforeFeature' | 'beforeScenario' | 'beforeStep' |
    'afterStep' | 'afterScenario' | 'afterFeature';
  type HookArgs<H> = H extends Hook<infer A> ? A : never;
  /** A service's hooks, called with `this` the service: launcher hooks (onPrepare,
   *  onWorkerStart, onWorkerEnd, onComplete) in the launcher after the config's, the others
   *  in each worker together with the config's. */
  type ServiceHooks = { [K in HookName]?: (...args: HookArgs<NonNullable<Options[K]>>) => unknown };
  /** new Service(options, capabilities, config): capabilities are the list in the
   *  launcher, the job's in a worker. */
  interface ServiceClass {
    new (options: any, capabilities: any, config: Options): object;
  }
  type ServiceEntry = string | ServiceClass | ServiceHooks |
    [string | ServiceClass | ServiceHooks, Record<string, any>?];

  type StoreValue = string | number | boolean | null | StoreValue[] | { [key: string]: StoreValue };
  /** `browser.sharedStore` (with the 'shared-store' service) and the functions of
   *  '@wdio/shared-store-service': values the launcher holds for every worker. */
  interface SharedStore {
    get(key: string): Promise<any>;
    set(key: string, value: StoreValue): Promise<void>;
    setResourcePool(key: string, values: StoreValue[]): Promise<void>;
    /** Takes one value; an empty pool waits up to `timeout` ms (1000, at most 15000). */
    getValueFromPool(key: string, options?: { timeout?: number }): Promise<any>;
    addValueToPool(key: string, value: StoreValue): Promise<void>;
  }

  // ---- what the modules export ----

  interface ModuleExports extends CucumberApi {
    api: ApiClient;
    createApiClient(options?: ApiClientOptions): ApiClient;
    assertResponse: AssertResponse;
    expect: Expect;
    AssertionError: AssertionErrorConstructor;
    apiMatchers: ApiMatchers;
    /** Makes a document (a path from the config's folder, or the document itself) the one
     * this spec file's toSatisfyApiSpec checks against. Throws when it cannot be loaded. */
    loadApiSpec(pathOrDocument: string | Record<string, unknown>): void;
    createGraphQLClient(options?: GraphQLClientOptions): GraphQLClient;
    gql(strings: TemplateStringsArray, ...values: unknown[]): GraphQLDocument;
    GraphQLSubscriptionError: GraphQLSubscriptionErrorConstructor;
    createQueryBuilder(): QueryBuilder;
    extendWithGraphQL<C extends ApiClient>(client: C, options?: GraphQLClientOptions): C & { graphql: GraphQLClient };
    createSubscriptionManager(): unknown;
    createWebSocketSubscription(id: string, config: GraphQLClientOptions, operation: GraphQLInput, callbacks?: SubscriptionCallbacks): Subscription;
    createSSESubscription(id: string, config: GraphQLClientOptions, operation: GraphQLInput, callbacks?: SubscriptionCallbacks): Subscription;
    basicAuth(config: BasicAuthConfig): AuthInterceptor;
    apiKeyAuth(config: ApiKeyAuthConfig): AuthInterceptor;
    bearerAuth(config: BearerAuthConfig): TokenAuth;
    oauth2ClientCredentials(config: OAuth2ClientCredentialsConfig): TokenAuth;
    /** A JWT's exp in ms, or null. */
    parseJwtExpiry(token: string): number | null;
    shouldExclude(url: string, excludePaths?: Array<string | RegExp>): boolean;
    encodeBasicAuth(username: string, password: string): string;
    isTokenExpired(expiryMs: number | null, bufferSeconds?: number): boolean;
    mergeHeaders(existing: unknown, added: unknown): Record<string, string>;
    createMetricsCollector(config?: MetricsConfig): MetricsCollector;
    createMetricsInterceptors(collector: MetricsCollector): { requestInterceptor: UrlRequestInterceptor; responseInterceptor: ResponseInterceptor };
    createMetricEntry(params: MetricInput): MetricEntry;
    calculatePercentile(sorted: readonly number[], percentile: number): number;
    calculateStats(durations: readonly number[], percentiles?: readonly number[]): MetricStats;
    formatConsoleReport(report: MetricsReport): string;
    formatSummaryLine(report: MetricsReport): string;
    createReportSummary(report: MetricsReport): MetricsSummary;
    checkThresholds(report: MetricsReport, thresholds: MetricsThresholds): { passed: boolean; failures: string[] };
    DEFAULT_PERCENTILES: number[];
    createStubBrowser(config?: Record<string, any>, capabilities?: Record<string, unknown>): StubBrowser;
    browser: StubBrowser;
  }
}

declare module 'sonde' {
  const m: Sonde.ModuleExports;
  export const api: typeof m.api;
  export const createApiClient: typeof m.createApiClient;
  export const assertResponse: typeof m.assertResponse;
  export const expect: typeof m.expect;
  export const AssertionError: typeof m.AssertionError;
  export type AssertionError = Sonde.AssertionError;
  export const apiMatchers: typeof m.apiMatchers;
  export const loadApiSpec: typeof m.loadApiSpec;
  export const createGraphQLClient: typeof m.createGraphQLClient;
  export const gql: typeof m.gql;
  export const GraphQLSubscriptionError: typeof m.GraphQLSubscriptionError;
  export type GraphQLSubscriptionError = Sonde.GraphQLSubscriptionError;
  export const createQueryBuilder: typeof m.createQueryBuilder;
  export const extendWithGraphQL: typeof m.extendWithGraphQL;
  export const createSubscriptionManager: typeof m.createSubscriptionManager;
  export const createWebSocketSubscription: typeof m.createWebSocketSubscription;
  export const createSSESubscription: typeof m.createSSESubscription;
  export const basicAuth: typeof m.basicAuth;
  export const apiKeyAuth: typeof m.apiKeyAuth;
  export const bearerAuth: typeof m.bearerAuth;
  export const oauth2ClientCredentials: typeof m.oauth2ClientCredentials;
  export const parseJwtExpiry: typeof m.parseJwtExpiry;
  export const shouldExclude: typeof m.shouldExclude;
  export const encodeBasicAuth: typeof m.encodeBasicAuth;
  export const isTokenExpired: typeof m.isTokenExpired;
  export const mergeHeaders: typeof m.mergeHeaders;
  export const createMetricsCollector: typeof m.createMetricsCollector;
  export const createMetricsInterceptors: typeof m.createMetricsInterceptors;
  export const createMetricEntry: typeof m.createMetricEntry;
  export const calculatePercentile: typeof m.calculatePercentile;
  export const calculateStats: typeof m.calculateStats;
  export const formatConsoleReport: typeof m.formatConsoleReport;
  export const formatSummaryLine: typeof m.formatSummaryLine;
  export const createReportSummary: typeof m.createReportSummary;
  export const checkThresholds: typeof m.checkThresholds;
  export const DEFAULT_PERCENTILES: typeof m.DEFAULT_PERCENTILES;
  export const createStubBrowser: typeof m.createStubBrowser;
  /** The job's stub browser (API mode): the same object as the global `browser`. */
  export const browser: Sonde.StubBrowser;
  export const Given: Sonde.DefineStep;
  export const When: Sonde.DefineStep;
  export const Then: Sonde.DefineStep;
  export const defineStep: Sonde.DefineStep;
  export const defineParameterType: typeof m.defineParameterType;
  export const setDefaultTimeout: typeof m.setDefaultTimeout;
  export const setWorldConstructor: typeof m.setWorldConstructor;
  export const Before: Sonde.DefineHook;
  export const After: Sonde.DefineHook;
  export const BeforeStep: Sonde.DefineHook;
  export const AfterStep: Sonde.DefineHook;
  export const BeforeAll: Sonde.DefineRunHook;
  export const AfterAll: Sonde.DefineRunHook;
  export const World: Sonde.WorldConstructor;
  export type World<P = any> = Sonde.World<P>;
  export const DataTable: Sonde.DataTableConstructor;
  export type DataTable = Sonde.DataTable;
  export const Status: Sonde.CucumberApi['Status'];
  export type Status = Sonde.StatusName;
  export type Options = Sonde.Options;
  export type Config = Sonde.Options;
  export type ApiClient = Sonde.ApiClient;
  export type ApiClientOptions = Sonde.ApiClientOptions;
  export type ApiResponse<T = any> = Sonde.ApiResponse<T>;
  export type RequestOptions = Sonde.RequestOptions;
  export type RequestConfig = Sonde.RequestConfig;
  export type ResponseAssertion = Sonde.ResponseAssertion;
  export type GraphQLClient = Sonde.GraphQLClient;
  export type GraphQLClientOptions = Sonde.GraphQLClientOptions;
  export type GraphQLResponse<T = any> = Sonde.GraphQLResponse<T>;
  export type GraphQLResult<T = any> = Sonde.GraphQLResult<T>;
  export type Subscription<T = any> = Sonde.Subscription<T>;
  export type StubBrowser = Sonde.StubBrowser;
  export type ServiceEntry = Sonde.ServiceEntry;
  export type ServiceHooks = Sonde.ServiceHooks;
  export type SharedStore = Sonde.SharedStore;
  export type MetricsCollector = Sonde.MetricsCollector;
  export type MetricsReport = Sonde.MetricsReport;
  export type HarDocument = Sonde.HarDocument;
}

declare module '@wdio/shared-store-service' {
  export const setValue: Sonde.SharedStore['set'];
  export const getValue: Sonde.SharedStore['get'];
  export const setResourcePool: Sonde.SharedStore['setResourcePool'];
  export const getValueFromPool: Sonde.SharedStore['getValueFromPool'];
  export const addValueToPool: Sonde.SharedStore['addValueToPool'];
  export const sharedStore: Sonde.SharedStore;
  /** The worker service: its `before` hook sets `browser.sharedStore`. */
  const SharedStoreService: Sonde.ServiceClass;
  export default SharedStoreService;
  export const launcher: Sonde.ServiceClass;
}

declare module 'sonde/shared-store' {
  export * from '@wdio/shared-store-service';
}

declare module 'wdio-api-runner' {
  export * from 'sonde';
}

/** What sonde's @wdio/globals provides: expect, browser (API mode's stub) and the API helpers. */
declare module '@wdio/globals' {
  export * from 'sonde';
}

declare module '@wdio/cucumber-framework' {
  export {
    Given, When, Then, defineStep, defineParameterType, setDefaultTimeout, setWorldConstructor,
    Before, After, BeforeStep, AfterStep, BeforeAll, AfterAll, World, DataTable, Status,
  } from 'sonde';
}

declare module '@cucumber/cucumber' {
  export * from '@wdio/cucumber-framework';
}
