// A package that needs a Node API sonde does not have.
const zlib = require('zlib');
module.exports = (text) => zlib.gzipSync(text);
