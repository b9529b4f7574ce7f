// The same packages through require(), and a package that needs a Node API sonde lacks.
const Ajv = require('ajv');
const { faker } = require('@faker-js/faker');
const chai = require('chai');

describe('packages through require', () => {
  it('loads them', () => {
    faker.seed(123);
    console.log(`P require ${typeof new Ajv().compile} ${faker.person.firstName()} ${typeof chai.expect}`);
  });

  it('names the missing API', () => {
    try {
      require('needs-zlib');
      console.log('P missing none');
    } catch (e) {
      console.log(`P missing ${e.code}: ${e.message.split(' (')[0]}`);
    }
  });
});
