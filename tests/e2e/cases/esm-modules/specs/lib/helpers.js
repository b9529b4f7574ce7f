// Every kind of export statement.
export const answer = 42;
export function helper(x) {
  return `helped ${x}`;
}
const secret = 'hidden';
export { secret as revealed };
export * from './more.js';
export class Thing {
  get kind() {
    return 'thing';
  }
}
