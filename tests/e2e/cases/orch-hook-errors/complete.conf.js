exports.config = {
  runner: 'api',
  specs: ['./specs/ok.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  async onComplete() {
    throw new Error('boom in onComplete');
  },
};
