it('thenable resolves', () => ({ then(res) { setTimeout(res, 1); } }));
it('thenable rejects', () => ({ then(res, rej) { rej(new Error('thenable no')); } }));
