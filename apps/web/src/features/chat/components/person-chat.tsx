import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { useChatLive, useOpenRoom } from "../api/chat";
import { Conversation } from "./conversation";

/** Staff's conversation with one person (the learner panel of a session): the room opens on first view. */
export function PersonChat({ userId, name }: { userId: number; name: string }) {
  const { state: session } = useAuth();
  const me = session.user;
  const room = useOpenRoom(me, userId);
  useChatLive(me);
  return (
    <section aria-labelledby={`person-chat-${userId}`} className="space-y-2">
      <h3 id={`person-chat-${userId}`} className="text-sm font-semibold text-slate-700">
        Messages with {name}
      </h3>
      {room.isPending ? <Spinner label="Opening the conversation…" /> : null}
      {room.isError ? <Alert>{toFormError(room.error).message}</Alert> : null}
      {room.data && me !== null ? <Conversation roomId={room.data.room_id} me={me} otherName={name} otherUserId={userId} /> : null}
    </section>
  );
}
