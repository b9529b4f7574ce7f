// mochaOpts.require: loaded before the spec files of every job.
globalThis.setupValue = 'from setup.js';
globalThis.setupLoads = (globalThis.setupLoads || 0) + 1;
console.log('T setup.js loaded, describe is ' + typeof describe);
