describe('truncated', () => { it('gets a body cut short', () => api.get('/truncated')); });
