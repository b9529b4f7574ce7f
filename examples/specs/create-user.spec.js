// Writing to the demo users API: creating users, validation errors, and changing and
// deleting an existing user.
const { assertResponse } = require('sonde');

describe('Users API: writing', () => {
  it('creates a user and says where to find it', async () => {
    const res = await api.post('/users', {
      name: 'Margaret Hamilton',
      email: 'margaret@example.com',
      role: 'admin',
    });
    assertResponse(res).toBeCreated().and.toHaveHeader('Location', /^\/users\/\d+$/);
    expect(res.data.id).toEqual(expect.any(Number));
    expect(res.data.createdAt).toMatch(/Z$/); // UTC

    const location = res.headers.get('Location');
    expect(location).toBe(`/users/${res.data.id}`);
    const fetched = await api.get(location);
    assertResponse(fetched).toBeOk().and.toHaveBodyProperty('name', 'Margaret Hamilton');
  });

  it('rejects an invalid email and says which field is wrong', async () => {
    const res = await api.post('/users', { name: 'Nobody', email: 'not-an-email' });
    assertResponse(res).toBeBadRequest().and.toHaveBodyProperty('code', 'VALIDATION_ERROR');
    expect(res.data.details).toContainEqual(
      expect.objectContaining({ field: 'email', error: 'must be a valid email' }));
  });

  describe('an existing user', () => {
    let user; // a fresh user for every test, so that the tests do not depend on each other

    beforeEach(async () => {
      const res = await api.post('/users', {
        name: 'Katherine Johnson',
        email: 'kj@example.com',
      });
      expect(res).toBeCreated();
      user = res.data;
    });

    it('is created with the default role', () => {
      expect(user.role).toBe('user');
    });

    it('changes only the fields sent with PATCH', async () => {
      const res = await api.patch(`/users/${user.id}`, { role: 'admin' });
      assertResponse(res)
        .toHaveStatus(200)
        .and.toHaveBodyProperty('role', 'admin')
        .and.toHaveBodyProperty('email', user.email); // PATCH leaves the email alone
    });

    it('is replaced with PUT', async () => {
      const res = await api.put(`/users/${user.id}`, { name: 'K. Johnson', email: 'k@example.com' });
      assertResponse(res)
        .toHaveStatus(200)
        .and.toHaveBodyProperty('name', 'K. Johnson')
        .and.toHaveBodyProperty('id', user.id);
    });

    it('is gone after DELETE', async () => {
      const res = await api.delete(`/users/${user.id}`);
      assertResponse(res).toBeNoContent().and.toHaveEmptyBody();
      const gone = await api.get(`/users/${user.id}`);
      expect(gone).toBeNotFound();
    });
  });
});
