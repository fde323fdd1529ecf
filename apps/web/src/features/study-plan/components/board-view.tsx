import { sectionPath } from "@academy/contract/library-links";
import type { PmBoard, PmCard } from "@academy/contract/pm";
import { DndContext, type DragEndEvent, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useEffect, useRef } from "react";
import { linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import type { MoveRequest } from "./move";

const KIND_LABEL: Record<PmCard["kind"], string> = { theme: "Theme", library: "Library section", coaching: "Coaching", note: "Note" };
const iconProps = {
  viewBox: "0 0 16 16",
  className: "h-3.5 w-3.5",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.5,
  "aria-hidden": true,
} as const;
/** A small picture of each kind, beside its label. */
const KIND_ICON: Record<PmCard["kind"], ReactNode> = {
  theme: (
    <svg {...iconProps} aria-hidden="true">
      <circle cx="8" cy="8" r="6" />
      <circle cx="8" cy="8" r="2.5" />
    </svg>
  ),
  library: (
    <svg {...iconProps} aria-hidden="true">
      <path d="M2 3.5c2-1 4-1 6 .5v9c-2-1.5-4-1.5-6-.5zM14 3.5c-2-1-4-1-6 .5v9c2-1.5 4-1.5 6-.5z" />
    </svg>
  ),
  coaching: (
    <svg {...iconProps} aria-hidden="true">
      <rect x="2" y="3" width="12" height="11" rx="1.5" />
      <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" />
    </svg>
  ),
  note: (
    <svg {...iconProps} aria-hidden="true">
      <path d="M3 2h7l3 3v9H3zM5.5 7h5M5.5 10h5" />
    </svg>
  ),
};
const KIND_STYLE: Record<PmCard["kind"], string> = {
  theme: "bg-red-50 text-red-800",
  library: "bg-sky-50 text-sky-800",
  coaching: "bg-violet-50 text-violet-800",
  note: "bg-slate-100 text-slate-700",
};

/** Where a card leads: a library card to its section, a coaching card to the learner's sessions. */
function cardLink(card: PmCard): { to: string; label: ReactNode } | null {
  if (card.kind === "library") {
    const [document, anchor, ...rest] = card.ref.split("#");
    if (!document || !anchor || rest.length) return null;
    return {
      to: sectionPath(document, anchor),
      label: (
        <>
          Read<span className="sr-only"> {card.title}</span> in the library
        </>
      ),
    };
  }
  if (card.kind === "coaching") return { to: "/user/get-coaching", label: "See your coaching sessions" };
  return null;
}

const arrowClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 disabled:opacity-30";

function CardItem({
  card,
  board,
  columnIndex,
  index,
  count,
  readOnly,
  isFocusTarget,
  onMove,
}: {
  card: PmCard;
  board: PmBoard;
  columnIndex: number;
  index: number;
  count: number;
  readOnly: boolean;
  isFocusTarget: boolean;
  onMove: (move: MoveRequest) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: card.id, disabled: readOnly });
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (isFocusTarget) ref.current?.focus();
  }, [isFocusTarget]);
  const prev = board.columns[columnIndex - 1];
  const next = board.columns[columnIndex + 1];
  // Staff looking at a learner's board stay in the staff area: the links are the learner's.
  const link = readOnly ? null : cardLink(card);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={`rounded-lg border border-slate-200 bg-white shadow-sm ${isDragging ? "z-10 opacity-80 shadow-lg" : ""}`}
      data-testid={`card-${card.ref}`}
    >
      <article ref={ref} tabIndex={-1} aria-label={card.title} className="p-3 outline-none focus-visible:ring-2 focus-visible:ring-red-700">
        <div
          {...(readOnly ? {} : listeners)}
          {...(readOnly ? {} : { "aria-roledescription": attributes["aria-roledescription"] })}
          className={readOnly ? "" : "cursor-grab touch-none active:cursor-grabbing"}
          data-testid="card-handle"
        >
          <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${KIND_STYLE[card.kind]}`}>
            {KIND_ICON[card.kind]}
            {KIND_LABEL[card.kind]}
          </span>
          <h3 className="mt-1 break-words font-semibold text-slate-900">{card.title}</h3>
          {card.note ? <p className="break-words text-sm text-slate-600">{card.note}</p> : null}
        </div>
        {link ? (
          <p className="mt-1 text-sm">
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </p>
        ) : null}
        {readOnly ? null : (
          <fieldset className="mt-2 flex flex-wrap gap-1">
            <legend className="sr-only">Move {card.title}</legend>
            <button
              type="button"
              className={arrowClass}
              disabled={!prev}
              aria-label={prev ? `Move ${card.title} to ${prev.title}` : "Already in the first column"}
              onClick={() => prev && onMove({ card, column: prev.key, position: prev.cards.length })}
            >
              ←
            </button>
            <button
              type="button"
              className={arrowClass}
              disabled={index === 0}
              aria-label={`Move ${card.title} up`}
              onClick={() => onMove({ card, column: card.column, position: index - 1 })}
            >
              ↑
            </button>
            <button
              type="button"
              className={arrowClass}
              disabled={index === count - 1}
              aria-label={`Move ${card.title} down`}
              onClick={() => onMove({ card, column: card.column, position: index + 1 })}
            >
              ↓
            </button>
            <button
              type="button"
              className={arrowClass}
              disabled={!next}
              aria-label={next ? `Move ${card.title} to ${next.title}` : "Already in the last column"}
              onClick={() => next && onMove({ card, column: next.key, position: next.cards.length })}
            >
              →
            </button>
          </fieldset>
        )}
      </article>
    </li>
  );
}

function Column({
  board,
  columnIndex,
  readOnly,
  focusCardId,
  onMove,
}: {
  board: PmBoard;
  columnIndex: number;
  readOnly: boolean;
  focusCardId: number | null;
  onMove: (move: MoveRequest) => void;
}) {
  const column = board.columns[columnIndex]!;
  const { setNodeRef, isOver } = useDroppable({ id: column.key, disabled: readOnly });
  const headingId = `column-${column.key}-heading`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`column-${column.key}`}
      className={`flex min-h-48 flex-col rounded-xl border p-3 transition ${isOver ? "border-red-400 bg-red-50/60" : "border-slate-200 bg-slate-100/70"}`}
    >
      <h2 id={headingId} className="mb-3 flex items-center justify-between text-sm font-semibold uppercase tracking-wide text-slate-700">
        {column.title}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-600">{column.cards.length}</span>
      </h2>
      <ul className="flex flex-1 flex-col gap-2">
        {column.cards.map((card, index) => (
          <CardItem
            key={card.id}
            card={card}
            board={board}
            columnIndex={columnIndex}
            index={index}
            count={column.cards.length}
            readOnly={readOnly}
            isFocusTarget={focusCardId === card.id}
            onMove={onMove}
          />
        ))}
        {column.cards.length === 0 ? (
          <li className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">Nothing here yet</li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * A board's three columns. Cards move with the mouse (drag onto a column) and with the keyboard
 * or a tap (the arrow buttons on each card); a read-only board (staff looking at a learner's) has neither.
 */
export function BoardView({
  board,
  readOnly = false,
  focusCardId = null,
  onMove,
}: {
  board: PmBoard;
  readOnly?: boolean;
  focusCardId?: number | null;
  onMove?: (move: MoveRequest) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const move = onMove ?? (() => {});
  const onDragEnd = (event: DragEndEvent) => {
    const target = board.columns.find((c) => c.key === event.over?.id);
    const card = board.columns.flatMap((c) => c.cards).find((c) => c.id === event.active.id);
    if (!target || !card || target.key === card.column) return;
    move({ card, column: target.key, position: target.cards.length });
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div className="grid gap-4 md:grid-cols-3">
        {board.columns.map((c, i) => (
          <Column key={c.key} board={board} columnIndex={i} readOnly={readOnly} focusCardId={focusCardId} onMove={move} />
        ))}
      </div>
    </DndContext>
  );
}
