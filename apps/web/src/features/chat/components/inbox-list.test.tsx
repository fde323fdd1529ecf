import type { InboxAssignee, InboxConversation } from "@academy/contract/chat";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AssignControl, assigneeOptions } from "./assign-control";
import { InboxList } from "./inbox-list";

const ME = 7;
const base: InboxConversation = {
  room_id: 1,
  candidate_id: 100,
  candidate_name: "Ann Candidate",
  candidate_email: "ann@example.test",
  staff_id: 20,
  staff_name: "Dana Coach",
  staff_role: "coach",
  assignee_id: null,
  assignee_name: null,
  assigned_at: null,
  last_message: "A question about my plan",
  last_message_is_image: false,
  last_message_at: "2026-11-27T10:00:00.000Z",
  is_waiting: true,
};
const conversations: InboxConversation[] = [
  base,
  {
    ...base,
    room_id: 2,
    candidate_name: "Ben Candidate",
    staff_id: ME,
    staff_name: "Sam Support",
    staff_role: "support",
    assignee_id: ME,
    assignee_name: "Sam Support",
    is_waiting: false,
    last_message: "Welcome",
  },
  { ...base, room_id: 3, candidate_name: "Cleo Candidate", assignee_id: 8, assignee_name: "Sky Support", last_message_is_image: true },
];
const assignees: InboxAssignee[] = [
  { id: ME, name: "Sam Support", staff_role: "support" },
  { id: 8, name: "Sky Support", staff_role: "support" },
  { id: 9, name: "Avery Admin", staff_role: "administrator" },
];

describe("InboxList", () => {
  const html = renderToStaticMarkup(<InboxList conversations={conversations} me={ME} selected={2} onSelect={() => {}} />);

  it("keeps the server's order (unassigned first) and names the list", () => {
    expect(html).toContain('aria-label="Shared inbox"');
    expect(html.indexOf("Ann Candidate")).toBeLessThan(html.indexOf("Ben Candidate"));
    expect(html.indexOf("Ben Candidate")).toBeLessThan(html.indexOf("Cleo Candidate"));
    expect(html.match(/<button type="button"/g)).toHaveLength(3);
  });

  it("says who answers each conversation, who is in it, and which wait for an answer", () => {
    const assigneesShown = [...html.matchAll(/data-testid="inbox-assignee"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(assigneesShown).toEqual(["Unassigned", "Assigned to you", "Assigned to Sky Support"]);
    expect(html).toContain("with Dana Coach (Coach)");
    expect(html).toContain("with Sam Support (Support)");
    expect(html.match(/>Waiting</g)).toHaveLength(2);
    expect(html).toContain("Image");
    // The open conversation is marked for screen readers.
    expect(html).toMatch(/aria-current="true"[^>]*>[\s\S]*?Ben Candidate/);
  });
});

describe("AssignControl", () => {
  const render = (c: InboxConversation) =>
    renderToStaticMarkup(<AssignControl conversation={c} assignees={assignees} me={ME} isPending={false} onAssign={() => {}} />);

  it("offers Assign to me, and a labelled list of who may take the conversation", () => {
    const html = render(base);
    expect(html).toContain("Unassigned");
    expect(html).toContain(">Assign to me</button>");
    const id = /<label for="([^"]+)"[^>]*>Assign to<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<select id="${id}"`);
    const options = [...html.matchAll(/<option[^>]*?value(?:="([^"]*)")?[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1] ?? "", m[2]]);
    expect(options).toEqual([
      ["", "Nobody (unassigned)"],
      ["7", "Sam Support (you) · Support"],
      ["8", "Sky Support · Support"],
      ["9", "Avery Admin · Administrator"],
      ["20", "Dana Coach · Coach, in this conversation"],
    ]);
    // Nothing to save until another choice is made.
    expect(html).toMatch(/<button type="submit" disabled[\s>=][^>]*>Save assignment<\/button>/);
  });

  it("drops Assign to me when the conversation is already yours", () => {
    const html = render(conversations[1]!);
    expect(html).toContain("Assigned to you");
    expect(html).not.toContain("Assign to me");
  });

  it("never offers a coach another coach's conversation", () => {
    const ids = assigneeOptions({ ...base, staff_id: 9, staff_role: "administrator" }, assignees, ME).map((o) => o.id);
    expect(ids).toEqual([7, 8, 9]);
  });
});
