exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstance: 1,
  mochaOpts: { timout: 5000 },
  apiRunner: { retrys: 1 },
  myServiceOption: true,
};
