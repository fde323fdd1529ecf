import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import { findBreaches, importsOf, inlineAnswerTypes, literalQueryKeys } from "./check-boundaries.mjs";

type Breach = { file: string; rule: string; line: number; specifier: string; message: string };
const check = (files: Record<string, string>): Breach[] => findBreaches(Object.keys(files), (f: string) => files[f]);

describe("import boundaries", () => {
  it("reads imports, re-exports and dynamic imports with their lines and type-only flag", () => {
    const found = importsOf(
      'import a from "x";\nimport type { B } from "y";\nimport { type C, type D } from "z";\nexport { e } from "w";\nconst f = () => import("v");\n',
    );
    expect(found).toEqual([
      { specifier: "x", line: 1, typeOnly: false },
      { specifier: "y", line: 2, typeOnly: true },
      { specifier: "z", line: 3, typeOnly: true },
      { specifier: "w", line: 4, typeOnly: false },
      { specifier: "v", line: 5, typeOnly: false },
    ]);
  });

  it("lets a route reach its service and the Db type, and nothing of the database", () => {
    const good = check({
      "apps/server/src/modules/library/routes.ts":
        'import type { Db } from "../../db/client.ts";\nimport * as service from "./service.ts";\n',
    });
    expect(good).toEqual([]);
    const bad = check({
      "apps/server/src/modules/library/routes.ts":
        'import { eq } from "drizzle-orm";\nimport { users } from "../../db/schema/users.ts";\nimport { createDatabase } from "../../db/client.ts";\n',
      "apps/server/src/modules/payments/admin-routes.ts": 'import { sql } from "drizzle-orm";\n',
    });
    expect(bad.map((b) => [b.file, b.rule, b.line])).toEqual([
      ["apps/server/src/modules/library/routes.ts", "routes-no-database", 1],
      ["apps/server/src/modules/library/routes.ts", "routes-no-database", 2],
      ["apps/server/src/modules/library/routes.ts", "routes-no-database", 3],
      ["apps/server/src/modules/payments/admin-routes.ts", "routes-no-database", 1],
    ]);
  });

  it("keeps drizzle and the schema (as values) in repositories, src/db and the records engine", () => {
    const good = check({
      "apps/server/src/modules/blog/repo.ts": 'import { eq } from "drizzle-orm";\nimport { posts } from "../../db/schema/blog.ts";\n',
      "apps/server/src/modules/payments/billing-repo.ts": 'import { desc } from "drizzle-orm";\n',
      "apps/server/src/db/current-account.ts": 'import { sql } from "drizzle-orm";\n',
      "apps/server/src/modules/records/reads.ts": 'import { asc } from "drizzle-orm";\n',
      "apps/server/src/modules/blog/service.ts":
        'import type { SQL } from "drizzle-orm";\nimport { type AnswerResponse } from "../../db/schema/quiz.ts";\n',
      "apps/server/src/modules/blog/blog.test.ts": 'import { eq } from "drizzle-orm";\n',
      "apps/server/src/test/quiz-answers.ts": 'import { eq } from "drizzle-orm";\n',
    });
    expect(good).toEqual([]);
    const bad = check({
      "apps/server/src/modules/blog/service.ts":
        'import { type SQL, sql } from "drizzle-orm";\nimport { posts } from "../../db/schema/blog.ts";\n',
      "apps/server/src/plugins/auth.ts": 'import { users } from "../db/schema/users.ts";\n',
      "apps/server/src/providers/payments/test-mode.ts": 'import { eq } from "drizzle-orm/sql";\n',
      "apps/server/src/modules/auth/repository.ts": 'import { eq } from "drizzle-orm";\n',
    });
    expect(bad.map((b) => [b.file, b.rule, b.line])).toEqual([
      ["apps/server/src/modules/blog/service.ts", "queries-in-repos", 1],
      ["apps/server/src/modules/blog/service.ts", "queries-in-repos", 2],
      ["apps/server/src/plugins/auth.ts", "queries-in-repos", 1],
      ["apps/server/src/providers/payments/test-mode.ts", "queries-in-repos", 1],
      ["apps/server/src/modules/auth/repository.ts", "queries-in-repos", 1],
    ]);
  });

  it("lets a module reach another only through its service.ts, tests excepted", () => {
    expect(check({ "apps/server/src/modules/coaching/service.ts": 'import { hit } from "../auth/service.ts";\n' })).toEqual([]);
    expect(check({ "apps/server/src/modules/coaching/coaching.test.ts": 'import { x } from "../auth/repo.ts";\n' })).toEqual([]);
    const bad = check({ "apps/server/src/modules/coaching/repo.ts": 'import { users } from "../auth/repo.ts";\n' });
    expect(bad.map((b) => b.rule)).toEqual(["module-through-service"]);
  });

  it("refuses a service.ts that hands out its repository's functions unchanged", () => {
    const good = check({
      "apps/server/src/modules/users/service.ts":
        'import * as repo from "./repo.ts";\nexport type { UserRow } from "./repo.ts";\nexport { type Limit } from "./repo.ts";\nexport { bookSession } from "./bookings.ts";\nexport * from "./billing-service.ts";\nexport const countAdmins = (db) => repo.countActiveAdmins(db);\n',
      "apps/server/src/modules/users/bookings.ts": 'import * as repo from "./repo.ts";\nexport const listUsers = repo.listUsers;\n',
    });
    expect(good).toEqual([]);
    const bad = check({
      "apps/server/src/modules/auth/service.ts":
        'import * as repo from "./repo.ts";\nimport * as reports from "./reports-repo.ts";\nimport { findUser as find, hasAdmin } from "./repo.ts";\nexport { bumpTokenVersion, type UserRow, updateUser as setUser } from "./repo.ts";\nexport * from "./list-repo.ts";\nexport const findUserById = repo.findUserById;\nexport const paidTotals = reports.paidTotals;\nexport const findUser = find;\nexport { hasAdmin };\n',
    });
    expect(bad.map((b) => [b.rule, b.line, b.specifier])).toEqual([
      ["service-adds-something", 4, "bumpTokenVersion"],
      ["service-adds-something", 4, "setUser"],
      ["service-adds-something", 5, "*"],
      ["service-adds-something", 6, "findUserById"],
      ["service-adds-something", 7, "paidTotals"],
      ["service-adds-something", 8, "findUser"],
      ["service-adds-something", 9, "hasAdmin"],
    ]);
  });

  it("refuses an import cycle between modules, however long, and names the way back", () => {
    const good = check({
      "apps/server/src/modules/auth/service.ts": 'import { enqueueMail } from "../mail/service.ts";\n',
      "apps/server/src/modules/users/service.ts": 'import { findUserById } from "../auth/service.ts";\n',
      "apps/server/src/modules/users/users.test.ts": 'import { x } from "../contact/service.ts";\n',
      "apps/server/src/modules/contact/service.ts": 'import { mailActiveAdmins } from "../users/service.ts";\n',
    });
    expect(good).toEqual([]);
    const bad = check({
      "apps/server/src/modules/auth/service.ts": 'import { isOwnImage } from "../uploads/service.ts";\n',
      "apps/server/src/modules/uploads/service.ts": 'import type { Doc } from "../library/service.ts";\n',
      "apps/server/src/modules/library/reading.ts":
        'import { openUpload } from "../uploads/service.ts";\nimport { hit } from "../auth/service.ts";\n',
      "apps/server/src/modules/mail/service.ts": "export const x = 1;\n",
    });
    expect(bad.map((b) => [b.file, b.rule, b.line])).toEqual([
      ["apps/server/src/modules/auth/service.ts", "modules-acyclic", 1],
      ["apps/server/src/modules/uploads/service.ts", "modules-acyclic", 1],
      ["apps/server/src/modules/library/reading.ts", "modules-acyclic", 1],
      ["apps/server/src/modules/library/reading.ts", "modules-acyclic", 2],
    ]);
    expect(bad[0]?.message).toContain("auth -> uploads -> library -> auth");
    expect(bad[2]?.message).toContain("library -> uploads -> library");
  });

  it("keeps web features apart and shared code below them", () => {
    expect(check({ "apps/web/src/app/routes.ts": 'import { X } from "../features/blog/components/blog-page";\n' })).toEqual([]);
    const bad = check({
      "apps/web/src/features/blog/components/post.tsx": 'import { Y } from "../../library/components/doc";\n',
      "apps/web/src/components/ui/table.tsx": 'import { Z } from "../../features/blog/api/posts";\n',
      "apps/web/src/lib/api-client.ts": 'import { routes } from "../app/routes";\n',
      "packages/contract/src/blog.ts": 'import { db } from "../../../apps/server/src/db/client.ts";\n',
    });
    expect(bad.map((b) => b.rule)).toEqual([
      "features-independent",
      "shared-code-below-features",
      "shared-code-below-features",
      "contract-stands-alone",
    ]);
  });

  it("refuses a web API call whose answer type is written inline, and takes one from the contract", () => {
    const good = check({
      "apps/web/src/features/blog/api/terms.ts":
        'import type { BlogTagList } from "@academy/contract/blog";\nexport const listTags = () => api.get<Answer<typeof BlogTagList>>("/tags");\nexport const page = () => api.get<PageAnswer<Row>>("/rows");\n',
    });
    expect(good).toEqual([]);
    const bad = check({
      "apps/web/src/features/blog/api/terms.ts": 'export const listTags = () =>\n  api.get<{ list: BlogTag[] }>("/tags");\n',
      "apps/web/src/features/chat/api/chat.ts":
        'const up = uploadWithProgress<\n  { id: number; url: string }\n>("/upload", form, () => {});\n',
      "apps/web/src/lib/records-source.ts": 'api.get<PageAnswer<{ id: number }>>("/rows");\n',
    });
    expect(bad.map((b) => [b.file, b.rule, b.line])).toEqual([
      ["apps/web/src/features/blog/api/terms.ts", "web-answers-from-contract", 2],
      ["apps/web/src/features/chat/api/chat.ts", "web-answers-from-contract", 1],
      ["apps/web/src/lib/records-source.ts", "web-answers-from-contract", 1],
    ]);
    // Server code and web tests may type what they like.
    expect(check({ "apps/server/src/modules/blog/routes.ts": 'api.get<{ list: X[] }>("/x");\n' })).toEqual([]);
    expect(check({ "apps/web/src/lib/api-client.test.ts": 'api.get<{ list: X[] }>("/x");\n' })).toEqual([]);
  });

  it("names an inline answer type by its call, whatever its spacing or an arrow inside it", () => {
    expect(inlineAnswerTypes('api.post<{\n  run: () => void;\n}>("/x")')).toEqual([
      { line: 1, specifier: "api.post<{ run: () => void; }>" },
    ]);
  });

  it("refuses a query key written in place, and takes one from a keys object", () => {
    const good = check({
      "apps/web/src/features/chat/api/chat.ts":
        'export const chatKeys = { rooms: [CHAT, "rooms"] as const };\nuseQuery({ queryKey: chatKeys.rooms, queryFn });\nclient.invalidateQueries({ queryKey: chatKeys.rooms });\n',
    });
    expect(good).toEqual([]);
    const bad = check({
      "apps/web/src/features/admin-media/components/photos-page.tsx":
        'useQuery({ queryKey: ["photos", page], queryFn });\nclient.invalidateQueries({ queryKey: ["photo"] });\nclient.setQueryData(["photos"], rows);\n',
    });
    expect(bad.map((b) => [b.rule, b.line])).toEqual([
      ["web-query-keys-from-factory", 1],
      ["web-query-keys-from-factory", 2],
      ["web-query-keys-from-factory", 3],
    ]);
    expect(literalQueryKeys('useQuery({\n  queryKey: ["library", "search", text],\n})')).toEqual([
      { line: 2, specifier: '["library", "search", text]' },
    ]);
  });
});
