describe('tls', () => {
  it('refuses a self-signed certificate', () => api.get(`https://127.0.0.1:${process.env.TLS_PORT}/users`));
});
