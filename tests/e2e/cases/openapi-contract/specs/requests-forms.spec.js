// apiRunner.openapi: { spec: './openapi/requests.yaml', validateRequests: true }: form
// bodies are read as objects, each field by its property's schema (age an integer, zip
// the text "01234" its string branch allows), urlencoded (URLSearchParams) and multipart
// (FormData, a file part as a string). The first test conforms, the second fails unsent.
describe('request forms', () => {
  it('are read field by field as their schemas allow', async () => {
    const form = await api.post('/echo/form', new URLSearchParams({ age: '18', zip: '01234' }));
    expect(form.status).toBe(200);
    const multi = new FormData();
    multi.append('age', '30');
    multi.append('file', new Blob(['a,b\n'], { type: 'text/csv' }), 'data.csv');
    expect((await api.post('/echo/form', multi)).status).toBe(200);
  });

  it('are checked against their schemas', async () => {
    await api.post('/echo/form', new URLSearchParams({ age: '17' }));
  });
});
