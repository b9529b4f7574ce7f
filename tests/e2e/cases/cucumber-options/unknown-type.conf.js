// A step file whose definition names an unknown parameter type.
exports.config = {
  runner: 'api', framework: 'cucumber', specs: ['./features/world.feature'],
  cucumberOpts: { require: ['./bad-steps/unknown-type.js'] },
};
