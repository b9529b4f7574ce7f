it('forgot await', () => { new Promise((_, rej) => setTimeout(() => rej(new Error('delayed reject')), 10)); });
it('next', (done) => setTimeout(done, 50));
