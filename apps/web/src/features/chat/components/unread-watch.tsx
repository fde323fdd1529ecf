import { useEffect } from "react";
import { useUnreadTotal } from "../api/chat";

/**
 * Renders nothing: keeps the person's messages arriving and reports their unread total (for the
 * navigation badge), read from the same rooms state as the chat screens.
 */
export function UnreadWatch({ userId, onUnread }: { userId: number; onUnread: (count: number) => void }) {
  const unread = useUnreadTotal(userId);
  useEffect(() => onUnread(unread), [unread, onUnread]);
  return null;
}
