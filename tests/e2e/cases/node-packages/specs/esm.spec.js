// ESM-only packages (chai 6, @faker-js/faker 10) through import, resolved by their
// package.json "exports"; values compared with Node 20's.
import { expect, AssertionError } from 'chai';
import { faker } from '@faker-js/faker';
import Ajv from 'ajv';

describe('packages through import', () => {
  it('chai', () => {
    expect({ a: [1, 2] }).to.deep.equal({ a: [1, 2] });
    const out = [];
    try { expect({ a: 1 }).to.deep.equal({ a: 2 }); } catch (e) { out.push(`${e.name}: ${e.message}`); }
    try { expect([1, 2]).to.have.lengthOf(3); } catch (e) { out.push(`${e.name}: ${e.message} ${e instanceof AssertionError}`); }
    console.log(`P chai ${out.join(' | ')}`);
  });

  it('faker', () => {
    faker.seed(123);
    console.log(`P faker ${faker.person.firstName()} ${faker.internet.email()} ${faker.number.int({ min: 1, max: 1000 })} ${faker.string.uuid()}`);
  });

  it('ajv default export of a CommonJS package', () => {
    const ajv = new Ajv({ allErrors: true });
    const v = ajv.compile({
      type: 'object',
      properties: { id: { type: 'integer' }, email: { type: 'string', pattern: '^[^@]+@[^@]+$' } },
      required: ['id', 'email'],
      additionalProperties: false,
    });
    console.log(`P ajv ${v({ id: 1, email: 'a@b' })} ${v({ id: 'x', extra: 1 })} ${ajv.errorsText(v.errors)}`);
  });
});
