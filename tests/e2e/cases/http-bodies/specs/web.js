// Blob, File, FormData and URLSearchParams: the runtime's own when it has them, else just
// enough of each (toStringTag, entries, arrayBuffer, toString) for the client to read them
// the same way. Not a spec file.
const g = globalThis;

function utf8(s) {
  const bin = unescape(encodeURIComponent(s));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

class MiniBlob {
  constructor(parts = [], options = {}) {
    const chunks = parts.map((p) => (typeof p === 'string' ? utf8(p) : new Uint8Array(p)));
    this._bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let o = 0;
    for (const c of chunks) { this._bytes.set(c, o); o += c.length; }
    this.type = options.type || '';
    this.size = this._bytes.length;
  }
  async arrayBuffer() { return this._bytes.slice().buffer; }
  get [Symbol.toStringTag]() { return 'Blob'; }
}

class MiniFile extends MiniBlob {
  constructor(parts, name, options) { super(parts, options); this.name = name; }
  get [Symbol.toStringTag]() { return 'File'; }
}

class MiniFormData {
  constructor() { this._entries = []; }
  append(name, value, filename) {
    if (typeof value === 'object' && filename !== undefined)
      value = new (g.File || MiniFile)([value._bytes || value], filename, { type: value.type });
    this._entries.push([name, typeof value === 'object' ? value : String(value)]);
  }
  entries() { return this._entries[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  get [Symbol.toStringTag]() { return 'FormData'; }
}

class MiniURLSearchParams {
  constructor(init = {}) { this._pairs = Object.entries(init).map(([k, v]) => [k, String(v)]); }
  append(k, v) { this._pairs.push([k, String(v)]); }
  toString() {
    const enc = (s) => encodeURIComponent(s).replace(/%20/g, '+');
    return this._pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  }
  get [Symbol.toStringTag]() { return 'URLSearchParams'; }
}

module.exports = {
  Blob: g.Blob || MiniBlob,
  File: g.File || MiniFile,
  FormData: g.FormData || MiniFormData,
  URLSearchParams: g.URLSearchParams || MiniURLSearchParams,
  utf8,
};
