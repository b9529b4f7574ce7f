describe('reset before', () => { it('gets a reset before the response', () => api.get('/conn-reset?after=0')); });
