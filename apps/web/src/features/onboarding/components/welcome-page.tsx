import { buttonClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import { OnboardingLayout, STEPS } from "./onboarding-stepper";

export function WelcomePage() {
  return (
    <OnboardingLayout
      step={0}
      title="Let's build your study plan"
      description="A few questions about you and your exam, then your first quiz: about five minutes."
    >
      <ol className="space-y-3">
        {STEPS.slice(1).map((s, i) => (
          <li key={s.path} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-red-50 text-sm font-semibold text-red-800">
              {i + 1}
            </span>
            <div>
              <p className="font-semibold text-slate-900">{s.label}</p>
              <p className="text-sm text-slate-600">{STEP_TEXT[i]}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/user/onboarding/form" className={buttonClass.primary}>
          Get started
        </Link>
        <Link to="/user/onboarding/allquizzes" className={buttonClass.secondary}>
          Go to my quizzes
        </Link>
      </div>
    </OnboardingLayout>
  );
}

const STEP_TEXT = [
  "Your track, target exam date, region, experience and the hours you can study each week.",
  "The themes of your entrance exam, preselected from your track's blueprint.",
  "How sure you feel in each theme, and the length, difficulty and mode of your quiz.",
  "The mix of themes and difficulty your quiz will hold, with a sample question per theme.",
  "Everything at a glance, each with a link back to change it.",
  "We build your quiz from the question bank and open it.",
];
