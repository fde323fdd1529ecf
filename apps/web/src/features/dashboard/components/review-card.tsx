import { useState } from "react";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate } from "../../../lib/navigation";
import { startMissedToday, startReview } from "../api/get-dashboard";
import { type ReviewState, reviewOffer } from "../guidance";

/** Spaced review on the dashboard: "Review N due" (today's free session), and today's missed and flagged questions. */
export function ReviewCard({ state, weakest }: { state: ReviewState; weakest: string[] }) {
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const [starting, setStarting] = useState(false);
  const offer = reviewOffer(state);

  async function start(make: () => Promise<number>) {
    setError("");
    setStarting(true);
    try {
      navigate(`/user/onboarding/quiz?id=${await make()}`);
    } catch (failure) {
      setError(toFormError(failure).message);
      setStarting(false);
    }
  }

  return (
    <section
      aria-labelledby="review-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="review-card"
    >
      <h2 id="review-heading" className="font-semibold text-slate-900">
        Spaced review
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="review-text">
        {offer.text}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {offer.start ? (
        <button type="button" className={`${buttonClass.primary} mt-3 w-full`} disabled={starting} onClick={() => start(startReview)}>
          {offer.start}
        </button>
      ) : null}
      {offer.missed ? (
        <button
          type="button"
          className={`${buttonClass.secondary} mt-2 w-full`}
          disabled={starting}
          onClick={() => start(startMissedToday)}
        >
          {offer.missed}
        </button>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">
        Reviews and today's missed questions are free: they use none of your plan's quizzes.{" "}
        <Link to="/user/onboarding/themecontd#daily-reviews" className={linkClass}>
          Daily review limit: {state.review.dailyCap}
        </Link>
      </p>
      {weakest.length ? <p className="mt-3 text-xs text-slate-600">Weakest themes: {weakest.join(", ")}</p> : null}
    </section>
  );
}
