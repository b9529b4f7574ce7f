// apiRunner.client: a class, instantiated once per worker with the config, installed under
// the global name instead of the built-in client.
let instances = 0;
class RecordingClient {
  constructor(config) {
    this.id = ++instances;
    this.baseUrl = config.baseUrl;
    this.calls = [];
  }
  record(method, path, body) {
    this.calls.push(`${method} ${path}`);
    return Promise.resolve({ status: 200, ok: true, data: { custom: true, method, path, body, id: this.id } });
  }
  get(path) { return this.record('GET', path); }
  post(path, body) { return this.record('POST', path, body); }
  put(path, body) { return this.record('PUT', path, body); }
  patch(path, body) { return this.record('PATCH', path, body); }
  delete(path) { return this.record('DELETE', path); }
  head(path) { return this.record('HEAD', path); }
  options(path) { return this.record('OPTIONS', path); }
}

exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  maxInstances: 1,
  baseUrl: process.env.API_BASE_URL,
  apiRunner: { client: RecordingClient, globalName: 'client' },
};
