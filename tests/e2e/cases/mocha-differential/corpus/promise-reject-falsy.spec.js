it('rejects undefined', () => Promise.reject());
it('rejects null', () => Promise.reject(null));
it('rejects string', () => Promise.reject('str'));
