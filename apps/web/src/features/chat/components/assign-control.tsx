import type { InboxAssignee, InboxConversation } from "@academy/contract/chat";
import { STAFF_ROLE_LABELS } from "@academy/contract/staff";
import { useId, useState } from "react";
import { buttonClass } from "../../../components/ui/styles";
import { assigneeText } from "./inbox-list";

const UNASSIGNED = "";

/**
 * Who may be given the conversation: the staff who work the inbox, and the staff member of the
 * room (a coach may take their own conversation, never another's).
 */
export function assigneeOptions(c: InboxConversation, assignees: InboxAssignee[], me: number | null) {
  const options = assignees.map((a) => ({
    id: a.id,
    label: `${a.name}${a.id === me ? " (you)" : ""} · ${STAFF_ROLE_LABELS[a.staff_role]}`,
  }));
  if (!assignees.some((a) => a.id === c.staff_id))
    options.push({
      id: c.staff_id,
      label: `${c.staff_name}${c.staff_id === me ? " (you)" : ""} · ${c.staff_role ? STAFF_ROLE_LABELS[c.staff_role] : "Staff"}, in this conversation`,
    });
  return options;
}

/**
 * Assignment of one inbox conversation: who has it, "Assign to me" in one step, and any colleague
 * (or nobody) chosen from a list and saved with a button, so moving through the list with the
 * keyboard assigns nothing by itself.
 */
export function AssignControl({
  conversation: c,
  assignees,
  me,
  isPending,
  onAssign,
}: {
  conversation: InboxConversation;
  assignees: InboxAssignee[];
  me: number | null;
  isPending: boolean;
  onAssign: (assigneeId: number | null) => void;
}) {
  const selectId = useId();
  const current = c.assignee_id === null ? UNASSIGNED : String(c.assignee_id);
  const [choice, setChoice] = useState(current);
  const options = assigneeOptions(c, assignees, me);
  const isMine = me !== null && c.assignee_id === me;

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-sm text-slate-800" data-testid="assignment-status">
        <span className="font-semibold">{assigneeText(c, me)}</span>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {me !== null && !isMine ? (
          <button type="button" className={buttonClass.primary} disabled={isPending} onClick={() => onAssign(me)}>
            Assign to me
          </button>
        ) : null}
        <form
          className="flex min-w-0 flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice !== current) onAssign(choice === UNASSIGNED ? null : Number(choice));
          }}
        >
          <div className="min-w-0">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
              Assign to
            </label>
            <select
              id={selectId}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              className="mt-1 block w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-red-700 focus:outline-none focus:ring-1 focus:ring-red-700"
            >
              <option value={UNASSIGNED}>Nobody (unassigned)</option>
              {options.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass.secondary} disabled={isPending || choice === current}>
            {isPending ? "Saving…" : "Save assignment"}
          </button>
        </form>
      </div>
    </div>
  );
}
