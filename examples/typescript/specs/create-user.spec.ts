// Writing to the demo users API in TypeScript: creating, validating, changing and
// deleting users.
import { assertResponse } from 'sonde';
import { Role, Users, type ApiProblem, type User } from '../lib/users';

const users = new Users();

describe('Users API: writing (TypeScript)', () => {
  it('creates a user and says where to find it', async () => {
    const res = await users.create({ name: 'Margaret Hamilton', email: 'margaret@example.com', role: Role.Admin });
    expect(res).toBeCreated();
    assertResponse(res).toHaveHeader('Location', `/users/${res.data.id}`);
    expect(res.data.createdAt).toMatch(/Z$/);
    const fetched = await api.get<User>(res.headers.get('Location')!);
    expect(fetched).toHaveBodyProperty('name', 'Margaret Hamilton');
  });

  it('rejects an invalid email and says which field is wrong', async () => {
    const res = await api.post<ApiProblem>('/users', { name: 'Nobody', email: 'not-an-email' });
    expect(res).toBeBadRequest();
    expect(res.data.code).toBe('VALIDATION_ERROR');
    expect(res.data.details).toContainEqual({ field: 'email', error: 'must be a valid email' });
  });

  describe('an existing user', () => {
    let user: User; // a fresh user for every test

    beforeEach(async () => {
      user = (await users.create({ name: 'Katherine Johnson', email: 'kj@example.com' })).data;
    });

    it('is created with the default role', () => {
      expect(user.role).toBe(Role.User);
    });

    it('changes only the fields sent with PATCH', async () => {
      const res = await api.patch<User>(`/users/${user.id}`, { role: Role.Admin });
      expect(res).toHaveStatus(200);
      expect(res.data).toMatchObject({ role: Role.Admin, email: user.email });
    });

    it('is gone after DELETE', async () => {
      expect(await api.delete(`/users/${user.id}`)).toBeNoContent();
      expect(await users.get(user.id)).toBeNotFound();
    });
  });
});
