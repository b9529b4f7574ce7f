// A .cts helper in TypeScript's CommonJS forms: import = require() and export =.
import path = require('path');

function base(file: string): string {
  return path.basename(file);
}

export = { base, kind: 'cts' as const };
