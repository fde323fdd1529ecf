import { REVIEW_DAILY_MAX, REVIEW_DAILY_MIN } from "@academy/contract/constants";
import type { OnboardingProfile } from "@academy/contract/quiz";

export const STEPS = [
  { path: "/user/onboarding", label: "Welcome" },
  { path: "/user/onboarding/form", label: "About you" },
  { path: "/user/onboarding/theme", label: "Themes" },
  { path: "/user/onboarding/themecontd", label: "Confidence and settings" },
  { path: "/user/onboarding/themepreview", label: "Preview" },
  { path: "/user/onboarding/final-preview", label: "Review" },
  { path: "/user/onboarding/generatequiz", label: "Your quiz" },
] as const;

/**
 * Which onboarding steps are really done, from the saved answers (never from the screen open):
 * about you once a track is saved, themes once some are chosen, settings once the quiz settings
 * are saved; the preview, the review and the quiz once a quiz has been made from them. Welcome
 * counts as done with the first answer. A step is done only when every step before it is.
 */
export function stepsDone(profile: OnboardingProfile | undefined, quizzesMade: number): boolean[] {
  const about = !!profile?.track;
  const themes = about && (profile?.themes?.length ?? 0) > 0;
  const settings = themes && !!profile?.quiz;
  const quiz = settings && quizzesMade > 0;
  return [about, about, themes, settings, quiz, quiz, quiz];
}

/** Whether the saved answers are enough to make a quiz (track, themes and settings). */
export const readyToGenerate = (profile: OnboardingProfile | undefined) => stepsDone(profile, 0)[3] === true;

/** The first step not done yet: where "continue" leads. */
export function nextStepPath(profile: OnboardingProfile | undefined, quizzesMade: number): string {
  const done = stepsDone(profile, quizzesMade);
  const first = done.findIndex((d, i) => !d && i > 0);
  return STEPS[first === -1 ? STEPS.length - 1 : first]!.path;
}

/** Why a daily review limit cannot be saved ("" when it can): a whole number within the server's range. */
export function dailyReviewsProblem(n: number): string {
  return Number.isInteger(n) && n >= REVIEW_DAILY_MIN && n <= REVIEW_DAILY_MAX
    ? ""
    : `The daily review limit is a whole number from ${REVIEW_DAILY_MIN} to ${REVIEW_DAILY_MAX}`;
}
