import type { ReactNode } from "react";
import { buttonClass } from "../../../components/ui/styles";
import { useAuth } from "../../../lib/auth-store";
import { useCms } from "../../../lib/cms";
import { Link } from "../../../lib/navigation";

const TRACKS = [
  {
    name: "Emergency medical services",
    roles: "EMT, paramedic",
    themes: "Airway and breathing, cardiac emergencies and CPR, trauma care.",
  },
  {
    name: "Fire and rescue",
    roles: "Firefighter",
    themes: "Fire behaviour, hazardous materials, rescue techniques, mechanical reasoning.",
  },
  {
    name: "Water rescue",
    roles: "Lifeguard",
    themes: "Rescue techniques, airway and breathing, CPR, situational judgement.",
  },
  {
    name: "Emergency dispatch",
    roles: "Dispatcher",
    themes: "Radio communication, reading comprehension, mental arithmetic, situational judgement.",
  },
] as const;

const STEPS = [
  {
    title: "Set your goal",
    text: "Choose your track, your exam date and the hours you can study each week.",
  },
  {
    title: "Practise what the exam asks",
    text: "Quizzes follow your track's exam themes: practice mode explains each answer, exam mode is timed like the real thing.",
  },
  {
    title: "See how ready you are",
    text: "Your readiness per theme shows where you stand, and missed questions come back for review.",
  },
  {
    title: "Get a coach",
    text: "Book a one-to-one session when you want help with your weakest themes.",
  },
] as const;

/** The public landing page: what the academy is, the four tracks, and a way in. */
/** `plans`: the plans on sale, composed in by the app (features do not import each other). */
export function LandingPage({ plans }: { plans?: ReactNode }) {
  const { state } = useAuth();
  const dashboard = state.isAuthenticated && state.role ? `/${state.role}/dashboard` : null;
  const signedIn = dashboard !== null;
  const cms = useCms("landing");
  return (
    <div className={signedIn ? "" : "mx-auto max-w-6xl px-4"}>
      <section className="py-12 sm:py-20" aria-labelledby="hero-heading" aria-busy={!cms.ready}>
        {/* The CMS text or, past a short wait, the defaults: never the defaults first and then the CMS text. */}
        {cms.ready ? (
          <div data-testid="landing-hero-text">
            <p className="text-sm font-semibold tracking-wider text-red-700 uppercase">{cms.text("hero_eyebrow")}</p>
            <h1 id="hero-heading" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {cms.text("hero_title")}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-slate-600">{cms.text("hero_intro")}</p>
          </div>
        ) : (
          <div className="min-h-72 sm:min-h-64" />
        )}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {dashboard ? (
            <Link to={dashboard} className={buttonClass.primary}>
              Go to your dashboard
            </Link>
          ) : (
            <>
              <Link to="/user/signup" className={buttonClass.primary}>
                Create your account
              </Link>
              <Link to="/user/login" className={buttonClass.secondary}>
                I already have an account
              </Link>
            </>
          )}
        </div>
      </section>

      <section className="py-10" aria-labelledby="tracks-heading">
        <h2 id="tracks-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Four tracks
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">
          Each track follows the themes its entrance exam covers, weighted the way the exam weighs them.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TRACKS.map((track) => (
            <li key={track.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{track.name}</h3>
              <p className="mt-1 text-sm font-medium text-red-800">{track.roles}</p>
              <p className="mt-3 text-sm text-slate-600">{track.themes}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="py-10" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-red-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {plans ? (
        <section className="py-10" aria-labelledby="plans-heading">
          <h2 id="plans-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Plans
          </h2>
          <p className="mt-2 max-w-2xl text-slate-600">
            Start free. Upgrade when you want unlimited quizzes, the full library and coaching.
          </p>
          <div className="mt-6">{plans}</div>
        </section>
      ) : null}

      {signedIn ? null : (
        <section className="my-12 rounded-2xl bg-slate-900 px-6 py-10 text-center sm:px-12" aria-labelledby="cta-heading">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-white">
            Ready to start preparing?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">
            Create your account, tell us your track and exam date, and take your first quiz.
          </p>
          <Link to="/user/signup" className={`${buttonClass.primary} mt-6 focus-visible:outline-white`}>
            Get started
          </Link>
        </section>
      )}
    </div>
  );
}
