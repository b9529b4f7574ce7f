module.exports = { name: () => 'ada' };
