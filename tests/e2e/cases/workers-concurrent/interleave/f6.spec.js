require('../lib/file-suite.js')(6, __filename);
