// A jasmine spec in TypeScript: jasmine's expect and expectAsync with the API matchers,
// asymmetric testers, spies with typed strategies, `this` shared from beforeAll.
import { assertResponse, type ApiResponse } from 'sonde';

interface User { id: number; name: string; email: string; role: string }
interface Ctx { users: User[] }

describe('typed jasmine specs', () => {
  beforeAll(async function (this: Ctx) {
    await api.post('/reset');
    this.users = (await api.get<User[]>('/users')).data;
  });

  it('sees the users of beforeAll', function (this: Ctx) {
    expect(this.users.length).toBeGreaterThanOrEqual(3);
    expect(this.users).toContain(jasmine.objectContaining({ role: 'admin' }));
    expect(this.users[0]).toEqual(jasmine.objectContaining({ id: jasmine.any(Number), email: jasmine.stringContaining('@') }));
    expect(this.users.map((u) => u.name)).toHaveSize(this.users.length);
    expect(this.users[0]).toHaveRole('admin');
    expect(this.users[1]).not.toHaveRole('admin');
  });

  it('checks responses with the API matchers', async () => {
    const res: ApiResponse<User> = await api.post<User>('/users', { name: 'Typed Jasmine', email: 'tj@example.com' });
    expect(res).toBeCreated();
    expect(res).withContext('created user').toHaveBodyProperty('name', 'Typed Jasmine');
    expect(res.data.role).toBe('user');
    assertResponse(res).toHaveHeader('Location', `/users/${res.data.id}`);
    expect(await api.get('/users/999999')).toBeNotFound();
  });

  it('spies on a typed client', async () => {
    const client = { fetchUser: (id: number): Promise<ApiResponse<User>> => api.get<User>(`/users/${id}`) };
    const spy = spyOn(client, 'fetchUser').and.callThrough();
    const res = await client.fetchUser(1);
    expect(res).toHaveStatus(200);
    expect(spy).toHaveBeenCalledOnceWith(1);
    expect(spy.calls.mostRecent().args[0]).toBe(1);
    const stub = jasmine.createSpy<(n: number) => string>('stub').and.returnValue('x');
    expect(stub(2)).toBe('x');
    expect(stub).toHaveBeenCalledTimes(1);
    await expectAsync(api.get<User>('/users/1').then((r) => r.data.id)).toBeResolvedTo(1);
    await expectAsync(Promise.reject(new Error('no'))).toBeRejectedWithError(Error, 'no');
  });

  xit('is pending', () => {
    fail('never runs');
  });
});
