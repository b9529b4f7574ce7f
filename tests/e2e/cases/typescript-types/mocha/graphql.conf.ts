// A typed config with a graphqlRunner section: the spec files get the global `graphql`.
import type { Options } from 'sonde';

const base = process.env.API_BASE_URL ?? '';

export const config: Options = {
  runner: 'api',
  specs: ['./graphql/*.spec.ts'],
  baseUrl: base,
  framework: 'mocha',
  reporters: ['spec'],
  graphqlRunner: { endpoint: `${base}/graphql`, timeout: 5000, sse: { url: `${base}/graphql/stream` } },
};
