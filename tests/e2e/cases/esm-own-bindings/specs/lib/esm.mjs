import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createRequire } from 'node:module';
const __filename = fileURLToPath(import.meta.url);
const __dirname = path.dirname(__filename);
const require = createRequire(import.meta.url);
export const where = path.basename(__dirname);
export const pkg = require('./data.json').name;
