// Queued behind the three others: it starts once one ends, in a fresh worker, since the
// worker whose watchdog fired takes no new file.
describe('later', () => {
  it('runs in another worker', async () => {
    console.log(`later pid ${process.pid}`);
    await api.get('/delay/50');
  });
});
