// api-metrics: wdio-api-runner's request metrics, exported by 'sonde' / 'wdio-api-runner':
// createMetricsCollector, createMetricsInterceptors, createMetricEntry, the statistics
// (calculatePercentile, calculateStats), the report's formatting (formatConsoleReport,
// formatSummaryLine, createReportSummary) and checkThresholds, with that project's shapes
// and texts.
// Why JavaScript: it is arithmetic over the user's objects; no I/O.
// Beyond that project: the response interceptor takes method, URL and duration from the
// response itself (response.request, response.duration), so concurrent requests are
// attributed to the right endpoint (its FIFO matching is kept only for responses that carry
// no request, e.g. from a custom client); percentiles other than 50/95/99 appear as p<N>.
(function () {
  'use strict';
  const DEFAULT_PERCENTILES = [50, 95, 99];
  const DEFAULTS = { enabled: true, percentiles: DEFAULT_PERCENTILES, trackByEndpoint: true,
    trackByMethod: true, slowThreshold: 1000, maxEntries: 10000, slowestCount: 10,
    failedCount: 10 };
  const STALE_CONTEXT_MS = 60000;

  const isObject = (v) => v !== null && typeof v === 'object';
  const round2 = (n) => Math.round(n * 100) / 100;
  const fail = (where, what) => { throw new TypeError(`${where}: ${what}`); };

  function checkNumber(where, obj, name, integer, min) {
    const v = obj[name];
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (integer && !Number.isInteger(v)))
      fail(where, `${name} must be a ${integer ? 'whole ' : ''}number, ${min} or more`);
  }

  // ---- statistics ----

  function calculatePercentile(sorted, percentile) {
    if (!Array.isArray(sorted) || sorted.length === 0) return 0;
    if (sorted.length === 1) return sorted[0];
    const rank = (percentile / 100) * (sorted.length - 1);
    const lo = Math.floor(rank), hi = Math.ceil(rank);
    return lo === hi ? sorted[lo] : sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
  }

  function calculateStats(durations, percentiles = DEFAULT_PERCENTILES) {
    const stats = { p50: 0, p95: 0, p99: 0, min: 0, max: 0, avg: 0, count: 0, sum: 0 };
    if (!Array.isArray(durations) || durations.length === 0) return stats;
    const sorted = [...durations].sort((a, b) => a - b);
    const sum = durations.reduce((a, v) => a + v, 0);
    for (const p of percentiles) stats[`p${p}`] = round2(calculatePercentile(sorted, p));
    return Object.assign(stats, { min: sorted[0], max: sorted[sorted.length - 1],
      avg: round2(sum / durations.length), count: durations.length, sum: round2(sum) });
  }

  const statsOf = (entries, percentiles) => calculateStats(entries.map((e) => e.duration), percentiles);

  function groups(entries, key) {
    const map = new Map();
    for (const e of entries) {
      const k = key(e);
      if (!map.has(k)) map.set(k, []);
      map.get(k).push(e);
    }
    return map;
  }

  // ---- the collector ----

  function createMetricsCollector(config = {}) {
    const where = 'createMetricsCollector(config)';
    if (!isObject(config)) fail(where, 'config must be an object');
    if (config.percentiles !== undefined && (!Array.isArray(config.percentiles) ||
        !config.percentiles.every((p) => typeof p === 'number' && p >= 0 && p <= 100)))
      fail(where, 'config.percentiles must be an array of numbers from 0 to 100');
    checkNumber(where, config, 'slowThreshold', false, 0);
    checkNumber(where, config, 'maxEntries', true, 1);
    checkNumber(where, config, 'slowestCount', true, 0);
    checkNumber(where, config, 'failedCount', true, 0);
    for (const k of ['enabled', 'trackByEndpoint', 'trackByMethod'])
      if (config[k] !== undefined && typeof config[k] !== 'boolean')
        fail(where, `config.${k} must be true or false`);
    const cfg = { ...DEFAULTS, ...config };
    let entries = [];
    let enabled = cfg.enabled;
    let startTime = null;

    function record(entry) {
      const w = 'metrics.record(entry)';
      if (!isObject(entry)) fail(w, 'entry must be an object');
      if (typeof entry.endpoint !== 'string') fail(w, 'entry.endpoint must be a string');
      if (typeof entry.method !== 'string') fail(w, 'entry.method must be a string');
      if (typeof entry.duration !== 'number' || !(entry.duration >= 0))
        fail(w, 'entry.duration must be a number, 0 or more');
      if (typeof entry.status !== 'number') fail(w, 'entry.status must be a number');
      if (!enabled) return;
      const e = { timestamp: Date.now(), success: entry.status >= 200 && entry.status < 300, ...entry };
      if (startTime === null) startTime = e.timestamp;
      if (entries.length >= cfg.maxEntries) entries.shift();
      entries.push(e);
    }

    function getReport() {
      const now = Date.now();
      const byEndpoint = [];
      if (cfg.trackByEndpoint) {
        for (const [, list] of groups(entries, (e) => `${e.method} ${e.endpoint}`)) {
          const ok = list.filter((e) => e.success).length;
          byEndpoint.push({ endpoint: list[0].endpoint, method: list[0].method,
            stats: statsOf(list, cfg.percentiles), successRate: round2((ok / list.length) * 100),
            errorCount: list.length - ok });
        }
        byEndpoint.sort((a, b) => b.stats.count - a.stats.count);
      }
      const byMethod = {};
      if (cfg.trackByMethod)
        for (const [method, list] of groups(entries, (e) => e.method))
          byMethod[method] = statsOf(list, cfg.percentiles);
      return {
        startTime: startTime ?? now,
        endTime: now,
        totalRequests: entries.length,
        totalDuration: entries.reduce((s, e) => s + e.duration, 0),
        overall: statsOf(entries, cfg.percentiles),
        byEndpoint,
        byMethod,
        slowestRequests: entries.filter((e) => e.duration >= cfg.slowThreshold)
          .sort((a, b) => b.duration - a.duration).slice(0, cfg.slowestCount),
        failedRequests: entries.filter((e) => !e.success)
          .sort((a, b) => b.timestamp - a.timestamp).slice(0, cfg.failedCount),
        // Beyond that project: failedRequests is cut at failedCount, rates need them all.
        totalFailed: entries.filter((e) => !e.success).length,
      };
    }

    return {
      record,
      getMetrics: () => [...entries],
      getByEndpoint: (endpoint) => entries.filter((e) => e.endpoint === endpoint),
      getByMethod: (method) => entries.filter((e) => e.method === method),
      getReport,
      clear: () => { entries = []; startTime = null; },
      isEnabled: () => enabled,
      enable: () => { enabled = true; },
      disable: () => { enabled = false; },
      getConfig: () => ({ ...cfg, percentiles: [...cfg.percentiles] }),
    };
  }

  // ---- interceptors ----

  function endpointOf(url) {
    try {
      const u = new URL(url);
      return u.pathname + u.search;
    } catch {
      return String(url);
    }
  }

  function operationOf(body) {
    if (typeof body !== 'string') return isObject(body) && typeof body.operationName === 'string'
      ? body.operationName : undefined;
    try {
      const parsed = JSON.parse(body);
      return isObject(parsed) && typeof parsed.operationName === 'string' ? parsed.operationName
        : undefined;
    } catch {
      return undefined;
    }
  }

  function createMetricsInterceptors(collector) {
    if (!isObject(collector) || typeof collector.record !== 'function' ||
        typeof collector.isEnabled !== 'function')
      fail('createMetricsInterceptors(collector)', 'collector must come from createMetricsCollector()');
    const queue = [];
    const requestInterceptor = (url, options) => {
      if (!collector.isEnabled()) return options;
      const now = Date.now();
      queue.push({ startTime: now, endpoint: endpointOf(url),
        method: String((options && options.method) || 'GET').toUpperCase(),
        operationName: operationOf(options && options.body) });
      while (queue.length && now - queue[0].startTime > STALE_CONTEXT_MS) queue.shift();
      return options;
    };
    const responseInterceptor = (response) => {
      if (!collector.isEnabled() || !isObject(response)) return response;
      const req = isObject(response.request) ? response.request : null;
      let context;
      if (req && typeof req.url === 'string') {
        const endpoint = endpointOf(req.url);
        const method = String(req.method || 'GET').toUpperCase();
        const i = queue.findIndex((c) => c.method === method && c.endpoint === endpoint);
        context = i >= 0 ? queue.splice(i, 1)[0] : { endpoint, method };
      } else {
        context = queue.shift();
      }
      if (!context) return response;
      const duration = typeof response.duration === 'number' ? response.duration
        : Date.now() - (context.startTime || Date.now());
      const entry = { timestamp: context.startTime || Date.now() - duration,
        endpoint: context.endpoint, method: context.method, duration, status: response.status,
        success: response.ok === undefined ? response.status >= 200 && response.status < 300
          : !!response.ok };
      if (context.operationName) entry.operationName = context.operationName;
      let size = typeof response.size === 'number' ? response.size : undefined;
      if (size === undefined && response.headers && typeof response.headers.get === 'function') {
        const n = parseInt(response.headers.get('content-length'), 10);
        if (n >= 0) size = n;
      }
      if (size !== undefined) entry.size = size;
      collector.record(entry);
      return response;
    };
    return { requestInterceptor, responseInterceptor };
  }

  function createMetricEntry(params) {
    if (!isObject(params)) fail('createMetricEntry(params)', 'params must be an object');
    return { timestamp: Date.now(), endpoint: params.endpoint, method: params.method,
      duration: params.duration, status: params.status,
      success: params.success ?? (params.status >= 200 && params.status < 300),
      size: params.size, operationName: params.operationName, tags: params.tags };
  }

  // ---- reports ----

  function formatNumber(n) {
    const [whole, frac] = String(round2(n)).split('.');
    const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return frac ? `${digits}.${frac}` : digits;
  }
  function formatDuration(ms) {
    if (ms < 1000) return `${ms}ms`;
    if (ms < 60000) return `${(ms / 1000).toFixed(1)}s`;
    return `${Math.floor(ms / 60000)}m ${((ms % 60000) / 1000).toFixed(1)}s`;
  }
  const pad = (s, w, right) => (String(s).length >= w ? String(s)
    : right ? ' '.repeat(w - String(s).length) + s : s + ' '.repeat(w - String(s).length));
  const cut = (s, n) => (s.length <= n ? s : '...' + s.slice(-(n - 3)));

  function checkReport(where, report) {
    if (!isObject(report) || !isObject(report.overall) || !Array.isArray(report.failedRequests))
      fail(where, 'report must come from a collector getReport()');
  }
  const failedOf = (r) => (typeof r.totalFailed === 'number' ? r.totalFailed : r.failedRequests.length);
  const successRate = (r) => (r.totalRequests > 0
    ? (((r.totalRequests - failedOf(r)) / r.totalRequests) * 100).toFixed(1) : '0.0');

  function formatConsoleReport(report) {
    checkReport('formatConsoleReport(report)', report);
    const W = 60, rule = '='.repeat(W), thin = '-'.repeat(W);
    const out = ['', rule, pad('  Performance Metrics Report', W), rule, ''];
    const section = (title) => out.push(thin, `  ${title}`, thin, '');
    out.push(`  Total Requests:  ${formatNumber(report.totalRequests)}`,
      `  Test Duration:   ${formatDuration(report.endTime - report.startTime)}`,
      `  Success Rate:    ${successRate(report)}%`,
      `  Failed Requests: ${failedOf(report)}`, '');
    const o = report.overall;
    if (report.totalRequests > 0) {
      section('Response Times (ms)');
      for (const [k, v] of [['Min', o.min], ['Max', o.max], ['Avg', o.avg], ['P50', o.p50],
        ['P95', o.p95], ['P99', o.p99]]) out.push(`  ${k}:  ${formatNumber(v)}`);
      out.push('');
    }
    const eps = report.byEndpoint || [];
    if (eps.length > 0) {
      section('By Endpoint (Top 10)');
      for (const ep of eps.slice(0, 10))
        out.push(`  ${pad(ep.method, 6)} ${pad(cut(ep.endpoint, 25), 25)} ${pad(ep.stats.count, 5, true)}req ` +
          `${pad(`p95:${formatNumber(ep.stats.p95)}ms`, 14, true)} ${pad(`${ep.successRate.toFixed(0)}%`, 5, true)}`);
      if (eps.length > 10) out.push(`  ... and ${eps.length - 10} more endpoints`);
      out.push('');
    }
    const methods = Object.keys(report.byMethod || {});
    if (methods.length > 0) {
      section('By HTTP Method');
      for (const m of methods) {
        const s = report.byMethod[m];
        out.push(`  ${pad(m, 8)} ${pad(s.count, 5, true)}req ${pad(`p95:${formatNumber(s.p95)}ms`, 14, true)} ` +
          `${pad(`avg:${formatNumber(s.avg)}ms`, 14, true)}`);
      }
      out.push('');
    }
    if ((report.slowestRequests || []).length > 0) {
      section('Slowest Requests');
      for (const r of report.slowestRequests.slice(0, 5))
        out.push(`  ${pad(r.method, 6)} ${pad(cut(r.endpoint, 30), 30)} ${pad(`${formatNumber(r.duration)}ms`, 10, true)}`);
      out.push('');
    }
    if (report.failedRequests.length > 0) {
      section('Failed Requests');
      for (const r of report.failedRequests.slice(0, 5))
        out.push(`  ${pad(r.method, 6)} ${pad(cut(r.endpoint, 30), 30)} ${pad(r.status, 5, true)}`);
      if (report.failedRequests.length > 5)
        out.push(`  ... and ${report.failedRequests.length - 5} more failures`);
      out.push('');
    }
    out.push(rule, '');
    return out.join('\n');
  }

  function formatSummaryLine(report) {
    checkReport('formatSummaryLine(report)', report);
    return [`${report.totalRequests} requests`, `p95: ${formatNumber(report.overall.p95)}ms`,
      `p99: ${formatNumber(report.overall.p99)}ms`, `${successRate(report)}% success`].join(' | ');
  }

  function createReportSummary(report) {
    checkReport('createReportSummary(report)', report);
    const o = report.overall, n = report.totalRequests, failed = failedOf(report);
    return { totalRequests: n, successRate: n > 0 ? Math.round(((n - failed) / n) * 10000) / 100 : 0,
      errorCount: failed, duration: report.endTime - report.startTime, p50: o.p50, p95: o.p95,
      p99: o.p99, min: o.min, max: o.max, avg: o.avg };
  }

  function checkThresholds(report, thresholds) {
    const where = 'checkThresholds(report, thresholds)';
    checkReport(where, report);
    if (!isObject(thresholds)) fail(where, 'thresholds must be an object');
    for (const k of ['p50', 'p95', 'p99', 'max', 'avg', 'errorRate'])
      if (thresholds[k] !== undefined && (typeof thresholds[k] !== 'number' || Number.isNaN(thresholds[k])))
        fail(where, `thresholds.${k} must be a number`);
    const failures = [];
    const o = report.overall;
    for (const [k, label] of [['p50', 'P50'], ['p95', 'P95'], ['p99', 'P99'], ['max', 'Max'], ['avg', 'Avg']])
      if (thresholds[k] !== undefined && o[k] > thresholds[k])
        failures.push(`${label} (${o[k]}ms) exceeds threshold (${thresholds[k]}ms)`);
    if (thresholds.errorRate !== undefined && report.totalRequests > 0) {
      const rate = (failedOf(report) / report.totalRequests) * 100;
      if (rate > thresholds.errorRate)
        failures.push(`Error rate (${rate.toFixed(2)}%) exceeds threshold (${thresholds.errorRate}%)`);
    }
    return { passed: failures.length === 0, failures };
  }

  return { createMetricsCollector, createMetricsInterceptors, createMetricEntry,
    calculatePercentile, calculateStats, formatConsoleReport, formatSummaryLine,
    createReportSummary, checkThresholds, DEFAULT_PERCENTILES };
})()
