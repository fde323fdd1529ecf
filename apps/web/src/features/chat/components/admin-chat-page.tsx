import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { chatKeys, useChatLive, useMyRooms } from "../api/chat";
import { Conversation } from "./conversation";
import { NewConversation } from "./new-conversation";
import { RoomList, roomName } from "./room-list";

/** /admin/chat: every conversation of the signed-in staff member, unread first, searchable. */
export function AdminChatPage() {
  const { state: session } = useAuth();
  const me = session.user;
  const [search, setSearch] = useState("");
  const rooms = useMyRooms(search.trim());
  const [selected, setSelected] = useState<number | null>(null);
  // The room just opened with "New conversation": its composer takes the focus.
  const [started, setStarted] = useState<number | null>(null);
  const queryClient = useQueryClient();
  useChatLive(me);
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
    <div className="space-y-6">
      <PageHeader
        title="Chat"
        description={
          rooms.data?.messages
            ? `Your conversations with learners and staff, unread first. ${rooms.data.messages} unread.`
            : "Your conversations with learners and staff, unread first. Start one with New conversation."
        }
      />
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
