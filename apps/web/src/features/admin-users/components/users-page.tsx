import type { RegisterResponse } from "@academy/contract/auth";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@academy/contract/constants";
import { hasPermission, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@academy/contract/staff";
import type { AdminUserListResponse, AdminUserResponse } from "@academy/contract/users";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { TextField } from "../../../components/ui/form-field";
import { Modal } from "../../../components/ui/modal";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { panelRoutes, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField, ResourceSource, Row } from "../../../components/ui/resource-table/types";
import { READ_ONLY } from "../../../components/ui/resource-table/types";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { api, toFormError, unwrap } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
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
const STAFF_ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
/** What an account is: a candidate, or staff with their staff role (administrators change it on edit). */
const ACCESS_OPTIONS = [
  { value: "", label: "Candidate" },
  ...STAFF_ROLE_OPTIONS.map((o) => ({ value: o.value, label: `Staff: ${o.label}` })),
];

const roleLabel = (row: Row) =>
  row.role === "admin" ? `Staff: ${STAFF_ROLE_LABELS[row.staff_role as StaffRole] ?? "unknown role"}` : "Candidate";
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
  { key: "role", label: "Role", sortable: true, render: roleLabel },
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

/**
 * The form adds candidates only: staff join by invitation, with a staff role. An administrator
 * changes what an existing account is (candidate, or staff with a role) on edit.
 */
function fieldsFor(canManageStaff: boolean): ResourceField[] {
  return [
    { name: "first_name", label: "First name", kind: "text", required: true, maxLength: 80 },
    { name: "last_name", label: "Last name", kind: "text", required: true, maxLength: 80 },
    { name: "email", label: "Email", kind: "email", required: true, maxLength: 254 },
    {
      name: "password",
      label: "Password",
      kind: "text",
      required: true,
      createOnly: true,
      maxLength: PASSWORD_MAX_LENGTH,
      hint: `Required: the new account signs in with it, as nobody else can choose one for them. Give it to the person safely; they change it on their profile or with "forgot password". ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    },
    {
      name: "new_password",
      label: "New password",
      kind: "text",
      editOnly: true,
      maxLength: PASSWORD_MAX_LENGTH,
      hint: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Leave blank to keep the current password; a new one signs the account out everywhere.`,
    },
    ...(canManageStaff
      ? [
          {
            name: "staff_role",
            label: "Account",
            kind: "select",
            options: ACCESS_OPTIONS,
            editOnly: true,
            hint: "A candidate, or staff with a role. A change signs the account out everywhere.",
          } satisfies ResourceField,
        ]
      : []),
    { name: "status", label: "Status", kind: "select", required: true, options: STATUSES },
  ];
}

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
            staff_role: query.filters.staff_role,
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
      const { email, password, first_name, last_name, status } = values as Record<string, string>;
      const created = await unwrap(
        api.post<Answer<typeof RegisterResponse>>("/v2/api/lambda/register", { email, password, role: "user", first_name, last_name }),
      );
      if (status === "disabled") await records.update!(created.user_id, { status });
      return { id: created.user_id };
    },
    async update(id, values) {
      const { email, new_password, first_name, last_name, status, staff_role } = values as Record<string, string | undefined>;
      // One call: a refused email leaves the names, password, role and status as they were too.
      await updateUser(id, {
        first_name,
        last_name,
        email,
        status: status === "disabled" ? "disabled" : "active",
        ...(new_password ? { password: new_password } : {}),
        // Only present on an administrator's form.
        ...(staff_role === undefined ? {} : staff_role ? { role: "admin", staff_role: staff_role as StaffRole } : { role: "user" }),
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
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const staffRole = String(form.get("staff_role") ?? "") as StaffRole;
    if (!email.includes("@")) return setError("Enter a valid email address");
    setSending(true);
    try {
      await unwrap(api.post("/v2/api/lambda/admin/invite", { email, staff_role: staffRole }));
      showToast(`Invitation sent to ${email} (${STAFF_ROLE_LABELS[staffRole] ?? staffRole})`);
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
        <p>They get an email with a link to create their staff account, with the role you choose.</p>
        <TextField label="Email" name="email" type="email" autoComplete="off" required error={error} />
        <label className="block text-sm font-medium text-slate-800">
          Staff role
          <select name="staff_role" defaultValue="coach" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2">
            {STAFF_ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </form>
    </Modal>
  );
}

/**
 * Candidate and staff accounts: search, add candidates, edit, disable or delete, invite staff with a
 * role. What shows follows the staff role (the server refuses the rest anyway): support reads and
 * confirms; administrators change accounts and manage staff.
 * `historyOf`: what staff changed on an account, shown in its view panel (composed in by the app).
 */
export function UsersPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const { staffRole } = useAuth().state;
  const canWrite = hasPermission(staffRole, "users.write");
  const canManageStaff = hasPermission(staffRole, "staff.manage");
  const canVerify = hasPermission(staffRole, "users.verify");
  const fields = useMemo(() => fieldsFor(canManageStaff), [canManageStaff]);
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
          { name: "staff_role", label: "Staff role", options: STAFF_ROLE_OPTIONS },
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
        rowActions={(row) => (row.email_verified || !canVerify ? null : <MarkEmailConfirmed userId={row.id} email={String(row.email)} />)}
        {...(canWrite ? {} : READ_ONLY)}
        canExport
      />
      {canManageStaff ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:flex sm:items-center sm:justify-between">
          <p>Staff accounts are created by invitation, with a staff role: the person chooses their own password.</p>
          <button type="button" className={`${buttonClass.secondary} mt-3 sm:mt-0`} onClick={() => setInviting(true)}>
            Invite a staff member
          </button>
        </div>
      ) : null}
      {isInviting ? <InviteAdmin onClose={() => setInviting(false)} /> : null}
    </>
  );
}
