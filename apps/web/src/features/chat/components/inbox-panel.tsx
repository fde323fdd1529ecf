import type { InboxConversation } from "@academy/contract/chat";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { chatKeys } from "../api/chat";
import { type InboxFilter, useAssignConversation, useInbox } from "../api/inbox";
import { AssignControl } from "./assign-control";
import { Conversation } from "./conversation";
import { InboxList, staffText } from "./inbox-list";

const FILTERS: { value: InboxFilter; label: string }[] = [
  { value: "anyone", label: "Everyone's" },
  { value: "unassigned", label: "Unassigned" },
  { value: "me", label: "Assigned to me" },
];

const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-red-700 focus:outline-none focus:ring-1 focus:ring-red-700";

/**
 * The shared inbox of support and administrators: every conversation of a candidate with staff,
 * unassigned first. Open one to read it, assign it and answer it (your messages carry your name).
 */
export function InboxPanel({ me }: { me: number }) {
  const [filter, setFilter] = useState<InboxFilter>("anyone");
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  // The open conversation as last seen: assigning it may take it out of the filtered list, not off the screen.
  const [pinned, setPinned] = useState<InboxConversation | null>(null);
  const [notice, setNotice] = useState<{ text: string; isError: boolean } | null>(null);
  const inbox = useInbox(filter, search.trim());
  const assign = useAssignConversation();
  const queryClient = useQueryClient();
  const filterId = useId();
  const list = inbox.data?.list ?? [];
  const current = list.find((c) => c.room_id === selected) ?? (pinned !== null && pinned.room_id === selected ? pinned : null);
  const currentRoom = current?.room_id ?? null;
  const newestAt = current?.last_message_at ?? null;

  // Not in the room, the reader gets no long-poll wake-up: a newer message in the list reads the conversation again.
  useEffect(() => {
    if (currentRoom !== null && newestAt) void queryClient.invalidateQueries({ queryKey: chatKeys.roomMessages(currentRoom) });
  }, [currentRoom, newestAt, queryClient]);

  const select = (roomId: number | null) => {
    setSelected(roomId);
    setPinned(list.find((c) => c.room_id === roomId) ?? null);
    setNotice(null);
  };

  const onAssign = (roomId: number, assigneeId: number | null) => {
    setNotice(null);
    assign.mutate(
      { room_id: roomId, assignee_id: assigneeId },
      {
        onSuccess: (answer) => {
          setPinned(answer.model);
          setNotice({ text: `${answer.message}.`, isError: false });
        },
        onError: (e) => setNotice({ text: toFormError(e).message, isError: true }),
      },
    );
  };

  return (
    <div className="grid min-w-0 gap-4 md:grid-cols-[20rem_minmax(0,1fr)]">
      <div className={`min-w-0 space-y-3 ${current ? "hidden md:block" : ""}`}>
        <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-1">
          <div>
            <label htmlFor={filterId} className="block text-sm font-medium text-slate-700">
              Show
            </label>
            <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as InboxFilter)} className={fieldClass}>
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <label className="block text-sm font-medium text-slate-700">
            Search candidate or staff
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} className={fieldClass} />
          </label>
        </div>
        {inbox.data?.mine_waiting ? (
          <p className="text-sm font-medium text-red-800">
            {inbox.data.mine_waiting === 1
              ? "1 conversation assigned to you waits for an answer."
              : `${inbox.data.mine_waiting} conversations assigned to you wait for an answer.`}
          </p>
        ) : null}
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          {inbox.isPending ? <Spinner label="Loading the inbox…" /> : null}
          {inbox.isError ? <Alert>{toFormError(inbox.error).message}</Alert> : null}
          {inbox.isSuccess && list.length === 0 ? (
            <p className="p-4 text-sm text-slate-600">
              {search.trim() || filter !== "anyone" ? "No conversation matches." : "No conversations of candidates with staff yet."}
            </p>
          ) : null}
          <InboxList conversations={list} me={me} selected={current?.room_id ?? null} onSelect={select} />
          {inbox.data && inbox.data.total > list.length ? (
            <p className="border-t border-slate-100 p-3 text-xs text-slate-600">
              Showing the first {list.length} of {inbox.data.total}. Filter or search to find others.
            </p>
          ) : null}
        </div>
      </div>
      <div className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${current ? "" : "hidden md:block"}`}>
        {current ? (
          <div className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-slate-900">{current.candidate_name}</h2>
              <button type="button" className={`${buttonClass.ghost} md:hidden`} onClick={() => select(null)}>
                Back to the inbox
              </button>
            </div>
            <p className="break-all text-sm text-slate-600">
              {current.candidate_email} · with {staffText(current)}
            </p>
            <AssignControl
              key={`${current.room_id}-${current.assignee_id ?? "none"}`}
              conversation={current}
              assignees={inbox.data?.assignees ?? []}
              me={me}
              isPending={assign.isPending}
              onAssign={(assigneeId) => onAssign(current.room_id, assigneeId)}
            />
            {notice ? <Alert tone={notice.isError ? "error" : "success"}>{notice.text}</Alert> : null}
            <Conversation
              key={current.room_id}
              roomId={current.room_id}
              me={me}
              otherName={current.candidate_name}
              otherUserId={current.candidate_id}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-600">Choose a conversation to read, assign and answer it.</p>
        )}
      </div>
    </div>
  );
}
