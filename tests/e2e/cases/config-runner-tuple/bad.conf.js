exports.config = {
  specs: ['./specs/*.spec.js'],
  runner: ['api', 'not options'],
};
