// Reading the demo users API: listing, filtering and fetching users, and the error
// responses for users that do not exist. Non-2xx responses do not throw: they resolve
// with `ok` false, so the tests check their status and body. `assertResponse` (from
// 'sonde', also a global) chains the API checks; `expect` is Jest's, with the same checks
// as matchers.
const { assertResponse } = require('sonde');

describe('Users API: reading', () => {
  let users; // the full list, fetched once for the whole suite

  before(async () => {
    const res = await api.get('/users');
    assertResponse(res).toBeOk().and.toHaveContentType('application/json');
    users = res.data;
  });

  it('lists the users as JSON', async () => {
    expect(Array.isArray(users)).toBe(true);
    // Other spec files may add users while this one runs: the three seeded ones stay.
    expect(users.length).toBeGreaterThanOrEqual(3);
    for (const user of users) {
      expect(user).toEqual(expect.objectContaining({ id: expect.any(Number) }));
      expect(user.email).toContain('@');
    }
  });

  it('filters by role with query parameters', async () => {
    const res = await api.get('/users', { params: { role: 'admin' } });
    assertResponse(res).toBeSuccess().and.toHaveBodyProperty('[0].role', 'admin');
    expect(res.data.every((user) => user.role === 'admin')).toBe(true);
  });

  it('limits the number of results', async () => {
    const res = await api.get('/users', { params: { limit: 2 } });
    assertResponse(res).toHaveStatus(200).and.toHaveBodyLength(2);
  });

  it('fetches one user by id', async () => {
    const res = await api.get('/users/1');
    assertResponse(res)
      .toHaveStatus(200)
      .and.toHaveContentType('application/json')
      .and.toHaveBodyProperty('name', 'Ada Lovelace')
      .and.toRespondWithin(5000);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await api.get('/users/4242');
    expect(res).toBeNotFound();
    expect(res.ok).toBe(false);
    assertResponse(res)
      .toHaveBodyProperty('code', 'NOT_FOUND')
      .and.toHaveBodyProperty('message', 'User 4242 not found');
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await api.get('/users/abc');
    expect(res).toHaveStatus(400);
  });
});
