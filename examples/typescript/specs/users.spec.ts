// Reading the demo users API in TypeScript, with expect's API matchers and the
// assertResponse chain (compare ../../specs/users.spec.js, which checks by hand).
import { assertResponse } from 'sonde';
import { Role, Users, userSchema, type ApiProblem, type User } from '../lib/users';

const users = new Users();

describe('Users API: reading (TypeScript)', () => {
  let all: User[] = [];

  before(async () => {
    const res = await users.list();
    expect(res).toHaveStatus(200);
    all = res.data;
  });

  it('lists the users as JSON', () => {
    // Other spec files may add users while this one runs: the three seeded ones stay.
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const user of all) {
      expect(user).toEqual(expect.objectContaining({ id: expect.any(Number), email: expect.stringContaining('@') }));
    }
  });

  it('filters by role with query parameters', async () => {
    const res = await users.list({ role: Role.Admin });
    assertResponse(res).toBeSuccess().and.toHaveContentType('application/json');
    expect(res.data.length).toBeGreaterThanOrEqual(1);
    expect(res.data.every((user) => user.role === Role.Admin)).toBe(true);
  });

  it('limits the number of results', async () => {
    const res = await users.list({ limit: 2 });
    expect(res).toHaveBodyLength(2);
  });

  it('fetches one user that matches the schema', async () => {
    const res = await users.get(1);
    assertResponse(res)
      .toHaveStatus(200)
      .and.toMatchSchema(userSchema)
      .and.toHaveBodyProperty('name', 'Ada Lovelace')
      .and.toRespondWithin(5000);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await users.get(4242);
    expect(res).toBeNotFound();
    const problem = res.data as ApiProblem;
    expect(problem).toEqual({ code: 'NOT_FOUND', message: 'User 4242 not found' });
  });

  it('answers 400 for an id that is not a number', async () => {
    expect(await users.get('abc')).toBeBadRequest();
  });
});
