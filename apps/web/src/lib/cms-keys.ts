/**
 * Every CMS key a screen reads, with the text it shows until an entry overrides it: the screens
 * (through `useCms`) and the staff's CMS screen read this one registry, so the CMS screen lists
 * every key that does something, and a screen cannot read a key that is not listed.
 */
export const CMS_KEYS = {
  landing: {
    hero_eyebrow: { label: "Home page: line above the headline", default: "Exam prep for rescue careers" },
    hero_title: { label: "Home page: headline", default: "Get ready for your entrance exam, one shift at a time." },
    hero_intro: {
      label: "Home page: introduction under the headline",
      default:
        "Rescue Academy prepares you for the entrance exams of emergency medical services, fire and rescue, water rescue and emergency dispatch, with quizzes built on what your exam covers, a study library and one-to-one coaching. It works on your phone, so you can study between shifts.",
    },
  },
} as const satisfies Record<string, Record<string, { label: string; default: string }>>;

export type CmsPageName = keyof typeof CMS_KEYS;
export type CmsKey<P extends CmsPageName> = keyof (typeof CMS_KEYS)[P] & string;

/** The registry as rows (page, key, label, default), in the order screens show them. */
export function cmsKeyRows(): { page: string; key: string; label: string; default: string }[] {
  return Object.entries(CMS_KEYS).flatMap(([page, keys]) =>
    Object.entries(keys).map(([key, entry]) => ({ page, key, label: entry.label, default: entry.default })),
  );
}
