import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { type FieldErrors, toFormError } from "../../../lib/api-client";
import { Alert } from "../alert";
import { SidePanel } from "../side-panel";
import { Spinner } from "../spinner";
import { buttonClass } from "../styles";
import { showToast } from "../toast";
import { formatCell } from "./cells";
import { resourceKeys } from "./keys";
import { ResourceForm } from "./resource-form";
import type { FormValues, ResourceColumn, ResourceField, ResourceSource, Row } from "./types";

/** The add or edit form of a resource table, in a side panel: saves, then refreshes the list. */
export function EditPanel<R extends Row>({
  singular,
  resourceKey,
  fields,
  source,
  id,
  preview,
  history,
  onClose,
  onSaved,
}: {
  singular: string;
  resourceKey: string;
  fields: readonly ResourceField[];
  source: ResourceSource<R>;
  preview?: (values: FormValues) => ReactNode;
  id?: number;
  /** The record's history, under the form of an existing record. */
  history?: ReactNode;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const row = useQuery({ queryKey: resourceKeys.row(resourceKey, id), queryFn: () => source.get(id!), enabled: id !== undefined });
  const [errors, setErrors] = useState<{ message: string | null; fields: FieldErrors }>({ message: null, fields: {} });
  const save = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      if (id === undefined) return (await source.create!(values)).id;
      await source.update!(id, values);
      return id;
    },
    onSuccess: async (savedId) => {
      showToast(id === undefined ? `The ${singular} was added` : "Changes saved");
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resourceKey) });
      onSaved(savedId);
    },
    onError: (e) => {
      const { message, fields: f } = toFormError(e);
      setErrors({ message, fields: f });
    },
  });
  const isCreate = id === undefined;
  return (
    <SidePanel
      title={isCreate ? `Add ${singular}` : `Edit ${singular}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass.primary} disabled={save.isPending || (!isCreate && !row.data)}>
            {save.isPending ? "Saving…" : isCreate ? `Add ${singular}` : "Save changes"}
          </button>
        </>
      }
    >
      {!isCreate && row.isPending ? (
        <Spinner />
      ) : !isCreate && row.isError ? (
        <Alert>{toFormError(row.error).message}</Alert>
      ) : (
        <ResourceForm
          formId={formId}
          fields={fields}
          preview={preview}
          row={row.data}
          serverErrors={errors.fields}
          message={errors.message}
          onSubmit={(values) => save.mutate(values)}
        />
      )}
      {!isCreate && row.data && history ? <div className="mt-6">{history}</div> : null}
    </SidePanel>
  );
}

/** A row's details in a side panel, the columns as a list unless the screen renders its own. */
export function ViewPanel<R extends Row>({
  singular,
  resourceKey,
  source,
  id,
  columns,
  renderView,
  history,
  onClose,
  onEdit,
}: {
  singular: string;
  resourceKey: string;
  source: ResourceSource<R>;
  id: number;
  columns: readonly ResourceColumn<R>[];
  renderView?: (row: R) => ReactNode;
  /** The record's history, under its details. */
  history?: ReactNode;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const row = useQuery({ queryKey: resourceKeys.row(resourceKey, id), queryFn: () => source.get(id) });
  return (
    <SidePanel
      title={`${singular[0]?.toUpperCase()}${singular.slice(1)} details`}
      onClose={onClose}
      footer={
        onEdit ? (
          <button type="button" className={buttonClass.primary} onClick={onEdit}>
            Edit
          </button>
        ) : undefined
      }
    >
      {row.isPending ? (
        <Spinner />
      ) : row.isError ? (
        <Alert>{toFormError(row.error).message}</Alert>
      ) : renderView ? (
        renderView(row.data)
      ) : (
        <dl className="divide-y divide-slate-100">
          {columns.map((column) => (
            <div key={column.key} className="grid grid-cols-3 gap-4 py-2.5 text-sm">
              <dt className="font-medium text-slate-600">{column.label}</dt>
              <dd className="col-span-2 text-slate-900">{column.render ? column.render(row.data) : formatCell(row.data[column.key])}</dd>
            </div>
          ))}
        </dl>
      )}
      {row.data && history ? <div className="mt-6">{history}</div> : null}
    </SidePanel>
  );
}
