const show = (label: string, v: unknown): void => console.log('R', label, JSON.stringify(v));
interface Repo<T> { get(id: number): T | undefined; readonly size: number }
abstract class Store<T extends { id: number }> implements Repo<T> {
  protected items = new Map<number, T>();
  public abstract readonly name: string;
  protected abstract validate(item: T): boolean;
  get size(): number { return this.items.size }
  get(id: number): T | undefined { return this.items.get(id) }
  put(item: T): this;
  put(item: T, overwrite: boolean): this;
  put(item: T, overwrite = true): this {
    if (this.validate(item) && (overwrite || !this.items.has(item.id))) this.items.set(item.id, item);
    return this;
  }
}
class Users extends Store<{ id: number; name: string }> {
  public override readonly name = 'users';
  protected override validate(u: { id: number; name: string }): boolean { return u.name.length > 0 }
}
const us = new Users().put({ id: 1, name: 'a' }).put({ id: 2, name: '' }).put({ id: 1, name: 'b' }, false);
show('store', [us.name, us.size, us.get(1)?.name, us.get(2)]);
