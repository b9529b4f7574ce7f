exports.config = {
  runner: 'api', framework: 'cucumber', specs: ['./features/world.feature'],
  cucumberOpts: {
    require: ['./steps/*.js'],
    timeout: 'soon',
  },
};
