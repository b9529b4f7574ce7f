exports.config = {
  runner: 'local',
  specs: ['./specs/*.spec.js'],
};
