// Deliberate mistakes: each must be a type error (tsc fails if one stops being reported).
// This file is type-checked only, never run.
import { assertResponse, createApiClient, basicAuth, apiKeyAuth, loadApiSpec, type Options } from 'sonde';
import { setResourcePool, getValueFromPool } from '@wdio/shared-store-service';

export async function mistakes(): Promise<void> {
  const res = await api.get('/users');
  // @ts-expect-error a resource pool is an array of values
  await setResourcePool('ids', 3);
  // @ts-expect-error the take's timeout is a number
  await getValueFromPool('ids', { timeout: '1s' });
  // @ts-expect-error toHaveStatus takes a number
  assertResponse(res).toHaveStatus('200');
  // @ts-expect-error no such matcher on the chain
  assertResponse(res).toHaveStatusCode(200);
  // @ts-expect-error body goes before options in post()
  await api.post('/users', { name: 'x' }, { timeout: '5s' });
  // @ts-expect-error headers must be an object, not a string
  createApiClient({ headers: 'X-A: 1' });
  // @ts-expect-error status is a number
  const s: string = res.status;
  // @ts-expect-error a schema is named by a string
  expect(res.data).toSatisfySchemaInApiSpec(5);
  // @ts-expect-error loadApiSpec takes a path or a document, not a number
  loadApiSpec(3);
  // @ts-expect-error toBeCreated takes no argument
  expect(res).toBeCreated(201);
  // @ts-expect-error a response is checked, not its promise (await forgotten)
  assertResponse(api.get('/users'));
  // @ts-expect-error the redirect option has three values
  await api.get('/users', { redirect: 'never' });
  void s;
}

export const badConfig: Options = {
  runner: 'api',
  // @ts-expect-error maxInstances is a number
  maxInstances: 'two',
};

export const typoConfig: Options = {
  runner: 'api',
  // @ts-expect-error a misspelt key
  maxInstance: 2,
};

export const badService: Options = {
  runner: 'api',
  // @ts-expect-error a service's options are an object
  services: [['shared-store', 'fast']],
};

export const badFramework: Options = {
  runner: 'api',
  // @ts-expect-error no such framework
  framework: 'jest',
};

describe('mistakes', () => {
  // @ts-expect-error a test takes a title first
  it(() => {});
});

export function helperMistakes(): void {
  // @ts-expect-error basicAuth needs a password
  basicAuth({ username: 'ada' });
  // @ts-expect-error apiKeyAuth places the key in a header, the query or a cookie
  apiKeyAuth({ value: 'k', in: 'body' });
  // @ts-expect-error the stub browser is always in API mode
  const mobile: true = browser.isMobile;
  void mobile;
}
