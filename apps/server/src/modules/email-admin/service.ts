import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import type { FileStore } from "../../providers/storage/store.ts";
import { findUserById } from "../auth/service.ts";
import { type MailWorker, retryMail, sendTemplateTest } from "../mail/service.ts";
import { deletePhoto, type UploadUses } from "../uploads/service.ts";

export type EmailAdminDeps = {
  db: Db;
  mail: MailWorker;
  store: FileStore;
  publicUrl: string;
  /** What the blog and the library make of an upload, asked before deleting it. */
  uploadUses: UploadUses;
};

/** Sends a template, filled with sample values, to the staff member's own address; answers that address. */
export async function sendTestMail({ db, mail, publicUrl }: EmailAdminDeps, templateId: number, staffId: number): Promise<string> {
  const me = await findUserById(db, staffId);
  if (!me) throw notFound("User not found");
  await sendTemplateTest(db, templateId, me, publicUrl);
  mail.kick();
  return me.email;
}

export async function retryOutboxMail({ db, mail }: EmailAdminDeps, id: number): Promise<void> {
  await retryMail(db, id);
  mail.kick();
}

export const deleteUnusedPhoto = (
  { db, store, uploadUses }: EmailAdminDeps,
  staffId: number,
  id: number,
  onFileLeft: (e: unknown) => void,
) => deletePhoto({ db, store, uses: uploadUses }, staffId, id, onFileLeft);
