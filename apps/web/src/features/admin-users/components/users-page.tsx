import type { RegisterResponse } from "@academy/contract/auth";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@academy/contract/constants";
import type { AdminUserListResponse, AdminUserResponse } from "@academy/contract/users";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { TextField } from "../../../components/ui/form-field";
import { Modal } from "../../../components/ui/modal";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { panelRoutes, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField, ResourceSource, Row } from "../../../components/ui/resource-table/types";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { api, toFormError, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { useLocation } from "../../../lib/navigation";
import { recordsSource } from "../../../lib/records-source";
import { updateUser } from "../api/update-user";
import { MarkEmailConfirmed } from "./mark-email-confirmed";
import { UserDetails } from "./user-details";

const ROLES = [
  { value: "user", label: "Candidate" },
  { value: "admin", label: "Staff" },
] as const;
const STATUSES = [
  { value: "active", label: "Active" },
  { value: "disabled", label: "Disabled" },
] as const;
const EMAIL_STATUSES = [
  { value: "true", label: "Confirmed" },
  { value: "false", label: "Not confirmed" },
] as const;

function EmailStatus({ isConfirmed }: { isConfirmed: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${isConfirmed ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"}`}
    >
      {isConfirmed ? "Confirmed" : "Not confirmed"}
    </span>
  );
}

const columns: ResourceColumn[] = [
  { key: "email", label: "Email", sortable: true },
  { key: "email_verified", label: "Email status", render: (r) => <EmailStatus isConfirmed={r.email_verified === true} /> },
  { key: "first_name", label: "First name", sortable: true, hideOnMobile: true },
  { key: "last_name", label: "Last name", sortable: true, hideOnMobile: true },
  { key: "role", label: "Role", sortable: true, render: (r) => (r.role === "admin" ? "Staff" : "Candidate") },
  {
    key: "status",
    label: "Status",
    sortable: true,
    render: (r) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${r.status === "active" ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
      >
        {r.status === "active" ? "Active" : "Disabled"}
      </span>
    ),
  },
  { key: "created_at", label: "Joined", sortable: true, hideOnMobile: true },
];

const fields: ResourceField[] = [
  { name: "first_name", label: "First name", kind: "text", required: true, maxLength: 80 },
  { name: "last_name", label: "Last name", kind: "text", required: true, maxLength: 80 },
  { name: "email", label: "Email", kind: "email", required: true, maxLength: 254 },
  { name: "role", label: "Role", kind: "select", required: true, options: ROLES, readOnlyOnEdit: true },
  {
    name: "password",
    label: "Password",
    kind: "text",
    maxLength: PASSWORD_MAX_LENGTH,
    hint: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. When editing, leave blank to keep the current password.`,
  },
  { name: "status", label: "Status", kind: "select", required: true, options: STATUSES },
];

/**
 * Lists, shows, changes and deletes through the admin users calls (they carry roles, which the
 * records API never shows); creates with `register` as an admin.
 */
export function usersSource(): ResourceSource<Row> {
  const records = recordsSource("user");
  return {
    async list(query, signal) {
      const answer = await unwrap(
        api.get<Answer<typeof AdminUserListResponse>>("/v2/api/lambda/admin/users", {
          query: {
            page: query.page,
            limit: query.size,
            q: query.search || undefined,
            role: query.filters.role,
            status: query.filters.status,
            email_verified: query.filters.email_verified,
            sort: query.sort.field,
            direction: query.sort.direction,
          },
          signal,
        }),
      );
      return { rows: answer.list, total: answer.total, numPages: answer.num_pages };
    },
    get: async (id) => (await unwrap(api.get<Answer<typeof AdminUserResponse>>(`/v2/api/lambda/admin/users/${id}`))).model,
    async create(values) {
      const { email, password, role, first_name, last_name, status } = values as Record<string, string>;
      const created = await unwrap(
        api.post<Answer<typeof RegisterResponse>>("/v2/api/lambda/register", { email, password, role, first_name, last_name }),
      );
      if (status === "disabled") await records.update!(created.user_id, { status });
      return { id: created.user_id };
    },
    async update(id, values) {
      const { email, password, first_name, last_name, status } = values as Record<string, string>;
      // One call: a refused email leaves the names, password and status as they were too.
      await updateUser(id, {
        first_name,
        last_name,
        email,
        status: status === "disabled" ? "disabled" : "active",
        ...(password ? { password } : {}),
      });
    },
    remove: async (id) => {
      await unwrap(api.delete(`/v2/api/lambda/admin/users/${id}`));
    },
    exportCsv: records.exportCsv,
  };
}

/** The table answers at /admin/users and at the spec's /admin/user; its panels are the spec's. */
const panels = { add: "/admin/add-user", edit: "/admin/edit-user/", view: "/admin/view-user/" };
const usersRoutes = panelRoutes({ list: "/admin/users", ...panels });
const userRoutes = panelRoutes({ list: "/admin/user", ...panels });

function InviteAdmin({ onClose }: { onClose: () => void }) {
  const [error, setError] = useState<string | undefined>();
  const [isSending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email.includes("@")) return setError("Enter a valid email address");
    setSending(true);
    try {
      await unwrap(api.post("/v2/api/lambda/admin/invite", { email }));
      showToast(`Invitation sent to ${email}`);
      onClose();
    } catch (e) {
      const { message, fields } = toFormError(e);
      setError(fields.email ?? message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      title="Invite a staff member"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="invite-admin" className={buttonClass.primary} disabled={isSending}>
            {isSending ? "Sending…" : "Send invitation"}
          </button>
        </>
      }
    >
      <form id="invite-admin" noValidate onSubmit={submit} className="space-y-3">
        <p>They get an email with a link to create their staff account.</p>
        <TextField label="Email" name="email" type="email" autoComplete="off" required error={error} />
      </form>
    </Modal>
  );
}

/**
 * Candidate and staff accounts: search, add with a role, edit, disable or delete, invite staff.
 * `historyOf`: what staff changed on an account, shown in its view panel (composed in by the app).
 */
export function UsersPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const { pathname } = useLocation();
  const panel = useAdminPanel(pathname.startsWith("/admin/users") ? usersRoutes : userRoutes);
  const source = useMemo(usersSource, []);
  const [isInviting, setInviting] = useState(false);
  return (
    <>
      <ResourceTable
        title="Users"
        description="Candidate and staff accounts. Disabling an account signs it out everywhere."
        singular="user"
        resourceKey="users"
        source={source}
        columns={columns}
        fields={fields}
        filters={[
          { name: "role", label: "Role", options: ROLES },
          { name: "status", label: "Status", options: STATUSES },
          { name: "email_verified", label: "Email status", options: EMAIL_STATUSES },
        ]}
        searchLabel="Search by email"
        defaultSort={{ field: "created_at", direction: "desc" }}
        {...panel}
        rowLabel={(r) => String(r.email)}
        renderView={(row) => (
          <>
            <UserDetails row={row} />
            {historyOf ? <div className="mt-6">{historyOf(row.id)}</div> : null}
          </>
        )}
        rowActions={(row) => (row.email_verified ? null : <MarkEmailConfirmed userId={row.id} email={String(row.email)} />)}
        canExport
      />
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:flex sm:items-center sm:justify-between">
        <p>Staff accounts are created by invitation: the person chooses their own password.</p>
        <button type="button" className={`${buttonClass.secondary} mt-3 sm:mt-0`} onClick={() => setInviting(true)}>
          Invite a staff member
        </button>
      </div>
      {isInviting ? <InviteAdmin onClose={() => setInviting(false)} /> : null}
    </>
  );
}
