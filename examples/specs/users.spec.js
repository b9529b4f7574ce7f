// Reading the demo users API: listing, filtering and fetching users, and the error
// responses for users that do not exist. Non-2xx responses do not throw: they resolve
// with `ok` false, so the tests look at `status` and `data` instead.

function check(condition, message) {
  if (!condition) throw new Error(message);
}

describe('Users API: reading', () => {
  let users; // the full list, fetched once for the whole suite

  before(async () => {
    const res = await api.get('/users');
    check(res.status === 200, `GET /users: expected 200, got ${res.status}`);
    users = res.data;
  });

  it('lists the users as JSON', async () => {
    check(Array.isArray(users), 'expected an array of users');
    // Other spec files may add users while this one runs: the three seeded ones stay.
    check(users.length >= 3, `expected at least 3 users, got ${users.length}`);
    for (const user of users) {
      check(typeof user.id === 'number', `user without a numeric id: ${JSON.stringify(user)}`);
      check(user.email.includes('@'), `user ${user.id} has no valid email`);
    }
  });

  it('filters by role with query parameters', async () => {
    const res = await api.get('/users', { params: { role: 'admin' } });
    check(res.ok, `expected a 2xx status, got ${res.status}`);
    check(res.data.length >= 1, 'expected at least one admin');
    check(res.data.every((user) => user.role === 'admin'), 'a non-admin slipped through');
  });

  it('limits the number of results', async () => {
    const res = await api.get('/users', { params: { limit: 2 } });
    check(res.data.length === 2, `expected 2 users, got ${res.data.length}`);
  });

  it('fetches one user by id', async () => {
    const res = await api.get('/users/1');
    check(res.status === 200, `expected 200, got ${res.status}`);
    check(res.headers.get('content-type') === 'application/json',
      `unexpected content type ${res.headers.get('content-type')}`);
    check(res.data.name === 'Ada Lovelace', `unexpected name ${res.data.name}`);
    check(typeof res.duration === 'number' && res.duration < 5000,
      `slow or missing duration: ${res.duration}`);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await api.get('/users/4242');
    check(res.status === 404, `expected 404, got ${res.status}`);
    check(res.ok === false, 'a 404 must not be ok');
    check(res.data.code === 'NOT_FOUND', `unexpected code ${res.data.code}`);
    check(res.data.message === 'User 4242 not found', `unexpected message ${res.data.message}`);
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await api.get('/users/abc');
    check(res.status === 400, `expected 400, got ${res.status}`);
  });
});
