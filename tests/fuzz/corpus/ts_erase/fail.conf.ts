export const config = {
  runner: 'api',
  specs: ['./fail/*.spec.ts'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL!,
};
