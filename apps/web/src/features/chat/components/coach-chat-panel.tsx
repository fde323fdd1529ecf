import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { openRoom, useBookedCoaches, useChatLive, useMyRooms } from "../api/chat";
import { Conversation } from "./conversation";
import { RoomList, roomName } from "./room-list";

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

/** The candidate's chat with their coach(es) on /user/get-coaching. */
export function CoachChatPanel() {
  const { state: session } = useAuth();
  const me = session.user;
  const rooms = useMyRooms();
  const coaches = useBookedCoaches();
  const [selected, setSelected] = useState<number | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useChatLive(me);

  const list = rooms.data?.list ?? [];
  const current = list.find((r) => r.room_id === selected) ?? list[0] ?? null;
  const withRoom = new Set(list.map((r) => r.other_user_id));
  const toStart = (coaches.data ?? []).filter((c) => !withRoom.has(c.id));

  const start = async (coachId: number) => {
    if (me === null) return;
    setOpening(coachId);
    setError(null);
    try {
      const { room_id } = await openRoom(me, coachId);
      await rooms.refetch();
      setSelected(room_id);
    } catch (e) {
      setError(toFormError(e).message);
    } finally {
      setOpening(null);
    }
  };

  return (
    <section aria-labelledby="coach-chat-heading" className={card}>
      <h2 id="coach-chat-heading" className="text-lg font-semibold text-slate-900">
        Messages with your coach
        {rooms.data?.messages ? <span className="ml-2 text-sm font-medium text-red-800">({rooms.data.messages} unread)</span> : null}
      </h2>
      {rooms.isPending || coaches.isPending ? <Spinner label="Loading your messages…" /> : null}
      {rooms.isError ? <Alert>{toFormError(rooms.error).message}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      {rooms.isSuccess && coaches.isSuccess && list.length === 0 && toStart.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Once you book a session, you can write to your coach here before and after you meet.</p>
      ) : null}
      {toStart.length ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {toStart.map((c) => (
            <button key={c.id} type="button" className={buttonClass.secondary} disabled={opening !== null} onClick={() => void start(c.id)}>
              {opening === c.id ? "Opening…" : `Message ${c.name}`}
            </button>
          ))}
        </div>
      ) : null}
      {current && me !== null ? (
        <div className="mt-4 grid min-w-0 gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
          {list.length > 1 ? <RoomList rooms={list} selected={current.room_id} onSelect={setSelected} /> : null}
          <div className={list.length > 1 ? "min-w-0" : "min-w-0 md:col-span-2"}>
            <p className="mb-2 text-sm text-slate-600">
              {roomName(current)} · {current.online ? "online now" : "away: they get an email if your message stays unread"}
            </p>
            <Conversation
              key={current.room_id}
              roomId={current.room_id}
              me={me}
              otherName={roomName(current)}
              otherUserId={current.other_user_id}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}
