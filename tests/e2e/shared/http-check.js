// Assertion helpers and the server's request log for the http-* e2e specs (not a spec);
// specs load it with require(`${process.env.E2E_SHARED}/http-check.js`).
function check(cond, msg) {
  if (!cond) throw new Error(msg);
}
function eq(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
// The server's log of requests to `path`, oldest first: [{t, method, path, headers, ...}].
async function serverLog(path) {
  const res = await api.get('/log', { params: { path }, retries: 0 });
  return res.data;
}
// Milliseconds between consecutive requests, measured by the server when each arrived.
function gaps(entries) {
  const out = [];
  for (let i = 1; i < entries.length; i++) out.push(entries[i].t - entries[i - 1].t);
  return out;
}
// `ms` within [lo, hi]: retry waits are never shorter than asked (2 ms of slack for the
// millisecond clocks of client and server) and
// the upper bound leaves room for a slow sanitizer build.
function within(ms, lo, hi, what) {
  check(ms >= lo - 2 && ms <= hi, `${what}: ${ms.toFixed(1)} ms is not within [${lo}, ${hi}]`);
}
module.exports = { check, eq, serverLog, gaps, within };
