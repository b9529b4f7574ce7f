const { Given } = require('sonde');
Given('a pending step here', function () { return 'pending'; });
Given('a failing step here', function () { console.log('RAN failing step'); throw new Error('beta failed'); });
Given('a passing step here', function () { console.log('RAN passing step'); });
