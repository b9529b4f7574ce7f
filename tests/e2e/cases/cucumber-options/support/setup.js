// cucumberOpts.requireModule: loaded before the step files.
globalThis.setupLoaded = 'yes';
console.log('SETUP loaded');
