import { name } from '../helpers/users.js';
describe('b', () => { it('imports the helper', () => {}); });
