import { getValueFromPool, setValue } from '@wdio/shared-store-service';

describe('pool b', () => {
  it('takes 20 values', async () => {
    const taken = [];
    // Half at once, half one by one, so the two workers' requests interleave.
    taken.push(...(await Promise.all(Array.from({ length: 10 }, () => getValueFromPool('ids')))));
    for (let i = 0; i < 10; i++) taken.push(await getValueFromPool('ids', { timeout: 3000 }));
    console.log('TAKEN ' + taken.join(' '));
    await setValue('worker-b', taken.length);
  });
});
