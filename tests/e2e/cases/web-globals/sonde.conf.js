// The web globals in a config: at load time (launcher and workers evaluate the config),
// in a launcher hook and in a worker hook. Values are checked by case.sh against Node's.
const base = new URL(process.env.API_BASE_URL);
const token = btoa('user:secret');

exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: base.origin,
  apiRunner: { headers: { Authorization: `Basic ${token}` } },
  async onPrepare() {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('sonde'));
    const params = new URLSearchParams({ q: 'a b', n: '1' });
    console.log(`W onPrepare host=${base.hostname} token=${token} params=${params} sha256=${Buffer.from(digest).toString('hex').slice(0, 16)}`);
  },
  before() {
    const c = structuredClone({ when: new Date(0), tags: new Set(['a']) });
    console.log(`W before clone=${c.when.toISOString()},${[...c.tags]} uuid=${crypto.randomUUID().length} perf=${typeof performance.now()}`);
  },
};
