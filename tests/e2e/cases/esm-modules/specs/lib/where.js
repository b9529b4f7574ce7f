module.exports = { dir: __dirname, file: __filename };
