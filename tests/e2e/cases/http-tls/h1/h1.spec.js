// apiRunner.http2: false
describe('apiRunner.http2: false', () => {
  it('offers only http/1.1, so HTTP/1.1 is negotiated', async () => {
    const res = await api.get(`https://127.0.0.1:${process.env.H2_PORT}/anything`);
    if (res.httpVersion !== '1.1' || res.data.alpn !== 'http/1.1')
      throw new Error(`httpVersion ${res.httpVersion}, alpn ${JSON.stringify(res.data)}`);
  });
});
