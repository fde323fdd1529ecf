import { randomBytes } from "node:crypto";
import type { Config } from "../../config.ts";
import { hashPassword } from "../../lib/passwords.ts";
import * as users from "../../modules/auth/repo.ts";
import type { Db } from "../client.ts";

export type SeededAccount = { role: "admin" | "user"; email: string; password: string; generated: boolean };

/** On an empty database: the first admin and a demo candidate. Returns what it created. */
export async function seedAccounts(db: Db, config: Config): Promise<SeededAccount[]> {
  if ((await users.countUsers(db)) > 0) return [];
  const accounts: SeededAccount[] = [
    {
      role: "admin",
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url"),
      generated: !config.ADMIN_PASSWORD,
    },
    {
      role: "user",
      email: config.DEMO_USER_EMAIL,
      password: config.DEMO_USER_PASSWORD ?? randomBytes(12).toString("base64url"),
      generated: !config.DEMO_USER_PASSWORD,
    },
  ];
  const names = { admin: ["Alex", "Morgan"], user: ["Jamie", "Rivera"] } as const;
  await db.transaction(async (tx) => {
    for (const a of accounts) {
      await users.insertUser(tx, {
        email: a.email,
        passwordHash: await hashPassword(a.password),
        role: a.role,
        staffRole: a.role === "admin" ? "administrator" : null,
        firstName: names[a.role][0],
        lastName: names[a.role][1],
        emailVerified: true,
      });
    }
  });
  return accounts;
}
