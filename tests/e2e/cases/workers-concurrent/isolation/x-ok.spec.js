// Shares its worker with the busy loop and the exit: unaffected.
describe('ok', () => {
  for (let k = 0; k < 3; k++) {
    it(`waits ${k}`, async () => {
      if (k === 0) console.log(`ok pid ${process.pid}`);
      const res = await api.get('/delay/400');
      if (res.status !== 200) throw new Error(`status ${res.status}`);
    });
  }
});
