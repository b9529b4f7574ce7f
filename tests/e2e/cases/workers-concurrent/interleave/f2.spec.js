require('../lib/file-suite.js')(2, __filename);
