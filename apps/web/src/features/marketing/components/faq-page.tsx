import { PageHeader } from "../../../components/ui/page-header";
import { linkClass } from "../../../components/ui/styles";
import { useAuth } from "../../../lib/auth-store";
import { Link } from "../../../lib/navigation";

const QUESTIONS = [
  {
    q: "Who is Rescue Academy for?",
    a: "People preparing for the entrance exam of a rescue career: emergency medical services (EMT, paramedic), fire and rescue (firefighter), water rescue (lifeguard) and emergency dispatch.",
  },
  {
    q: "How do the quizzes work?",
    a: "Quizzes are built from the themes your track's exam covers. In practice mode you see the explanation after each answer; in exam mode the quiz is timed and you see your results at the end. Every answer is saved as you give it, so a lost connection loses nothing.",
  },
  {
    q: "What does readiness mean?",
    a: "Readiness estimates how well you know each theme of your exam, weighted the way the exam weighs them. With only a few answers the estimate is wide; it narrows as you practise.",
  },
  {
    q: "Can I study on my phone?",
    a: "Yes. The academy runs in your phone's browser; there is nothing to install.",
  },
  {
    q: "How does coaching work?",
    a: "You book a slot from a coach's open times, shown in your own time zone. You and your coach both get an email with a calendar invitation, and you can cancel or move the session within the notice window.",
  },
  {
    q: "What do the plans include?",
    a: "Plans differ in how many quizzes you can take each week, which library sections you can open and how many coaching sessions you get each month. Once signed in, you can see and change your plan under Card details.",
  },
] as const;

export function FaqPage() {
  const { state } = useAuth();
  return (
    <div className={state.isAuthenticated ? "max-w-3xl" : "mx-auto max-w-3xl px-4 py-10 sm:py-16"}>
      <PageHeader title="Frequently asked questions" description="Answers to common questions about the academy." />
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="group p-5">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-red-700">
              {q}
              <span aria-hidden="true" className="text-xl text-slate-400 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-slate-600">{a}</p>
          </details>
        ))}
      </div>
      <p className="mt-6 text-sm text-slate-600">
        Still have a question?{" "}
        <Link to="/contact-us" className={linkClass}>
          Contact us
        </Link>
        .
      </p>
    </div>
  );
}
