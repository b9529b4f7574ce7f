import type { Stage } from './stage';

export interface User {
  id: number;
  name: string;
  email?: string;
}

export type Page<T> = { items: T[]; total: number };

/* A client with parameter properties, generics, access modifiers and a static member. */
export class UserClient<TUser extends User = User> {
  static created = 0;
  private calls: number = 0;

  constructor(
    private readonly path: string,
    public readonly stage?: Stage,
  ) {
    UserClient.created++;
  }

  async list(): Promise<TUser[]> {
    this.calls++;
    const res = await api.get(this.path);
    return res.data as TUser[];
  }

  async page(size: number): Promise<Page<TUser>> {
    const items = (await this.list()).slice(0, size);
    return { items, total: items.length } satisfies Page<TUser>;
  }

  get count(): number {
    return this.calls;
  }
}

export namespace Names {
  export const separator = ', ';
  export function join(users: readonly User[]): string {
    return users.map((u) => u.name).join(separator);
  }
}

export function first<T>(items: T[]): T {
  return items[0]!;
}
