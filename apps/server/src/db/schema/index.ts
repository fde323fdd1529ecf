// The drizzle schema, one file per domain; drizzle-kit reads this list.

export * from "./accommodations.ts";
export * from "./accounts.ts";
export * from "./activity.ts";
export * from "./analytics.ts";
export * from "./blog.ts";
export * from "./chat.ts";
export * from "./coaching.ts";
export * from "./content.ts";
export * from "./library.ts";
export * from "./packages.ts";
export * from "./payments.ts";
export * from "./pm.ts";
export * from "./quiz.ts";
export * from "./system.ts";
export * from "./users.ts";
