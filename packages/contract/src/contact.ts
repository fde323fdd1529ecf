import { z } from "zod";

/** A visitor's message from the contact page; it reaches every active admin by mail. */
export const ContactRequest = z.strictObject({
  name: z.string().trim().min(1, "Tell us your name").max(120, "Use at most 120 characters"),
  email: z.email("Enter a valid email address").max(254),
  message: z.string().trim().min(10, "Write at least 10 characters").max(5000, "Use at most 5,000 characters"),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
