import type { ActivityChange } from "../activity/service.ts";
import type { Row } from "./tables.ts";

/**
 * Which staff writes through the records engine go into the activity log, and how each reads:
 * content (CMS entries, pages, email templates, photo captions: publish, unpublish, delete), the academy's
 * settings (packages: what each plan gives) and an account's status. The engine writes the
 * entry in the transaction of the write (writes.ts); tables not named here are not logged.
 */

/** What the engine fills in itself: who, and which record. */
export type AuditEntry = Omit<ActivityChange, "actorId" | "record">;
type Fields = Record<string, unknown>;
type Change = { before: Fields; after: Fields };

export type TableAudit = {
  created?: (row: Row) => AuditEntry | null;
  /** `change` holds only the fields whose values changed (nothing changed: not called). */
  updated?: (before: Row, after: Row, change: Change) => AuditEntry | null;
  deleted?: (row: Row) => AuditEntry | null;
};

const pick = (row: Row, names: readonly string[]): Fields => Object.fromEntries(names.map((n) => [n, row[n] ?? null]));

/** Content that is live as soon as it is saved: every save publishes it. */
function liveContent(what: string, name: (row: Row) => string, identity: readonly string[]): TableAudit {
  return {
    created: (row) => ({ kind: "content.publish", summary: `${what} ${name(row)} added`, after: pick(row, identity) }),
    updated: (_before, after, change) => ({ kind: "content.publish", summary: `${what} ${name(after)} changed`, ...change }),
    deleted: (row) => ({ kind: "content.delete", summary: `${what} ${name(row)} deleted`, before: pick(row, identity) }),
  };
}

export const AUDITED: Readonly<Record<string, TableAudit>> = {
  cms: liveContent("CMS entry", (r) => `${r.page}/${r.key}`, ["page", "key", "type", "value"]),
  email: liveContent("Email template", (r) => String(r.slug), ["slug", "name", "subject"]),
  pages: {
    created: (row) =>
      row.published === true
        ? { kind: "content.publish", summary: `Page ${row.title} published`, after: pick(row, ["slug", "title", "published"]) }
        : null,
    updated: (before, after, change) => {
      if (before.published !== true && after.published === true)
        return { kind: "content.publish", summary: `Page ${after.title} published`, ...change };
      if (before.published === true && after.published !== true)
        return { kind: "content.unpublish", summary: `Page ${after.title} unpublished`, ...change };
      // A published page's new text is live at once; a draft's edits are not the log's business.
      return after.published === true ? { kind: "content.publish", summary: `Published page ${after.title} changed`, ...change } : null;
    },
    deleted: (row) => ({ kind: "content.delete", summary: `Page ${row.title} deleted`, before: pick(row, ["slug", "title", "published"]) }),
  },
  // A caption is the photo's text alternative wherever it shows: live as soon as it is saved.
  photo: {
    updated: (_before, after, change) => ({ kind: "content.publish", summary: `Photo ${after.original_name} caption changed`, ...change }),
  },
  packages: {
    created: (row) => ({ kind: "settings.update", summary: `Package ${row.name} added`, after: pick(row, ["slug", "name", "status"]) }),
    updated: (_before, after, change) => ({ kind: "settings.update", summary: `Package ${after.name} changed`, ...change }),
    deleted: (row) => ({ kind: "settings.update", summary: `Package ${row.name} deleted`, before: pick(row, ["slug", "name", "status"]) }),
  },
  user: {
    // Names and time zones are the person's own business; enabling and disabling is staff's.
    updated: (before, after) =>
      before.status === after.status
        ? null
        : {
            kind: "account.status",
            summary: after.status === "disabled" ? `Account ${after.email} disabled` : `Account ${after.email} enabled`,
            subjectUserId: Number(after.id),
            before: { status: before.status },
            after: { status: after.status },
          },
  },
};
