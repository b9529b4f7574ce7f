// Metrics as wdio-api-runner's examples use them: a collector, its interceptors on a
// client, the report, formatConsoleReport, checkThresholds; concurrent requests attributed
// to the right endpoint; clear errors for bad input.
import { createApiClient, createMetricsCollector, createMetricsInterceptors, formatConsoleReport,
  formatSummaryLine, createReportSummary, checkThresholds, calculatePercentile, calculateStats,
  createMetricEntry, assertResponse } from 'wdio-api-runner';
const { eq, check } = require(`${process.env.E2E_SHARED}/http-check.js`);
const base = process.env.API_BASE_URL;

function setup(config) {
  const client = createApiClient({ baseUrl: base });
  const metrics = createMetricsCollector(config);
  const { requestInterceptor, responseInterceptor } = createMetricsInterceptors(metrics);
  client.addRequestInterceptor(requestInterceptor);
  client.addResponseInterceptor(responseInterceptor);
  return { client, metrics };
}

describe('metrics', () => {
  it('collects totals, percentiles, endpoints, methods, failures and slow requests', async () => {
    const { client, metrics } = setup({ slowThreshold: 150, percentiles: [50, 90, 95, 99] });
    await client.get('/users/1');
    await client.get('/users/1');
    await client.post('/users', { name: 'M', email: 'm@example.com' });
    await client.get('/status/404');
    await client.get('/status/500');
    await client.get('/delay/200');
    const r = metrics.getReport();
    eq([r.totalRequests, r.failedRequests.length, r.totalFailed], [6, 2, 2], 'totals');
    check(r.totalDuration > 0 && r.overall.count === 6, 'overall');
    check(r.overall.p50 <= r.overall.p90 && r.overall.p90 <= r.overall.p95 &&
      r.overall.p95 <= r.overall.p99 && r.overall.p99 <= r.overall.max, 'percentiles ordered');
    eq([r.byEndpoint[0].method, r.byEndpoint[0].endpoint, r.byEndpoint[0].stats.count,
      r.byEndpoint[0].successRate], ['GET', '/users/1', 2, 100], 'top endpoint');
    eq(Object.keys(r.byMethod).sort(), ['GET', 'POST'], 'methods');
    eq(r.byMethod.GET.count, 5, 'GETs');
    eq(r.failedRequests.map((e) => e.status).sort(), [404, 500], 'failed');
    eq(r.slowestRequests.map((e) => e.endpoint), ['/delay/200'], 'slow');
    const text = formatConsoleReport(r);
    for (const s of ['Performance Metrics Report', 'Total Requests:  6', 'Success Rate:    66.7%',
      'Failed Requests: 2', 'By Endpoint (Top 10)', 'By HTTP Method', 'Slowest Requests'])
      check(text.includes(s), `report has ${s}:\n${text}`);
    check(/^6 requests \| p95: [\d.,]+ms \| p99: [\d.,]+ms \| 66\.7% success$/.test(formatSummaryLine(r)),
      formatSummaryLine(r));
    eq([createReportSummary(r).errorCount, createReportSummary(r).successRate], [2, 66.67], 'summary');
    console.log(text);
  });

  it('checkThresholds passes and fails with that project texts', async () => {
    const { client, metrics } = setup();
    await client.get('/status/200');
    await client.get('/status/500');
    const r = metrics.getReport();
    eq(checkThresholds(r, { p95: 30000, max: 30000 }), { passed: true, failures: [] }, 'pass');
    const failed = checkThresholds(r, { errorRate: 10, p95: 0 });
    eq(failed.passed, false, 'fail');
    check(failed.failures.includes('Error rate (50.00%) exceeds threshold (10%)'), failed.failures.join());
    check(/^P95 \([\d.]+ms\) exceeds threshold \(0ms\)$/.test(failed.failures[0]), failed.failures[0]);
  });

  it('attributes concurrent requests to their endpoints', async () => {
    const { client, metrics } = setup();
    await Promise.all([client.get('/delay/150'), client.get('/users/2'), client.get('/delay/50')]);
    const byEndpoint = Object.fromEntries(metrics.getReport().byEndpoint
      .map((e) => [e.endpoint, e.stats.max]));
    check(byEndpoint['/delay/150'] >= 150 && byEndpoint['/delay/50'] >= 50 &&
      byEndpoint['/delay/50'] < byEndpoint['/delay/150'] && byEndpoint['/users/2'] < 150,
      'durations per endpoint: ' + JSON.stringify(byEndpoint));
  });

  it('clear, enable and disable; record and the helpers', async () => {
    const { client, metrics } = setup();
    await client.get('/users/1');
    metrics.disable();
    await client.get('/users/2');
    metrics.enable();
    await client.get('/users/3');
    eq(metrics.getReport().totalRequests, 2, 'disabled requests are not counted');
    metrics.clear();
    eq(metrics.getReport().totalRequests, 0, 'cleared');
    metrics.record(createMetricEntry({ endpoint: '/x', method: 'GET', duration: 10, status: 201 }));
    eq([metrics.getByEndpoint('/x').length, metrics.getByMethod('GET')[0].success], [1, true], 'record');
    eq(calculatePercentile([1, 2, 3, 4], 50), 2.5, 'calculatePercentile');
    eq(calculateStats([10, 20, 30]), { p50: 20, p95: 29, p99: 29.8, min: 10, max: 30, avg: 20,
      count: 3, sum: 60 }, 'calculateStats');
    assertResponse(await client.get('/users/1')).toBeOk();
  });

  it('refuses bad input with clear errors', () => {
    const cases = [
      [() => createMetricsCollector({ percentiles: [50, 101] }),
        'createMetricsCollector(config): config.percentiles must be an array of numbers from 0 to 100'],
      [() => createMetricsCollector({ slowThreshold: 'slow' }),
        'createMetricsCollector(config): slowThreshold must be a number, 0 or more'],
      [() => createMetricsInterceptors({}),
        'createMetricsInterceptors(collector): collector must come from createMetricsCollector()'],
      [() => createMetricsCollector().record({ endpoint: '/x', method: 'GET', duration: 'fast', status: 200 }),
        'metrics.record(entry): entry.duration must be a number, 0 or more'],
      [() => checkThresholds({}, {}), 'checkThresholds(report, thresholds): report must come from a collector getReport()'],
      [() => checkThresholds(createMetricsCollector().getReport(), { p95: '1s' }),
        'checkThresholds(report, thresholds): thresholds.p95 must be a number'],
    ];
    for (const [fn, message] of cases) {
      let err;
      try { fn(); } catch (e) { err = e; }
      check(err instanceof TypeError && err.message === message, `${message}: got ${err}`);
    }
  });
});
