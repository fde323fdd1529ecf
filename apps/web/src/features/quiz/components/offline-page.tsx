import { useCallback, useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { formatDateTime } from "../../../lib/format";
import { useNavigate, useSearchParams } from "../../../lib/navigation";
import { downloadPack } from "../api/offline";
import { nextQuestions, offlineScore } from "../offline/offline-quiz";
import { useOfflineStatus } from "../offline/offline-status";
import { listPacks, listSessions, type OfflineSession, removePack, type StoredPack, savePack, saveSession } from "../offline/offline-store";
import { newId, OfflinePlayer } from "./offline-player";

/**
 * "Practise offline" (decision 32): download a practice pack of 50 or 100 questions, see what is
 * on this device, remove it, and take short quizzes from it with or without a network.
 */
export function OfflinePage() {
  const { state } = useAuth();
  const userId = state.user ?? 0;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useOfflineStatus();
  const [packs, setPacks] = useState<StoredPack[] | null>(null);
  const [sessions, setSessions] = useState<OfflineSession[]>([]);
  const [busy, setBusy] = useState<50 | 100 | null>(null);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const sessionId = params.get("session");

  const reload = useCallback(async () => {
    try {
      const [p, s] = await Promise.all([listPacks(userId), listSessions(userId)]);
      setPacks(p);
      setSessions(s);
    } catch {
      setPacks([]);
      setError("This browser does not let the app keep anything on the device, so offline practice is not available here.");
    }
  }, [userId]);
  useEffect(() => void reload(), [reload]);

  async function download(size: 50 | 100) {
    setError("");
    setNotice("");
    setBusy(size);
    try {
      const pack = await downloadPack(size);
      await savePack(userId, pack);
      setNotice(`A pack of ${pack.items.length} questions is on this device.`);
      await reload();
    } catch (failure) {
      setError(toFormError(failure).message);
    } finally {
      setBusy(null);
    }
  }

  async function start(stored: StoredPack) {
    const questionIds = nextQuestions(stored.pack, stored.answered);
    if (!questionIds.length) return setNotice("You have answered every question of this pack. Download a new one when you are online.");
    const session: OfflineSession = {
      session: newId(),
      userId,
      packId: stored.pack.id,
      title: "Offline practice",
      questionIds,
      responses: {},
      flags: {},
      position: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    await saveSession(session);
    await reload();
    navigate(`/user/offline?session=${session.session}`);
  }

  async function remove(stored: StoredPack) {
    await removePack(userId, stored.pack.id);
    setNotice("The pack was removed from this device. Answers you gave from it still sync.");
    await reload();
  }

  if (packs === null) return <Spinner />;
  const active = sessionId ? sessions.find((s) => s.session === sessionId) : undefined;
  const activePack = active ? packs.find((p) => p.pack.id === active.packId) : undefined;
  if (active && activePack && !active.finishedAt)
    return (
      <OfflinePlayer
        key={active.session}
        userId={userId}
        pack={activePack.pack}
        session={active}
        onFinished={(done) => {
          const score = offlineScore(activePack.pack, done);
          setNotice(`Quiz finished: ${score.right} of ${score.answered} answers right. They sync to your history when you are online.`);
          navigate("/user/offline", { replace: true });
          void reload();
        }}
      />
    );

  const open = sessions.filter((s) => !s.finishedAt && packs.some((p) => p.pack.id === s.packId));
  return (
    <>
      <PageHeader
        title="Practise offline"
        description="Download a pack of practice questions from your due reviews, weak themes and track. Without a network, take quizzes from it here: your answers are kept on this device and sync when you are back online."
      />
      {error ? (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {notice ? (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}

      <section aria-labelledby="download-heading" className="mb-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="download-heading" className="text-lg font-semibold text-slate-900">
          Download a pack
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A pack uses one of your plan's weekly quizzes. It leaves this device when you sign out.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {([50, 100] as const).map((size) => (
            <button
              key={size}
              type="button"
              className={size === 50 ? buttonClass.primary : buttonClass.secondary}
              disabled={busy !== null || status.isOffline}
              onClick={() => download(size)}
            >
              {busy === size ? "Downloading…" : `Download ${size} questions`}
            </button>
          ))}
        </div>
        {status.isOffline ? <p className="mt-2 text-sm text-slate-600">Downloading needs a connection.</p> : null}
      </section>

      <section aria-labelledby="stored-heading">
        <h2 id="stored-heading" className="mb-3 text-lg font-semibold text-slate-900">
          On this device
        </h2>
        {packs.length === 0 ? <p className="text-sm text-slate-600">No pack yet.</p> : null}
        <ul className="space-y-3">
          {packs.map((stored) => {
            const unfinished = open.find((s) => s.packId === stored.pack.id);
            const left = stored.pack.items.length - stored.answered.length;
            return (
              <li key={stored.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="offline-pack">
                <p className="font-medium text-slate-900">
                  {stored.pack.trackName} pack · {stored.pack.items.length} questions
                </p>
                <p className="text-sm text-slate-600">
                  Downloaded {formatDateTime(stored.savedAt)} · {stored.answered.length} answered · {left} to go
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {unfinished ? (
                    <button
                      type="button"
                      className={buttonClass.primary}
                      onClick={() => navigate(`/user/offline?session=${unfinished.session}`)}
                    >
                      Continue offline quiz ({Object.keys(unfinished.responses).length} of {unfinished.questionIds.length} answered)
                    </button>
                  ) : (
                    <button type="button" className={buttonClass.primary} onClick={() => start(stored)} disabled={left === 0}>
                      Start an offline quiz
                    </button>
                  )}
                  <button type="button" className={buttonClass.secondary} onClick={() => remove(stored)}>
                    Remove pack
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
