import type { LibraryPhoto } from "../api/photos";

/**
 * The photo library as a grid of thumbnails, one radio each, named by the photo's caption (or its
 * file name). The radio is hidden behind the thumbnail: clicking the picture chooses it, and a
 * keyboard or screen reader meets the radio. `className` sizes the grid for where it stands.
 */
export function PhotoGrid({
  photos,
  name,
  isChosen,
  onChoose,
  className = "",
}: {
  photos: LibraryPhoto[] | undefined;
  name: string;
  isChosen: (photo: LibraryPhoto) => boolean;
  onChoose: (photo: LibraryPhoto) => void;
  className?: string;
}) {
  return (
    <div className={`grid grid-cols-3 gap-2 overflow-y-auto ${className}`}>
      {photos?.map((p) => (
        <label key={p.id} className="relative block cursor-pointer">
          <input
            type="radio"
            name={name}
            className="peer sr-only"
            checked={isChosen(p)}
            onChange={() => onChoose(p)}
            aria-label={p.caption || p.original_name}
          />
          <img
            src={p.url}
            alt=""
            loading="lazy"
            className="aspect-square w-full rounded-md object-cover ring-offset-2 peer-checked:ring-2 peer-checked:ring-red-700 peer-focus-visible:outline-2 peer-focus-visible:outline-red-700"
          />
        </label>
      ))}
    </div>
  );
}
