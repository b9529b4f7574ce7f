describe('refused', () => { it('connects to a closed port', () => api.get('http://127.0.0.1:1/x')); });
