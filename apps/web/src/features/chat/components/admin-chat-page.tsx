import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { useAuth, useCan } from "../../../lib/auth-store";
import { useSearchParams } from "../../../lib/navigation";
import { chatKeys, useChatLive, useMyRooms } from "../api/chat";
import { useInbox } from "../api/inbox";
import { Conversation } from "./conversation";
import { InboxPanel } from "./inbox-panel";
import { NewConversation } from "./new-conversation";
import { RoomList, roomName } from "./room-list";

const viewClass = (isOn: boolean) =>
  `rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 ${
    isOn ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900"
  }`;

/**
 * /admin/chat: the signed-in staff member's own conversations, unread first, searchable; and for
 * support and administrators (`chat.all`) the shared inbox (`?view=inbox`) of every candidate's
 * conversation with staff.
 */
export function AdminChatPage() {
  const { state: session } = useAuth();
  const me = session.user;
  const canInbox = useCan("chat.all");
  const [params, setParams] = useSearchParams();
  const view = canInbox && params.get("view") === "inbox" ? "inbox" : "mine";
  // The inbox's count of your conversations waiting for an answer, on its switch.
  const inbox = useInbox("anyone", "", canInbox);
  const waiting = inbox.data?.mine_waiting ?? 0;
  useChatLive(me);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Chat"
        description={
          view === "inbox"
            ? "Every conversation of a candidate with staff, unassigned first. Assign one, then answer it: your messages carry your name."
            : "Your conversations with learners and staff, unread first. Start one with New conversation."
        }
      />
      {canInbox ? (
        <fieldset className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">Chat view</legend>
          <button type="button" aria-pressed={view === "mine"} className={viewClass(view === "mine")} onClick={() => setParams({})}>
            Your conversations
          </button>
          <button
            type="button"
            aria-pressed={view === "inbox"}
            className={viewClass(view === "inbox")}
            onClick={() => setParams({ view: "inbox" })}
          >
            Shared inbox
            {waiting ? (
              <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="inbox-waiting">
                {waiting}
                <span className="sr-only"> assigned to you waiting</span>
              </span>
            ) : null}
          </button>
        </fieldset>
      ) : null}
      {view === "inbox" && me !== null ? <InboxPanel me={me} /> : <MyConversations />}
    </div>
  );
}

/** The signed-in staff member's own rooms, with New conversation. */
function MyConversations() {
  const { state: session } = useAuth();
  const me = session.user;
  const [search, setSearch] = useState("");
  const rooms = useMyRooms(search.trim());
  const [selected, setSelected] = useState<number | null>(null);
  // The room just opened with "New conversation": its composer takes the focus.
  const [started, setStarted] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const list = rooms.data?.list ?? [];
  const current = list.find((r) => r.room_id === selected) ?? null;
  const withRoom = new Set(list.map((r) => r.other_user_id));

  const opened = (roomId: number) => {
    // The whole list, where the (possibly new) room is: a search would hide it.
    setSearch("");
    setSelected(roomId);
    setStarted(roomId);
    void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
  };

  return (
    <div className="space-y-3">
      {rooms.data?.messages ? <p className="text-sm font-medium text-red-800">{rooms.data.messages} unread.</p> : null}
      <div className="grid min-w-0 gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
        <div className={`min-w-0 space-y-3 ${current ? "hidden md:block" : ""}`}>
          {me !== null ? <NewConversation me={me} withRoom={withRoom} onOpened={opened} /> : null}
          <label className="block text-sm font-medium text-slate-700">
            Search by name or email
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-red-700 focus:outline-none focus:ring-1 focus:ring-red-700"
            />
          </label>
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
            {rooms.isPending ? <Spinner label="Loading conversations…" /> : null}
            {rooms.isError ? <Alert>{toFormError(rooms.error).message}</Alert> : null}
            {rooms.isSuccess && list.length === 0 ? (
              <p className="p-4 text-sm text-slate-600">{search.trim() ? "No conversation matches." : "No conversations yet."}</p>
            ) : null}
            <RoomList rooms={list} selected={current?.room_id ?? null} onSelect={setSelected} />
          </div>
        </div>
        <div className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${current ? "" : "hidden md:block"}`}>
          {current && me !== null ? (
            <div className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold text-slate-900">
                  {roomName(current)}
                  <span className="ml-2 text-sm font-normal text-slate-500">{current.online ? "online" : "away"}</span>
                </h2>
                <button type="button" className={`${buttonClass.ghost} md:hidden`} onClick={() => setSelected(null)}>
                  Back to conversations
                </button>
              </div>
              <p className="break-all text-sm text-slate-600">{current.email}</p>
              <Conversation
                key={current.room_id}
                roomId={current.room_id}
                me={me}
                otherName={roomName(current)}
                otherUserId={current.other_user_id}
                focusComposer={current.room_id === started}
              />
            </div>
          ) : (
            <p className="text-sm text-slate-600">Choose a conversation to read it.</p>
          )}
        </div>
      </div>
    </div>
  );
}
