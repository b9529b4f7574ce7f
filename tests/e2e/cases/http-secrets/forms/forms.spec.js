// A server's echo shows a secret in the form its encoder gives it: JSON-escaped (jansson,
// PHP's "\/", Python's \u escapes), percent-encoded in a query, a Basic credential decoded,
// a session cookie the server set; partly escaped JSON, JSON in a form field or a query,
// base64 alone and inside larger blobs; and inspect cuts a long string across a secret.
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

  it('prints the token partly escaped, as JSON in a form field, and in base64', async () => {
    // An encoder that escapes every other character as \uXXXX, the rest as JSON.stringify.
    const partial = [...TOKEN].map((c, i) => (i % 2
      ? c.split('').map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
      : JSON.stringify(c).slice(1, -1))).join('');
    if (!partial.includes('\\u0022') || !partial.includes('q')) throw new Error('not partly escaped');
    let res = await api.post('/respond?type=application/json', `{"t":"${partial}"}`,
      { headers: { 'Content-Type': 'text/plain' } });
    console.log('partial echo:', await res.text());
    // A JSON document sent as a form field: JSON-escaped, then percent-encoded.
    const form = new URLSearchParams({ d: JSON.stringify({ t: TOKEN }) }).toString();
    res = await api.post('/respond?type=text/plain', form, { headers: { 'Content-Type': 'text/plain' } });
    console.log('form json:', await res.text());
    console.log('uri json:', encodeURIComponent(JSON.stringify({ t: TOKEN })));
    // The token in base64 alone and inside larger blobs at the three alignments.
    const b64 = (s) => Buffer.from(s).toString('base64');
    console.log('b64:', b64(TOKEN), b64(`{${TOKEN}}`), b64(`[[${TOKEN}]]`), b64(`<<<${TOKEN}>>>`),
      b64(`{${TOKEN}}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  });

  it('prints a long string that inspect cuts across the API key', () => {
    // maxStringLength (10000) falls inside the key: its first part must not be printed.
    console.log('cut:', util.inspect('x'.repeat(9990) + process.env.API_KEY));
  });

  it('sends a masked header shorter than 4 characters', async () => {
    await api.get('/echo', { headers: { 'X-Short': 'abc' } });
  });
});
