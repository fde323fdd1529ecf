import { useEffect, useMemo, useState } from "react";

/** The time left of a timed exam (or of a break: `label`), by the server's clock. */
export function Countdown({
  deadline,
  serverNow,
  onEnd,
  label = "Time left",
}: {
  deadline: string;
  serverNow: string;
  onEnd: () => void;
  label?: string;
}) {
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
  const threshold = THRESHOLDS.find((t) => s <= t.seconds);
  return (
    <>
      {/* The clock itself is a timer (never announced as it ticks); a screen reader hears only these. */}
      <span className="sr-only" role="status">
        {threshold && s > 0 ? threshold.say : s === 0 ? "Time is up" : ""}
      </span>
      <span
        className={`rounded-md px-2 py-1 font-mono text-sm font-semibold ${s < 60 ? "bg-red-100 text-red-800" : "bg-slate-100 text-slate-800"}`}
        role="timer"
        aria-live="off"
        aria-label={`${label} ${Math.floor(s / 60)} minutes ${s % 60} seconds`}
      >
        {text}
      </span>
    </>
  );
}

/** The moments a screen reader is told the time left, from the last one reached. */
const THRESHOLDS = [
  { seconds: 60, say: "1 minute left" },
  { seconds: 5 * 60, say: "5 minutes left" },
  { seconds: 10 * 60, say: "10 minutes left" },
];
