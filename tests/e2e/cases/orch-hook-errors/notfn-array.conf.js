exports.config = {
  runner: 'api',
  specs: ['./specs/ok.spec.js'],
  baseUrl: process.env.API_BASE_URL,
  onPrepare: [
    () => console.log('never runs'),
    'not a function',
  ],
};
