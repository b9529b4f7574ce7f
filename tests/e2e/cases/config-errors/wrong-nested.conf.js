module.exports = {
  config: {
    runner: 'api',
    specs: ['./specs/*.spec.js'],
    apiRunner: {
      timeout: '30s',
    },
  },
};
