import { useEffect } from "react";
import { useUnreadTotal } from "../api/chat";

/**
 * Renders nothing: reports the signed-in person's unread message total (for the navigation
 * badge), read from the same rooms state as the chat screens.
 */
export function UnreadWatch({ onUnread }: { onUnread: (count: number) => void }) {
  const unread = useUnreadTotal();
  useEffect(() => onUnread(unread), [unread, onUnread]);
  return null;
}
