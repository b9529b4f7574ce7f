require('../lib/file-suite.js')(5, __filename);
