import { getValue, setValue } from '@wdio/shared-store-service';

describe('Services', () => {
  it('reads what onPrepare stored', async () => {
    const token = await getValue('token');
    console.log(`T token=${token.value} from=${token.from}`);
    const viaBrowser = await browser.sharedStore.get('token');
    console.log(`T browser.sharedStore token=${viaBrowser.value}`);
    await browser.sharedStore.set('seenBySpec', true);
    console.log(`T setByService=${globalThis.setByService}`);
  });
  it('fails on purpose', () => {
    throw new Error('planned');
  });
});
