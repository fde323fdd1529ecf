import { type CandidateState, nextSteps } from "../guidance";
import { ICONS, Icon, LinkCard } from "./link-card";

/** The next steps for where the candidate is, as link cards. */
export function NextSteps({ model }: { model: CandidateState | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {nextSteps(model).map((step) => (
        <li key={step.title}>
          <LinkCard to={step.to} title={step.title} description={step.description} icon={<Icon d={ICONS[step.icon]} />} />
        </li>
      ))}
    </ul>
  );
}
