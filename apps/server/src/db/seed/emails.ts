import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { emailTemplates } from "../schema/accounts.ts";

type Template = { slug: string; name: string; subject: string; text: string; html: string; placeholders: string[] };

const layout = (body: string) =>
  `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;color:#0f172a">${body}<p style="color:#64748b;font-size:13px">Rescue Academy · preparing you for the entrance exam</p></div>`;
const button = (href: string, label: string) =>
  `<p><a href="${href}" style="display:inline-block;background:#b91c1c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${label}</a></p>`;

/** The templates a fresh install starts with; admins edit them later on /admin/email. */
export const DEFAULT_EMAIL_TEMPLATES: Template[] = [
  {
    slug: "welcome",
    name: "Welcome",
    subject: "Welcome to Rescue Academy, {{first_name}}",
    placeholders: ["first_name", "dashboard_url"],
    text: "Hello {{first_name}},\n\nYour account is ready. Start your study plan: {{dashboard_url}}\n",
    html: layout(`<p>Hello {{first_name}},</p><p>Your account is ready.</p>${button("{{dashboard_url}}", "Start your study plan")}`),
  },
  {
    slug: "verify",
    name: "Confirm your email",
    subject: "Confirm your email address",
    placeholders: ["first_name", "link", "hours"],
    text: "Hello {{first_name}},\n\nConfirm your email address: {{link}}\n\nThe link works once, for {{hours}} hours. If you did not create an account at Rescue Academy, ignore this mail.\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Confirm that this is your email address, so we can reach you about your account and your coaching sessions.</p>${button("{{link}}", "Confirm my email")}<p>The link works once, for {{hours}} hours. If you did not create an account at Rescue Academy, ignore this mail.</p>`,
    ),
  },
  {
    slug: "forgot",
    name: "Reset password",
    subject: "Your password reset code and link",
    placeholders: ["first_name", "link", "code", "minutes"],
    text: "Hello {{first_name}},\n\nChoose a new password here: {{link}}\nYour code: {{code}}\n\nThe link works once, for {{minutes}} minutes. If you did not ask for it, ignore this mail.\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Choose a new password with this link and code.</p>${button("{{link}}", "Choose a new password")}<p>Your code: <strong style="font-size:20px;letter-spacing:3px">{{code}}</strong></p><p>The link works once, for {{minutes}} minutes. If you did not ask for it, ignore this mail.</p>`,
    ),
  },
  {
    slug: "magic-link",
    name: "Sign-in link",
    subject: "Your sign-in link",
    placeholders: ["first_name", "link", "minutes"],
    text: "Hello {{first_name}},\n\nSign in with this link: {{link}}\n\nIt works once, for {{minutes}} minutes. If you did not ask for it, ignore this mail.\n",
    html: layout(
      `<p>Hello {{first_name}},</p>${button("{{link}}", "Sign in")}<p>It works once, for {{minutes}} minutes. If you did not ask for it, ignore this mail.</p>`,
    ),
  },
  {
    slug: "two-factor",
    name: "Two-factor sign-in changed",
    subject: "Two-factor sign-in was {{state}}",
    placeholders: ["first_name", "state"],
    text: "Hello {{first_name}},\n\nTwo-factor sign-in was {{state}} on your account. If this was not you, reset your password now.\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Two-factor sign-in was <strong>{{state}}</strong> on your account. If this was not you, reset your password now.</p>`,
    ),
  },
  {
    slug: "admin-invite",
    name: "Staff invitation",
    subject: "You are invited to join Rescue Academy's staff",
    placeholders: ["inviter", "link", "days"],
    text: "Hello,\n\n{{inviter}} invites you to create a staff account: {{link}}\n\nThe invitation is valid for {{days}} days.\n",
    html: layout(
      `<p>Hello,</p><p>{{inviter}} invites you to create a staff account.</p>${button("{{link}}", "Create my staff account")}<p>The invitation is valid for {{days}} days.</p>`,
    ),
  },
  {
    slug: "staff-email-changed",
    name: "Email changed by staff",
    subject: "The email of your Rescue Academy account was changed",
    placeholders: ["first_name", "old_email", "new_email", "contact_url"],
    text: "Hello {{first_name}},\n\nThe academy's staff changed the sign-in email of your account from {{old_email}} to {{new_email}}. From now on you sign in with {{new_email}}, and our mails go there.\n\nIf you did not ask for this, or something looks wrong, reach us here: {{contact_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>The academy's staff changed the sign-in email of your account from <strong>{{old_email}}</strong> to <strong>{{new_email}}</strong>. From now on you sign in with {{new_email}}, and our mails go there.</p><p>If you did not ask for this, or something looks wrong, reach us:</p>${button("{{contact_url}}", "Contact the academy")}`,
    ),
  },
  {
    slug: "staff-password-changed",
    name: "Password changed by staff",
    subject: "The password of your Rescue Academy account was changed",
    placeholders: ["first_name", "email", "contact_url"],
    text: 'Hello {{first_name}},\n\nThe academy\'s staff set a new password for your account ({{email}}), and every session of it was signed out. Ask the staff member who helped you for it, or choose your own with "Forgot password" on the sign-in page.\n\nIf you did not ask for this, reach us here: {{contact_url}}\n',
    html: layout(
      `<p>Hello {{first_name}},</p><p>The academy's staff set a new password for your account ({{email}}), and every session of it was signed out. Ask the staff member who helped you for it, or choose your own with "Forgot password" on the sign-in page.</p><p>If you did not ask for this, reach us:</p>${button("{{contact_url}}", "Contact the academy")}`,
    ),
  },
  {
    slug: "staff-two-factor-reset",
    name: "Two-factor sign-in reset by staff",
    subject: "Two-factor sign-in of your Rescue Academy account was reset",
    placeholders: ["first_name", "email", "contact_url"],
    text: "Hello {{first_name}},\n\nThe academy's staff reset two-factor sign-in on your account ({{email}}): your authenticator app no longer signs you in, and every session was signed out. Sign in with your password, then turn two-factor sign-in on again from your profile (staff are asked to set it up at their next sign-in).\n\nIf you did not ask for this, reach us here: {{contact_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>The academy's staff reset two-factor sign-in on your account ({{email}}): your authenticator app no longer signs you in, and every session was signed out. Sign in with your password, then turn two-factor sign-in on again from your profile (staff are asked to set it up at their next sign-in).</p><p>If you did not ask for this, reach us:</p>${button("{{contact_url}}", "Contact the academy")}`,
    ),
  },
  {
    slug: "email-change-requested",
    name: "Email change asked for (to the current address)",
    subject: "Your Rescue Academy sign-in email is about to change",
    placeholders: ["first_name", "new_email", "profile_url"],
    text: "Hello {{first_name}},\n\nSomeone signed in to your account asked to sign in with {{new_email}} from now on. Nothing changes until the link we sent to that address is opened; until then you sign in with this address.\n\nIf this was not you, change your password now and sign out everywhere: {{profile_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Someone signed in to your account asked to sign in with <strong>{{new_email}}</strong> from now on. Nothing changes until the link we sent to that address is opened; until then you sign in with this address.</p><p>If this was not you, change your password now and sign out everywhere.</p>${button("{{profile_url}}", "Check my account")}`,
    ),
  },
  {
    slug: "coaching-booked",
    name: "Coaching session booked",
    subject: "Coaching session with {{other_name}} on {{when}}",
    placeholders: ["first_name", "other_name", "when", "time_zone", "where", "note", "manage_url"],
    text: "Hello {{first_name}},\n\nYour coaching session with {{other_name}} is booked for {{when}} ({{time_zone}}).\nWhere: {{where}}\n\nNote: {{note}}\n\nThe invite is attached. Manage it here: {{manage_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Your coaching session with <strong>{{other_name}}</strong> is booked for <strong>{{when}}</strong> ({{time_zone}}).</p><p>Where: {{where}}</p><p>Note: {{note}}</p><p>The calendar invite is attached.</p>${button("{{manage_url}}", "See my sessions")}`,
    ),
  },
  {
    slug: "coaching-changed",
    name: "Coaching session moved",
    subject: "Moved: coaching session with {{other_name}} to {{when}}",
    placeholders: ["first_name", "other_name", "when", "previous", "time_zone", "where", "manage_url"],
    text: "Hello {{first_name}},\n\nYour coaching session with {{other_name}} moved from {{previous}} to {{when}} ({{time_zone}}).\nWhere: {{where}}\n\nThe updated invite is attached. Manage it here: {{manage_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Your coaching session with <strong>{{other_name}}</strong> moved from {{previous}} to <strong>{{when}}</strong> ({{time_zone}}).</p><p>Where: {{where}}</p><p>The updated calendar invite is attached.</p>${button("{{manage_url}}", "See my sessions")}`,
    ),
  },
  {
    slug: "coaching-cancelled",
    name: "Coaching session cancelled",
    subject: "Cancelled: coaching session with {{other_name}} on {{when}}",
    placeholders: ["first_name", "other_name", "when", "time_zone", "cancelled_by", "manage_url"],
    text: "Hello {{first_name}},\n\nThe coaching session with {{other_name}} on {{when}} ({{time_zone}}) was cancelled by {{cancelled_by}}.\n\nBook another time: {{manage_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>The coaching session with <strong>{{other_name}}</strong> on {{when}} ({{time_zone}}) was cancelled by {{cancelled_by}}.</p>${button("{{manage_url}}", "Book another time")}`,
    ),
  },
  {
    slug: "coaching-reminder",
    name: "Coaching session reminder",
    subject: "Reminder: coaching session with {{other_name}} on {{when}}",
    placeholders: ["first_name", "other_name", "when", "time_zone", "where", "manage_url"],
    text: "Hello {{first_name}},\n\nA reminder of your coaching session with {{other_name}} on {{when}} ({{time_zone}}).\nWhere: {{where}}\n\nYour sessions: {{manage_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>A reminder of your coaching session with <strong>{{other_name}}</strong> on <strong>{{when}}</strong> ({{time_zone}}).</p><p>Where: {{where}}</p>${button("{{manage_url}}", "See my sessions")}`,
    ),
  },
  {
    slug: "chat-unread",
    name: "Unread chat message",
    subject: "{{other_name}} wrote to you at Rescue Academy",
    placeholders: ["first_name", "other_name", "preview", "chat_url"],
    text: "Hello {{first_name}},\n\n{{other_name}} sent you a message while you were away:\n\n{{preview}}\n\nRead and answer it here: {{chat_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p><strong>{{other_name}}</strong> sent you a message while you were away:</p><blockquote>{{preview}}</blockquote>${button("{{chat_url}}", "Read and answer")}`,
    ),
  },
  {
    slug: "payment-receipt",
    name: "Payment receipt",
    subject: "Receipt for your {{plan}} payment",
    placeholders: ["first_name", "plan", "amount", "date", "invoice_number", "invoice_url", "account_url"],
    text: "Hello {{first_name}},\n\nThank you: we received {{amount}} for {{plan}} on {{date}} (invoice {{invoice_number}}).\n\nThe invoice: {{invoice_url}}\nYour plan and invoices: {{account_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Thank you: we received <strong>{{amount}}</strong> for <strong>{{plan}}</strong> on {{date}} (invoice {{invoice_number}}).</p>${button("{{invoice_url}}", "See the invoice")}<p>Your plan and all your invoices are on <a href="{{account_url}}">your account page</a>.</p>`,
    ),
  },
  {
    slug: "payment-failed",
    name: "Renewal payment failed",
    subject: "Your {{plan}} payment did not go through",
    placeholders: ["first_name", "plan", "amount", "date", "invoice_number", "invoice_url", "card_url", "account_url"],
    text: "Hello {{first_name}},\n\nWe could not take {{amount}} for {{plan}} on {{date}}: your bank declined the card. Until it is paid, your plan's extras are paused.\n\nTo fix it, add a working card and make it your default: {{card_url}}\nWe try again with your default card at the next attempt.\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>We could not take <strong>{{amount}}</strong> for <strong>{{plan}}</strong> on {{date}}: your bank declined the card. Until it is paid, your plan's extras are paused.</p><p>To fix it, add a working card and make it your default; we try again with it at the next attempt.</p>${button("{{card_url}}", "Update my card")}`,
    ),
  },
  {
    slug: "trial-ending",
    name: "Trial ending soon",
    subject: "Your {{plan}} trial ends on {{date}}",
    placeholders: ["first_name", "plan", "date", "account_url", "card_url"],
    text: "Hello {{first_name}},\n\nYour free trial of {{plan}} ends on {{date}}. After that your default card is charged and the plan continues; you can cancel before then on your account page: {{account_url}}\n\nCheck your card: {{card_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Your free trial of <strong>{{plan}}</strong> ends on <strong>{{date}}</strong>. After that your default card is charged and the plan continues.</p><p>You can cancel before then on your account page.</p>${button("{{account_url}}", "Manage my plan")}`,
    ),
  },
  {
    slug: "subscription-cancelled",
    name: "Cancellation confirmed",
    subject: "Your {{plan}} plan is cancelled: it runs until {{date}}",
    placeholders: ["first_name", "plan", "date", "account_url"],
    text: "Hello {{first_name}},\n\nWe have cancelled {{plan}} as you asked. You keep everything it gives until {{date}}, and you are not charged again.\n\nChanged your mind? Resume it before then: {{account_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>We have cancelled <strong>{{plan}}</strong> as you asked. You keep everything it gives until <strong>{{date}}</strong>, and you are not charged again.</p><p>Changed your mind? Resume it before then.</p>${button("{{account_url}}", "Resume my plan")}`,
    ),
  },
  {
    slug: "subscription-ended",
    name: "Plan ended",
    subject: "Your {{plan}} plan has ended",
    placeholders: ["first_name", "plan", "date", "account_url"],
    text: "Hello {{first_name}},\n\nYour {{plan}} plan ended on {{date}}. Your account, quizzes and progress stay; you are on the Free plan now.\n\nChoose a plan again any time: {{account_url}}\n",
    html: layout(
      `<p>Hello {{first_name}},</p><p>Your <strong>{{plan}}</strong> plan ended on {{date}}. Your account, quizzes and progress stay; you are on the Free plan now.</p>${button("{{account_url}}", "Choose a plan")}`,
    ),
  },
];

/** Subjects the academy once seeded and has since changed: a template still carrying one (never edited) moves on. */
const FORMER_SUBJECTS: { slug: string; subject: string }[] = [
  // The code left the subject line: a subject shows on lock screens and in mail lists.
  { slug: "forgot", subject: "Your password reset code: {{code}}" },
];

/** Adds missing default templates and moves on subjects the academy changed; never overwrites one an admin edited. */
export async function seedEmailTemplates(db: Db): Promise<void> {
  await db.insert(emailTemplates).values(DEFAULT_EMAIL_TEMPLATES).onConflictDoNothing({ target: emailTemplates.slug });
  for (const former of FORMER_SUBJECTS) {
    const now = DEFAULT_EMAIL_TEMPLATES.find((t) => t.slug === former.slug)!;
    await db
      .update(emailTemplates)
      .set({ subject: now.subject })
      .where(and(eq(emailTemplates.slug, former.slug), eq(emailTemplates.subject, former.subject)));
  }
}
