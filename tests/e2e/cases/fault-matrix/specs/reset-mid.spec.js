describe('reset mid-body', () => { it('gets a reset in the body', () => api.get('/conn-reset?after=200000')); });
