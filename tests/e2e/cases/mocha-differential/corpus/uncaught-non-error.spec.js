it('throws string later', (done) => { setTimeout(() => { throw 'str'; }, 1); });
