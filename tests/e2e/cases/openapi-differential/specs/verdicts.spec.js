// The sonde side of the OpenAPI differential test: each case of cases.json (written by
// oracle.js) as a response made by hand, checked with toSatisfyApiSpec against its
// document; prints "V <index> valid|invalid" for case.sh to compare with the oracle's.
const { loadApiSpec } = require('sonde');
const cases = require('../cases.json');

describe('differential', () => {
  it('judges every case', () => {
    cases.forEach((c, i) => {
      loadApiSpec(c.doc);
      const res = { status: c.status, headers: { 'content-type': c.contentType }, data: c.body,
        size: 1, url: `http://127.0.0.1${c.url}`, request: { method: c.method } };
      let verdict = 'valid';
      try {
        expect(res).toSatisfyApiSpec();
      } catch (e) {
        verdict = e.name === 'AssertionError' ? 'invalid' : `error ${e.message.split('\n')[0]}`;
      }
      console.log(`V ${i} ${verdict}`);
    });
  });
});
