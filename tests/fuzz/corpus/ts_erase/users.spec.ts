import { UserClient, Names, first, type User } from './lib/users.js';
import { Stage, level, Level } from './lib/stage';
import { format } from './lib/format';
import legacy = require('./lib/legacy.cts');

function eq<T>(actual: T, expected: T, what: string): asserts actual is T {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

describe('TypeScript specs', () => {
  let client!: UserClient;

  before(function (this: Mocha.Context) {
    client = new UserClient('/users', Stage.Run);
  });

  it('calls the API through a typed helper class', async () => {
    const users: User[] = await client.list();
    eq(users.length > 0, true, 'users');
    const page = await client.page(2);
    eq(page.items.length, 2, 'page size');
    eq(client.count, 2, 'calls through a getter');
    eq(client.stage, Stage.Run, 'parameter property');
    eq(UserClient.created, 1, 'static field');
    console.log(`FIRST ${first<User>(users).name} ${Names.join(page.items)}`);
  });

  it('uses enums, const enums and generic arrows', () => {
    eq([Stage.Prepare, Stage.Run, Stage.Report, Stage[2]], [1, 2, 20, 'Run'], 'enum');
    eq([level(1), level(9)], [Level.Low, 'high'], 'const enum');
    eq(format<number>('n', 3), 'n=3', 'generic arrow in an .mts file');
    const n = <number>(<unknown>'7' as any) * 1;
    eq(n, 7, 'angle-bracket assertion');
  });

  it('ran under the TypeScript config', async () => {
    const echo = await api.get('/echo');
    eq((echo.data as { headers: Record<string, string> }).headers['x-config'], 'typescript', 'X-Config');
  });

  it('loads .cts helpers written with import = require() and export =', () => {
    eq(legacy.base(__filename), 'users.spec.ts', 'path of the spec');
    eq(legacy.kind, 'cts', 'export =');
  });
});
