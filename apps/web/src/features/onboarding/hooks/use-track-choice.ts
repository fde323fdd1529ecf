import { useOnboardingQuery, useTracksQuery } from "../../../lib/shared-api/quiz";

/** The saved onboarding choices with the chosen track's blueprint. */
export function useTrackChoice() {
  const profile = useOnboardingQuery();
  const tracks = useTracksQuery();
  const track = tracks.data?.find((t) => t.slug === profile.data?.track) ?? null;
  return {
    isPending: profile.isPending || tracks.isPending,
    isError: profile.isError || tracks.isError,
    profile: profile.data ?? {},
    track,
    tracks: tracks.data ?? [],
  };
}
