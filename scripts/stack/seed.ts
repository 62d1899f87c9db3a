import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemoUser } from './auth-emulator';

export interface Seed {
  database: unknown;
  users: DemoUser[];
}

export async function readSeed(repo: string): Promise<Seed> {
  const read = async (name: string): Promise<unknown> => {
    const path = join(repo, 'seed', name);
    try {
      return JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      throw new Error(`cannot read seed file ${path}: ${(error as Error).message}`, { cause: error });
    }
  };
  return { database: await read('database.json'), users: (await read('users.json')) as DemoUser[] };
}

/** Admin access to the local database over REST (`Bearer owner`, as on the official emulator). */
export class DatabaseAdmin {
  constructor(
    private readonly url: string,
    private readonly namespace: string,
  ) {}

  private async call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.url}/${path}.json?ns=${this.namespace}`, {
      method,
      headers: { Authorization: 'Bearer owner' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    if (!response.ok) throw new Error(`database ${method} /${path} failed: ${JSON.stringify(answer)}`);
    return answer;
  }

  get(path: string): Promise<unknown> {
    return this.call('GET', path);
  }

  async put(path: string, value: unknown): Promise<void> {
    await this.call('PUT', path, value);
  }
}

/** Gives every demo user a profile at users/{uid} unless one is there (staff may have edited it). */
export async function ensureProfiles(
  admin: DatabaseAdmin,
  users: readonly DemoUser[],
  uids: ReadonlyMap<string, string>,
): Promise<void> {
  for (const user of users) {
    const uid = uids.get(user.email) ?? user.uid;
    if ((await admin.get(`users/${uid}`)) !== null) continue;
    const { firstname, lastname, email, role } = user;
    await admin.put(`users/${uid}`, { firstname, lastname, email, role, created: Date.now() });
  }
}
