import type { ChatRoom } from "@academy/contract/chat";

const nameOf = (r: ChatRoom) => `${r.first_name} ${r.last_name}`.trim() || r.email;

export const roomName = nameOf;

/** Rooms as buttons: the other person, whether they are online, the newest message and the unread count. */
export function RoomList({
  rooms,
  selected,
  onSelect,
}: {
  rooms: ChatRoom[];
  selected: number | null;
  onSelect: (roomId: number) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Conversations">
      {rooms.map((r) => {
        const isSelected = r.room_id === selected;
        return (
          <li key={r.room_id}>
            <button
              type="button"
              onClick={() => onSelect(r.room_id)}
              aria-current={isSelected ? "true" : undefined}
              className={`flex w-full min-w-0 items-start gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-red-700 ${isSelected ? "bg-red-50" : ""}`}
            >
              <span
                aria-hidden="true"
                className={`mt-1.5 inline-block h-2.5 w-2.5 shrink-0 rounded-full ${r.online ? "bg-emerald-500" : "bg-slate-300"}`}
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className={`truncate text-sm ${r.unread ? "font-semibold text-slate-900" : "font-medium text-slate-800"}`}>
                    {nameOf(r)}
                  </span>
                  {r.unread ? (
                    <span
                      className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white"
                      data-testid="unread-count"
                    >
                      {r.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {r.online ? "Online · " : ""}
                  {r.last_message_is_image ? "Image" : (r.last_message ?? "No messages yet")}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
