module.exports = function double(n) {
  return n * 2;
};
