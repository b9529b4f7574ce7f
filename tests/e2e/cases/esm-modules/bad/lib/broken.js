export const fine = 1;

export function broken() {
  return 1 +;
}
