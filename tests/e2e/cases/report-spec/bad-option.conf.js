exports.config = {
  runner: 'api',
  specs: ['./specs/b-pass.spec.js'],
  reporters: [
    ['junit', { outputDir: 42 }],
  ],
};
