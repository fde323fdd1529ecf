import { useEffect, useMemo, useState } from "react";

/** The time left of a timed exam, by the server's clock. */
export function Countdown({ deadline, serverNow, onEnd }: { deadline: string; serverNow: string; onEnd: () => void }) {
  // Offset between this device's clock and the server's, so a wrong device clock does not matter.
  const offset = useMemo(() => new Date(serverNow).getTime() - Date.now(), [serverNow]);
  const [left, setLeft] = useState(() => new Date(deadline).getTime() - (Date.now() + offset));
  useEffect(() => {
    const timer = setInterval(() => {
      const ms = new Date(deadline).getTime() - (Date.now() + offset);
      setLeft(ms);
      if (ms <= -6000) {
        clearInterval(timer);
        onEnd();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, offset, onEnd]);
  const s = Math.max(0, Math.floor(left / 1000));
  const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return (
    <span
      className={`rounded-md px-2 py-1 font-mono text-sm font-semibold ${s < 60 ? "bg-red-100 text-red-800" : "bg-slate-100 text-slate-800"}`}
      role="timer"
      aria-label={`Time left ${Math.floor(s / 60)} minutes ${s % 60} seconds`}
    >
      {text}
    </span>
  );
}
