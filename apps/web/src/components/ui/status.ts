/**
 * How a status reads and what colour it gets, wherever it shows (staff lists and views, a
 * user's panel, the candidate's own card screen): one vocabulary for the payment provider's
 * subscription, invoice, order and charge statuses.
 */

export type BadgeTone = "good" | "warn" | "bad" | "quiet" | "info";

export const STATUS_LABEL: Readonly<Record<string, string>> = {
  active: "Active",
  trialing: "Free trial",
  past_due: "Payment failed",
  canceled: "Ended",
  incomplete: "Awaiting payment",
  unpaid: "Unpaid",
  paid: "Paid",
  open: "Unpaid",
  void: "Void",
  draft: "Draft",
  uncollectible: "Uncollectible",
  succeeded: "Succeeded",
  failed: "Failed",
  pending: "Pending",
  archived: "Archived",
};

const STATUS_TONE: Readonly<Record<string, BadgeTone>> = {
  active: "good",
  paid: "good",
  succeeded: "good",
  trialing: "info",
  past_due: "bad",
  unpaid: "bad",
  failed: "bad",
  uncollectible: "bad",
  incomplete: "warn",
  open: "warn",
  pending: "warn",
  canceled: "quiet",
  void: "quiet",
  draft: "quiet",
  archived: "quiet",
};

/** Green for good, sky for a trial, amber for waiting, red for failed, grey for over or unknown. */
export const statusTone = (status: string): BadgeTone => STATUS_TONE[status] ?? "quiet";

/** The words for a status; an unknown one reads as itself, without underscores. */
export const statusLabel = (status: string): string => STATUS_LABEL[status] ?? status.replace(/_/g, " ");
