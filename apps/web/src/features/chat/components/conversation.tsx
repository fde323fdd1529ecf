import { CHAT_MESSAGE_MAX_LENGTH } from "@academy/contract/constants";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { messagesOf, useRoomMessages, useSendImage, useSendMessage } from "../api/chat";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const when = (iso: string) => timeFormat.format(new Date(iso));
/** Only our own uploads are shown as images. */
const isOwnUpload = (url: string) => /^\/uploads\/[A-Za-z0-9._-]+$/.test(url);

/**
 * One room: its messages (older pages on demand), new ones without reload, and a composer that
 * sends on Enter (Shift+Enter for a new line). Message text is rendered as text, never as HTML.
 */
export function Conversation({
  roomId,
  me,
  otherName,
  otherUserId,
  focusComposer = false,
}: {
  roomId: number;
  me: number;
  otherName: string;
  /**
   * The person you talk to. Messages from anyone else (support answering from the shared inbox, or
   * the room's coach when you read it from the inbox) are marked with their sender's name.
   */
  otherUserId?: number;
  /** Put the focus in the message box when the conversation shows (it was just opened on purpose). */
  focusComposer?: boolean;
}) {
  const messages = useRoomMessages(roomId);
  const send = useSendMessage();
  const sendImage = useSendImage();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const list = messagesOf(messages.data);
  const newest = list.at(-1)?.id;

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    if (newest !== undefined && listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [newest]);

  useEffect(() => {
    if (focusComposer) textRef.current?.focus();
  }, [focusComposer]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || send.isPending) return;
    setError(null);
    send.mutate({ room_id: roomId, message: text }, { onSuccess: () => setText(""), onError: (e) => setError(toFormError(e).message) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {messages.isPending ? <Spinner label="Loading messages…" /> : null}
      {messages.isError ? <Alert>{toFormError(messages.error).message}</Alert> : null}
      {messages.hasNextPage ? (
        <button
          type="button"
          className={`${buttonClass.ghost} self-center`}
          onClick={() => void messages.fetchNextPage()}
          disabled={messages.isFetchingNextPage}
        >
          {messages.isFetchingNextPage ? "Loading earlier messages…" : "Show earlier messages"}
        </button>
      ) : null}
      {messages.isSuccess && list.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">No messages yet. Say hello to {otherName}.</p>
      ) : null}
      <ol
        ref={listRef}
        aria-label={`Messages with ${otherName}`}
        aria-live="polite"
        className="max-h-96 min-h-0 space-y-2 overflow-y-auto overflow-x-hidden"
        data-testid="chat-messages"
      >
        {list.map((m) => {
          const mine = m.user_id === me;
          const isThirdPerson = !mine && otherUserId !== undefined && m.user_id !== otherUserId && m.sender_name !== "";
          const author = mine ? "You" : isThirdPerson ? m.sender_name : otherName;
          return (
            <li key={m.id} className={`flex ${mine ? "justify-end" : "justify-start"}`}>
              <div
                className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${mine ? "bg-red-700 text-white" : "bg-slate-100 text-slate-900"}`}
              >
                {isThirdPerson ? (
                  <p className="mb-0.5 text-xs font-semibold text-slate-700">
                    {author}
                    <span className="sr-only">: </span>
                  </p>
                ) : (
                  <span className="sr-only">{author}: </span>
                )}
                {m.is_image && isOwnUpload(m.message) ? (
                  <img src={m.message} alt={`Sent by ${mine ? "you" : author}`} className="max-h-60 max-w-full rounded-lg" />
                ) : (
                  <p className="whitespace-pre-wrap break-words">{m.message}</p>
                )}
                <p className={`mt-1 text-xs ${mine ? "text-red-100" : "text-slate-600"}`}>
                  <time dateTime={m.timestamp}>{when(m.timestamp)}</time>
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          Message to {otherName}
        </label>
        <textarea
          ref={textRef}
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          aria-describedby={`${inputId}-hint`}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-red-700 focus:outline-none focus:ring-1 focus:ring-red-700"
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          Enter sends, Shift+Enter starts a new line.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass.primary} disabled={send.isPending || !text.trim()}>
            {send.isPending ? "Sending…" : "Send"}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => fileRef.current?.click()} disabled={sendImage.isPending}>
            {sendImage.isPending ? "Sending image…" : "Send an image"}
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose an image to send"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              setError(null);
              sendImage.mutate({ roomId, file }, { onError: (err) => setError(toFormError(err).message) });
            }}
          />
        </div>
      </form>
    </div>
  );
}
