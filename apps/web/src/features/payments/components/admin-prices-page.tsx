import type { PriceRow } from "@academy/contract/payments";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { createPrice, type PriceDraft, updatePrice, usePricesQuery, useProductsQuery } from "../api/admin";
import { formatDate, formatInterval, formatMoney } from "../format";
import { Pager, SidePanel } from "./side-panel";

type Panel = { kind: "add" } | { kind: "edit"; price: PriceRow };

/** /admin/stripe_price and /admin/view-stripe_price/:id: the price list, with one price open when an id is given. */
export function AdminPricesPage() {
  const { id } = useParams();
  const viewId = Number(id) || null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const prices = usePricesQuery(page);
  const products = useProductsQuery();
  const productName = (pid: number) => products.data?.find((p) => p.id === pid)?.name ?? `#${pid}`;
  const viewed = viewId ? prices.data?.list.find((p) => p.id === viewId) : undefined;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin-payments"] });
  async function setStatus(ids: number[], status: 0 | 1) {
    try {
      for (const pid of ids) await updatePrice(pid, { status });
      await refresh();
      setSelected(new Set());
      showToast(status === 0 ? `Archived ${ids.length === 1 ? "the price" : `${ids.length} prices`}.` : "Price is on sale again.");
    } catch (failure) {
      showToast(toFormError(failure).message, "error");
    }
  }

  const toggle = (pid: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(pid)) next.delete(pid);
      else next.add(pid);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Prices"
        description="What each package costs. A price's amount never changes: archive it and add a new one; subscribers keep their price."
        actions={
          <button type="button" className={buttonClass.primary} onClick={() => setPanel({ kind: "add" })}>
            Add price
          </button>
        }
      />
      {selected.size > 0 ? (
        <div className="mb-3 flex items-center gap-3 rounded-lg bg-slate-100 px-4 py-2 text-sm">
          <span>{selected.size} selected</span>
          <button type="button" className={buttonClass.secondary} onClick={() => setStatus([...selected], 0)}>
            Archive selected
          </button>
        </div>
      ) : null}
      {prices.isPending ? (
        <Spinner label="Loading prices…" />
      ) : prices.isError ? (
        <Alert>{toFormError(prices.error).message}</Alert>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Prices</caption>
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Select</span>
                </th>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2">
                  Billing
                </th>
                <th scope="col" className="px-3 py-2">
                  Trial
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Created
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {prices.data.list.map((p) => (
                <tr key={p.id} className={p.id === viewId ? "bg-red-50" : undefined}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      checked={selected.has(p.id)}
                      onChange={() => toggle(p.id)}
                      aria-label={`Select ${p.name}`}
                      className="size-4"
                    />
                  </td>
                  <td className="px-3 py-2 font-medium text-slate-900">{p.name}</td>
                  <td className="px-3 py-2">{productName(p.product_id)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatMoney(p.amount, p.currency)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {p.is_usage_metered ? "per unit, " : ""}
                    {formatInterval(p.interval, p.interval_count)}
                  </td>
                  <td className="px-3 py-2">{p.trial_days ? `${p.trial_days} days` : "—"}</td>
                  <td className="px-3 py-2">{p.status === 1 ? "Active" : "Archived"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.create_at)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link to={`/admin/view-stripe_price/${p.id}`} className={linkClass} aria-label={`View ${p.name}`}>
                      View
                    </Link>{" "}
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      onClick={() => setPanel({ kind: "edit", price: p })}
                      aria-label={`Edit ${p.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      onClick={() => setStatus([p.id], p.status === 1 ? 0 : 1)}
                      aria-label={`${p.status === 1 ? "Archive" : "Reactivate"} ${p.name}`}
                    >
                      {p.status === 1 ? "Archive" : "Reactivate"}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {prices.data ? <Pager page={prices.data.page} numPages={prices.data.num_pages} total={prices.data.total} onPage={setPage} /> : null}

      {viewId && viewed ? (
        <SidePanel title={viewed.name} onClose={() => navigate("/admin/stripe_price")}>
          <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
            {(
              [
                ["Product", productName(viewed.product_id)],
                ["Amount", formatMoney(viewed.amount, viewed.currency)],
                ["Type", viewed.type],
                ["Billing", formatInterval(viewed.interval, viewed.interval_count)],
                [
                  "Usage-metered",
                  viewed.is_usage_metered ? `yes${viewed.usage_limit ? `, at most ${viewed.usage_limit} per charge` : ""}` : "no",
                ],
                ["Trial", viewed.trial_days ? `${viewed.trial_days} days` : "none"],
                ["Status", viewed.status === 1 ? "Active" : "Archived"],
                ["Provider id", viewed.stripe_id],
                ["Updated", formatDate(viewed.update_at)],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium text-slate-500">{k}</dt>
                <dd className="col-span-2 break-all text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-700">Provider object</h3>
          <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(viewed.object, null, 2)}</pre>
        </SidePanel>
      ) : null}

      {panel ? (
        <SidePanel title={panel.kind === "add" ? "Add price" : `Edit ${panel.price.name}`} onClose={() => setPanel(null)}>
          <PriceForm
            panel={panel}
            products={products.data ?? []}
            onDone={async (message) => {
              await refresh();
              setPanel(null);
              showToast(message);
            }}
          />
        </SidePanel>
      ) : null}
    </>
  );
}

function PriceForm({
  panel,
  products,
  onDone,
}: {
  panel: Panel;
  products: { id: number; name: string }[];
  onDone: (message: string) => Promise<void>;
}) {
  const editing = panel.kind === "edit" ? panel.price : null;
  const [fields, setFields] = useState({
    product_id: String(editing?.product_id ?? products[0]?.id ?? ""),
    name: editing?.name ?? "",
    amount: editing ? (editing.amount / 100).toFixed(2) : "",
    type: (editing?.type ?? "recurring") as PriceDraft["type"],
    interval: (editing?.interval && editing.interval !== "lifetime" ? editing.interval : "month") as NonNullable<PriceDraft["interval"]>,
    interval_count: String(editing?.interval_count ?? 1),
    metered: Boolean(editing?.is_usage_metered),
    usage_limit: editing?.usage_limit ? String(editing.usage_limit) : "",
    trial_days: String(editing?.trial_days ?? 0),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { product: useId(), type: useId(), interval: useId() };
  const set = (k: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!fields.name.trim()) found.name = "Name is required";
    const amount = Math.round(Number(fields.amount.replace(",", ".")) * 100);
    if (!editing && (!fields.amount || !Number.isFinite(amount) || amount < 0)) found.amount = "Enter an amount such as 19.00";
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setMessage(null);
    try {
      const usageLimit = fields.usage_limit ? Number(fields.usage_limit) : null;
      if (editing) {
        await updatePrice(editing.id, {
          name: fields.name.trim(),
          trial_days: Number(fields.trial_days) || 0,
          usage_limit: editing.is_usage_metered ? usageLimit : undefined,
        });
        await onDone("Price updated.");
      } else {
        await createPrice({
          product_id: Number(fields.product_id),
          name: fields.name.trim(),
          amount,
          type: fields.type,
          interval: fields.type === "recurring" ? fields.interval : undefined,
          interval_count: Number(fields.interval_count) || 1,
          usage_type: fields.metered ? "metered" : "licenced",
          usage_limit: fields.metered ? usageLimit : null,
          trial_days: fields.type === "recurring" ? Number(fields.trial_days) || 0 : 0,
        });
        await onDone("Price added.");
      }
    } catch (failure) {
      const e = toFormError(failure);
      setErrors(e.fields);
      setMessage(e.message);
    } finally {
      setBusy(false);
    }
  }

  const selectClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm";
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {message ? <Alert>{message}</Alert> : null}
      {editing ? null : (
        <div>
          <label htmlFor={ids.product} className="block text-sm font-medium text-slate-800">
            Product
          </label>
          <select id={ids.product} className={selectClass} value={fields.product_id} onChange={set("product_id")}>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField label="Name" name="name" value={fields.name} onChange={set("name")} error={errors.name} maxLength={120} />
      {editing ? null : (
        <>
          <TextField
            label="Amount (EUR)"
            name="amount"
            inputMode="decimal"
            value={fields.amount}
            onChange={set("amount")}
            error={errors.amount}
            hint="What the customer pays each period."
          />
          <div>
            <label htmlFor={ids.type} className="block text-sm font-medium text-slate-800">
              Type
            </label>
            <select id={ids.type} className={selectClass} value={fields.type} onChange={set("type")}>
              <option value="recurring">Subscription</option>
              <option value="one_time">One-time</option>
              <option value="lifetime">Lifetime</option>
            </select>
          </div>
          {fields.type === "recurring" ? (
            <>
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor={ids.interval} className="block text-sm font-medium text-slate-800">
                    Billed every
                  </label>
                  <select id={ids.interval} className={selectClass} value={fields.interval} onChange={set("interval")}>
                    <option value="week">week</option>
                    <option value="month">month</option>
                    <option value="year">year</option>
                  </select>
                </div>
                <TextField
                  label="Interval count"
                  name="interval_count"
                  inputMode="numeric"
                  value={fields.interval_count}
                  onChange={set("interval_count")}
                  error={errors.interval_count}
                />
              </div>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={fields.metered}
                  onChange={(e) => setFields((f) => ({ ...f, metered: e.target.checked }))}
                />
                Usage-metered (amount per unit, billed at renewal)
              </label>
            </>
          ) : null}
        </>
      )}
      {(editing ? editing.is_usage_metered : fields.metered) ? (
        <TextField
          label="Usage limit per charge"
          name="usage_limit"
          inputMode="numeric"
          value={fields.usage_limit}
          onChange={set("usage_limit")}
          error={errors.usage_limit}
        />
      ) : null}
      {(editing ? editing.type === "recurring" : fields.type === "recurring") ? (
        <TextField
          label="Free trial (days)"
          name="trial_days"
          inputMode="numeric"
          value={fields.trial_days}
          onChange={set("trial_days")}
          error={errors.trial_days}
        />
      ) : null}
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
        {busy ? "Saving…" : editing ? "Save changes" : "Add price"}
      </button>
    </form>
  );
}
