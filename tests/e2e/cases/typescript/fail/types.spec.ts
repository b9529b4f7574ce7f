interface Box<T> { value: T }
describe('TypeScript failures', () => {
  it('names the .ts line and column', () => {
    const box: Box<string> | null = null as Box<string> | null;
    const n: number = (box as Box<string>).value.length;
    console.log(n);
  });
});
