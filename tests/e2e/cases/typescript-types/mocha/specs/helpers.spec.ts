// Typed uses of wdio-api-runner's helpers as sonde exports them: auth interceptors, the
// metrics collector, HAR recording, the GraphQL checks of the chain, and the stub browser
// of API mode (global and from @wdio/globals).
import {
  basicAuth, bearerAuth, createApiClient, createMetricsCollector, createMetricsInterceptors,
  checkThresholds, formatSummaryLine, assertResponse, apiMatchers, type MetricsReport,
} from 'wdio-api-runner';
import { browser as wdioBrowser, expect as wdioExpect } from '@wdio/globals';
import { getValue, getValueFromPool, setResourcePool } from '@wdio/shared-store-service';

describe('typed helpers', () => {
  it('shares values through the shared store', async () => {
    expect(await getValue('typed')).toEqual({ n: 1 });
    await setResourcePool('typed-pool', ['a', 'b']);
    expect(await getValueFromPool('typed-pool', { timeout: 100 })).toBe('a');
    expect(await browser.sharedStore!.getValueFromPool('typed-pool')).toBe('b');
  });

  it('adds credentials with the auth helpers', async () => {
    const client = createApiClient({ baseUrl: api.getBaseUrl() });
    client.addRequestInterceptor(basicAuth({ username: 'ada', password: 'pw', excludePaths: ['/health'] }).interceptor);
    const res = await client.get<{ headers: Record<string, string> }>('/echo');
    expect(res.data.headers.authorization).toBe(`Basic ${btoa('ada:pw')}`);

    const bearer = bearerAuth({ token: async () => 'tok-1', prefix: 'Bearer' });
    const other = createApiClient({ baseUrl: api.getBaseUrl() });
    other.addRequestInterceptor(bearer.interceptor);
    expect((await other.get('/echo')).data.headers.authorization).toBe('Bearer tok-1');
    bearer.setToken('tok-2');
    expect(bearer.getToken()).toBe('tok-2');
  });

  it('measures requests with the metrics collector', async () => {
    const metrics = createMetricsCollector({ percentiles: [50, 90], slowThreshold: 0 });
    const { requestInterceptor, responseInterceptor } = createMetricsInterceptors(metrics);
    const client = createApiClient({ baseUrl: api.getBaseUrl() });
    client.addRequestInterceptor(requestInterceptor);
    client.addResponseInterceptor(responseInterceptor);
    await client.get('/users/1');
    await client.get('/users/999999');
    const report: MetricsReport = metrics.getReport();
    expect(report.totalRequests).toBe(2);
    expect(report.totalFailed).toBe(1);
    expect(typeof report.overall.p90).toBe('number');
    expect(formatSummaryLine(report)).toContain('2 requests');
    expect(checkThresholds(report, { errorRate: 10 }).passed).toBe(false);
  });

  it('records a HAR', async () => {
    const client = createApiClient({ baseUrl: api.getBaseUrl() });
    client.startRecording('typed');
    expect(client.isRecording()).toBe(true);
    await client.get('/users/2');
    const har = client.getHar();
    expect(har.log.entries.length).toBe(1);
    expect(har.log.entries[0].response.status).toBe(200);
    const path: string = await client.stopRecording();
    expect(path).toMatch(/typed\.har$/);
  });

  it('checks GraphQL results on a copy of a response', () => {
    const result = { status: 200, headers: { 'content-type': 'application/json' }, data: { data: { user: { name: 'Ada' } } } };
    assertResponse(result).toHaveNoGraphQLErrors().and.toHaveGraphQLData('user.name', 'Ada');
    expect(result).not.toHaveGraphQLError();
    expect(apiMatchers.toHaveGraphQLData(result, 'user').pass).toBe(true);
  });

  it('has the stub browser of API mode', async () => {
    expect(browser.isApi).toBe(true);
    expect(wdioBrowser).toBe(browser);
    expect(await browser.call(async () => 42)).toBe(42);
    await browser.pause(1);
    await wdioExpect(browser.url('/x')).rejects.toThrow('not available in API runner mode');
    let seen = '';
    browser.once('ping', (v: string) => { seen = v; });
    expect(browser.emit('ping', 'pong')).toBe(true);
    expect(seen).toBe('pong');
  });
});
