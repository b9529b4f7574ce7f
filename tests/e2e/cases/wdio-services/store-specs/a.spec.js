import { getValueFromPool, setValue } from '@wdio/shared-store-service';

describe('pool a', () => {
  it('takes 20 values', async () => {
    const taken = [];
    // Half at once, half one by one, so the two workers' requests interleave.
    taken.push(...(await Promise.all(Array.from({ length: 10 }, () => getValueFromPool('ids')))));
    for (let i = 0; i < 10; i++) taken.push(await getValueFromPool('ids', { timeout: 3000 }));
    console.log('TAKEN ' + taken.join(' '));
    await setValue('worker-a', taken.length);
  });
});

describe('pool edges', () => {
  it('a waiting take gets a value added later', async () => {
    const { setResourcePool, getValueFromPool, addValueToPool } = require('@wdio/shared-store-service');
    await setResourcePool('late', []);
    const waiting = getValueFromPool('late', { timeout: 10000 });
    await addValueToPool('late', { port: 4444 });
    console.log('LATE ' + JSON.stringify(await waiting));
  });
  it('an empty pool times out', async () => {
    const { setResourcePool, getValueFromPool } = require('@wdio/shared-store-service');
    await setResourcePool('empty', []);
    await getValueFromPool('empty', { timeout: 50 });
  });
  it('a pool that does not exist', async () => {
    await require('@wdio/shared-store-service').getValueFromPool('nope');
  });
  it('the reserved key', async () => {
    await require('@wdio/shared-store-service').setValue('*', 1);
  });
  it('a key that is not a string', async () => {
    await require('@wdio/shared-store-service').getValue(42);
  });
});

describe('values the store cannot hold', () => {
  it('a circular value rejects', async () => {
    const { setValue } = require('@wdio/shared-store-service');
    const loop = {};
    loop.self = loop;
    const p = setValue('loop', loop);
    console.log(`REJECTS ${p instanceof Promise}`);
    await p;
  });
  it('a function rejects', async () => {
    await require('@wdio/shared-store-service').addValueToPool('ids', () => 1);
  });
});
