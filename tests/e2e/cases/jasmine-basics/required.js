// jasmineOpts.requires: loaded before the helpers and each spec file.
globalThis.REQUIRED_LOADED = true;
