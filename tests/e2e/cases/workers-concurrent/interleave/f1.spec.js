require('../lib/file-suite.js')(1, __filename);
