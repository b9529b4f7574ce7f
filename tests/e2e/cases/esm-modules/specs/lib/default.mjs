export default function greet(name) {
  return `hi ${name}`;
}
export const named = 'named from mjs';
