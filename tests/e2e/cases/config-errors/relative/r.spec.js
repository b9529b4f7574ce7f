describe('no baseUrl', () => { it('requests a relative path', () => api.get('/users')); });
