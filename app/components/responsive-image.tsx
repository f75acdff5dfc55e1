import { IMAGE_ASPECT, IMAGE_WIDTHS, imageUrl } from "~/content/images";
import type { ImageKey } from "~/content/types";

function srcSet(key: ImageKey, format: "avif" | "webp" | "jpg") {
  return IMAGE_WIDTHS.map((width) => `${imageUrl(key, width, format)} ${width}w`).join(", ");
}

/**
 * A build-time generated illustration: AVIF and WebP sources with a JPEG fallback, explicit
 * dimensions (no layout shift) and lazy loading unless it is above the fold (`priority`).
 */
export function ResponsiveImage({
  imageKey,
  alt,
  sizes = "(min-width: 1200px) 1160px, 100vw",
  priority = false,
  className,
}: {
  imageKey: ImageKey;
  alt: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(imageKey, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(imageKey, "webp")} sizes={sizes} />
      <img
        src={imageUrl(imageKey, 1024, "jpg")}
        srcSet={srcSet(imageKey, "jpg")}
        sizes={sizes}
        width={IMAGE_ASPECT.width}
        height={IMAGE_ASPECT.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        // React 18 knows no fetchPriority prop; the lower-case attribute reaches the HTML as is.
        {...(priority ? { fetchpriority: "high" } : {})}
      />
    </picture>
  );
}
