// A server's echo shows a secret in the form its encoder gives it: JSON-escaped (jansson,
// PHP's "\/", Python's \u escapes), percent-encoded in a query, a Basic credential decoded,
// a session cookie the server set; and inspect cuts a long string across a secret.
const util = require('util');

const TOKEN = process.env.API_TOKEN;

describe('the forms of a secret', () => {
  it('prints JSON echoes of the token escaped as three encoders escape it', async () => {
    const plain = JSON.stringify({ token: TOKEN });
    const php = plain.replace(/\//g, '\\/');
    const python = plain.replace(/[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (php === plain || python === plain || !python.includes('\\ud83d')) throw new Error('no escapes');
    for (const body of [plain, php, python]) {
      const res = await api.post('/respond?type=application/json', body,
        { headers: { 'Content-Type': 'text/plain' } });
      console.log('json echo:', await res.text());
    }
  });

  it('prints the token percent-encoded, as a query carries it', async () => {
    const res = await api.get('/echo', { params: { t: TOKEN } });
    console.log('query echo:', JSON.stringify(res.data.query));
    console.log('encoded:', encodeURIComponent(TOKEN), new URLSearchParams({ t: TOKEN }).toString());
  });

  it('prints the Basic credentials the server decoded', async () => {
    const res = await api.get('/echo');
    const credentials = Buffer.from(res.data.headers.authorization.split(' ')[1], 'base64').toString();
    console.log('basic:', credentials, credentials.split(':')[1]);
  });

  it('prints the session cookie the server set and the client sent back', async () => {
    await api.post('/login');
    const res = await api.get('/echo');
    console.log('cookie:', res.data.headers.cookie);
  });

  it('prints a long string that inspect cuts across the API key', () => {
    // maxStringLength (10000) falls inside the key: its first part must not be printed.
    console.log('cut:', util.inspect('x'.repeat(9990) + process.env.API_KEY));
  });

  it('sends a masked header shorter than 4 characters', async () => {
    await api.get('/echo', { headers: { 'X-Short': 'abc' } });
  });
});
