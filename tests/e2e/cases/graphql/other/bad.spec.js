const { createGraphQLClient } = require('sonde');
describe('bad options', () => {
  it('names the key', () => {
    const out = [];
    for (const f of [() => graphql, () => createGraphQLClient({ sse: { url: 'x', headers: [] } }),
      () => createGraphQLClient({ webSocket: { url: 'ftp://x' } }), () => createGraphQLClient({ timeout: -1 }),
      () => createGraphQLClient({ webSocket: { url: 'ws://x', protocol: 'mqtt' } })]) {
      try { f(); out.push('ok'); } catch (e) { out.push(`${e.name}: ${e.message}`); }
    }
    console.log(`B ${out.join(' | ')}`);
  });
});
