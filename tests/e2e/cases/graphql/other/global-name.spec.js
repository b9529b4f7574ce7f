const { createGraphQLClient, gql } = require('wdio-api-runner');
describe('globalName', () => {
  it('names the global', async () => {
    const r = await gq.query(gql`{ hello }`);
    await gq.query(gql`query Broken { boom }`);
    console.log(`G name ${typeof graphql} ${typeof gq} ${typeof createGraphQLClient} ${r.data.data.hello}`);
  });
});
