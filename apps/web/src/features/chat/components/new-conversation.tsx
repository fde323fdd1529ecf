import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { openRoom, PEOPLE_SEARCH_MIN, type Person, usePeopleSearch } from "../api/chat";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-red-700 focus:outline-none focus:ring-1 focus:ring-red-700";

const personName = (p: Person) => `${p.first_name} ${p.last_name}`.trim() || p.email;

/** The search term once typing pauses, so each keystroke does not ask the server. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Staff start a conversation: find a candidate or a staff member by name or email, pick them,
 * and their room opens (the existing one when there is one; the server never makes a second).
 */
export function NewConversation({
  me,
  withRoom,
  onOpened,
}: {
  me: number;
  /** People the staff member already has a conversation with. */
  withRoom: ReadonlySet<number>;
  onOpened: (roomId: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const [opening, setOpening] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const hintId = useId();
  const q = useSettled(term.trim());
  const people = usePeopleSearch(q);
  const found = (people.data?.list ?? []).filter((p) => p.id !== me);
  // The panel opened for this field: focus goes where the person types. (An `autoFocus`
  // attribute is honoured only while the page loads; React focused it by hand, Preact does not.)
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setTerm("");
    setError(null);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  };
  const pick = async (person: Person) => {
    setOpening(person.id);
    setError(null);
    try {
      const { room_id } = await openRoom(me, person.id);
      setOpen(false);
      setTerm("");
      onOpened(room_id);
    } catch (e) {
      setError(toFormError(e).message);
    } finally {
      setOpening(null);
    }
  };

  let status = "";
  if (q.length < PEOPLE_SEARCH_MIN) status = `Type at least ${PEOPLE_SEARCH_MIN} characters of a name or email.`;
  else if (people.isFetching && !people.data) status = "Searching…";
  else if (people.isSuccess && found.length === 0) status = "No one matches.";
  else if (people.isSuccess) status = found.length === 1 ? "1 person found." : `${found.length} people found.`;

  return (
    <div className="space-y-2">
      <button
        ref={toggleRef}
        type="button"
        className={`${buttonClass.primary} w-full`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        New conversation
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it; every control inside is a native one
        <div id={panelId} onKeyDown={onKeyDown} className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <label className="block text-sm font-medium text-slate-700">
            Find a person by name or email
            <input
              ref={searchRef}
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              maxLength={200}
              aria-describedby={hintId}
              className={inputClass}
            />
          </label>
          <p id={hintId} className="text-xs text-slate-500" aria-live="polite">
            {status}
          </p>
          {people.isError ? <Alert>{toFormError(people.error).message}</Alert> : null}
          {error ? <Alert>{error}</Alert> : null}
          {found.length ? (
            <ul aria-label="People found" className="divide-y divide-slate-100">
              {found.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    disabled={opening !== null}
                    onClick={() => void pick(p)}
                    className="flex w-full min-w-0 flex-col items-start px-2 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-red-700 disabled:opacity-60"
                  >
                    <span className="w-full truncate text-sm font-medium text-slate-900">
                      {opening === p.id ? `Opening ${personName(p)}…` : personName(p)}
                    </span>
                    <span className="w-full truncate text-xs text-slate-500">
                      {p.role === "admin" ? "Staff" : "Candidate"} · {p.email}
                      {withRoom.has(p.id) ? " · conversation open" : ""}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" className={buttonClass.ghost} onClick={close}>
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}
