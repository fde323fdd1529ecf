import type { MessageResponse } from "@academy/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { resourceKeys } from "../../../components/ui/resource-table/keys";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { panelRoutes, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField, Row } from "../../../components/ui/resource-table/types";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { api, toFormError, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { Link, useLocation } from "../../../lib/navigation";
import { recordsSource } from "../../../lib/records-source";

/** What the preview fills placeholders with (the server's test send uses the same kind of values). */
const SAMPLE: Record<string, string> = {
  first_name: "Jamie",
  last_name: "Rivera",
  email: "candidate@example.com",
  link: `${location.origin}/user/login`,
  url: `${location.origin}/`,
  dashboard_url: `${location.origin}/user/dashboard`,
  code: "482913",
  role: "user",
  expires_in: "30 minutes",
};

const escapeHtml = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Fills `{{name}}` placeholders like the server does (values escaped in HTML). */
export function fillPlaceholders(template: string, values: Record<string, string>, html: boolean): string {
  return template.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi, (_, name: string) => {
    const value = values[name] ?? "";
    return html ? escapeHtml(value) : value;
  });
}

/** Placeholders a template uses, in order of first use. */
export function placeholdersIn(...parts: string[]): string[] {
  const names = parts.flatMap((p) => [...p.matchAll(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi)].map((m) => m[1]!));
  return [...new Set(names)];
}

function Preview({ values }: { values: Record<string, string | boolean> }) {
  const subject = String(values.subject ?? "");
  const html = String(values.html ?? "");
  const text = String(values.text ?? "");
  const used = placeholdersIn(subject, html, text);
  return (
    <section aria-labelledby="email-preview-heading" className="space-y-3">
      <h3 id="email-preview-heading" className="text-sm font-semibold text-slate-900">
        Preview with sample values
      </h3>
      {used.length ? (
        <p className="text-xs text-slate-600">
          Placeholders:{" "}
          {used.map((name) => (
            <code key={name} className="mr-1 rounded bg-slate-100 px-1">{`{{${name}}}`}</code>
          ))}
        </p>
      ) : null}
      <p className="text-sm">
        <span className="text-slate-500">Subject: </span>
        {fillPlaceholders(subject, SAMPLE, false)}
      </p>
      {/* A sandboxed frame: the template's HTML can neither run script nor reach the app. */}
      <iframe
        title="HTML preview"
        sandbox=""
        srcDoc={fillPlaceholders(html, SAMPLE, true)}
        className="h-64 w-full rounded-lg border border-slate-200 bg-white"
      />
      <pre className="max-h-40 overflow-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap text-slate-700">
        {fillPlaceholders(text, SAMPLE, false)}
      </pre>
    </section>
  );
}

const columns: ResourceColumn[] = [
  { key: "name", label: "Name", sortable: true },
  { key: "slug", label: "Key", sortable: true, hideOnMobile: true, render: (r) => <code className="text-xs">{String(r.slug)}</code> },
  { key: "subject", label: "Subject", render: (r) => <span className="line-clamp-1">{String(r.subject)}</span> },
  { key: "updated_at", label: "Updated", sortable: true, hideOnMobile: true },
];

const fields: ResourceField[] = [
  { name: "name", label: "Name", kind: "text", required: true, maxLength: 120 },
  {
    name: "slug",
    label: "Key",
    kind: "text",
    required: true,
    maxLength: 60,
    readOnlyOnEdit: true,
    hint: "The server sends templates by this key (e.g. forgot, magic-link).",
  },
  { name: "subject", label: "Subject", kind: "text", required: true, maxLength: 300 },
  {
    name: "html",
    label: "HTML body",
    kind: "textarea",
    required: true,
    maxLength: 200_000,
    hint: "Use {{first_name}}, {{link}} and the other placeholders listed in the preview.",
  },
  {
    name: "text",
    label: "Text body",
    kind: "textarea",
    required: true,
    maxLength: 100_000,
    hint: "For mail programs that do not show HTML.",
  },
  { name: "placeholders", label: "Placeholders", kind: "lines", hint: "One per line, without braces: what the server fills in." },
];

const outboxColumns: ResourceColumn[] = [
  { key: "to", label: "To", sortable: true },
  { key: "subject", label: "Subject", render: (r) => <span className="line-clamp-1">{String(r.subject)}</span> },
  {
    key: "status",
    label: "Status",
    sortable: true,
    render: (r) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${r.status === "sent" ? "bg-emerald-50 text-emerald-800" : r.status === "failed" ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-800"}`}
        title={r.last_error ? String(r.last_error) : undefined}
      >
        {r.status === "sent" ? "Sent" : r.status === "failed" ? "Failed" : "Queued"}
      </span>
    ),
  },
  { key: "attempts", label: "Attempts", sortable: true, align: "right", hideOnMobile: true },
  { key: "created_at", label: "Created", sortable: true, hideOnMobile: true },
];

const routes = panelRoutes({ list: "/admin/email", add: "/admin/add-email", edit: "/admin/edit-email/" });

function SendTest({ row }: { row: Row }) {
  const send = useMutation({
    mutationFn: () => unwrap(api.post<Answer<typeof MessageResponse>>(`/v2/api/lambda/email/${row.id}/test`)),
    onSuccess: (answer) => showToast(answer.message),
    onError: (e) => showToast(toFormError(e).message, "error"),
  });
  return (
    <button type="button" className={buttonClass.ghost} disabled={send.isPending} onClick={() => send.mutate()}>
      {/* The name starts with the words on the button, then says which template. */}
      {send.isPending ? "Sending…" : "Send test"}
      <span className="sr-only"> of {String(row.name)}</span>
    </button>
  );
}

function Retry({ row }: { row: Row }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => unwrap(api.post<Answer<typeof MessageResponse>>(`/v2/api/lambda/email/outbox/${row.id}/retry`)),
    onSuccess: (answer) => {
      showToast(answer.message);
      return queryClient.invalidateQueries({ queryKey: resourceKeys.all("email_outbox") });
    },
    onError: (e) => showToast(toFormError(e).message, "error"),
  });
  if (row.status === "sent") return null;
  return (
    <button
      type="button"
      className={buttonClass.ghost}
      disabled={retry.isPending}
      onClick={() => retry.mutate()}
      aria-label={`Send again to ${row.to}`}
    >
      Send again
    </button>
  );
}

/**
 * Transactional email templates (edit, live preview, test send) and the outbox of what was sent.
 * `historyOf`: a template's activity-log history, under its edit form (composed in by the app).
 */
export function EmailPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const { search } = useLocation();
  const panel = useAdminPanel(routes);
  const showOutbox = new URLSearchParams(search).get("tab") === "outbox";
  const templates = useMemo(() => recordsSource("email", { searchField: "name" }), []);
  const outbox = useMemo(() => recordsSource("email_outbox", { searchField: "to" }), []);
  const tabClass = (active: boolean) =>
    `rounded-lg px-3 py-1.5 text-sm font-medium ${active ? "bg-red-50 text-red-800" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <>
      <nav aria-label="Email" className="mb-4 flex gap-2">
        <Link to="/admin/email" className={tabClass(!showOutbox)} aria-current={showOutbox ? undefined : "page"}>
          Templates
        </Link>
        <Link to="/admin/email?tab=outbox" className={tabClass(showOutbox)} aria-current={showOutbox ? "page" : undefined}>
          Outbox
        </Link>
      </nav>
      {showOutbox ? (
        <ResourceTable
          title="Outbox"
          description="Every mail the academy sends: queued, sent or failed after its retries."
          singular="mail"
          resourceKey="email_outbox"
          source={{ list: outbox.list, get: outbox.get }}
          columns={outboxColumns}
          filters={[
            {
              name: "status",
              label: "Status",
              options: [
                { value: "queued", label: "Queued" },
                { value: "sent", label: "Sent" },
                { value: "failed", label: "Failed" },
              ],
            },
          ]}
          searchLabel="Search by recipient"
          defaultSort={{ field: "created_at", direction: "desc" }}
          paths={{ list: "/admin/email" }}
          mode={{ kind: "list" }}
          rowActions={(row) => <Retry row={row} />}
        />
      ) : (
        <ResourceTable
          title="Email templates"
          description="The mails the academy sends. Placeholders such as {{first_name}} are filled in when a mail goes out."
          singular="template"
          resourceKey="email"
          source={templates}
          columns={columns}
          fields={fields}
          searchLabel="Search by name"
          defaultSort={{ field: "name", direction: "asc" }}
          {...panel}
          rowActions={(row) => <SendTest row={row} />}
          preview={(values) => <Preview values={values} />}
          history={historyOf}
        />
      )}
    </>
  );
}
