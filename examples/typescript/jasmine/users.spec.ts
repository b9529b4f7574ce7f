// The demo users API with jasmine in TypeScript: every failed expectation of a spec is
// collected, the API matchers are on jasmine's expect, and spies keep their types.
import { assertResponse } from 'sonde';
import { Role, Users, type User } from '../lib/users';

describe('Users API with jasmine (TypeScript)', () => {
  const users = new Users();
  let all: User[];

  beforeAll(async () => {
    all = (await users.list()).data;
  });

  it('lists the seeded users', () => {
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all).toContain(jasmine.objectContaining({ role: Role.Admin }));
    for (const user of all) {
      expect(user).toEqual(jasmine.objectContaining({ id: jasmine.any(Number), email: jasmine.stringContaining('@') }));
    }
  });

  it('creates a user', async () => {
    const res = await users.create({ name: 'Grace Hopper', email: 'grace@example.com' });
    expect(res).toBeCreated();
    expect(res.data).toEqual(jasmine.objectContaining({ name: 'Grace Hopper', role: Role.User }));
    assertResponse(res).toHaveHeader('Location', `/users/${res.data.id}`);
  });

  it('sees each call through a spy', async () => {
    const get = spyOn(users, 'get').and.callThrough();
    expect(await users.get(1)).toHaveStatus(200);
    expect(get).toHaveBeenCalledOnceWith(1);
  });

  it('resolves a promise to the user', async () => {
    await expectAsync(users.get(1).then((res) => (res.data as User).id)).toBeResolvedTo(1);
  });
});
