// The demo users API with jasmine: a spec collects every failed expectation instead of
// stopping at the first, and the API matchers (toHaveStatus, toBeCreated ...) are on
// jasmine's expect as on sonde's own.
const { assertResponse } = require('sonde');

describe('Users API with jasmine', () => {
  beforeAll(async function () {
    // `this` in beforeAll is copied into each spec's own `this`.
    this.users = (await api.get('/users')).data;
  });

  it('lists the seeded users', function () {
    expect(this.users.length).toBeGreaterThanOrEqual(3);
    expect(this.users).toContain(jasmine.objectContaining({ role: 'admin' }));
    for (const user of this.users) {
      expect(user).toEqual(jasmine.objectContaining({ id: jasmine.any(Number), email: jasmine.stringContaining('@') }));
    }
  });

  it('creates a user', async () => {
    const res = await api.post('/users', { name: 'Grace Hopper', email: 'grace@example.com' });
    expect(res).toBeCreated();
    expect(res.data).toEqual(jasmine.objectContaining({ name: 'Grace Hopper', role: 'user' }));
    assertResponse(res).toHaveHeader('Location', `/users/${res.data.id}`);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await api.get('/users/999999');
    expect(res).toBeNotFound();
    expect(res.data.code).toBe('NOT_FOUND');
  });

  describe('a client wrapped by a spy', () => {
    it('sees each call', async () => {
      const client = { fetchUser: (id) => api.get(`/users/${id}`) };
      spyOn(client, 'fetchUser').and.callThrough();
      const res = await client.fetchUser(1);
      expect(res).toHaveStatus(200);
      expect(client.fetchUser).toHaveBeenCalledOnceWith(1);
    });

    it('resolves a promise to the user', async () => {
      await expectAsync(api.get('/users/1').then((res) => res.data.id)).toBeResolvedTo(1);
    });
  });
});
