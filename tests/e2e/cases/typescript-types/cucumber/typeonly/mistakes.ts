// Deliberate mistakes in step files: each must be a type error. Type-checked only.
import { Given, Before, setDefaultTimeout, Status, DataTable } from '@cucumber/cucumber';

// @ts-expect-error a step needs a pattern first
Given(async function () {});
// @ts-expect-error the timeout is a number of ms
setDefaultTimeout('10s');
// @ts-expect-error hook options have no 'tag' key (it is 'tags')
Before({ tag: '@smoke' }, function () {});
// @ts-expect-error no such status
const s: string = Status.BROKEN;
// @ts-expect-error hashes() rows are string records
const n: number = new DataTable([['a'], ['1']]).hashes()[0].a;
// @ts-expect-error mocha's describe is not a global in step files
describe('x', () => {});
void s;
void n;
