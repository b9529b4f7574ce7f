// assertResponse chains and jasmine matchers (built-in and the API ones) in one file.
const { assertResponse } = require('wdio-api-runner');
describe('users api', () => {
  beforeAll(async function () { this.list = await api.get('/users'); });
  it('lists users', async function () {
    assertResponse(this.list).toHaveStatus(200).and.toBeSuccess();
    expect(this.list).toHaveStatus(200);
    expect(this.list.status).toBe(200);
    expect(this.list.headers.get('content-type')).toMatch(/json/);
    expect(HELPER_LOADED).toBe('yes');
    expect(4).toBeEven();
  });
  it('collects every failed expectation', async () => {
    const res = await api.get('/users/999');
    expect(res).toHaveStatus(200);
    expect(res.status).toBe(200);
    expect(3).toBeEven();
    console.log('STILL RUNNING after failures');
  });
  it('assertResponse throws at once', async () => {
    const res = await api.get('/users/999');
    assertResponse(res).toHaveStatus(201);
    console.log('NOT REACHED');
  });
});
