import type { Db } from "../../db/client.ts";
import * as repo from "./repo.ts";
import { sanitizePostBody } from "./sanitize.ts";

const DAY = 86_400_000;

const CATEGORIES = [
  { slug: "exam-guides", name: "Exam guides", description: "How the entrance and certification exams are built, and how to sit them." },
  { slug: "physical-tests", name: "Physical tests", description: "Fitness events, swim tests and how to train for them." },
  { slug: "study-skills", name: "Study skills", description: "Planning, memory and practice habits that work around shifts and jobs." },
];

const TAGS = [
  { slug: "ems", name: "EMS" },
  { slug: "emt", name: "EMT" },
  { slug: "fire-and-rescue", name: "Fire & Rescue" },
  { slug: "water-rescue", name: "Water rescue" },
  { slug: "dispatch", name: "Dispatch" },
  { slug: "exam-day", name: "Exam day" },
  { slug: "study-plan", name: "Study plan" },
];

type DemoPost = {
  slug: string;
  title: string;
  excerpt: string;
  categories: string[];
  tags: string[];
  /** Days from the first start: negative = already published, positive = scheduled. */
  publishInDays: number;
  seoDescription: string;
  body: string;
};

const POSTS: DemoPost[] = [
  {
    slug: "how-the-emt-exam-is-structured",
    title: "How the EMT certification exam is structured",
    excerpt: "A computer-adaptive written exam and a hands-on skills exam: what each one tests, how it is scored and how to prepare.",
    categories: ["exam-guides"],
    tags: ["ems", "emt", "exam-day"],
    publishInDays: -21,
    seoDescription: "What the EMT cognitive and skills exams cover, how adaptive testing works and how to prepare for both.",
    body: `<p>Most EMT candidates face two separate exams: a <strong>written (cognitive) exam</strong> and a <strong>hands-on skills (psychomotor) exam</strong>. Passing one does not carry you through the other, so plan for both from the start. The details below follow the US National Registry (NREMT) model that many regions use; always check the handbook of the body that certifies you.</p>
<h2>The cognitive exam is adaptive</h2>
<p>The NREMT EMT exam is a computer-adaptive test: each answer changes the difficulty of the next question. It ends when the computer is confident you are above or below the passing standard, somewhere between 70 and 120 questions, with a time limit of two hours. Stopping early says nothing about whether you passed.</p>
<p>Because the test adapts, <em>every</em> question feels hard. That is by design: the exam keeps asking questions near the edge of what you know. Do not read difficulty as failure.</p>
<h2>What it covers</h2>
<ul>
<li><strong>Airway, respiration and ventilation</strong>: opening and keeping an airway, oxygen delivery, when to ventilate.</li>
<li><strong>Cardiology and resuscitation</strong>: cardiac arrest, CPR quality, AED use, chest pain and stroke.</li>
<li><strong>Trauma</strong>: bleeding control, shock, head and spine injuries, burns, triage.</li>
<li><strong>Medical, obstetrics and gynaecology</strong>: diabetic emergencies, seizures, allergic reactions, overdose, childbirth.</li>
<li><strong>EMS operations</strong>: scene safety, lifting and moving, documentation, incident command.</li>
</ul>
<p>Questions are written around a patient in front of you: you are asked what you do <em>first</em> or <em>next</em>. Scene safety and the primary assessment (airway, breathing, circulation) come before anything else unless the question says they are done.</p>
<h2>The skills exam</h2>
<p>The psychomotor exam puts you through stations such as patient assessment for trauma and for a medical complaint, bag-valve-mask ventilation of an apnoeic patient, cardiac arrest management with an AED, and bleeding control and shock management. Each station has a checklist with <strong>critical criteria</strong>: missing one (for example not taking body-substance-isolation precautions, or not ventilating within the time allowed) fails the station whatever else you did well.</p>
<h2>How to prepare</h2>
<ol>
<li>Practise in short, timed quizzes across all five areas, then spend most of your time on your two weakest themes.</li>
<li>Read the explanation of every question you miss, including the ones you guessed right.</li>
<li>Say your skills checklists out loud while you practise them; on the day, narrate what you do so the examiner hears each step.</li>
<li>In the last week, sit at least two full-length practice exams under the time limit.</li>
</ol>
<blockquote><p>Readiness is not a feeling. When your practice scores in every theme sit comfortably above the line for two weeks, book the exam.</p></blockquote>`,
  },
  {
    slug: "preparing-for-the-firefighter-physical-test",
    title: "Preparing for the firefighter physical ability test",
    excerpt: "The CPAT in eight events and ten minutes twenty: what each event asks and a twelve-week plan to get there.",
    categories: ["physical-tests"],
    tags: ["fire-and-rescue", "exam-day"],
    publishInDays: -14,
    seoDescription: "The eight CPAT events, the 10:20 time limit and a twelve-week training plan for firefighter candidates.",
    body: `<p>Many fire departments screen candidates with the <strong>Candidate Physical Ability Test (CPAT)</strong>. It is a pass/fail course of eight events done in a row, in a set order, wearing a 50 lb (22.7 kg) weighted vest. The whole course must be finished in <strong>10 minutes and 20 seconds</strong>. Other departments run their own tests, but they measure the same things: stair endurance, dragging, carrying, lifting and grip.</p>
<h2>The eight events</h2>
<ol>
<li><strong>Stair climb</strong>: three minutes on a step mill at 60 steps a minute, with an extra 25 lb on your shoulders (75 lb in all). Stepping off or grabbing the rail for balance more than briefly ends the test.</li>
<li><strong>Hose drag</strong>: drag a charged hose line 75 ft, round a drum, then pull it in while kneeling.</li>
<li><strong>Equipment carry</strong>: carry two saws from a cabinet, walk 75 ft and back, and put them away.</li>
<li><strong>Ladder raise and extension</strong>: raise a 24 ft ladder hand over hand, then extend and lower a fly section with the halyard.</li>
<li><strong>Forcible entry</strong>: strike a target with a sledgehammer until the buzzer sounds.</li>
<li><strong>Search</strong>: crawl through a dark, narrow maze with obstacles.</li>
<li><strong>Rescue</strong>: drag a 165 lb mannequin 35 ft, round a drum and back.</li>
<li><strong>Ceiling breach and pull</strong>: push up and pull down a hinged ceiling panel with a pike pole, in sets.</li>
</ol>
<h2>Where candidates fail</h2>
<p>The stair climb comes first and sets up everything after it: candidates who start out of breath lose the time they need later. The second common failure is grip: the hose pull, the saws and the mannequin all load your forearms.</p>
<h2>A twelve-week plan</h2>
<ul>
<li><strong>Weeks 1 to 4, base</strong>: three sessions a week of 30 to 45 minutes on a stair machine or a hill at a steady pace; two full-body strength sessions (squats, deadlifts, rows, overhead press); farmer's carries at the end of each.</li>
<li><strong>Weeks 5 to 8, load</strong>: do your stair sessions in a weighted vest, building up to 50 lb; add sled drags or rope pulls; practise kneeling hand-over-hand pulls.</li>
<li><strong>Weeks 9 to 12, specific</strong>: once a week, run the events back to back in the vest, as close to the real equipment as you can get; time yourself and rest fully in between weeks.</li>
</ul>
<p>Taper in the last week: keep moving but cut the volume in half so you arrive rested. Most departments hold an orientation or practice session before the test: go to it, because technique on the ladder and the hose saves more time than fitness alone.</p>`,
  },
  {
    slug: "a-study-plan-that-fits-around-shifts",
    title: "A six-week study plan that fits around shifts",
    excerpt: "Short daily sessions, one long weekly review and your weak themes first: a plan for candidates who already work.",
    categories: ["study-skills"],
    tags: ["study-plan", "ems", "fire-and-rescue", "dispatch"],
    publishInDays: -7,
    seoDescription:
      "A practical six-week exam study plan for candidates who work shifts: short sessions, spaced review and weak themes first.",
    body: `<p>Most of our candidates study around a job, a family or shift work. The plan below assumes <strong>five to seven hours a week</strong>, split into short sessions you can fit into a break, plus one longer session when you have the time.</p>
<h2>The weekly rhythm</h2>
<ul>
<li><strong>Four short sessions (20 to 30 minutes)</strong>: one practice quiz of 15 to 20 questions in one theme, then read every explanation.</li>
<li><strong>One review session (10 minutes)</strong>: the questions you missed earlier that are due again. Spaced repetition brings them back just before you would forget them.</li>
<li><strong>One long session (60 to 90 minutes)</strong>: a mixed quiz across every theme of your track, in exam mode, followed by reading the library sections behind your misses.</li>
</ul>
<h2>Six weeks</h2>
<ol>
<li><strong>Week 1</strong>: take one mixed quiz to find your baseline. Note your three weakest themes.</li>
<li><strong>Weeks 2 and 3</strong>: short sessions on the weakest themes only. Read the matching library sections before the quiz, not after.</li>
<li><strong>Week 4</strong>: bring in the remaining themes; keep the weak ones in rotation twice a week.</li>
<li><strong>Week 5</strong>: two full-length timed exams. Practise pacing: a question you cannot answer in 90 seconds gets your best guess and a flag.</li>
<li><strong>Week 6</strong>: light review of flagged and missed questions, one last timed exam early in the week, then rest before exam day.</li>
</ol>
<h2>Use the study board</h2>
<p>Your study plan board lists your themes in three columns: <em>to study</em>, <em>studying</em> and <em>ready</em>. Move a theme to <em>ready</em> only when your practice scores in it hold up across two weeks, not after one good quiz.</p>`,
  },
  {
    slug: "what-the-dispatcher-test-measures",
    title: "What the emergency dispatcher test measures",
    excerpt:
      "Dispatch tests check listening, memory, typing and multitasking more than medical knowledge. Here is how to practise each skill.",
    categories: ["exam-guides"],
    tags: ["dispatch", "exam-day"],
    publishInDays: -3,
    seoDescription: "The skills emergency dispatcher pre-employment tests measure, and how to practise them before test day.",
    body: `<p>Emergency communications centres hire for skills you can practise: hearing details under pressure, remembering them, typing them accurately and doing several things at once. Many centres use a computer-based test such as CritiCall; others write their own, but the skills are the same.</p>
<h2>The skills tested</h2>
<ul>
<li><strong>Call summarisation</strong>: you hear a recorded call once and answer questions about it: the address, the number of patients, what the caller saw.</li>
<li><strong>Memory recall</strong>: you see or hear a set of details (names, plate numbers, addresses) and type them back after a delay.</li>
<li><strong>Data entry</strong>: typing speed and accuracy, often measured in keystrokes per hour with errors counted against you.</li>
<li><strong>Map reading</strong>: finding the quickest route or the nearest unit on a street map.</li>
<li><strong>Multitasking</strong>: answering a call while reading a screen and entering data.</li>
<li><strong>Reading comprehension and mental arithmetic</strong>: procedures to follow, times and distances to work out without a calculator.</li>
</ul>
<h2>How to practise</h2>
<ol>
<li>Listen to short news clips once, then write down who, what, where and how many. Check against the clip.</li>
<li>Practise typing addresses and numbers, not prose: that is what you will enter.</li>
<li>Use our mental arithmetic and reading comprehension quizzes in exam mode, where the timer adds the pressure.</li>
<li>Learn the standard radio alphabet (Alfa, Bravo, Charlie...) until you can spell any street name without thinking.</li>
</ol>
<p>On the day, read every instruction screen fully: most tests do not let you go back, and a missed instruction costs more than a slow answer.</p>`,
  },
  {
    slug: "what-the-lifeguard-swim-test-asks",
    title: "What the lifeguard swim test asks",
    excerpt:
      "The three prerequisite events of a lifeguard course (a 300-yard swim, a two-minute tread and a timed brick retrieval) and how to train for them.",
    categories: ["physical-tests"],
    tags: ["water-rescue", "exam-day"],
    publishInDays: 3,
    seoDescription: "The lifeguard prerequisite swim test: 300-yard swim, two-minute tread with legs only and the timed brick event.",
    body: `<p>Before a lifeguard course teaches you any rescue, it checks that you can swim well enough to learn them. The American Red Cross prerequisite test, which many pools and beaches use, has three events.</p>
<h2>The three events</h2>
<ol>
<li><strong>300-yard continuous swim</strong> using front crawl, breaststroke or a mix, breathing rhythmically. Goggles are allowed; it is not timed, but you may not stop.</li>
<li><strong>Tread water for two minutes using the legs only</strong>: hands under the armpits or out of the water.</li>
<li><strong>Timed brick event, within 1 minute 40 seconds</strong>: starting in the water, swim 20 yards, surface dive 7 to 10 feet to retrieve a 10-pound object, return to the surface and swim 20 yards back on your back holding it with both hands and keeping your face at or near the surface, then exit the pool without a ladder or steps.</li>
</ol>
<h2>How to train</h2>
<ul>
<li>Swim 300 yards without stopping three times a week; once that is easy, build to 500 yards so the test feels short.</li>
<li>Practise eggbeater kick and breaststroke kick for treading; hold your hands on your chest to be sure you are not sculling.</li>
<li>Practise feet-first and head-first surface dives, and swimming on your back with a weight held on your chest: the brick is where most candidates run out of time.</li>
</ul>
<p>Open-water and surf lifeguard tests are harder (longer swims, often run-swim-run events) and vary by agency: read the requirements of the one you apply to.</p>`,
  },
];

/**
 * Demo posts for candidates on a fresh install (no posts and no categories yet): exam guides and
 * study advice, one of them scheduled a few days after the first start.
 */
export async function seedBlog(db: Db, now = new Date()): Promise<void> {
  if ((await repo.countPosts(db)) > 0 || (await repo.countCategories(db)) > 0) return;
  const authorId = await repo.firstAdminId(db);
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    for (const c of CATEGORIES) categoryIds.set(c.slug, (await repo.insertCategory(tx, c)).id);
    const tagIds = new Map<string, number>();
    for (const t of TAGS) tagIds.set(t.slug, (await repo.insertTag(tx, t)).id);
    for (const p of POSTS) {
      const publishAt = new Date(now.getTime() + p.publishInDays * DAY);
      const id = await repo.insertPost(tx, {
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        body: sanitizePostBody(p.body),
        authorId,
        status: p.publishInDays > 0 ? "scheduled" : "published",
        publishAt,
        seoTitle: "",
        seoDescription: p.seoDescription,
        createdAt: publishAt < now ? publishAt : now,
        updatedAt: publishAt < now ? publishAt : now,
      });
      await repo.setPostTerms(
        tx,
        id,
        p.categories.map((s) => categoryIds.get(s)!),
        p.tags.map((s) => tagIds.get(s)!),
      );
    }
  });
}
