exports.config = {
  runner: 'api',
  specs: ['./specs/services.spec.js'],
  services: [
    'shared-store',
    ['chromedriver', { port: 9515 }],
  ],
};
