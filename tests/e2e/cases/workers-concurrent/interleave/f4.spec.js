require('../lib/file-suite.js')(4, __filename);
