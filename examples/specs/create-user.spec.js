// Writing to the demo users API: creating users, validation errors, and changing and
// deleting an existing user.

function check(condition, message) {
  if (!condition) throw new Error(message);
}

describe('Users API: writing', () => {
  it('creates a user and says where to find it', async () => {
    const res = await api.post('/users', {
      name: 'Margaret Hamilton',
      email: 'margaret@example.com',
      role: 'admin',
    });
    check(res.status === 201, `expected 201, got ${res.status}`);
    check(typeof res.data.id === 'number', 'the new user has no id');
    check(res.data.createdAt.endsWith('Z'), `createdAt is not UTC: ${res.data.createdAt}`);

    const location = res.headers.get('Location');
    check(location === `/users/${res.data.id}`, `unexpected Location ${location}`);
    const fetched = await api.get(location);
    check(fetched.ok && fetched.data.name === 'Margaret Hamilton',
      `GET ${location} gave ${fetched.status}`);
  });

  it('rejects an invalid email and says which field is wrong', async () => {
    const res = await api.post('/users', { name: 'Nobody', email: 'not-an-email' });
    check(res.status === 400 && !res.ok, `expected 400, got ${res.status}`);
    check(res.data.code === 'VALIDATION_ERROR', `unexpected code ${res.data.code}`);
    const problem = res.data.details.find((detail) => detail.field === 'email');
    check(problem, `no detail for the email field: ${JSON.stringify(res.data.details)}`);
    check(problem.error === 'must be a valid email', `unexpected error "${problem.error}"`);
  });

  describe('an existing user', () => {
    let user; // a fresh user for every test, so that the tests do not depend on each other

    beforeEach(async () => {
      const res = await api.post('/users', {
        name: 'Katherine Johnson',
        email: 'kj@example.com',
      });
      check(res.status === 201, `setup: expected 201, got ${res.status}`);
      user = res.data;
    });

    it('is created with the default role', () => {
      check(user.role === 'user', `expected role "user", got "${user.role}"`);
    });

    it('changes only the fields sent with PATCH', async () => {
      const res = await api.patch(`/users/${user.id}`, { role: 'admin' });
      check(res.status === 200, `expected 200, got ${res.status}`);
      check(res.data.role === 'admin', `role was not changed: ${res.data.role}`);
      check(res.data.email === user.email, 'PATCH must leave the email alone');
    });

    it('is replaced with PUT', async () => {
      const res = await api.put(`/users/${user.id}`, { name: 'K. Johnson', email: 'k@example.com' });
      check(res.status === 200, `expected 200, got ${res.status}`);
      check(res.data.name === 'K. Johnson' && res.data.id === user.id, 'PUT did not replace');
    });

    it('is gone after DELETE', async () => {
      const res = await api.delete(`/users/${user.id}`);
      check(res.status === 204, `expected 204, got ${res.status}`);
      const gone = await api.get(`/users/${user.id}`);
      check(gone.status === 404, `expected 404 after delete, got ${gone.status}`);
    });
  });
});
