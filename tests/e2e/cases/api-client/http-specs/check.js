// Tiny assertion helpers shared by the spec files (required, not a spec: no .spec.js).
function check(cond, msg) {
  if (!cond) throw new Error(msg);
}
function eq(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
module.exports = { check, eq };
