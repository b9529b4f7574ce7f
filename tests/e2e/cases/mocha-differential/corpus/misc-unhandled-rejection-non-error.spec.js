it('rejects plain', (done) => { Promise.reject('plain'); setTimeout(done, 30); });
