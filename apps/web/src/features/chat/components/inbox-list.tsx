import type { InboxConversation } from "@academy/contract/chat";
import { STAFF_ROLE_LABELS } from "@academy/contract/staff";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "Assigned to you", "Assigned to Sam Support" or "Unassigned". */
export const assigneeText = (c: InboxConversation, me: number | null) =>
  c.assignee_id === null ? "Unassigned" : `Assigned to ${c.assignee_id === me ? "you" : c.assignee_name || "a colleague"}`;

/** The staff member of the room with their role: "Dana Coach (Coach)". */
export const staffText = (c: InboxConversation) => `${c.staff_name}${c.staff_role ? ` (${STAFF_ROLE_LABELS[c.staff_role]})` : ""}`;

/**
 * The shared inbox's conversations as buttons, in the server's order (unassigned first, then
 * newest): the candidate, the staff member in the room, who answers it, whether the candidate
 * waits for an answer, and the newest message.
 */
export function InboxList({
  conversations,
  me,
  selected,
  onSelect,
}: {
  conversations: InboxConversation[];
  me: number | null;
  selected: number | null;
  onSelect: (roomId: number) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Shared inbox">
      {conversations.map((c) => {
        const isSelected = c.room_id === selected;
        return (
          <li key={c.room_id}>
            <button
              type="button"
              onClick={() => onSelect(c.room_id)}
              aria-current={isSelected ? "true" : undefined}
              data-testid="inbox-conversation"
              className={`block w-full min-w-0 px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-red-700 ${isSelected ? "bg-red-50" : ""}`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className={`truncate text-sm ${c.is_waiting ? "font-semibold text-slate-900" : "font-medium text-slate-800"}`}>
                  {c.candidate_name}
                </span>
                {c.is_waiting ? (
                  <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Waiting</span>
                ) : null}
              </span>
              <span className="block truncate text-xs text-slate-600">with {staffText(c)}</span>
              <span
                className={`block truncate text-xs ${c.assignee_id === null ? "font-semibold text-red-800" : "text-slate-600"}`}
                data-testid="inbox-assignee"
              >
                {assigneeText(c, me)}
              </span>
              <span className="block truncate text-xs text-slate-500">
                {c.last_message_at ? <time dateTime={c.last_message_at}>{timeFormat.format(new Date(c.last_message_at))}</time> : null}
                {c.last_message_at ? " · " : ""}
                {c.last_message_is_image ? "Image" : (c.last_message ?? "No messages yet")}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
