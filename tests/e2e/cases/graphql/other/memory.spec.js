// Consumes a subscription of $EVENTS events over $TRANSPORT and prints the worker's peak
// RSS (VmHWM) and its anonymous RSS (RssAnon: what the process itself owns, without the
// pages of shared libraries' code) once it completed.
const fs = require('fs');
const statusMb = (key) =>
  Number(new RegExp(`${key}:\\s*(\\d+) kB`).exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;

describe('a long subscription', () => {
  it('is consumed in bounded memory', async () => {
    const n = Number(process.env.EVENTS);
    const sub = graphql.subscribe(`subscription Long { count(to: ${n}) }`, null, { transport: process.env.TRANSPORT });
    let seen = 0, last = 0;
    for await (const ev of sub) {
      seen++;
      last = ev.data.count;
    }
    console.log(`MEM ${process.env.TRANSPORT} ${seen} ${last} peak ${statusMb('VmHWM').toFixed(1)} MB anon ${statusMb('RssAnon').toFixed(1)} MB`);
  });
});
