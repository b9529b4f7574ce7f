import type { Options } from 'sonde';

export const config: Options = {
  runner: 'api',
  framework: 'cucumber',
  specs: ['./features/**/*.feature'],
  baseUrl: process.env.API_BASE_URL,
  cucumberOpts: { require: ['./steps/**/*.ts'], tags: 'not @wip', timeout: 10000, worldParameters: { role: 'user' } },
  reporters: ['spec'],
};
