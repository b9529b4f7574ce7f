// Types of the demo users API and a small typed client over the global `api`.
import type { ApiResponse } from 'sonde';

export enum Role {
  Admin = 'admin',
  User = 'user',
}

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  createdAt: string;
}

export type NewUser = Pick<User, 'name' | 'email'> & Partial<Pick<User, 'role'>>;

export interface ApiProblem {
  code: string;
  message: string;
  details?: Array<{ field: string; error: string }>;
}

export class Users {
  constructor(private readonly path = '/users') {}

  list(params: { role?: Role; limit?: number } = {}): Promise<ApiResponse<User[]>> {
    return api.get<User[]>(this.path, { params });
  }

  get(id: number | string): Promise<ApiResponse<User | ApiProblem>> {
    return api.get(`${this.path}/${id}`);
  }

  create(user: NewUser): Promise<ApiResponse<User>> {
    return api.post<User>(this.path, user);
  }
}

/** A JSON Schema of a user, for toMatchSchema. */
export const userSchema = {
  type: 'object',
  required: ['id', 'name', 'email', 'role', 'createdAt'],
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    role: { enum: [Role.Admin, Role.User] },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;
