import type { StoredAnalyticsEvent, UserSessionDetail } from "@academy/contract/analytics";
import { formatDateTime } from "../../../lib/format";

const EVENT_LABELS: Record<StoredAnalyticsEvent["type"], string> = {
  pageview: "Opened",
  click: "Clicked",
  input: "Typed in (masked)",
  scroll: "Scrolled",
  resize: "Resized the window",
  visibility: "Tab",
};

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

function detail(e: StoredAnalyticsEvent): string {
  if (e.type === "scroll" && e.data?.depth !== undefined) return `${e.data.depth}% down the page`;
  if (e.type === "resize" && e.data) return `${e.data.width} × ${e.data.height}`;
  if (e.type === "visibility" && e.data) return e.data.state === "hidden" ? "left the tab" : "came back";
  return e.target ?? "";
}

/** A recorded session: its facts, then every event in order. */
export function SessionTimeline({ session }: { session: UserSessionDetail["model"] }) {
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Started</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(session.start_time)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Last activity</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(session.end_time)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Screen</dt>
          <dd className="font-medium text-slate-900">
            {session.screen_width} × {session.screen_height} ({session.screen_size})
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Events</dt>
          <dd className="font-medium text-slate-900">{session.event_count}</dd>
        </div>
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Timeline</h3>
      {session.events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No events were recorded in this session.</p>
      ) : (
        <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-4" aria-label="Session events">
          {session.events.map((e) => (
            <li key={e.id} className="text-sm">
              <span className="tabular-nums text-slate-500">{time(e.at)}</span>{" "}
              <span className="font-medium text-slate-900">{EVENT_LABELS[e.type]}</span>{" "}
              <span className="break-all text-slate-700">{e.type === "pageview" ? e.path : detail(e)}</span>
              {e.type !== "pageview" ? <span className="block break-all text-xs text-slate-500">on {e.path}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
