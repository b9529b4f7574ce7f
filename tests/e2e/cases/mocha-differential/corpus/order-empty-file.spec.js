// no tests at all
const x = 1;
