import type { DashboardModel } from "@academy/contract/quiz";

export type StepIcon = "flag" | "check" | "book" | "chat" | "card" | "chart";
export interface NextStep {
  to: string;
  title: string;
  description: string;
  icon: StepIcon;
}

/** The part of the dashboard's answer that decides what comes next. */
export type CandidateState = Pick<DashboardModel, "track" | "recent" | "quota">;

/**
 * The dashboard's next steps for where the candidate is: onboarding first until a track is
 * chosen, then the first quiz, then practice and progress; a plan with a weekly limit is offered
 * an upgrade, an unlimited plan its management. Without an answer yet (or on failure) the general
 * list shows.
 */
export function nextSteps(state: CandidateState | undefined): NextStep[] {
  const onboarded = !!state?.track;
  const quizTaken = (state?.recent.length ?? 0) > 0;
  const limited = state ? state.quota.quizzesPerWeek !== null : false;
  const steps: NextStep[] = [];
  if (!onboarded) {
    steps.push({
      to: "/user/onboarding",
      title: "Start onboarding",
      description: "Tell us your track and exam date, choose your themes and get your first quiz.",
      icon: "flag",
    });
  } else if (!quizTaken) {
    steps.push({
      to: "/user/onboarding/generatequiz",
      title: "Take your first quiz",
      description: "Your track is set: build a quiz from your themes and see where you stand.",
      icon: "check",
    });
  }
  if (quizTaken) {
    steps.push({
      to: "/user/onboarding/allquizzes",
      title: "Keep practising",
      description: "Start a new quiz, resume one in progress or retry the questions you missed.",
      icon: "check",
    });
  }
  if (onboarded) {
    steps.push({
      to: "/user/study-plan",
      title: "Study plan",
      description: "Your themes in three columns, weakest first: to study, studying and ready.",
      icon: "flag",
    });
  }
  steps.push({
    to: "/user/document-library",
    title: "Document library",
    description: "Study material by track and theme, with search and preview in the browser.",
    icon: "book",
  });
  steps.push({
    to: "/user/get-coaching",
    title: "Coaching",
    description: "Book a session with a coach at a time that fits around your shifts.",
    icon: "chat",
  });
  steps.push(
    state && limited
      ? {
          to: "/user/card-details",
          title: "Choose a plan",
          description: `Your ${state.quota.packageName} plan includes ${state.quota.quizzesPerWeek} quizzes a week. Upgrade for unlimited quizzes, the full library and coaching.`,
          icon: "card",
        }
      : {
          to: "/user/card-details",
          title: "Your plan",
          description: "See what your plan includes, change it, and manage your cards and invoices.",
          icon: "card",
        },
  );
  if (quizTaken) {
    steps.push({
      to: "/user/prev",
      title: "Progress",
      description: "Your past attempts and how your readiness changes over time.",
      icon: "chart",
    });
  }
  return steps;
}

/**
 * What the progress screen's trend says when it has no line to draw: never "finish a quiz" to
 * someone whose finished quizzes are listed below it (the trend needs a track to weigh themes by).
 */
export function emptyTrendMessage(finished: number): { text: string; to: string; link: string } {
  return finished > 0
    ? {
        // Readiness is estimated from enough evidence across the track's blueprint (docs/readiness-model.md).
        text: "Your trend starts once you have answered 20 questions over at least half of your track's themes.",
        to: "/user/onboarding/allquizzes",
        link: "Keep practising",
      }
    : { text: "Finish a quiz to see your trend.", to: "/user/onboarding/allquizzes", link: "Go to quizzes" };
}

/** The part of the dashboard's answer the review card reads. */
export type ReviewState = Pick<DashboardModel, "dueForReview" | "review" | "missedToday">;

const questions = (n: number) => `${n} question${n === 1 ? "" : "s"}`;

/**
 * What the review card offers: "Review N due" while today's session holds questions (N is what it
 * holds, up to the daily limit), a quiet line when nothing is due or today's limit is reached, and
 * the quiz of today's missed and flagged questions when there are any.
 */
export function reviewOffer(state: ReviewState): {
  start: string | null;
  text: string;
  missed: string | null;
} {
  const { dueForReview: due, review, missedToday } = state;
  const missed = missedToday > 0 ? `Retry ${missedToday} missed or flagged today` : null;
  if (review.today > 0) {
    const waiting = due - review.today;
    return {
      start: `Review ${review.today} due`,
      text:
        waiting > 0
          ? `${questions(due)} due for review; today's session takes ${review.today} (your daily limit is ${review.dailyCap}), the rest come back tomorrow.`
          : `${questions(review.today)} you missed or were not sure of ${review.today === 1 ? "is" : "are"} back for review.`,
      missed,
    };
  }
  if (due > 0)
    return {
      start: null,
      text: `You have done today's ${review.doneToday} reviews (your daily limit is ${review.dailyCap}): the other ${questions(due)} wait for tomorrow.`,
      missed,
    };
  return { start: null, text: "Nothing is due for review: a question you miss comes back the next day.", missed };
}
