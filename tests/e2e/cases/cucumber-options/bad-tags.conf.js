// A step file whose Before hook has a tag expression that does not parse.
exports.config = {
  runner: 'api', framework: 'cucumber', specs: ['./features/world.feature'],
  cucumberOpts: { require: ['./bad-steps/bad-tags.js'] },
};
